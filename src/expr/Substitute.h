//===- Substitute.h - Replacing variables, with an unknown value ----------===//
//
// Substitution of Var nodes by expressions, where a variable may also be
// replaced by the unknown value (written ★ in the apc's seed, a null
// ExprRef here). A value that depends on an unknown is unknown. In a
// formula, an atom (a comparison, or any width-1 node that is not a
// connective) that depends on an unknown becomes `true` where it occurs
// positively and `false` where it occurs negatively, so the formula only
// gets weaker: whatever implied it still does.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPR_SUBSTITUTE_H
#define THESEUS_EXPR_SUBSTITUTE_H

#include "expr/Expr.h"

#include <unordered_map>

namespace theseus {

/// Var node -> replacement (null: unknown). Variables not in the map stay.
using Substitution = std::unordered_map<ExprRef, ExprRef>;

/// `E` with the substitution applied; null when it depends on an unknown.
ExprRef substituteValue(ExprContext &Ctx, ExprRef E, const Substitution &S);
/// The width-1 formula `F` with the substitution applied and atoms that
/// depend on an unknown weakened as described above.
ExprRef substituteFormula(ExprContext &Ctx, ExprRef F, const Substitution &S);

/// Whether any of `Vars` (Var nodes) occurs in `E`.
bool mentionsAny(ExprRef E, const std::unordered_map<ExprRef, bool> &Vars);

} // namespace theseus

#endif
