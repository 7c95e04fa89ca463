//===- FloatSearch.h - Models of float queries found by evaluation --------===//
//
// Z3's floating-point theory gives up on polynomials of a float input of
// high degree (a Newton iteration over a degree-7 polynomial, say) within
// any reasonable time. Such a query often has many models: XSat's idea is
// to look for one by minimising a distance to satisfaction over the float
// inputs, evaluating the constraints concretely. The evaluator computes
// every float operation as native code does, so a model found this way is
// exact; the search never proves a query unsatisfiable.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_SOLVER_FLOATSEARCH_H
#define THESEUS_SOLVER_FLOATSEARCH_H

#include "expr/Assignment.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace theseus {

/// An assignment satisfying every constraint of `Cs`, made from `Hint` by
/// changing the values of the float and double inputs `Cs` read (arrays of
/// 4 or 8 bytes read by a float operation), found within `Evaluations`
/// evaluations of `Cs` (a search seeded by `Seed`: the same query, hint and
/// seed give the same answer). None when there is no such input, or the
/// search found none.
std::optional<Assignment> searchFloatModel(const std::vector<ExprRef> &Cs,
                                           const Assignment &Hint,
                                           unsigned Evaluations,
                                           uint64_t Seed = 0);

} // namespace theseus

#endif
