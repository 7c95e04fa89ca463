//===- Heavyweight.h - Inner loop counts inferred by the solver -----------===//
//
// Strejček and Trtík's heavyweight loop processing (section 3.3, Algorithm
// 2): in one
// iteration of an outer loop, an inner loop runs a number of times that the
// lightweight rules cannot name, so every value it changes becomes unknown
// in the outer loop's summary. An artificial variable s stands for the sum
// of the inner loop's counters; a weakened looping condition (the last
// inner iteration passed its tests) and the exit condition (the loop was
// left after s iterations) are necessary conditions on s, and the solver is
// asked for a linear expression L over the outer loop's counters and the
// scalar values with s = max(0, L) wherever those conditions hold. Found,
// it replaces s in the outer loop's iterated state.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_APC_HEAVYWEIGHT_H
#define THESEUS_APC_HEAVYWEIGHT_H

#include "expr/Expr.h"
#include "expr/Substitute.h"

#include <vector>

namespace theseus {

class QuantifiedQuery;

/// An inner loop entered on a backbone of an outer loop, as that backbone
/// saw it.
struct InnerLoopVisit {
  std::vector<ExprRef> Kappa; ///< The inner loop's path counters.
  std::vector<ExprRef> Apcs;  ///< Its backbones' apcs (one iteration).
  Substitution Iterated;      ///< Its iterated state.
  Substitution Before;        ///< The state at its entry.
  ExprRef Exit = nullptr;     ///< Leaving it, in the state after it.
};

/// sigma and delta of Algorithm 2 for `S`, the count of `V`: the exit
/// test held after counters summing to S, and earlier iterations (after
/// counters summing to S - 1, the paper's sigma, and S - 2^8, S - 2^16,
/// S - 2^32, which pin S in bit-vectors) passed the tests of some
/// backbone. Counters that are not their sum become fresh free variables
/// named after `Fresh`, which a satisfiability check treats as
/// existential.
ExprRef countConditions(ExprContext &Ctx, const InnerLoopVisit &V, ExprRef S,
                        const std::string &Fresh);

/// `E` with the sum of `Kappa` replaced by `S`: exact for one counter; for
/// several, only when `E` depends on their sum alone (`Q` proves it within
/// `TimeoutMs`), else null (unknown).
ExprRef replaceCounterSum(ExprContext &Ctx, ExprRef E,
                          const std::vector<ExprRef> &Kappa, ExprRef S,
                          QuantifiedQuery &Q, unsigned TimeoutMs);

/// A linear dependency: max(0, L) (64-bit, signed) with L = c0 + sum of
/// c_a * a over `Atoms` (each extended to 64 bits, counters unsigned, the
/// rest signed), equal to `S` in every model of `Facts`; null when none
/// was found within `Rounds` rounds of guessing from models and checking,
/// or within `BudgetMs` for all their queries to `Q`. `Unsigned` tells
/// which atoms are counters.
ExprRef inferLinearCount(ExprContext &Ctx, ExprRef S, ExprRef Facts,
                         const std::vector<ExprRef> &Atoms,
                         const std::vector<bool> &Unsigned, QuantifiedQuery &Q,
                         unsigned BudgetMs, unsigned Rounds = 12);

} // namespace theseus

#endif
