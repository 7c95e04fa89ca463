//===- Substitute.cpp - Replacing variables, with an unknown value --------===//
#include "expr/Substitute.h"

#include <unordered_set>

namespace theseus {

namespace {

bool isConnective(ExprRef E) {
  switch (E->kind()) {
  case ExprKind::Forall:
  case ExprKind::Exists:
    return true;
  case ExprKind::And:
  case ExprKind::Or:
  case ExprKind::Not:
    return E->width() == 1;
  default:
    return false;
  }
}

class Substituter {
public:
  Substituter(ExprContext &Ctx, const Substitution &S) : Ctx(Ctx), S(S) {}

  ExprRef value(ExprRef E) {
    if (E->isConst() || E->kind() == ExprKind::Read)
      return E;
    if (E->kind() == ExprKind::Var) {
      auto It = S.find(E);
      return It == S.end() ? E : It->second;
    }
    auto [It, New] = Values.emplace(E, nullptr);
    if (!New)
      return It->second;
    ExprRef Ops[3] = {nullptr, nullptr, nullptr};
    for (unsigned I = 0; I < E->numOperands(); ++I)
      if (!(Ops[I] = value(E->operand(I))))
        return nullptr;
    ExprRef R = Ctx.rebuild(E, Ops);
    Values[E] = R;
    return R;
  }

  ExprRef formula(ExprRef F, bool Positive) {
    if (!isConnective(F)) {
      ExprRef V = value(F);
      return V ? V : Ctx.boolConst(Positive);
    }
    auto Key = std::make_pair(F, Positive);
    auto It = Formulas.find(Key);
    if (It != Formulas.end())
      return It->second;
    ExprRef Ops[3] = {nullptr, nullptr, nullptr};
    bool Quantifier =
        F->kind() == ExprKind::Forall || F->kind() == ExprKind::Exists;
    for (unsigned I = 0; I < F->numOperands(); ++I) {
      if (Quantifier && I == 0) {
        Ops[0] = F->operand(0); // The bound variable stays.
        continue;
      }
      bool Sign = F->kind() == ExprKind::Not ? !Positive : Positive;
      Ops[I] = formula(F->operand(I), Sign);
    }
    ExprRef R = Ctx.rebuild(F, Ops);
    Formulas.emplace(Key, R);
    return R;
  }

private:
  struct PairHash {
    size_t operator()(const std::pair<ExprRef, bool> &P) const {
      return P.first->hash() * 2 + P.second;
    }
  };
  ExprContext &Ctx;
  const Substitution &S;
  std::unordered_map<ExprRef, ExprRef> Values;
  std::unordered_map<std::pair<ExprRef, bool>, ExprRef, PairHash> Formulas;
};

} // namespace

ExprRef substituteValue(ExprContext &Ctx, ExprRef E, const Substitution &S) {
  return Substituter(Ctx, S).value(E);
}

ExprRef substituteFormula(ExprContext &Ctx, ExprRef F, const Substitution &S) {
  return Substituter(Ctx, S).formula(F, true);
}

bool mentionsAny(ExprRef E, const std::unordered_map<ExprRef, bool> &Vars) {
  return anyNode(E, [&Vars](ExprRef X) {
    return X->kind() == ExprKind::Var && Vars.count(X);
  });
}

} // namespace theseus
