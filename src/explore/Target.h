//===- Target.h - What a --target exploration looks for -------------------===//
//
// With --target, exploration is a search for one path: the first path that
// executes a target instruction (or fails an assertion, for `assert`) ends
// the run unless --keep-going. The abstract path condition of the target
// (apc, computed by the apc module in the explorer's expression context)
// guides it: a waiting state or open side whose path condition contradicts
// the apc cannot reach the target (seed "Abstracting Path Conditions",
// section 7) and is pruned, and a model of path condition ∧ apc is an input
// heading for it.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_TARGET_H
#define THESEUS_EXPLORE_TARGET_H

#include "exec/ExecutionState.h"
#include "expr/Assignment.h"
#include "solver/Quantified.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <deque>
#include <memory>
#include <vector>

namespace llvm {
class BasicBlock;
class Instruction;
} // namespace llvm

namespace theseus {

struct TargetGuide {
  /// Instructions of the explored module whose execution reaches the target.
  std::vector<const llvm::Instruction *> Instructions;
  /// A failed assertion (assertion-failure, abort) reaches it too.
  bool FailingAsserts = false;
  /// The apc, in the explorer's context; null: nothing is pruned.
  ExprRef Apc = nullptr;
  /// Per check of a path condition against the apc.
  unsigned CheckTimeoutMs = 300;
  /// Inputs a model of the apc gives (overlaid on the start input).
  Assignment Seed;
  bool KeepGoing = false;
};

/// The blocks of `G`'s target instructions (none without a guide), for
/// distances to them.
std::vector<const llvm::BasicBlock *> targetBlocks(const TargetGuide *G);

/// The guide of one run, with the state its checks share.
class TargetWatch {
public:
  explicit TargetWatch(TargetGuide G);
  ~TargetWatch();

  const TargetGuide &guide() const { return G; }
  /// Whether executing `BB` up to `Last` (null: all of it) ran a target.
  bool reachedIn(const llvm::BasicBlock *BB,
                 const llvm::Instruction *Last) const;
  /// Whether a path that ended so reached the target.
  bool reachedAtEnd(const PathOutcome &O) const;
  /// Satisfiability of the conjunction of `PathCond` and the apc, within
  /// the check timeout. Unsat proves no extension of the path reaches the
  /// target; a model is an input along the path that may. A recent model
  /// (or the seed) that satisfies `PathCond` answers without Z3. After a few
  /// undecided checks in a row the apc is too hard for Z3 next to path
  /// conditions, and later checks answer Unknown at once.
  SolverResponse withApc(ExprContext &Ctx,
                         const std::vector<ExprRef> &PathCond);

private:
  TargetGuide G;
  llvm::DenseMap<const llvm::BasicBlock *,
                 llvm::SmallVector<const llvm::Instruction *, 1>>
      ByBlock;
  std::unique_ptr<QuantifiedQuery> Query;
  unsigned UnknownsInARow = 0;
  std::deque<Assignment> Models; ///< Of the apc, newest first.
};

} // namespace theseus

#endif
