//===- ReplaySample.h - Which tests `replay --sample N` replays -----------===//
//
// The rule: N of the tests given, drawn uniformly at random from a
// generator seeded with --seed, and every other test that records a bug,
// since a bug is what a replay must not miss. The draw is Floyd's
// algorithm over std::mt19937_64, whose output the C++ standard fixes, so
// the same tests, N and seed choose the same tests on every platform.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_REPLAYSAMPLE_H
#define THESEUS_REPORT_REPLAYSAMPLE_H

#include <cstdint>
#include <vector>

namespace theseus {

class ReplaySample {
public:
  /// `Count` of `Total` tests; a `Count` of 0 or of `Total` or more draws
  /// every test.
  ReplaySample(uint64_t Total, uint64_t Count, uint64_t Seed);

  /// Whether every test is drawn.
  bool all() const { return Drawn.empty(); }
  /// Whether the test at `Index` (0-based, in test order) is drawn.
  bool drawn(uint64_t Index) const { return all() || Drawn[Index]; }
  /// Whether the test at `Index` is replayed, given whether it records a
  /// bug.
  bool replays(uint64_t Index, bool Bug) const { return Bug || drawn(Index); }

private:
  std::vector<bool> Drawn; ///< Empty: every test.
};

} // namespace theseus

#endif
