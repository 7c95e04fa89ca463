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

#include "explore/Assumptions.h"
#include "explore/Exploration.h"
#include "explore/ReturnValues.h"
#include "explore/Search.h"
#include "explore/Sharing.h"
#include "explore/Target.h"

#include <memory>

namespace theseus {

/// A test of an earlier part of a run, run again when the run resumes.
struct StoredTest {
  uint64_t Number = 0;
  Assignment Input;
  /// As the test records them: the run, when it ended (seconds since its
  /// part started), the path of which it is a further return value.
  uint64_t Run = 0;
  double Seconds = 0;
  uint64_t VariantOf = 0;
  /// --max-steps cut its run: the run again has the limit. Any other run
  /// ended within it or (an input the fuzzer found crashing) had none, so
  /// it runs again without one.
  bool StepLimited = false;
  /// A forking run's: its path's decisions (Route::encode); empty in
  /// concolic runs.
  std::string Route;
};

/// What the earlier parts of a run leave for the next one: their tests in
/// order (all but those interrupted, whose paths stay open) and the sides
/// the concolic search closed without a run.
struct ResumePoint {
  std::vector<StoredTest> Tests;
  std::vector<ClosedSide> Closed;
  uint64_t LastTest = 0; ///< The highest test number so far.
  uint64_t Runs = 0;     ///< Runs of the earlier parts.
  /// How the earlier parts settled the return values of their paths (the
  /// restored runs do not search them again).
  ReturnValueCounts ReturnValueSets;
};

class Explorer {
public:
  virtual ~Explorer();

  /// Explores until done or a budget ends, telling `L` about each new path:
  /// start, step until it returns false, finish.
  ExplorationStats run(ExplorationListener &L,
                       const ResumePoint *From = nullptr);

  /// Starts the exploration (the first run, or the initial state), telling
  /// `L` about each new path from here on. With `From`, the run resumes:
  /// its earlier tests run again first (restore), each handed to `L` as
  /// restored, and exploring goes on from the state they rebuild.
  void start(ExplorationListener &L, const ResumePoint *From = nullptr);
  /// Whether a resumed run rebuilt all of its earlier state (false when a
  /// signal cut that short: nothing it did then is to be kept).
  bool restored() const { return Restored; }
  /// One unit of work: the next run from a negated decision (concolic), or
  /// one waiting state run to its next fork or end (forking). False once
  /// nothing is left or a budget, stop() or the target ended the run; the
  /// reason is in stats().StopReason.
  virtual bool step() = 0;
  /// Ends the exploration: settles what is left open and the statistics.
  ExplorationStats finish();
  /// Asks the run to end soon, as a signal does (stop reason
  /// "interrupted"): at the next step, and within a run or a solver query
  /// at their next poll. Safe to call from any thread.
  virtual void stop() { Budget.stop(); }
  /// The statistics so far; complete after finish().
  const ExplorationStats &stats() const { return Stats; }

  /// -j: explores as worker `Worker` of a run whose workers share their
  /// path tree through `S` (which must outlive the exploration). Only the
  /// first worker starts with the first input; the others wait for work.
  void shareWith(WorkSharing &S, unsigned Worker);
  /// -j: runs an input another worker handed over, exploring on from the
  /// side it was solved for.
  virtual void runShared(const SharedWork &W) = 0;

  /// --target: looks for the target, pruned and seeded by `G`'s apc
  /// (which must live in context()).
  virtual void guide(const TargetGuide &G);

  ExprContext &context() { return Ctx; }
  const EntryInputs &inputs() const { return Inputs; }
  /// What the run assumes about the inputs: "complete" holds within it.
  const std::vector<InputAssumption> &assumptions() const {
    return Assumptions;
  }
  const Coverage &coverage() const { return Cov; }
  /// -j: takes over what the run's other workers covered (`Run`, a
  /// Coverage of the same program), so that the searchers head for what
  /// no worker has run.
  void learnCoverage(const Coverage &Run) { Cov.include(Run); }
  Interpreter &interpreter() { return Interp; }
  const ExploreOptions &options() const { return Opts; }
  const llvm::Function &entry() const { return Entry; }

protected:
  Explorer(const Program &P, const llvm::Function &Entry,
           const ExploreOptions &Opts);

