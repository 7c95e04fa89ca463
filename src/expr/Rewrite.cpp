//===- Rewrite.cpp - Expression transformations ---------------------------===//
#include "expr/Rewrite.h"

#include <functional>
#include <string>
#include <unordered_map>

namespace theseus {

namespace {

bool isNonlinearNode(ExprRef E) {
  switch (E->kind()) {
  case ExprKind::Mul:
  case ExprKind::UDiv:
  case ExprKind::SDiv:
  case ExprKind::URem:
  case ExprKind::SRem:
    return !E->operand(0)->isConst() && !E->operand(1)->isConst();
  case ExprKind::FBinary: // Products and quotients are the costly circuits.
    return FloatBinaryOp(E->value()) != FloatBinaryOp::Add &&
           FloatBinaryOp(E->value()) != FloatBinaryOp::Sub &&
           !E->operand(0)->isConst() && !E->operand(1)->isConst();
  default:
    return false;
  }
}

/// Rebuilds an expression with each non-linear node replaced.
class NonlinearReplacer {
public:
  NonlinearReplacer(ExprContext &Ctx, std::function<ExprRef(ExprRef)> Replace)
      : Ctx(Ctx), Replace(std::move(Replace)) {}

  ExprRef visit(ExprRef E) {
    if (E->isConst() || E->kind() == ExprKind::Read)
      return E;
    auto It = Memo.find(E);
    if (It != Memo.end())
      return It->second;
    ExprRef R = rebuild(E);
    Memo.emplace(E, R);
    return R;
  }

  unsigned Replaced = 0;

private:
  ExprRef rebuild(ExprRef E) {
    if (isNonlinearNode(E)) {
      ++Replaced;
      return Replace(E);
    }
    ExprRef Op[3] = {nullptr, nullptr, nullptr};
    bool Changed = false;
    for (unsigned I = 0; I < E->numOperands(); ++I) {
      Op[I] = visit(E->operand(I));
      Changed |= Op[I] != E->operand(I);
    }
    if (!Changed)
      return E;
    return Ctx.rebuild(E, Op);
  }

  ExprContext &Ctx;
  std::function<ExprRef(ExprRef)> Replace;
  std::unordered_map<ExprRef, ExprRef> Memo;
};

bool hasNonlinearRec(ExprRef E, std::unordered_map<ExprRef, bool> &Seen) {
  if (E->isConst() || E->kind() == ExprKind::Read)
    return false;
  auto [It, New] = Seen.emplace(E, false);
  if (!New)
    return It->second;
  bool R = isNonlinearNode(E);
  for (unsigned I = 0; !R && I < E->numOperands(); ++I)
    R = hasNonlinearRec(E->operand(I), Seen);
  Seen[E] = R;
  return R;
}

} // namespace

bool hasNonlinear(ExprRef E) {
  std::unordered_map<ExprRef, bool> Seen;
  return hasNonlinearRec(E, Seen);
}

ExprRef concretizeNonlinear(ExprContext &Ctx, ExprRef E, const Assignment &A,
                            unsigned &Replaced) {
  NonlinearReplacer C(
      Ctx, [&](ExprRef X) { return Ctx.constant(evaluate(X, A), X->width()); });
  ExprRef R = C.visit(E);
  Replaced += C.Replaced;
  return R;
}

ExprRef abstractNonlinear(ExprContext &Ctx, ExprRef E,
                          const std::string &Prefix) {
  unsigned Fresh = 0;
  NonlinearReplacer C(Ctx, [&](ExprRef X) {
    return Ctx.var(Ctx.variable(Prefix + std::to_string(Fresh++), X->width()));
  });
  return C.visit(E);
}

} // namespace theseus
