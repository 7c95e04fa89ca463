//===- ClosedForms.h - Sums of polynomial steps over a path counter -------===//
//
// The lightweight rule x' = x + d of Strejček and Trtík (section 3.1) with
// a step d that is not invariant but a polynomial in the loop's own path
// counter: s += 2*k + 1 with k = k0 + kappa. After kappa iterations of that
// backbone, x is x0 plus the sum of d(t) over t = 0..kappa-1, a polynomial
// in kappa whose binomial coefficients C(kappa, m) are computed exactly in
// the bit-vectors' modular arithmetic: each product of consecutive numbers
// is halved at its even factor before it is multiplied out, and the
// division by 3 is a multiplication by 3's inverse modulo 2^w.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_APC_CLOSEDFORMS_H
#define THESEUS_APC_CLOSEDFORMS_H

#include "expr/Expr.h"

#include <functional>

namespace theseus {

/// `D - X` when `D` is `X + d`, `d + X` or `X - d`; null otherwise.
ExprRef stepOf(ExprContext &Ctx, ExprRef D, ExprRef X);

/// Whether an expression is constant over the loop (mentions no counter).
using InvariantFn = std::function<bool(ExprRef)>;

/// The sum of `Step`(t) for t = 0 .. Kappa - 1, in `Step`'s width, where
/// `Step` is a polynomial of degree at most 2 in `Kappa` (64-bit; the
/// counter's value at the start of the iteration) with coefficients that
/// satisfy `Invariant`; null when `Step` has another shape.
ExprRef sumOverCounter(ExprContext &Ctx, ExprRef Step, ExprRef Kappa,
                       const InvariantFn &Invariant);

/// C(Kappa, M) modulo 2^Width for M in 1..3, exactly, for any 64-bit
/// unsigned `Kappa`.
ExprRef binomial(ExprContext &Ctx, ExprRef Kappa, unsigned M, unsigned Width);

} // namespace theseus

#endif
