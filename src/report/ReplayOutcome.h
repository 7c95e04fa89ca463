//===- ReplayOutcome.h - Does a native run end as the engine said? --------===//
//
// A test records how the engine's run of it ended: a return value, an exit
// code, or a bug. The native run of the same inputs matches when it
// returns the same value, exits with the same code, or fails the way the
// bug implies: a signal, an AddressSanitizer report for memory bugs, an
// UndefinedBehaviorSanitizer report for the bugs of --check=ub.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_REPLAYOUTCOME_H
#define THESEUS_REPORT_REPLAYOUTCOME_H

#include "report/TestRecord.h"
#include "support/Process.h"

#include <string>

namespace theseus {

enum class ReplayVerdict { Match, Mismatch, Skipped };

struct TestReplay {
  ReplayVerdict Verdict = ReplayVerdict::Skipped;
  std::string Expected; ///< What the engine recorded, in words.
  std::string Native;   ///< What the native run did, in words.
};

/// Memory bugs do not reliably crash a plain native run; they are checked
/// on a build with AddressSanitizer.
bool isMemoryBug(const std::string &Kind);
/// Bugs of --check that only an UndefinedBehaviorSanitizer build shows
/// (the kinds src/exec/UndefinedBehavior.cpp reports, and float division by
/// zero).
bool isUndefinedBehaviorBug(const std::string &Kind);
/// The signal a native run dies of when it has this bug.
int signalForBug(const std::string &Kind);

/// Compares the native run `N` (of a build with --check=ub's sanitizer
/// when `CheckedUB`) with the engine's outcome. Outcomes without a native
/// counterpart are skipped.
TestReplay judgeReplay(const RecordedOutcome &Outcome, const ProcessResult &N,
                       bool CheckedUB);

} // namespace theseus

#endif
