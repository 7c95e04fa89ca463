//===- Solve.h - Deciding an apc: the formula and its unfolding raced ----===//
//
// Z3 gets the quantified apc directly, and on another thread its unfolding
// apc^K (seed, section 6): every universal quantifier over a counter tau
// instantiated at tau = 0..K-1, every existential replaced by a fresh free
// variable. The apc implies apc^K (instances of a universal are weaker than
// it), so an unsatisfiable apc^K proves the apc unsatisfiable too; a model
// of apc^K is only a candidate. The unfolding side tries growing K (2, 6,
// then K): an answer at a small K comes fast and is as much a proof. Both
// share one time budget.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_APC_SOLVE_H
#define THESEUS_APC_SOLVE_H

#include "expr/Assignment.h"
#include "expr/Expr.h"
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

/// One query of the race: its answer (Unknown when it timed out or lost)
/// and its time.
struct RaceEntry {
  SatResult Result = SatResult::Unknown;
  double Seconds = 0;
};

struct ApcAnswer {
  enum Kind { Unreachable, Satisfiable, Unknown } K = Unknown;
  /// "apc" or "apc^K": the query the verdict rests on.
  std::string AnsweredBy;
  RaceEntry Direct, Unfolded;
  double UnfoldSeconds = 0;
  /// The apc^K of the last answer of the unfolding side (the first one's
  /// while none answered; null if even that unfolding was stopped), and K.
  ExprRef UnfoldedApc = nullptr;
  unsigned UnfoldedK = 0;
  /// Candidate inputs on Satisfiable: a model of the apc, or of apc^K.
  Assignment Model;
};

/// Takes a candidate of apc^K while the apc is still being decided.
using CandidateFn = std::function<void(const ApcAnswer &Early)>;

/// Races the apc against apc^K under `TimeoutSeconds`. An Unsat answer of
/// either, or Sat of the apc, decides at once; Sat of apc^K decides only if
/// the apc has no answer by the deadline. With `OnCandidate` (a search
/// that can start from a candidate at once), apc^K's first model goes to
/// it, on the caller's thread, as soon as it is there, and the unfolding
/// side stops there, leaving the CPU to the apc, whose model may follow as
/// the answer. Setting `*Cancel` ends the race within milliseconds, with
/// what was decided by then (a search running beside it found the answer
/// first).
ApcAnswer solveApc(ExprContext &Ctx, ExprRef Apc, unsigned K,
                   double TimeoutSeconds,
                   const std::atomic<bool> *Cancel = nullptr,
                   const CandidateFn &OnCandidate = nullptr);

const char *toString(ApcAnswer::Kind K);
/// The answer as the user reads it: a satisfiable apc^K alone does not make
/// the apc satisfiable (only apc => apc^K holds), so it is said as such.
const char *verdictOf(const ApcAnswer &A);

} // namespace theseus

#endif
