//===- Solve.h - Deciding an apc: the formula and its unfolding raced ----===//
//
// Z3 gets the quantified apc directly, and on another thread its unfolding
// apc^K (Strejček and Trtík, section 6): every universal quantifier over a
// counter tau instantiated at tau = 0..K-1, every existential replaced by a
// fresh free variable. The apc implies apc^K (instances of a universal are
// weaker than it), so an unsatisfiable apc^K proves the apc unsatisfiable too;
// a model of apc^K is only a candidate. The unfolding side tries growing K (2,
// 6, then K): an answer at a small K comes fast and is as much a proof.
// Each apc^K with products of non-constants (polynomial closed forms) is
// first decided with those products as free variables: a weaker formula
// without multiplier circuits, whose unsat is as much a proof.
//
// A third thread strengthens the apc instead: its outermost counters fixed
// at values a model of apc^0 allows (0 where it can), the range of every
// universal bounded by K, each universal then unfolded into all of its
// instances and each existential over a now constant range into a
// disjunction. That formula implies the apc, so its model is a model of the
// apc, found without quantifiers. All three share one time budget.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_APC_SOLVE_H
#define THESEUS_APC_SOLVE_H

#include "expr/Assignment.h"
#include "expr/Expr.h"
#include "solver/Quantified.h"
#include "solver/Solver.h"

#include <atomic>
#include <functional>
#include <string>

namespace theseus {

/// apc^K: quantifiers unfolded as described above. Quantifiers under a
/// negation (the apc builds none) stay. Nested quantifiers make K^depth
/// instances, so the unfolding gives up (null) as soon as `Stop` is set.
ExprRef unfoldApc(ExprContext &Ctx, ExprRef Apc, unsigned K,
                  const std::atomic<bool> *Stop = nullptr);

/// Whether `E` has a Forall or Exists node.
bool hasQuantifier(ExprRef E);

/// A model of the apc itself, searched for by strengthening it into a
/// quantifier-free formula: its outermost counters (existentials outside
/// every universal) fixed at the values of a model of apc^0 (every
/// universal dropped), then every universal's range bounded by K and
/// unfolded exactly, every existential over a constant range made a
/// disjunction. A model of that formula is a model of the apc. Counters are
/// set to 0 where apc^0 allows it, outermost loop first: fewer iterations
/// of an outer loop make fewer instances of the inner ones. A choice that
/// admits no model is excluded and the next one tried, `Attempts` times at
/// most. Unknown when none was found: never Unsat, as the strengthening
/// may lose models.
SolverResponse searchWithFixedCounters(ExprContext &Ctx, ExprRef Apc,
                                       unsigned K, QuantifiedQuery &Q,
                                       const std::atomic<bool> *Stop,
                                       unsigned Attempts);

/// One query of the race: its answer (Unknown when it timed out or lost)
/// and its time.
struct RaceEntry {
  SatResult Result = SatResult::Unknown;
  double Seconds = 0;
};

struct ApcAnswer {
  enum Kind { Unreachable, Satisfiable, Unknown } K = Unknown;
  /// The query the verdict rests on: "apc", "apc, counters fixed" (a
  /// model of the apc found with its outermost counters fixed) or "apc^K".
  std::string AnsweredBy;
  /// Times and answers of the three sides of the race: the quantified apc,
  /// the search with fixed counters, and the growing unfoldings.
  RaceEntry Direct, Fixed, Unfolded;
  double UnfoldSeconds = 0;
  /// The race's wall time, until all three queries were back.
  double Seconds = 0;
  /// The apc^K of the last answer of the unfolding side (the first one's
  /// while none answered; null if even that unfolding was stopped), and K.
  ExprRef UnfoldedApc = nullptr;
  unsigned UnfoldedK = 0;
  /// Candidate inputs on Satisfiable: a model of the apc, or of apc^K.
  Assignment Model;

  /// Whether Model satisfies the apc itself, not only apc^K.
  bool modelsTheApc() const {
    return K == Satisfiable && AnsweredBy != "apc^K";
  }
};

/// The Z3 contexts of one apc, a query each: creating a context takes
/// milliseconds, so they may be made ahead, e.g. while the program
/// compiles. Feasibility is for building the apc (ApcOptions), the others
/// for the race, which interrupts them: they serve one apc only.
struct ApcQueries {
  /// With `Validate` (--solver-validate), every answer is re-checked
  /// (QuantifiedQuery::validate).
  explicit ApcQueries(bool Validate = false);
  /// Answers re-checked so far, of all four.
  uint64_t validated() const;

  QuantifiedQuery Feasibility, Direct, Fixed, Unfolded;
};

/// Takes a candidate of apc^K while the apc is still being decided.
using CandidateFn = std::function<void(const ApcAnswer &Early)>;

/// Races the apc against apc^K under `TimeoutSeconds`, and both against a
/// search for a model of the apc with its outermost counters fixed (each
/// universal then unfolds exactly: a quantifier-free query, where Z3's
/// model-based instantiation on the quantified apc may take seconds). An
/// Unsat answer of the apc or apc^K, or a model of the apc, decides at
/// once; Sat of apc^K decides only if nothing else answered by the
/// deadline. With `OnCandidate` (a search
/// that can start from a candidate at once), apc^K's first model goes to
/// it, on the caller's thread, as soon as it is there, and the unfolding
/// side stops there, leaving the CPU to the apc, whose model may follow as
/// the answer. Setting `*Cancel` ends the race within milliseconds, with
/// what was decided by then (a search running beside it found the answer
/// first).
ApcAnswer solveApc(ExprContext &Ctx, ExprRef Apc, unsigned K,
                   double TimeoutSeconds,
                   const std::atomic<bool> *Cancel = nullptr,
                   const CandidateFn &OnCandidate = nullptr,
                   ApcQueries *Queries = nullptr);

const char *toString(ApcAnswer::Kind K);
/// The answer as the user reads it: a satisfiable apc^K alone does not make
/// the apc satisfiable (only apc => apc^K holds), so it is said as such.
const char *verdictOf(const ApcAnswer &A);

} // namespace theseus

#endif
