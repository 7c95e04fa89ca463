//===- Route.h - A forking run's paths by the sides they took -------------===//
//
// A path of a forking run is known by its route: the side it took at each
// decision where a forking run may fork (every decision but pins), in
// order. The run database keeps each path's route, so that a resumed
// forking run can tell, as it runs the earlier tests again, which sides of
// each decision some earlier path took (the other test's run will build that
// subtree), which ones the earlier parts closed (no query needed), and which
// ones were left open: only those are forked again.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_ROUTE_H
#define THESEUS_EXPLORE_ROUTE_H

#include "explore/Explorer.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace theseus {

/// The sides a path took so far, and a hash of them that names the place
/// it has reached (equal routes, equal hashes).
class Route {
public:
  void add(bool Side);
  /// Takes the other side of the decision added last.
  void flipLast();
  uint32_t size() const { return Size; }
  bool side(uint32_t I) const { return Bits[I / 8] >> (7 - I % 8) & 1; }
  /// The place after the sides so far, and the one before the last.
  uint64_t place() const { return Place; }
  uint64_t placeBefore() const { return PlaceBefore; }
  /// As the run database keeps it: the number of sides as a varint, then
  /// the sides, eight a byte, the first in the first byte's high bit.
  std::string encode() const;
  /// Reads encode()'s bytes; none when they are damaged.
  static std::optional<Route> decode(std::string_view Bytes);
  /// The place after `Place` on side `Side`.
  static uint64_t next(uint64_t Place, bool Side);
  /// The place of the empty route: the entry.
  static constexpr uint64_t Start = 0x6a09e667f3bcc908ULL;

private:
  std::string Bits;
  uint32_t Size = 0;
  uint64_t Place = Start, PlaceBefore = Start;
};

/// What the routes of a run's earlier paths say about each place a resumed
/// run reaches again: whether the earlier paths went both ways from it,
/// and the sides there the earlier parts closed without a run.
class EarlierRoutes {
public:
  /// `Tests`' routes (those without one are left out) and the sides
  /// `Closed` names by test and index on its route.
  EarlierRoutes(const std::vector<StoredTest> &Tests,
                const std::vector<ClosedSide> &Closed);
  /// Some earlier path took each side of the decision at `Place`.
  bool bothTaken(uint64_t Place) const { return Forks.count(Place); }
  /// How an earlier part closed side `Side` of the decision at `Place`.
  std::optional<SideState> closed(uint64_t Place, bool Side) const;

private:
  std::unordered_set<uint64_t> Forks;
  std::unordered_map<uint64_t, SideState> Closed;
};

} // namespace theseus

#endif
