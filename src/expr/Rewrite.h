//===- Rewrite.h - Expression transformations -----------------------------===//
#ifndef THESEUS_EXPR_REWRITE_H
#define THESEUS_EXPR_REWRITE_H

#include "expr/Assignment.h"
#include "expr/Expr.h"

#include <string>

namespace theseus {

/// True when `E` multiplies, divides or takes the remainder of two
/// non-constant operands somewhere.
bool hasNonlinear(ExprRef E);

/// Replaces every non-linear sub-expression of `E` (as in hasNonlinear) by
/// its value under `A`: the concretisation PyExZ3 applies to fermat3.
/// `Replaced` counts the sub-expressions replaced.
ExprRef concretizeNonlinear(ExprContext &Ctx, ExprRef E, const Assignment &A,
                            unsigned &Replaced);

/// Replaces every non-linear sub-expression of the quantifier-free `E` by a
/// fresh variable (`Prefix` and a number; one per distinct sub-expression):
/// a weaker formula, satisfiable whenever `E` is, which a solver decides
/// without multiplier circuits.
ExprRef abstractNonlinear(ExprContext &Ctx, ExprRef E,
                          const std::string &Prefix);

} // namespace theseus

#endif
