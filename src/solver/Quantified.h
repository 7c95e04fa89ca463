//===- Quantified.h - Satisfiability of one quantified formula ------------===//
//
// The apc module's queries: a single width-1 formula whose free Variables
// are existential and whose Forall/Exists nodes Z3 receives as quantifiers
// (bit-vector theory). QuantifiedQuery is the façade of a chain of its own
// (SolverStages.h): validating (after validate()) -> exact cache ->
// QuantifiedStage, whose Z3 context no other query shares, so two queries
// can run on two threads and one can interrupt the other (the race of the
// apc against its unfolding). No slicing: these queries are few, or (the
// checks of path conditions against an apc) incremental.
// The cache keeps check()'s answers only: checkWith() returns values the
// cache does not hold, and mayBeSatisfiable() answers a weaker question.
// As Solver, a query memoises by expression node: it serves one
// ExprContext.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_SOLVER_QUANTIFIED_H
#define THESEUS_SOLVER_QUANTIFIED_H

#include "expr/Assignment.h"
#include "expr/Expr.h"
#include "solver/Solver.h"
#include "solver/SolverStage.h"

#include <functional>
#include <memory>
#include <vector>

namespace theseus {

struct Disagreement;
class QuantifiedStage;

class QuantifiedQuery {
public:
  QuantifiedQuery();
  ~QuantifiedQuery();

  /// Is `Formula` satisfiable within `TimeoutMs` (0: no limit)? On Sat, the
  /// model gives the bytes of every input array the formula reads.
  SolverResponse check(ExprRef Formula, unsigned TimeoutMs);
  /// Whether the quantifier-free `Formula` may be satisfiable, with every
  /// input buffer read at a computed index abstracted to a free function
  /// of the index: cheaper than check(), and Unsat is still a proof. Not
  /// to be mixed with check() on the same query.
  SatResult mayBeSatisfiable(ExprRef Formula, unsigned TimeoutMs);
  /// Is `Base` ∧ `Conjuncts` satisfiable? Incremental: `Base` stays
  /// asserted across calls with the same `Base`, and so does the longest
  /// prefix of `Conjuncts` the previous call shares (one solver scope per
  /// conjunct), so a path condition checked after its parent's costs only
  /// its new conjuncts, and Z3 keeps what it learnt about `Base`.
  /// On Sat, `Values` (if given) receives the model's value of each of
  /// `Vars`: free Variables of the formula, at most 64 bits wide.
  SolverResponse checkWith(ExprRef Base, const std::vector<ExprRef> &Conjuncts,
                           unsigned TimeoutMs,
                           const std::vector<ExprRef> &Vars = {},
                           std::vector<uint64_t> *Values = nullptr);
  /// From now on, every answer of check() and checkWith() is re-checked by
  /// a fresh solver (AnswerValidator, SolverStages.h), and a wrong one
  /// goes to `OnDisagreement`, by default abortOnDisagreement.
  void
  validate(std::function<void(const Disagreement &)> OnDisagreement = nullptr);
  /// Makes a check in progress on another thread answer Unknown soon; later
  /// checks answer Unknown at once.
  void interrupt();
  /// Queries and cache hits so far.
  const SolverStats &stats() const { return Stats; }

private:
  SolverResponse ask(std::vector<ExprRef> Formulas, QueryForm Form,
                     unsigned TimeoutMs);

  SolverStats Stats;
  ByteReads Use;
  Assignment NoHint; ///< The model covers every byte the formulas read.
  QuantifiedStage *Z3 = nullptr; ///< The chain's end.
  std::unique_ptr<SolverStage> Chain;
};

} // namespace theseus

#endif
