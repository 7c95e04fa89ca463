//===- ReturnValues.h - Further return values of a path -------------------===//
//
// A path that returns an input-dependent value stands for many return
// values. After such a path ends, the solver is asked for inputs that follow
// the same path condition but return other values (PC ∧ ret ≠ v1 ∧ ...), up
// to --return-values in all. Each input is run concretely first: it becomes
// a test of its own (marked as a variant of the path's test) only when it
// takes the same edges and returns the value the solver promised.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_RETURNVALUES_H
#define THESEUS_EXPLORE_RETURNVALUES_H

#include "explore/Exploration.h"

namespace theseus {

class ReturnValueSearch {
public:
  ReturnValueSearch(ExprContext &Ctx, Solver &Solv, Interpreter &Interp,
                    const llvm::Function &Entry, const EntryInputs &Inputs,
                    const Coverage &Cov, const RunBudget &Budget,
                    unsigned MaxValues)
      : Ctx(Ctx), Solv(Solv), Interp(Interp), Entry(Entry), Inputs(Inputs),
        Cov(Cov), Budget(Budget), MaxValues(MaxValues) {}

  /// After path `R` ended under the path condition `PathCond`, reports a
  /// test to `L` for each further return value found, counting it in `S`.
  void explore(const PathResult &R, const std::vector<ExprRef> &PathCond,
               ExplorationStats &S, ExplorationListener &L);

private:
  struct Run;
  Run runConcretely(const Assignment &Input);

  ExprContext &Ctx;
  Solver &Solv;
  Interpreter &Interp;
  const llvm::Function &Entry;
  const EntryInputs &Inputs;
  const Coverage &Cov;
  const RunBudget &Budget;
  unsigned MaxValues;
};

} // namespace theseus

#endif
