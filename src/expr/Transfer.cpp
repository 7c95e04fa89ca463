//===- Transfer.cpp - Expressions copied from one context into another ---===//
#include "expr/Transfer.h"

#include <array>

namespace theseus {

ExprRef ExprTransfer::copyLeaf(ExprRef E) {
  switch (E->kind()) {
  case ExprKind::Const:
    return To.constant(E->value(), E->width());
  case ExprKind::Read:
    return To.read(To.array(E->array()->Name, E->array()->Size),
                   uint32_t(E->value()));
  case ExprKind::Var:
    return To.var(To.variable(E->variable()->Name, E->variable()->Width));
  default:
    return nullptr;
  }
}

ExprRef ExprTransfer::copy(ExprRef Root) {
  // Post-order without recursion: an unfolded apc is deep.
  std::vector<std::pair<ExprRef, bool>> Work{{Root, false}};
  while (!Work.empty()) {
    auto [E, OperandsDone] = Work.back();
    Work.pop_back();
    if (Done.count(E))
      continue;
    if (ExprRef Leaf = copyLeaf(E)) {
      Done[E] = Leaf;
      continue;
    }
    if (!OperandsDone) {
      Work.push_back({E, true});
      for (unsigned I = 0; I < E->numOperands(); ++I)
        Work.push_back({E->operand(I), false});
      continue;
    }
    std::array<ExprRef, 3> Ops{};
    for (unsigned I = 0; I < E->numOperands(); ++I)
      Ops[I] = Done.at(E->operand(I));
    if (E->kind() == ExprKind::TableRead) {
      const ConstantTable *&T = Tables[E->table()];
      if (!T)
        T = To.table(E->table()->Name, E->table()->Bytes);
      Done[E] = To.tableRead(T, Ops[0]);
    } else if (E->kind() == ExprKind::ArrayRead) {
      const Array *A = To.array(E->array()->Name, E->array()->Size);
      Done[E] = To.arrayRead(A, Ops[0], unsigned(E->value()));
    } else {
      Done[E] = To.rebuild(E, Ops.data());
    }
  }
  return Done.at(Root);
}

Assignment ExprTransfer::copy(const Assignment &A) {
  Assignment Out;
  for (const auto &[Arr, Bytes] : A.values())
    Out.set(To.array(Arr->Name, Arr->Size), Bytes);
  return Out;
}

} // namespace theseus
