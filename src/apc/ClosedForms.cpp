//===- ClosedForms.cpp - Sums of polynomial steps over a path counter -----===//
#include "apc/ClosedForms.h"

#include <optional>
#include <vector>

namespace theseus {

namespace {

/// Coefficients c_0, c_1, ... of c_0 + c_1 t + c_2 t^2, all of one width.
using Poly = std::vector<ExprRef>;
constexpr unsigned MaxDegree = 2;

Poly plus(ExprContext &Ctx, const Poly &A, const Poly &B, bool Minus) {
  unsigned W = A[0]->width();
  Poly R(std::max(A.size(), B.size()), Ctx.constant(0, W));
  for (unsigned I = 0; I < R.size(); ++I) {
    ExprRef L = I < A.size() ? A[I] : Ctx.constant(0, W);
    ExprRef Rt = I < B.size() ? B[I] : Ctx.constant(0, W);
    R[I] = Minus ? Ctx.sub(L, Rt) : Ctx.add(L, Rt);
  }
  return R;
}

std::optional<Poly> times(ExprContext &Ctx, const Poly &A, const Poly &B) {
  if (A.size() + B.size() - 2 > MaxDegree)
    return std::nullopt;
  Poly R(A.size() + B.size() - 1, Ctx.constant(0, A[0]->width()));
  for (unsigned I = 0; I < A.size(); ++I)
    for (unsigned J = 0; J < B.size(); ++J)
      R[I + J] = Ctx.add(R[I + J], Ctx.mul(A[I], B[J]));
  return R;
}

/// `E` as a polynomial in `Kappa` truncated to E's width: reducing modulo
/// 2^w commutes with + and *, so a truncated counter is still the counter.
std::optional<Poly> polynomialOf(ExprContext &Ctx, ExprRef E, ExprRef Kappa,
                                 const InvariantFn &Invariant) {
  unsigned W = E->width();
  if (Invariant(E))
    return Poly{E};
  if (E == Kappa || (E->kind() == ExprKind::Extract && E->value() == 0 &&
                     E->operand(0) == Kappa))
    return Poly{Ctx.constant(0, W), Ctx.constant(1, W)};
  auto Of = [&](ExprRef X) { return polynomialOf(Ctx, X, Kappa, Invariant); };
  switch (E->kind()) {
  case ExprKind::Add:
  case ExprKind::Sub: {
    std::optional<Poly> A = Of(E->operand(0)), B = Of(E->operand(1));
    if (!A || !B)
      return std::nullopt;
    return plus(Ctx, *A, *B, E->kind() == ExprKind::Sub);
  }
  case ExprKind::Mul: {
    std::optional<Poly> A = Of(E->operand(0)), B = Of(E->operand(1));
    if (!A || !B)
      return std::nullopt;
    return times(Ctx, *A, *B);
  }
  case ExprKind::Shl: {
    ExprRef By = E->operand(1);
    std::optional<Poly> A = Of(E->operand(0));
    if (!A || By->kind() != ExprKind::Const || By->value() >= W)
      return std::nullopt;
    return times(Ctx, *A, {Ctx.constant(uint64_t(1) << By->value(), W)});
  }
  case ExprKind::Extract: {
    if (E->value() != 0)
      return std::nullopt;
    std::optional<Poly> A = Of(E->operand(0));
    if (!A)
      return std::nullopt;
    for (ExprRef &C : *A)
      C = Ctx.extract(C, 0, W);
    return A;
  }
  default:
    return std::nullopt;
  }
}

/// 3's inverse modulo 2^Width.
uint64_t inverseOfThree(unsigned Width) {
  uint64_t Inv = 1;
  // Newton's iteration doubles the correct low bits: 1, 2, 4, ..., 64.
  for (unsigned I = 0; I < 6; ++I)
    Inv *= 2 - 3 * Inv;
  return Width == 64 ? Inv : Inv & ((uint64_t(1) << Width) - 1);
}

} // namespace

ExprRef stepOf(ExprContext &Ctx, ExprRef D, ExprRef X) {
  if (D->kind() == ExprKind::Sub && D->operand(0) == X)
    return Ctx.sub(Ctx.constant(0, X->width()), D->operand(1));
  if (D->kind() == ExprKind::Add && D->operand(0) == X)
    return D->operand(1);
  if (D->kind() == ExprKind::Add && D->operand(1) == X)
    return D->operand(0);
  return nullptr;
}

ExprRef binomial(ExprContext &Ctx, ExprRef Kappa, unsigned M, unsigned Width) {
  // kappa (kappa - 1) ... (kappa - M + 1) / M!: the factors are the
  // integers they stand for whenever kappa >= M, and for kappa < M one of
  // them is 0 (halved or not). The even one of kappa, kappa - 1 is halved
  // in 64 bits, exactly; then the product is taken modulo 2^Width.
  ExprRef One = Ctx.constant(1, 64);
  std::vector<ExprRef> Factors{Kappa};
  for (unsigned I = 1; I < M; ++I)
    Factors.push_back(Ctx.sub(Kappa, Ctx.constant(I, 64)));
  if (M >= 2) {
    ExprRef Even = Ctx.eq(Ctx.bitAnd(Kappa, One), Ctx.constant(0, 64));
    ExprRef A = Factors[0], B = Factors[1];
    Factors[0] = Ctx.select(Even, Ctx.binary(ExprKind::LShr, A, One), A);
    Factors[1] = Ctx.select(Even, B, Ctx.binary(ExprKind::LShr, B, One));
  }
  ExprRef Product = Ctx.constant(1, Width);
  for (ExprRef F : Factors)
    Product = Ctx.mul(Product, Ctx.resize(F, Width, false));
  if (M == 3)
    Product = Ctx.mul(Product, Ctx.constant(inverseOfThree(Width), Width));
  return Product;
}

ExprRef sumOverCounter(ExprContext &Ctx, ExprRef Step, ExprRef Kappa,
                       const InvariantFn &Invariant) {
  std::optional<Poly> P = polynomialOf(Ctx, Step, Kappa, Invariant);
  if (!P)
    return nullptr;
  unsigned W = Step->width();
  // The sum over t < kappa of t^0, t^1, t^2, in binomials of kappa:
  // kappa; C(kappa, 2); 2 C(kappa, 3) + C(kappa, 2).
  ExprRef C2 = P->size() > 1 ? binomial(Ctx, Kappa, 2, W) : nullptr;
  ExprRef Sums[] = {
      Ctx.resize(Kappa, W, false), C2,
      P->size() > 2
          ? Ctx.add(Ctx.mul(Ctx.constant(2, W), binomial(Ctx, Kappa, 3, W)), C2)
          : nullptr};
  ExprRef Total = Ctx.mul((*P)[0], Sums[0]);
  for (unsigned I = 1; I < P->size(); ++I)
    Total = Ctx.add(Total, Ctx.mul((*P)[I], Sums[I]));
  return Total;
}

} // namespace theseus
