//===- NativeCheck.h - Claims checked against the native program ----------===//
//
// Before a run claims that it explored every path (and so, with a target,
// that the target is unreachable), the tests of its paths are replayed on
// the natively compiled program. A test the native run ends differently
// means the engine's semantics and the machine's disagreed somewhere, so the
// claim rests on something false: it is withdrawn and the mismatch reported.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_NATIVECHECK_H
#define THESEUS_REPORT_NATIVECHECK_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace theseus {

class Replayer;
class RunDatabase;
struct TestReplay;

/// Tests replayed when a run does not say otherwise (--native-check).
constexpr uint64_t DefaultNativeCheckTests = 2000;

struct NativeCheck {
  uint64_t Tests = 0;    ///< Tests the run wrote.
  uint64_t Replayed = 0; ///< Of them, replayed natively.
  uint64_t Matched = 0;
  uint64_t Mismatched = 0;
  uint64_t Skipped = 0; ///< Outcomes a native run cannot reproduce.
  /// The first mismatches: the test, what the engine recorded and what
  /// the native run did.
  struct Mismatch {
    std::string Test, Expected, Native;
  };
  std::vector<Mismatch> Mismatches;
  std::string NotRun;     ///< Why no test was replayed, when none was.
  bool CutByTime = false; ///< The time budget ended the check.

  /// Counts the replay `R` of test `Name`.
  void count(const std::string &Name, const TestReplay &R);

  nlohmann::json toJson() const;
};

/// Replays at most `Limit` of the `Tests` tests in the run database `Db`
/// (all of them, else an even spread from first to last) with `Replay`,
/// until `TimeUp` says the time budget has ended.
NativeCheck checkNatively(Replayer &Replay, RunDatabase &Db, uint64_t Tests,
                          uint64_t Limit,
                          const std::function<bool()> &TimeUp = nullptr);

/// One line for the console: "249 of 249 tests replayed natively, all
/// match", or what disagreed.
std::string nativeCheckText(const nlohmann::json &Check);

} // namespace theseus

#endif
