//===- LoopExit.cpp - A loop's exit test and its counters (section 3.2) ---===//
#include "apc/ApcBuilder.h"

#include <algorithm>

namespace theseus {

namespace {

/// How a loop's test at its entry, `X op B` with B invariant, counts the
/// iterations that step X = x0 + (sum of the Stepping counters) by one:
/// their sum is N, the least n >= 0 with the test false for x0 + n. X
/// takes every value from x0 to x0 + N at the entry, the test holding on
/// all but the last; in bit-vectors too (X reaches B without wrapping; for
/// <= with B the maximum, the loop never ends).
struct GuardCount {
  ExprRef N = nullptr; ///< Null: the test has another shape.
  std::vector<ExprRef> Stepping;
};

GuardCount countFromGuard(ExprContext &Ctx, ExprRef Guard,
                          const std::vector<ExprRef> &Kappa) {
  ExprKind K = Guard->kind();
  bool Ne = K == ExprKind::Not && Guard->operand(0)->kind() == ExprKind::Eq;
  if (Ne)
    Guard = Guard->operand(0);
  else if (K != ExprKind::Slt && K != ExprKind::Ult && K != ExprKind::Sle &&
           K != ExprKind::Ule)
    return {};
  auto CounterOf = [&](ExprRef T) -> ExprRef {
    if (T->kind() == ExprKind::Extract && T->value() == 0)
      T = T->operand(0);
    return std::find(Kappa.begin(), Kappa.end(), T) != Kappa.end() ? T
                                                                   : nullptr;
  };
  std::unordered_map<ExprRef, bool> Counters;
  for (ExprRef C : Kappa)
    Counters[C] = true;
  for (unsigned XAt = 0; XAt < (Ne ? 2u : 1u); ++XAt) {
    ExprRef X = Guard->operand(XAt), B = Guard->operand(1 - XAt);
    if (mentionsAny(B, Counters))
      continue;
    // X flattened: counters (each at most once) plus invariant terms x0.
    GuardCount R;
    ExprRef X0 = Ctx.constant(0, X->width());
    bool Ok = true;
    std::vector<ExprRef> Work{X};
    while (!Work.empty() && Ok) {
      ExprRef T = Work.back();
      Work.pop_back();
      if (T->kind() == ExprKind::Add) {
        Work.push_back(T->operand(0));
        Work.push_back(T->operand(1));
      } else if (ExprRef C = CounterOf(T)) {
        Ok = std::find(R.Stepping.begin(), R.Stepping.end(), C) ==
             R.Stepping.end();
        R.Stepping.push_back(C);
      } else {
        Ok = !mentionsAny(T, Counters);
        X0 = Ctx.add(X0, T);
      }
    }
    if (!Ok || R.Stepping.empty())
      continue;
    ExprRef Diff = Ctx.sub(B, X0);
    ExprRef Zero = Ctx.constant(0, Diff->width());
    if (K == ExprKind::Sle || K == ExprKind::Ule)
      Diff = Ctx.add(Diff, Ctx.constant(1, Diff->width()));
    R.N = Ne ? Diff : Ctx.select(Ctx.compare(K, X0, B), Diff, Zero);
    return R;
  }
  return {};
}

} // namespace

ExprRef ApcBuilder::exitCondition(const State &S, const llvm::BasicBlock *Entry,
                                  const llvm::BasicBlock *Exit) {
  State Probe = S;
  ExprRef Ignored = Ctx.trueExpr();
  Ir.executeBody(Probe, Entry, nullptr, Ignored);
  return Ir.edgeCondition(Probe, Entry, Exit);
}

ExprRef ApcBuilder::eliminateCounter(State &S, const Summary &L,
                                     const llvm::BasicBlock *Entry,
                                     const llvm::BasicBlock *Exit) {
  // Section 3.2: the test at the entry determines how often the loop
  // stepped its tested value. A counter it fixes alone is replaced, which
  // keeps the values after the loop free of it (an outer loop can still
  // summarize them); the sum and bounds keep what the apc knew, and keep
  // counters from wrapping around the tested value's width.
  ExprRef Leave = exitCondition(S, Entry, Exit);
  if (!Leave)
    return Ctx.trueExpr();
  GuardCount GC = countFromGuard(Ctx, Ctx.logicalNot(Leave), L.Counters.Kappa);
  if (!GC.N)
    return Ctx.trueExpr();
  ExprRef Count = Ctx.resize(GC.N, 64, false);
  ExprRef Sum = Ctx.constant(0, 64), Facts = Ctx.trueExpr();
  for (ExprRef C : GC.Stepping) {
    Sum = Ctx.add(Sum, C);
    Facts = Ctx.logicalAnd(Facts, Ctx.ule(C, Count));
  }
  if (GC.Stepping.size() == 1) {
    Substitution Sub{{GC.Stepping[0], Count}};
    for (auto &[V, E] : S)
      if (E)
        E = substituteValue(Ctx, E, Sub);
  }
  return Ctx.logicalAnd(Facts, Ctx.eq(Sum, Count));
}

} // namespace theseus
