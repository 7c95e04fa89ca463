//===- ReturnValues.h - Every return value of a path ----------------------===//
//
// A path that returns an input-dependent value may return many values. After
// such a path ends, the solver enumerates them under its path condition, one
// query at a time (PC ∧ ret ∉ {v1, ..., vk}), and the set is complete only
// when the query after the last value is unsatisfiable: a proof that the
// path returns no other value. Only a complete set of at most
// --return-values values becomes tests: each further value's input is run
// concretely, and the values are written (each a test marked as a variant of
// the path's test) only when every one takes the same edges and returns the
// value the solver promised. Otherwise the path keeps its own test and is
// counted as having more values than the limit or values not enumerated, so
// that the summary does not present the values listed as all there are.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_RETURNVALUES_H
#define THESEUS_EXPLORE_RETURNVALUES_H

#include "explore/Exploration.h"

#include <functional>

namespace theseus {

class ReturnValueSearch {
public:
  ReturnValueSearch(ExprContext &Ctx, Solver &Solv, Interpreter &Interp,
                    const llvm::Function &Entry, const EntryInputs &Inputs,
                    const Coverage &Cov, const RunBudget &Budget,
                    unsigned MaxValues, std::function<uint64_t()> NextTest)
      : Ctx(Ctx), Solv(Solv), Interp(Interp), Entry(Entry), Inputs(Inputs),
        Cov(Cov), Budget(Budget), MaxValues(MaxValues),
        NextTest(std::move(NextTest)) {}

  /// After path `R` ended under the path condition `PathCond`, settles its
  /// return values: reports a test to `L` for each further value of a
  /// complete set, and counts the path in `S`. `Exact`: `PathCond` is the
  /// path's whole condition, no decision left out and no value fixed
  /// without a constraint (otherwise no set it gives is a proof).
  void explore(const PathResult &R, const std::vector<ExprRef> &PathCond,
               bool Exact, ExplorationStats &S, ExplorationListener &L);

private:
  struct Run;
  struct Variant;

  ReturnValueSet settle(const PathResult &R,
                        const std::vector<ExprRef> &PathCond, bool Exact,
                        const ExplorationStats &S, std::vector<Variant> &Found);
  ReturnValueSet enumerate(const PathResult &R,
                           std::vector<ExprRef> Constraints,
                           const ExplorationStats &S,
                           std::vector<Variant> &Found);
  bool followPath(const PathResult &R, std::vector<Variant> &Found);
  Run runConcretely(const Assignment &Input);
  void writeVariants(const PathResult &R, std::vector<Variant> &Found,
                     ExplorationStats &S, ExplorationListener &L);

  ExprContext &Ctx;
  Solver &Solv;
  Interpreter &Interp;
  const llvm::Function &Entry;
  const EntryInputs &Inputs;
  const Coverage &Cov;
  const RunBudget &Budget;
  unsigned MaxValues;
  std::function<uint64_t()> NextTest; ///< The number of a new test.
};

} // namespace theseus

#endif
