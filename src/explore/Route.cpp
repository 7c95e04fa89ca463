//===- Route.cpp - A forking run's paths by the sides they took -----------===//
#include "explore/Route.h"

#include <algorithm>

namespace theseus {

namespace {

/// SplitMix64's finalizer: every bit of the place depends on every side.
uint64_t mix(uint64_t X) {
  X = (X ^ (X >> 30)) * 0xbf58476d1ce4e5b9ULL;
  X = (X ^ (X >> 27)) * 0x94d049bb133111ebULL;
  return X ^ (X >> 31);
}

/// The number of sides `A` and `B` share from the start.
uint32_t sharedSides(const Route &A, const Route &B) {
  uint32_t Common = std::min(A.size(), B.size());
  for (uint32_t I = 0; I < Common; ++I)
    if (A.side(I) != B.side(I))
      return I;
  return Common;
}

/// Whether `A` sorts before `B`, side by side, a route before its
/// extensions.
bool before(const Route &A, const Route &B) {
  uint32_t Shared = sharedSides(A, B);
  if (Shared < A.size() && Shared < B.size())
    return B.side(Shared);
  return A.size() < B.size();
}

/// The place after the first `Count` sides of `R`.
uint64_t placeAfter(const Route &R, uint32_t Count) {
  uint64_t Place = Route::Start;
  for (uint32_t I = 0; I < Count; ++I)
    Place = Route::next(Place, R.side(I));
  return Place;
}

} // namespace

uint64_t Route::next(uint64_t Place, bool Side) {
  return mix(Place + 0x9e3779b97f4a7c15ULL + Side);
}

void Route::add(bool Side) {
  if (Size % 4 == 0)
    Bits += '\0';
  if (Side)
    flip(2 * Size);
  ++Size;
  PlaceBefore = Place;
  Place = next(Place, Side);
}

void Route::closeLast() {
  if (!closed(Size - 1))
    flip(2 * (Size - 1) + 1);
}

void Route::flipLast() {
  flip(2 * (Size - 1));
  Place = next(PlaceBefore, side(Size - 1));
}

std::string Route::encode() const {
  std::string Out;
  uint64_t V = Size;
  for (; V >= 0x80; V >>= 7)
    Out += char((V & 0x7f) | 0x80);
  Out += char(V);
  return Out + Bits;
}

std::optional<Route> Route::decode(std::string_view Bytes) {
  uint64_t Count = 0;
  for (unsigned Shift = 0;; Shift += 7) {
    if (Bytes.empty() || Shift > 28)
      return std::nullopt;
    uint8_t B = uint8_t(Bytes.front());
    Bytes.remove_prefix(1);
    Count |= uint64_t(B & 0x7f) << Shift;
    if (!(B & 0x80))
      break;
  }
  if (Bytes.size() != (Count + 3) / 4)
    return std::nullopt;
  Route R;
  R.Bits.reserve(Bytes.size());
  for (uint32_t I = 0; I < Count; ++I) {
    R.add(uint8_t(Bytes[I / 4]) >> (7 - 2 * (I % 4)) & 1);
    if (uint8_t(Bytes[I / 4]) >> (6 - 2 * (I % 4)) & 1)
      R.closeLast();
  }
  return R;
}

EarlierRoutes::EarlierRoutes(const std::vector<StoredTest> &Tests) {
  std::vector<std::pair<Route, size_t>> Routes;
  for (size_t I = 0; I < Tests.size(); ++I)
    if (!Tests[I].Route.empty() && !Tests[I].VariantOf)
      if (std::optional<Route> R = Route::decode(Tests[I].Route))
        Routes.push_back({std::move(*R), I});
  // In sorted order, the routes through a place are neighbours, and each
  // place where they go both ways lies between two neighbours: where the
  // last route of one side meets the first of the other.
  std::sort(Routes.begin(), Routes.end(), [](const auto &A, const auto &B) {
    return before(A.first, B.first);
  });
  if (!Routes.empty())
    First = Routes.front().second;
  for (size_t I = 1; I < Routes.size(); ++I) {
    const auto &[A, TestA] = Routes[I - 1];
    const auto &[B, TestB] = Routes[I];
    uint32_t Shared = sharedSides(A, B);
    if (Shared >= A.size() || Shared >= B.size())
      continue;
    uint64_t Place = placeAfter(A, Shared);
    Forks.insert(Place);
    Takers.emplace(Route::next(Place, A.side(Shared)), TestA);
    Takers.emplace(Route::next(Place, B.side(Shared)), TestB);
  }
}

std::optional<size_t> EarlierRoutes::claim(uint64_t Place, bool Side) {
  auto It = Takers.find(Route::next(Place, Side));
  if (It == Takers.end())
    return std::nullopt;
  size_t Test = It->second;
  Takers.erase(It);
  return Test;
}

} // namespace theseus
