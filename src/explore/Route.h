//===- Route.h - A forking run's paths by the sides they took -------------===//
//
// A path of a forking run is known by its route: at each decision where a
// forking run may fork (every decision but pins), in order, the side it
// took and whether the solver proved the other side infeasible. The run
// database keeps each path's route, so that a resumed forking run can tell,
// as it rebuilds the earlier tree, which sides of each decision some
// earlier path took (a copy on that test's input rebuilds that subtree),
// which ones were infeasible (no query needed), and which ones were left
// open: only those are decided and forked again.
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

/// The decisions of a path so far, and a hash of the sides taken that
/// names the place it has reached (equal sides, equal places).
class Route {
public:
  /// Adds a decision that took side `Side`.
  void add(bool Side);
  /// The other side of the decision added last is infeasible.
  void closeLast();
  /// Takes the other side of the decision added last.
  void flipLast();
  uint32_t size() const { return Size; }
  bool side(uint32_t I) const { return bit(2 * I); }
  /// The other side of decision `I` is infeasible.
  bool closed(uint32_t I) const { return bit(2 * I + 1); }
  /// The place after the sides so far, and the one before the last.
  uint64_t place() const { return Place; }
  uint64_t placeBefore() const { return PlaceBefore; }
  /// As the run database keeps it: the number of decisions as a varint,
  /// then two bits each, its side and whether the other side is
  /// infeasible, four decisions a byte from the high bits down.
  std::string encode() const;
  /// Reads encode()'s bytes; none when they are damaged.
  static std::optional<Route> decode(std::string_view Bytes);
  /// The place after `Place` on side `Side`.
  static uint64_t next(uint64_t Place, bool Side);
  /// The place of the empty route: the entry.
  static constexpr uint64_t Start = 0x6a09e667f3bcc908ULL;

private:
  bool bit(uint32_t I) const { return Bits[I / 8] >> (7 - I % 8) & 1; }
  void flip(uint32_t I) {
    Bits[I / 8] = char(uint8_t(Bits[I / 8]) ^ 0x80 >> I % 8);
  }

  std::string Bits;
  uint32_t Size = 0;
  uint64_t Place = Start, PlaceBefore = Start;
};

/// Where the routes of a run's earlier paths went both ways, and which
/// earlier test took each side there. A resumed run rebuilds the earlier
/// tree in one forking pass: it runs one earlier test from the entry and,
/// at each such place, forks a copy onto the input of the test that took
/// the other side, so each decision of the earlier tree runs once.
class EarlierRoutes {
public:
  /// `Tests`' routes; those without one, and further return values of a
  /// path (which share its route), are left out.
  explicit EarlierRoutes(const std::vector<StoredTest> &Tests);
  /// Some earlier path took each side of the decision at `Place`.
  bool bothTaken(uint64_t Place) const { return Forks.count(Place); }
  /// The test the pass starts on (the first route in side order); none
  /// when no test has a route.
  std::optional<size_t> first() const { return First; }
  /// The index in `Tests` of a test whose route takes side `Side` at
  /// `Place`, a place where earlier paths went both ways; each such side
  /// is given once (none afterwards).
  std::optional<size_t> claim(uint64_t Place, bool Side);

private:
  std::unordered_set<uint64_t> Forks;
  /// By the place after the side taken at a fork.
  std::unordered_map<uint64_t, size_t> Takers;
  std::optional<size_t> First;
};

} // namespace theseus

#endif