  /// The searcher that picks the driver's next waiting work.
  virtual Searcher &searcher() = 0;
  /// The driver's part of start(): its first work.
  virtual void begin() = 0;
  /// The driver's part of start() for a resumed run: the state of `From`
  /// rebuilt; false when a signal cut that short. When `From` has no
  /// tests, start() then calls begin() as for a new run.
  virtual bool restore(const ResumePoint &From);
  /// The driver's part of finish(), which fills the statistics.
  virtual void end() = 0;

  /// Whether the run may go on: the target, when reached, stops it (unless
  /// --keep-going); then the budgets. `CheckMemory`: the memory budget
  /// stops the run (the forking driver drops states instead).
  bool budgetLeft(bool CheckMemory);
  /// -j: the key of the place after taking side `Taken` of the decision
  /// at `I` on `Cond`, from the place `K`.
  TreeKey keyAfter(const TreeKey &K, const llvm::Instruction *I, ExprRef Cond,
                   bool Taken) const {
    return K.then((*InstIds)[I], conditionShape(Cond), Taken);
  }
  /// --target: the latest model of the apc (in Ctx), or null.
  const Assignment *apcSeed() const;
  /// The first input: `Base` with --seed-input's values and the apc's
  /// model, when there is one, over it (counted as seeded).
  Assignment startInput(Assignment Base);
  /// Counts a test handed to the listener and gives its number (the run's
  /// next, when workers share it).
  uint64_t newTestNumber();
  /// Fills the statistics both drivers keep the same way.
  void finishStats(uint64_t TreeNodes);
  /// Whether a side `Goal` after `Prefix` is feasible: the solver chain's
  /// answer, or, when it leaves a float query undecided and the budgets
  /// allow, a model found by evaluation (solver/FloatSearch.h), made from
  /// `Hint`. The search never proves a side infeasible: Unknown stays
  /// Unknown when it finds nothing.
  SolverResponse querySide(const std::vector<ExprRef> &Prefix, ExprRef Goal,
                           const Assignment &Hint);
  /// The solver proved side `Taken` of the decision at `Inst` infeasible
  /// after `Prefix`: a branch side is checked for an exclusion by the
  /// length links alone (AssumptionExclusions).
  void noteInfeasible(const llvm::Instruction *Inst, BranchKind Kind,
                      bool Taken, const std::vector<ExprRef> &Prefix,
                      ExprRef Goal, const Assignment &Hint);

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
    /// New coverage of the block, recorded in `Path`, and whether it
    /// reaches the target.
    unsigned markBlock(const llvm::BasicBlock *BB,
                       const llvm::Instruction *Last, bool &ReachedTarget,
                       PathCoverage &Path) {
      if (Core.Watch && Core.Watch->reachedIn(BB, Last))
        ReachedTarget = true;
      return Core.Cov.markBlock(BB, Last, &Path);
    }

  private:
    Explorer &Core;
  };

  const llvm::Function &Entry;
  ExploreOptions Opts;
  ExplorationListener *Listener = nullptr;
  ExprContext Ctx;
  EntryInputs Inputs;
  std::vector<InputAssumption> Assumptions;
  AssumptionExclusions Exclusions;
  RunBudget Budget; ///< Before Interp, which polls it.
  Interpreter Interp;
  Solver Solv;
  Coverage Cov;
  ExplorationStats Stats;
  ConcretizationLog Concretized;
  ReturnValueSearch ReturnValues;
  std::unique_ptr<TargetWatch> Watch; ///< --target; null without.
  bool Restored = true;
  /// -j: the run's other workers, this one's index, and the numbers of
  /// instructions their keys are made of. Null without.
  WorkSharing *Share = nullptr;
  unsigned WorkerIndex = 0;
  std::unique_ptr<InstructionNumbers> InstIds;
};

} // namespace theseus

#endif
