//===- Decode.cpp - Functions decoded once for the interpreter ------------===//
#include "exec/InterpreterRun.h"

namespace theseus {

namespace {

/// The width of a scalar the fast paths compute on, or 0.
uint8_t fastWidth(const llvm::Type *T) {
  unsigned W = scalarWidth(T);
  return W <= 64 ? static_cast<uint8_t>(W) : 0;
}

/// Whether the value `From` computes becomes an index of a getelementptr,
/// through casts, integer arithmetic, phis, selects and local variables
/// (a store to an alloca, then its loads: how -O0 code keeps `int i`).
bool flowsIntoIndex(const llvm::Instruction &From) {
  std::vector<const llvm::Value *> Work{&From};
  llvm::SmallPtrSet<const llvm::Value *, 16> Seen{&From};
  auto Visit = [&](const llvm::Value *V) {
    if (Seen.insert(V).second)
      Work.push_back(V);
  };
  while (!Work.empty()) {
    const llvm::Value *V = Work.back();
    Work.pop_back();
    for (const llvm::User *U : V->users()) {
      if (auto *Gep = llvm::dyn_cast<llvm::GetElementPtrInst>(U)) {
        if (Gep->getPointerOperand() != V)
          return true;
      } else if (auto *St = llvm::dyn_cast<llvm::StoreInst>(U)) {
        auto *Local = llvm::dyn_cast<llvm::AllocaInst>(St->getPointerOperand());
        if (St->getValueOperand() == V && Local)
          for (const llvm::User *L : Local->users())
            if (llvm::isa<llvm::LoadInst>(L))
              Visit(L);
      } else if (llvm::isa<llvm::CastInst, llvm::BinaryOperator, llvm::PHINode,
                           llvm::SelectInst>(U) &&
                 U->getType()->isIntegerTy()) {
        Visit(U);
      }
    }
  }
  return false;
}

} // namespace

Operand Interpreter::operandOf(const DecodedFunction &D, const llvm::Value *V) {
  if (auto *C = llvm::dyn_cast<llvm::Constant>(V))
    return {Operand::Constant, constantBits(C)};
  auto It = D.SlotOf.find(V);
  // Values without a slot (metadata, inline asm) read as 0, as they did
  // when looked up by value.
  return It == D.SlotOf.end() ? Operand{Operand::Constant, 0}
                              : Operand{It->second, 0};
}

const DecodedFunction &Interpreter::decoded(const llvm::Function &F) {
  auto [It, New] = DecodedFunctions.try_emplace(&F);
  if (!New)
    return *It->second;
  auto D = std::make_unique<DecodedFunction>();
  D->Fn = &F;
  // Slots: the arguments, then every instruction, so that the operands of
  // any instruction (phis refer to later ones) have theirs.
  for (const llvm::Argument &A : F.args())
    D->SlotOf[&A] = D->NumSlots++;
  for (const llvm::BasicBlock &BB : F) {
    D->BlockIndex[&BB] = static_cast<uint32_t>(D->Blocks.size());
    DecodedBlock Block;
    Block.BB = &BB;
    bool PastPhis = false;
    for (const llvm::Instruction &I : BB) {
      if (!I.getType()->isVoidTy())
        D->SlotOf[&I] = D->NumSlots++;
      D->IndexOf[&I] = static_cast<uint32_t>(D->Insts.size());
      D->Insts.push_back({});
      D->Insts.back().I = &I;
      if (!PastPhis && !llvm::isa<llvm::PHINode>(I)) {
        PastPhis = true;
        Block.First = static_cast<uint32_t>(D->Insts.size() - 1);
      }
    }
    D->Blocks.push_back(std::move(Block));
  }
  for (DecodedInst &DI : D->Insts)
    decodeInstruction(*D, DI);
  for (DecodedBlock &Block : D->Blocks)
    for (const llvm::PHINode &Phi : Block.BB->phis()) {
      DecodedPhi P{D->SlotOf.lookup(&Phi), {}};
      for (unsigned K = 0; K < Phi.getNumIncomingValues(); ++K)
        P.Incoming.push_back(
            {Phi.getIncomingBlock(K), operandOf(*D, Phi.getIncomingValue(K))});
      Block.Phis.push_back(std::move(P));
    }
  if (Loops)
    Loops->analyze(*D);
  It->second = std::move(D);
  return *It->second;
}

void Interpreter::decodeInstruction(DecodedFunction &D, DecodedInst &DI) {
  const llvm::Instruction &I = *DI.I;
  DI.Result = D.SlotOf.lookup(&I);
  auto Op = [&](unsigned N) { return operandOf(D, I.getOperand(N)); };
  auto BlockOf = [&](const llvm::BasicBlock *BB) {
    return D.BlockIndex.lookup(BB);
  };
  if (!HostOnlyGlobals.empty() && hostOnlyGlobalIn(I)) {
    DI.Op = DecodedOp::HostOnlyGlobal;
  } else if (llvm::isa<llvm::PHINode>(I)) {
    DI.Op = DecodedOp::Phi;
  } else if (auto *B = llvm::dyn_cast<llvm::BinaryOperator>(&I);
             B && !B->getType()->isFPOrFPVectorTy()) {
    DI.Op = DecodedOp::Binary;
    DI.Width = fastWidth(B->getType());
    DI.Kind = static_cast<uint8_t>(binaryKind(B->getOpcode()));
    DI.Ops[0] = Op(0);
    DI.Ops[1] = Op(1);
  } else if (auto *C = llvm::dyn_cast<llvm::ICmpInst>(&I)) {
    DI.Op = DecodedOp::ICmp;
    DI.Width = fastWidth(C->getOperand(0)->getType());
    Comparison Cmp = comparisonOf(C->getPredicate());
    DI.Kind = static_cast<uint8_t>(Cmp.Kind);
    DI.Swap = Cmp.Swap;
    DI.Negate = Cmp.Negate;
    DI.Ops[0] = Op(DI.Swap ? 1 : 0);
    DI.Ops[1] = Op(DI.Swap ? 0 : 1);
  } else if (auto *C = llvm::dyn_cast<llvm::CastInst>(&I)) {
    DI.Op = DecodedOp::Cast;
    DI.Width = fastWidth(C->getDestTy());
    DI.FromWidth = fastWidth(C->getSrcTy());
    if (!DI.FromWidth)
      DI.Width = 0;
    DI.Kind = static_cast<uint8_t>(C->getOpcode());
    DI.Ops[0] = Op(0);
    DI.Indexes = Opts.NanIndex &&
                 llvm::isa<llvm::FPToSIInst, llvm::FPToUIInst>(C) &&
                 flowsIntoIndex(*C);
  } else if (auto *S = llvm::dyn_cast<llvm::SelectInst>(&I)) {
    DI.Op = DecodedOp::Select;
    if (!S->getCondition()->getType()->isVectorTy())
      DI.Width = fastWidth(S->getType());
    DI.Ops[0] = Op(0);
    DI.Ops[1] = Op(1);
    DI.Ops[2] = Op(2);
  } else if (auto *Br = llvm::dyn_cast<llvm::BranchInst>(&I)) {
    DI.Op = Br->isConditional() ? DecodedOp::CondBranch : DecodedOp::Jump;
    DI.Aux0 = BlockOf(Br->getSuccessor(0));
    if (Br->isConditional()) {
      DI.Ops[0] = operandOf(D, Br->getCondition());
      DI.Aux1 = BlockOf(Br->getSuccessor(1));
    }
  } else if (auto *L = llvm::dyn_cast<llvm::LoadInst>(&I)) {
    DI.Op = DecodedOp::Load;
    DI.Width = fastWidth(L->getType());
    DI.Aux0 = static_cast<uint32_t>(DL.getTypeStoreSize(L->getType()));
    DI.Ops[0] = operandOf(D, L->getPointerOperand());
  } else if (auto *St = llvm::dyn_cast<llvm::StoreInst>(&I)) {
    DI.Op = DecodedOp::Store;
    llvm::Type *T = St->getValueOperand()->getType();
    DI.Width = fastWidth(T);
    DI.Aux0 = static_cast<uint32_t>(DL.getTypeStoreSize(T));
    DI.Ops[0] = operandOf(D, St->getPointerOperand());
    DI.Ops[1] = operandOf(D, St->getValueOperand());
  } else if (auto *G = llvm::dyn_cast<llvm::GetElementPtrInst>(&I)) {
    DI.Op = DecodedOp::GetElementPtr;
    DI.Width = G->getType()->isVectorTy() ? 0 : 64;
    DI.Ops[0] = operandOf(D, G->getPointerOperand());
    DI.Aux0 = static_cast<uint32_t>(D.GepTerms.size());
    for (auto GTI = llvm::gep_type_begin(G), E = llvm::gep_type_end(G);
         DI.Width && GTI != E; ++GTI) {
      const llvm::Value *Idx = GTI.getOperand();
      if (llvm::StructType *ST = GTI.getStructTypeOrNull()) {
        unsigned Field = static_cast<unsigned>(
            llvm::cast<llvm::ConstantInt>(Idx)->getZExtValue());
        DI.Offset += DL.getStructLayout(ST)->getElementOffset(Field);
        continue;
      }
      GepTerm T{operandOf(D, Idx), scalarWidth(Idx->getType()),
                GTI.getSequentialElementStride(DL)};
      if (T.Index.Slot == Operand::Constant)
        DI.Offset += uint64_t(signExtend(T.Index.Bits, T.Width)) * T.Stride;
      else
        D.GepTerms.push_back(T);
    }
    DI.Aux1 = static_cast<uint32_t>(D.GepTerms.size());
  }
}

} // namespace theseus
