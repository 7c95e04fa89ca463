//===- SelfCheck.h - Steinhöfel's precision and exhaustiveness checks===//
//
// Checks a forking run against concrete execution of the same interpreter
// with no symbolic values at all:
//  - precision: each leaf's input, run concretely, takes the leaf's path
//    (same edges) and ends the same way;
//  - exhaustiveness: each random input satisfies exactly one leaf's path
//    condition, and running it concretely ends as that leaf says.
// A mismatch means the symbolic side (expressions, solver, forking) and
// the concrete side disagree: a bug in Theseus, reported with the input.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_SELFCHECK_H
#define THESEUS_EXPLORE_SELFCHECK_H

#include "explore/Fork.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace theseus {

struct SelfCheckMismatch {
  std::string Check;    ///< "precision" or "exhaustiveness".
  std::string Input;    ///< name=value,...
  std::string Expected; ///< What the tree says.
  std::string Actual;   ///< What concrete execution did.
};

struct SelfCheckReport {
  uint64_t LeavesChecked = 0;
  uint64_t LeavesPrecise = 0;
  uint64_t Samples = 0;
  uint64_t SamplesMatched = 0;
  uint64_t SamplesOutside = 0; ///< Broke an assumption: no leaf expected.
  bool Exhausted = true;       ///< False: exhaustiveness was not checked.
  bool CutShort = false;       ///< The time budget ended the checks early.
  std::vector<SelfCheckMismatch> Mismatches;
  bool passed() const { return Mismatches.empty(); }
};

/// Runs both checks on a finished forking run (which must have kept its
/// leaf models), made by one worker or, with -j, by a team whose trees
/// together are the run's. Exhaustiveness is only checked when the run
/// `Exhausted` its tree (no budget cut it short). The checks share the
/// run's time budget: once it is spent they stop, and the report says so.
SelfCheckReport selfCheck(llvm::ArrayRef<ForkExplorer *> Team, bool Exhausted,
                          unsigned Samples, uint64_t Seed);

} // namespace theseus

#endif
