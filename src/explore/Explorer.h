//===- Explorer.h - What every exploration driver is ----------------------===//
//
// The concolic driver (DART, PyExZ3) and the forking driver (Steinhöfel's
// symbolic execution trees) are two explorers over one core: the
// expression context, the entry's inputs, the budgets, the interpreter, the
// solver chain, coverage, the search for further return values, the target
// guide and the statistics all live here, as do the observer events both
// drivers handle alike. A driver adds only its own search: a path tree of
// decisions to negate, or waiting states to resume.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_EXPLORER_H
#define THESEUS_EXPLORE_EXPLORER_H

#include "explore/Exploration.h"
#include "explore/ReturnValues.h"
#include "explore/Search.h"
#include "explore/Target.h"

#include <memory>

namespace theseus {

class Explorer {
public:
  virtual ~Explorer();

  /// Explores until done or a budget ends, telling `L` about each new path.
  virtual ExplorationStats run(ExplorationListener &L) = 0;

  /// --target: looks for the target, pruned and seeded by `G`'s apc
  /// (which must live in context()).
  void guide(const TargetGuide &G);

  ExprContext &context() { return Ctx; }
  const EntryInputs &inputs() const { return Inputs; }
  const Coverage &coverage() const { return Cov; }
  Interpreter &interpreter() { return Interp; }
  const ExploreOptions &options() const { return Opts; }
  const llvm::Function &entry() const { return Entry; }

protected:
  Explorer(const Program &P, const llvm::Function &Entry,
           const ExploreOptions &Opts);

  /// The searcher that picks the driver's next waiting work.
  virtual Searcher &searcher() = 0;

  /// Whether the run may go on: the target, when reached, stops it (unless
  /// --keep-going); then the budgets. `CheckMemory`: the memory budget
  /// stops the run (the forking driver drops states instead).
  bool budgetLeft(bool CheckMemory);
  /// Fills the statistics both drivers keep the same way.
  void finishStats(uint64_t TreeNodes);

  /// The events both drivers' observers handle alike.
  class Observer : public ExecutionObserver {
  public:
    explicit Observer(Explorer &E) : Core(E) {}
    void onConcretization(const llvm::Instruction *I,
                          const char *Reason) override {
      Core.Concretized.note(I, Reason, true);
    }
    void onSymbolicOutput(const llvm::Instruction *I,
                          const char *What) override {
      Core.Concretized.note(I, What, false);
    }
    void onExternalCall(const llvm::Function *F) override {
      ++Core.Stats.ExternalCalls[F->getName().str()];
    }

  protected:
    /// New coverage of the block, and whether it reaches the target.
    unsigned markBlock(const llvm::BasicBlock *BB,
                       const llvm::Instruction *Last, bool &ReachedTarget) {
      if (Core.Watch && Core.Watch->reachedIn(BB, Last))
        ReachedTarget = true;
      return Core.Cov.markBlock(BB, Last);
    }

  private:
    Explorer &Core;
  };

  const llvm::Function &Entry;
  ExploreOptions Opts;
  ExplorationListener *Listener = nullptr;
  ExprContext Ctx;
  EntryInputs Inputs;
  RunBudget Budget; ///< Before Interp, which polls it.
  Interpreter Interp;
  Solver Solv;
  Coverage Cov;
  ExplorationStats Stats;
  ConcretizationLog Concretized;
  ReturnValueSearch ReturnValues;
  std::unique_ptr<TargetWatch> Watch; ///< --target; null without.
};

} // namespace theseus

#endif
