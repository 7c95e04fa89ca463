//===- Heavyweight.cpp - Inner loop counts inferred by the solver ---------===//
#include "apc/Heavyweight.h"

#include "expr/Assignment.h"
#include "solver/Quantified.h"

#include <chrono>
#include <fmt/format.h>

namespace theseus {

namespace {

ExprRef sum(ExprContext &Ctx, const std::vector<ExprRef> &Terms) {
  ExprRef Sum = Ctx.constant(0, 64);
  for (ExprRef T : Terms)
    Sum = Ctx.add(Sum, T);
  return Sum;
}

/// `F` (over the inner loop's counters) at counters summing to `Total`:
/// one counter is replaced by it; several by fresh variables whose sum is
/// constrained to it.
ExprRef atCount(ExprContext &Ctx, ExprRef F, const std::vector<ExprRef> &Kappa,
                ExprRef Total, const std::string &Fresh) {
  if (Kappa.size() == 1)
    return substituteFormula(Ctx, F, {{Kappa[0], Total}});
  Substitution Copy;
  std::vector<ExprRef> Copies;
  for (unsigned L = 0; L < Kappa.size(); ++L) {
    Copies.push_back(Ctx.var(Ctx.variable(fmt::format("{}.{}", Fresh, L), 64)));
    Copy[Kappa[L]] = Copies.back();
  }
  return Ctx.logicalAnd(Ctx.eq(sum(Ctx, Copies), Total),
                        substituteFormula(Ctx, F, Copy));
}

ExprRef maxZero(ExprContext &Ctx, ExprRef L) {
  ExprRef Zero = Ctx.constant(0, 64);
  return Ctx.select(Ctx.slt(L, Zero), Zero, L);
}

/// A 64-bit unknown whose value a model reports: the bytes of a fresh array.
ExprRef probe(ExprContext &Ctx, const std::string &Name) {
  return Ctx.readLE(Ctx.array(Name, 8), 0, 8);
}

} // namespace

ExprRef countConditions(ExprContext &Ctx, const InnerLoopVisit &V, ExprRef S,
                        const std::string &Fresh) {
  ExprRef AnyIteration = Ctx.falseExpr();
  for (ExprRef A : V.Apcs)
    AnyIteration =
        Ctx.logicalOr(AnyIteration, substituteFormula(Ctx, A, V.Iterated));
  AnyIteration = substituteFormula(Ctx, AnyIteration, V.Before);
  ExprRef Facts =
      V.Exit ? atCount(Ctx, V.Exit, V.Kappa, S, Fresh + "x") : Ctx.trueExpr();
  // sigma: the iteration S - D passed its tests, where S >= D: the last
  // one (D = 1), and those a wrap-around of a tested char, short or int
  // would repeat (D = 2^8, 2^16, 2^32); and the first one, where S > 0.
  // Without them S is only known modulo the tested width.
  const uint64_t Back[] = {1, uint64_t(1) << 8, uint64_t(1) << 16,
                           uint64_t(1) << 32};
  Facts = Ctx.logicalAnd(
      Facts, Ctx.logicalOr(Ctx.eq(S, Ctx.constant(0, 64)),
                           atCount(Ctx, AnyIteration, V.Kappa,
                                   Ctx.constant(0, 64), Fresh + "f")));
  for (unsigned I = 0; I < std::size(Back); ++I) {
    ExprRef D = Ctx.constant(Back[I], 64);
    ExprRef Passed = atCount(Ctx, AnyIteration, V.Kappa, Ctx.sub(S, D),
                             fmt::format("{}p{}", Fresh, I));
    Facts = Ctx.logicalAnd(Facts, Ctx.logicalOr(Ctx.ult(S, D), Passed));
  }
  return Facts;
}

ExprRef replaceCounterSum(ExprContext &Ctx, ExprRef E,
                          const std::vector<ExprRef> &Kappa, ExprRef S,
                          QuantifiedQuery &Q, unsigned TimeoutMs) {
  if (Kappa.size() == 1)
    return substituteValue(Ctx, E, {{Kappa[0], S}});
  // E at kappa_0 = S - (the others) equals E at (S, 0, ..., 0) for all
  // counters exactly when E depends on their sum alone.
  std::vector<ExprRef> Rest(Kappa.begin() + 1, Kappa.end());
  Substitution First{{Kappa[0], Ctx.sub(S, sum(Ctx, Rest))}};
  Substitution AllInFirst{{Kappa[0], S}};
  for (ExprRef K : Rest)
    AllInFirst[K] = Ctx.constant(0, 64);
  ExprRef Candidate = substituteValue(Ctx, E, AllInFirst);
  ExprRef Split = substituteValue(Ctx, E, First);
  if (!Candidate || !Split)
    return nullptr;
  bool SumAlone =
      Q.check(Ctx.ne(Split, Candidate), TimeoutMs).Result == SatResult::Unsat;
  return SumAlone ? Candidate : nullptr;
}

ExprRef inferLinearCount(ExprContext &Ctx, ExprRef S, ExprRef Facts,
                         const std::vector<ExprRef> &Atoms,
                         const std::vector<bool> &Unsigned, QuantifiedQuery &Q,
                         unsigned BudgetMs, unsigned Rounds) {
  const std::string Base = S->variable()->Name;
  std::vector<ExprRef> Wide;
  for (unsigned A = 0; A < Atoms.size(); ++A)
    Wide.push_back(Ctx.resize(Atoms[A], 64, !Unsigned[A]));
  // Observing a model: each atom's and S's value through a probe.
  ExprRef Observe = Ctx.eq(probe(Ctx, Base + "#s"), S);
  for (unsigned A = 0; A < Wide.size(); ++A)
    Observe = Ctx.logicalAnd(
        Observe, Ctx.eq(probe(Ctx, fmt::format("{}#a{}", Base, A)), Wide[A]));
  // The coefficients, small: a count's dependency on a counter or a
  // variable has a small factor, and a bound keeps the guesses sensible.
  std::vector<ExprRef> Coef;
  ExprRef Guesses = Ctx.trueExpr();
  for (unsigned A = 0; A <= Wide.size(); ++A) {
    Coef.push_back(probe(Ctx, fmt::format("{}#c{}", Base, A)));
    int64_t Bound = A == 0 ? int64_t(1) << 31 : 16;
    Guesses = Ctx.logicalAnd(
        Guesses,
        Ctx.logicalAnd(Ctx.sle(Ctx.constant(uint64_t(-Bound), 64), Coef.back()),
                       Ctx.sle(Coef.back(), Ctx.constant(Bound, 64))));
  }
  auto Linear = [&](const std::vector<ExprRef> &C,
                    const std::vector<ExprRef> &Values) {
    ExprRef L = C[0];
    for (unsigned A = 0; A < Values.size(); ++A)
      L = Ctx.add(L, Ctx.mul(C[A + 1], Values[A]));
    return L;
  };
  // One budget for all the queries: each gets what is left of it.
  using Clock = std::chrono::steady_clock;
  Clock::time_point Deadline =
      Clock::now() + std::chrono::milliseconds(BudgetMs);
  auto LeftMs = [&]() -> unsigned {
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    Deadline - Clock::now())
                    .count();
    return unsigned(std::max<int64_t>(Left, 1));
  };
  ExprRef Count = nullptr;
  for (unsigned Round = 0; Round < Rounds; ++Round) {
    // A model where S differs from the current guess, or none: proved.
    ExprRef Query = Ctx.logicalAnd(Facts, Observe);
    if (Count)
      Query = Ctx.logicalAnd(Query, Ctx.ne(S, Count));
    SolverResponse R = Q.check(Query, LeftMs());
    if (R.Result == SatResult::Unsat)
      return Count ? Count : Ctx.constant(0, 64);
    if (R.Result != SatResult::Sat)
      return nullptr;
    Evaluator E(R.Model);
    std::vector<ExprRef> Point;
    for (unsigned A = 0; A < Wide.size(); ++A)
      Point.push_back(
          Ctx.constant(E.eval(probe(Ctx, fmt::format("{}#a{}", Base, A))), 64));
    ExprRef Seen = Ctx.constant(E.eval(probe(Ctx, Base + "#s")), 64);
    Guesses = Ctx.logicalAnd(Guesses,
                             Ctx.eq(Seen, maxZero(Ctx, Linear(Coef, Point))));
    SolverResponse G = Q.check(Guesses, LeftMs());
    if (G.Result != SatResult::Sat)
      return nullptr;
    Evaluator GE(G.Model);
    std::vector<ExprRef> Found;
    for (ExprRef C : Coef)
      Found.push_back(Ctx.constant(GE.eval(C), 64));
    Count = maxZero(Ctx, Linear(Found, Wide));
  }
  return nullptr;
}

} // namespace theseus
