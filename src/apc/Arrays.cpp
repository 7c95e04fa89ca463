//===- Arrays.cpp - Arrays the program modifies, for the apc --------------===//
#include "apc/Arrays.h"

#include "expr/Substitute.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

namespace theseus {

std::optional<ArrayLayout> arrayLayout(const llvm::AllocaInst &A) {
  const llvm::DataLayout &DL = A.getModule()->getDataLayout();
  std::optional<llvm::TypeSize> Size = A.getAllocationSize(DL);
  if (!Size || Size->isScalable())
    return std::nullopt;
  return arrayLayout(A, Size->getFixedValue(), DL);
}

std::optional<ArrayLayout> arrayLayout(const llvm::Value &Base, uint64_t Bytes,
                                       const llvm::DataLayout &DL) {
  ArrayLayout L;
  std::vector<const llvm::Value *> Work{&Base};
  auto Access = [&](llvm::Type *Ty) {
    auto *IntTy = llvm::dyn_cast<llvm::IntegerType>(Ty);
    if (!IntTy || IntTy->getBitWidth() > 64 || (L.ElemTy && L.ElemTy != IntTy))
      return false;
    L.ElemTy = IntTy;
    return true;
  };
  while (!Work.empty()) {
    const llvm::Value *P = Work.back();
    Work.pop_back();
    for (const llvm::Use &U : P->uses()) {
      const llvm::User *User = U.getUser();
      if (const auto *Ld = llvm::dyn_cast<llvm::LoadInst>(User)) {
        if (Ld->isVolatile() || !Access(Ld->getType()))
          return std::nullopt;
      } else if (const auto *St = llvm::dyn_cast<llvm::StoreInst>(User)) {
        if (St->getPointerOperand() != P || St->isVolatile() ||
            !Access(St->getValueOperand()->getType()))
          return std::nullopt;
      } else if (llvm::isa<llvm::GEPOperator>(User)) {
        Work.push_back(User);
      } else if (const auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(User);
                 !II || !II->isLifetimeStartOrEnd()) {
        return std::nullopt; // Escapes: a call, a phi, a stored pointer.
      }
    }
  }
  if (!L.ElemTy)
    return std::nullopt;
  L.ElemBytes = DL.getTypeStoreSize(L.ElemTy);
  if (!llvm::isPowerOf2_64(L.ElemBytes) || Bytes == 0 ||
      Bytes % L.ElemBytes != 0 || Bytes / L.ElemBytes > MaxArrayCells)
    return std::nullopt;
  L.Cells = Bytes / L.ElemBytes;
  return L;
}

ExprRef readCells(ExprContext &Ctx, const std::vector<ExprRef> &Cells,
                  ExprRef Off, uint64_t ElemBytes) {
  if (Off->isConst()) {
    uint64_t At = Off->value() / ElemBytes;
    return At < Cells.size() ? Cells[At] : nullptr;
  }
  ExprRef V = Cells.back();
  for (size_t At = Cells.size() - 1; V && At-- > 0;)
    V = Cells[At] ? Ctx.select(Ctx.eq(Off, Ctx.constant(At * ElemBytes, 64)),
                               Cells[At], V)
                  : nullptr;
  return V;
}

/// Written = ite(c1, t1, ite(c2, t2, ... Initial)): an iteration writes the
/// cell when some c_j holds, and then stores what the chain gives with any
/// value in place of Initial. False when the chain has another shape or a
/// condition or stored value reads the cell itself (a[i] += 1 depends on
/// the iterations before).
static bool splitWrites(ExprContext &Ctx, ExprRef Written, ExprRef Initial,
                        ExprRef &Writes, ExprRef &Stored) {
  std::unordered_map<ExprRef, bool> Self{{Initial, true}};
  Writes = Ctx.falseExpr();
  ExprRef E = Written;
  while (E->kind() == ExprKind::Select && E != Initial) {
    if (mentionsAny(E->operand(0), Self) || mentionsAny(E->operand(1), Self))
      return false;
    Writes = Ctx.logicalOr(Writes, E->operand(0));
    E = E->operand(2);
  }
  Stored = substituteValue(Ctx, Written,
                           {{Initial, Ctx.constant(0, Initial->width())}});
  return E == Initial && Writes != Ctx.falseExpr();
}

ExprRef lastWriteFact(ExprContext &Ctx, const std::vector<ExprRef> &Written,
                      ExprRef Initial, const LoopCounters &K, ExprRef Last) {
  // As in the looping condition: iteration tau_c of backbone c runs after
  // tau_j <= kappa_j iterations of each other backbone j.
  Substitution ToTau;
  for (unsigned J = 0; J < K.Kappa.size(); ++J)
    ToTau[K.Kappa[J]] = K.Tau[J];
  auto InIteration = [&](unsigned C, ExprRef Body, bool Universal) {
    Body = substituteFormula(Ctx, Body, ToTau);
    for (unsigned J = 0; J < K.Kappa.size(); ++J)
      if (J != C)
        Body = Ctx.exists(K.Tau[J],
                          Ctx.logicalAnd(Ctx.ule(K.Tau[J], K.Kappa[J]), Body));
    ExprRef Before = Ctx.ult(K.Tau[C], K.Kappa[C]);
    return Universal ? Ctx.forall(K.Tau[C], Ctx.implies(Before, Body))
                     : Ctx.exists(K.Tau[C], Ctx.logicalAnd(Before, Body));
  };
  ExprRef Some = Ctx.falseExpr(), None = Ctx.eq(Last, Initial);
  for (unsigned C = 0; C < Written.size(); ++C) {
    if (Written[C] == Initial)
      continue;
    ExprRef Writes, Stored;
    if (!Written[C] || !splitWrites(Ctx, Written[C], Initial, Writes, Stored))
      return nullptr;
    Some = Ctx.logicalOr(
        Some,
        InIteration(C, Ctx.logicalAnd(Writes, Ctx.eq(Last, Stored)), false));
    None = Ctx.logicalAnd(None, InIteration(C, Ctx.logicalNot(Writes), true));
  }
  return Ctx.logicalOr(Some, None);
}

} // namespace theseus
