//===- RegionCompiler.cpp - Loops compiled to checked host code -----------===//
#include "exec/RegionCompiler.h"
#include "program/Passes.h"

#include "exec/InterpreterRun.h"

#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

#include <cmath>
#include <cstddef>

namespace theseus {

namespace {

/// foldEdgeKeyIn's arithmetic as 64-bit IR at `B`'s insertion point.
struct IRArith {
  llvm::IRBuilderBase &B;
  llvm::Value *constant(uint64_t C) { return B.getInt64(C); }
  llvm::Value *xor_(llvm::Value *X, llvm::Value *Y) {
    return B.CreateXor(X, Y);
  }
  llvm::Value *mul(llvm::Value *X, llvm::Value *Y) { return B.CreateMul(X, Y); }
  llvm::Value *add(llvm::Value *X, llvm::Value *Y) { return B.CreateAdd(X, Y); }
  llvm::Value *lshr(llvm::Value *X, llvm::Value *Y) {
    return B.CreateLShr(X, Y);
  }
};

/// Builds one region's function in a module of its own context. Every
/// value of the loop lives in a stack slot of the function (promoted to a
/// register by the optimiser), as an integer of its interpreter width;
/// pointers are 64-bit integers.
class RegionBuilder {
public:
  RegionBuilder(llvm::Module &M, const NativeRegion &R, const RegionLayout &L,
                const std::function<uint64_t(const llvm::Constant *)> &Bits)
      : Ctx(M.getContext()), M(M), R(R), L(L), ConstantBits(Bits), B(Ctx),
        I64(B.getInt64Ty()), Ptr(B.getPtrTy()) {}

  /// False, with `Error` set, on an instruction it cannot translate.
  bool build(const std::string &Name, std::string &Error);

private:
  llvm::Type *typeOf(const llvm::Value *V) {
    return B.getIntNTy(scalarWidth(V->getType()));
  }
  llvm::Value *address(uint64_t A) {
    return B.CreateIntToPtr(B.getInt64(A), Ptr);
  }
  llvm::Value *field(unsigned Word) {
    return address(reinterpret_cast<uint64_t>(L.Context) + 8 * Word);
  }
  llvm::Value *frameSlot(uint32_t Slot) {
    return B.CreateConstGEP1_64(B.getInt8Ty(), Frame,
                                Slot * sizeof(ConcolicValue) +
                                    offsetof(ConcolicValue, Bits));
  }
  llvm::AllocaInst *var(const llvm::Value *V);
  llvm::Value *get(const llvm::Value *V);
  void set(const llvm::Value *V, llvm::Value *X) { B.CreateStore(X, var(V)); }

  /// Continues when `Ok` holds, else returns -1 with `Why`.
  void check(llvm::Value *Ok, BailReason Why, llvm::Value *Addr = nullptr);
  void bail(BailReason Why, llvm::Value *Addr);
  void checkAccess(llvm::Value *Addr, unsigned Bytes, bool Write);
  /// Past the pause, calls Poll, which checks the budget and the stop
  /// poll: the one comparison on the loop's path is the one the budget
  /// alone would need.
  void pause(llvm::Value *Steps);
  /// Calls RegionLayout::Poll for the code, saving the registers a C call
  /// may clobber itself: the loop's values stay in registers across the
  /// call rather than being spilled at every iteration for its sake.
  void buildPollThunk();

  bool block(size_t K, std::string &Error);
  bool instruction(const llvm::Instruction &I);
  void binary(const llvm::BinaryOperator &I);
  void cast(const llvm::CastInst &I);
  /// Floats and doubles are kept as their encodings, as the interpreter
  /// keeps them: these compute on them as the host does.
  llvm::Type *floatType(const llvm::Type *T) {
    return T->isFloatTy() ? B.getFloatTy() : B.getDoubleTy();
  }
  llvm::Value *asFloat(llvm::Value *Bits, const llvm::Type *T) {
    return B.CreateBitCast(Bits, floatType(T));
  }
  llvm::Value *floatOperand(const llvm::Instruction &I, unsigned K) {
    return asFloat(get(I.getOperand(K)), I.getOperand(K)->getType());
  }
  void setFloat(const llvm::Instruction &I, llvm::Value *F) {
    set(&I, B.CreateBitCast(F, typeOf(&I)));
  }
  void floatBinary(const llvm::BinaryOperator &I);
  void floatCast(const llvm::CastInst &I);
  void gep(const llvm::GetElementPtrInst &I);
  /// An address as the interpreter keeps it: wrapped at the program's
  /// pointer width (ILP32: 32 bits).
  llvm::Value *wrapAddress(llvm::Value *Addr);
  void terminator(const llvm::Instruction &T);
  /// The block that takes edge `Id` (from `From` to `To`): counts it,
  /// folds it into the fingerprints, assigns `To`'s phis, and goes on in
  /// the loop or returns.
  llvm::BasicBlock *edge(unsigned Id, const llvm::BasicBlock *From,
                         const llvm::BasicBlock *To);

  llvm::LLVMContext &Ctx;
  llvm::Module &M;
  const NativeRegion &R;
  const RegionLayout &L;
  const std::function<uint64_t(const llvm::Constant *)> &ConstantBits;
  llvm::IRBuilder<> B;
  llvm::Type *I64;
  llvm::PointerType *Ptr;
  llvm::Function *Fn = nullptr, *PollThunk = nullptr;
  llvm::Value *Frame = nullptr;
  llvm::BasicBlock *Entry = nullptr;
  /// The instructions counted, and the count at which to call Poll.
  llvm::AllocaInst *StepsVar = nullptr, *PauseVar = nullptr;
  llvm::AllocaInst *HashVar[2] = {nullptr, nullptr};
  llvm::Value *Keys = nullptr, *Counts = nullptr;
  llvm::DenseMap<const llvm::Value *, llvm::AllocaInst *> Vars;
  llvm::DenseMap<const llvm::BasicBlock *, llvm::BasicBlock *> Native;
  llvm::DenseMap<const llvm::Instruction *, unsigned> FirstEdge;
};

llvm::AllocaInst *RegionBuilder::var(const llvm::Value *V) {
  auto [It, New] = Vars.try_emplace(V, nullptr);
  if (New) {
    llvm::IRBuilder<> AB(Entry, Entry->begin());
    It->second = AB.CreateAlloca(typeOf(V));
  }
  return It->second;
}

llvm::Value *RegionBuilder::get(const llvm::Value *V) {
  if (auto *C = llvm::dyn_cast<llvm::Constant>(V))
    return llvm::ConstantInt::get(typeOf(V), ConstantBits(C));
  return B.CreateLoad(typeOf(V), var(V));
}

void RegionBuilder::bail(BailReason Why, llvm::Value *Addr) {
  B.CreateStore(B.getInt64(uint64_t(Why)), field(4));
  B.CreateStore(Addr ? Addr : B.getInt64(0), field(5));
  B.CreateRet(B.getInt32(-1));
}

void RegionBuilder::check(llvm::Value *Ok, BailReason Why, llvm::Value *Addr) {
  auto *Fail = llvm::BasicBlock::Create(Ctx, "bail", Fn);
  auto *Cont = llvm::BasicBlock::Create(Ctx, "ok", Fn);
  B.CreateCondBr(Ok, Cont, Fail);
  B.SetInsertPoint(Fail);
  bail(Why, Addr);
  B.SetInsertPoint(Cont);
}

void RegionBuilder::checkAccess(llvm::Value *Addr, unsigned Bytes, bool Write) {
  llvm::Value *Off = B.CreateSub(Addr, B.getInt64(L.ArenaBegin));
  check(B.CreateICmpULE(Off, B.getInt64(L.ArenaSpan)), BailReason::Access,
        Addr);
  llvm::Value *ShadowAt = B.CreateIntToPtr(
      B.CreateAdd(Off, B.getInt64(reinterpret_cast<uint64_t>(L.Shadow))), Ptr);
  llvm::Type *T = B.getIntNTy(8 * Bytes);
  llvm::LoadInst *Shadow = B.CreateAlignedLoad(T, ShadowAt, llvm::Align(1));
  uint64_t Ones = ~uint64_t(0) / 0xff; // 0x0101...
  llvm::Value *Want =
      llvm::ConstantInt::get(T, Ones * (Write ? ReadWriteByte : ReadOnlyByte));
  llvm::Value *Ok = Write ? B.CreateICmpEQ(Shadow, Want)
                          : B.CreateICmpEQ(B.CreateAnd(Shadow, Want), Want);
  check(Ok, BailReason::Access, Addr);
}

void RegionBuilder::pause(llvm::Value *Steps) {
  auto *Poll = llvm::BasicBlock::Create(Ctx, "poll", Fn);
  auto *Stop = llvm::BasicBlock::Create(Ctx, "stop", Fn);
  auto *Cont = llvm::BasicBlock::Create(Ctx, "ok", Fn);
  B.CreateCondBr(B.CreateICmpULE(Steps, B.CreateLoad(I64, PauseVar)), Cont,
                 Poll, llvm::MDBuilder(Ctx).createLikelyBranchWeights());
  B.SetInsertPoint(Poll);
  B.CreateStore(Steps, field(0));
  B.CreateCall(PollThunk)->setCallingConv(PollThunk->getCallingConv());
  llvm::Value *Next = B.CreateLoad(I64, field(8));
  B.CreateStore(Next, PauseVar);
  B.CreateCondBr(B.CreateICmpULE(Steps, Next), Cont, Stop);
  B.SetInsertPoint(Stop);
  B.CreateRet(B.getInt32(-1)); // Poll set the reason.
  B.SetInsertPoint(Cont);
}

void RegionBuilder::buildPollThunk() {
  auto *ThunkType = llvm::FunctionType::get(B.getVoidTy(), false);
  PollThunk = llvm::Function::Create(ThunkType, llvm::Function::InternalLinkage,
                                     "poll", M);
  PollThunk->setCallingConv(llvm::CallingConv::PreserveMost);
  PollThunk->addFnAttr(llvm::Attribute::NoInline);
  PollThunk->addFnAttr(llvm::Attribute::Cold);
  B.SetInsertPoint(llvm::BasicBlock::Create(Ctx, "entry", PollThunk));
  B.CreateCall(llvm::FunctionType::get(B.getVoidTy(), {Ptr}, false),
               address(reinterpret_cast<uint64_t>(L.Poll)), {field(0)});
  B.CreateRetVoid();
}

bool RegionBuilder::build(const std::string &Name, std::string &Error) {
  buildPollThunk();
  auto *FT = llvm::FunctionType::get(B.getInt32Ty(), {Ptr}, false);
  Fn = llvm::Function::Create(FT, llvm::Function::ExternalLinkage, Name, M);
  Frame = Fn->getArg(0);
  Entry = llvm::BasicBlock::Create(Ctx, "entry", Fn);
  for (const llvm::BasicBlock *BB : R.Blocks)
    Native[BB] = llvm::BasicBlock::Create(Ctx, "block", Fn);
  for (unsigned Id = R.Edges.size(); Id-- > 0;)
    FirstEdge[R.Edges[Id].first] = Id;
  B.SetInsertPoint(Entry);
  StepsVar = B.CreateAlloca(I64);
  B.CreateStore(B.getInt64(0), StepsVar);
  PauseVar = B.CreateAlloca(I64);
  B.CreateStore(B.CreateLoad(I64, field(8)), PauseVar);
  for (unsigned H = 0; H < 2; ++H) {
    HashVar[H] = B.CreateAlloca(I64);
    B.CreateStore(B.CreateLoad(I64, field(2 + H)), HashVar[H]);
  }
  Keys = B.CreateLoad(Ptr, field(6));
  Counts = B.CreateLoad(Ptr, field(7));
  for (const auto &[Slot, V] : R.LiveIns)
    set(V, B.CreateTrunc(B.CreateLoad(I64, frameSlot(Slot)), typeOf(V)));
  B.CreateBr(Native[R.Blocks.front()]);
  for (size_t K = 0; K < R.Blocks.size(); ++K)
    if (!block(K, Error))
      return false;
  llvm::raw_string_ostream OS(Error);
  return !llvm::verifyFunction(*Fn, &OS);
}

bool RegionBuilder::block(size_t K, std::string &Error) {
  const llvm::BasicBlock *BB = R.Blocks[K];
  B.SetInsertPoint(Native[BB]);
  uint64_t Count = 0;
  for (const llvm::Instruction &I : *BB)
    Count += !llvm::isa<llvm::PHINode>(I);
  // The interpreter counts a block's instructions as it runs them; the
  // code counts them on entry, so it stops before a block that would end
  // where the interpreter cuts the path.
  llvm::Value *Steps =
      B.CreateAdd(B.CreateLoad(I64, StepsVar), B.getInt64(Count));
  B.CreateStore(Steps, StepsVar);
  pause(Steps);
  for (const llvm::Instruction &I : *BB) {
    if (llvm::isa<llvm::PHINode>(I))
      continue;
    if (!instruction(I)) {
      Error = fmt::format("cannot translate '{}'", I.getOpcodeName());
      return false;
    }
  }
  return true;
}

bool RegionBuilder::instruction(const llvm::Instruction &I) {
  if (auto *Bin = llvm::dyn_cast<llvm::BinaryOperator>(&I)) {
    if (Bin->getType()->isFloatingPointTy())
      floatBinary(*Bin);
    else
      binary(*Bin);
  } else if (I.getOpcode() == llvm::Instruction::FNeg) {
    setFloat(I, B.CreateFNeg(floatOperand(I, 0)));
  } else if (auto *C = llvm::dyn_cast<llvm::ICmpInst>(&I)) {
    set(&I, B.CreateICmp(C->getPredicate(), get(C->getOperand(0)),
                         get(C->getOperand(1))));
  } else if (auto *C = llvm::dyn_cast<llvm::FCmpInst>(&I)) {
    set(&I, B.CreateFCmp(C->getPredicate(), floatOperand(I, 0),
                         floatOperand(I, 1)));
  } else if (auto *C = llvm::dyn_cast<llvm::CastInst>(&I)) {
    if (C->getSrcTy()->isFloatingPointTy() ||
        C->getDestTy()->isFloatingPointTy())
      floatCast(*C);
    else
      cast(*C);
  } else if (auto *S = llvm::dyn_cast<llvm::SelectInst>(&I)) {
    set(&I, B.CreateSelect(get(S->getCondition()), get(S->getTrueValue()),
                           get(S->getFalseValue())));
  } else if (llvm::isa<llvm::FreezeInst>(I)) {
    set(&I, get(I.getOperand(0)));
  } else if (auto *G = llvm::dyn_cast<llvm::GetElementPtrInst>(&I)) {
    gep(*G);
  } else if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(&I)) {
    unsigned Bytes =
        I.getModule()->getDataLayout().getTypeStoreSize(Ld->getType());
    llvm::Value *Addr = get(Ld->getPointerOperand());
    checkAccess(Addr, Bytes, /*Write=*/false);
    llvm::Value *V = B.CreateAlignedLoad(
        B.getIntNTy(8 * Bytes), B.CreateIntToPtr(Addr, Ptr), llvm::Align(1));
    // A pointer loaded in an ILP32 program: 4 bytes, widened to the
    // interpreter's 64-bit pointer value.
    set(&I, B.CreateZExtOrTrunc(V, typeOf(&I)));
  } else if (auto *St = llvm::dyn_cast<llvm::StoreInst>(&I)) {
    const llvm::Value *Val = St->getValueOperand();
    unsigned Bytes =
        I.getModule()->getDataLayout().getTypeStoreSize(Val->getType());
    llvm::Value *Addr = get(St->getPointerOperand());
    llvm::Value *V = B.CreateZExtOrTrunc(get(Val), B.getIntNTy(8 * Bytes));
    checkAccess(Addr, Bytes, /*Write=*/true);
    B.CreateAlignedStore(V, B.CreateIntToPtr(Addr, Ptr), llvm::Align(1));
  } else if (llvm::isa<llvm::CallInst>(I)) {
    // Only intrinsics without effect on the program are in regions.
  } else if (I.isTerminator()) {
    terminator(I);
  } else {
    return false;
  }
  return true;
}

void RegionBuilder::binary(const llvm::BinaryOperator &I) {
  llvm::Value *X = get(I.getOperand(0)), *Y = get(I.getOperand(1));
  auto *T = llvm::cast<llvm::IntegerType>(X->getType());
  unsigned W = T->getBitWidth();
  using llvm::Instruction;
  switch (I.getOpcode()) {
  case Instruction::SDiv:
  case Instruction::SRem:
    check(B.CreateNot(B.CreateAnd(
              B.CreateICmpEQ(X, llvm::ConstantInt::get(
                                    T, llvm::APInt::getSignedMinValue(W))),
              B.CreateICmpEQ(Y, llvm::ConstantInt::getSigned(T, -1)))),
          BailReason::Division);
    [[fallthrough]];
  case Instruction::UDiv:
  case Instruction::URem:
    check(B.CreateICmpNE(Y, llvm::ConstantInt::get(T, 0)),
          BailReason::Division);
    break;
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
    check(B.CreateICmpULT(Y, llvm::ConstantInt::get(T, W)), BailReason::Shift);
    break;
  default:
    break;
  }
  set(&I, B.CreateBinOp(I.getOpcode(), X, Y));
}

void RegionBuilder::floatBinary(const llvm::BinaryOperator &I) {
  llvm::Value *X = floatOperand(I, 0), *Y = floatOperand(I, 1);
  // The interpreter may report a division by zero (--check
  // float-div-zero): it decides.
  if (I.getOpcode() == llvm::Instruction::FDiv)
    check(B.CreateFCmpUNE(Y, llvm::ConstantFP::get(Y->getType(), 0.0)),
          BailReason::Division);
  setFloat(I, B.CreateBinOp(I.getOpcode(), X, Y));
}

void RegionBuilder::floatCast(const llvm::CastInst &I) {
  llvm::Type *To = I.getDestTy();
  using llvm::Instruction;
  switch (I.getOpcode()) {
  case Instruction::FPToSI:
  case Instruction::FPToUI: {
    // In range, the host's conversion is the interpreter's; out of range
    // (or NaN) LLVM's is poison, and the interpreter gives x86-64's value.
    llvm::Value *F = floatOperand(I, 0);
    unsigned W = To->getIntegerBitWidth();
    bool Signed = I.getOpcode() == Instruction::FPToSI;
    double Low = Signed ? -std::ldexp(1.0, int(W) - 1) : 0.0;
    double High = std::ldexp(1.0, Signed ? int(W) - 1 : int(W));
    check(B.CreateAnd(
              B.CreateFCmpOGE(F, llvm::ConstantFP::get(F->getType(), Low)),
              B.CreateFCmpOLT(F, llvm::ConstantFP::get(F->getType(), High))),
          BailReason::Conversion);
    return set(&I, Signed ? B.CreateFPToSI(F, typeOf(&I))
                          : B.CreateFPToUI(F, typeOf(&I)));
  }
  case Instruction::SIToFP:
    return setFloat(I, B.CreateSIToFP(get(I.getOperand(0)), floatType(To)));
  case Instruction::UIToFP:
    return setFloat(I, B.CreateUIToFP(get(I.getOperand(0)), floatType(To)));
  case Instruction::FPExt:
  case Instruction::FPTrunc:
    return setFloat(I, B.CreateFPCast(floatOperand(I, 0), floatType(To)));
  default: // BitCast: the encoding is the value.
    return set(&I, B.CreateZExtOrTrunc(get(I.getOperand(0)), typeOf(&I)));
  }
}

void RegionBuilder::cast(const llvm::CastInst &I) {
  llvm::Value *V = get(I.getOperand(0));
  llvm::Type *To = typeOf(&I);
  switch (I.getOpcode()) {
  case llvm::Instruction::SExt:
    return set(&I, B.CreateSExt(V, To));
  case llvm::Instruction::ZExt:
    return set(&I, B.CreateZExt(V, To));
  case llvm::Instruction::IntToPtr:
    return set(&I, wrapAddress(B.CreateZExtOrTrunc(V, To)));
  default: // Trunc, PtrToInt, BitCast: the low bits, zero-extended.
    return set(&I, B.CreateZExtOrTrunc(V, To));
  }
}

llvm::Value *RegionBuilder::wrapAddress(llvm::Value *Addr) {
  unsigned Bits =
      R.Blocks.front()->getModule()->getDataLayout().getPointerSizeInBits();
  if (Bits >= 64)
    return Addr;
  return B.CreateAnd(Addr, B.getInt64((uint64_t(1) << Bits) - 1));
}

void RegionBuilder::gep(const llvm::GetElementPtrInst &I) {
  const llvm::DataLayout &DL = I.getModule()->getDataLayout();
  llvm::Value *Addr = get(I.getPointerOperand());
  uint64_t Offset = 0;
  for (auto GTI = llvm::gep_type_begin(I), E = llvm::gep_type_end(I); GTI != E;
       ++GTI) {
    const llvm::Value *Idx = GTI.getOperand();
    if (llvm::StructType *ST = GTI.getStructTypeOrNull()) {
      unsigned Field = static_cast<unsigned>(
          llvm::cast<llvm::ConstantInt>(Idx)->getZExtValue());
      Offset += DL.getStructLayout(ST)->getElementOffset(Field);
      continue;
    }
    uint64_t Stride = GTI.getSequentialElementStride(DL);
    llvm::Value *Term = B.CreateSExtOrTrunc(get(Idx), I64);
    Addr = B.CreateAdd(Addr, B.CreateMul(Term, B.getInt64(Stride)));
  }
  set(&I, wrapAddress(B.CreateAdd(Addr, B.getInt64(Offset))));
}

void RegionBuilder::terminator(const llvm::Instruction &T) {
  const llvm::BasicBlock *From = T.getParent();
  unsigned First = FirstEdge.lookup(&T);
  if (auto *Br = llvm::dyn_cast<llvm::BranchInst>(&T)) {
    if (!Br->isConditional()) {
      B.CreateBr(edge(First, From, Br->getSuccessor(0)));
      return;
    }
    llvm::Value *C = get(Br->getCondition());
    llvm::BasicBlock *Then = edge(First, From, Br->getSuccessor(0));
    llvm::BasicBlock *Else = edge(First + 1, From, Br->getSuccessor(1));
    B.CreateCondBr(C, Then, Else);
    return;
  }
  if (auto *Sw = llvm::dyn_cast<llvm::SwitchInst>(&T)) {
    llvm::Value *C = get(Sw->getCondition());
    auto *Type = llvm::cast<llvm::IntegerType>(C->getType());
    llvm::SmallVector<std::pair<llvm::ConstantInt *, llvm::BasicBlock *>, 8>
        Cases;
    unsigned Id = First + 1;
    for (auto Case : Sw->cases())
      Cases.push_back(
          {llvm::ConstantInt::get(Type, Case.getCaseValue()->getZExtValue()),
           edge(Id++, From, Case.getCaseSuccessor())});
    llvm::BasicBlock *Default = edge(First, From, Sw->getDefaultDest());
    llvm::SwitchInst *S = B.CreateSwitch(C, Default, Cases.size());
    for (auto &[V, To] : Cases)
      S->addCase(V, To);
    return;
  }
  bail(BailReason::Unreachable, nullptr); // `unreachable`: a bug to report.
}

llvm::BasicBlock *RegionBuilder::edge(unsigned Id, const llvm::BasicBlock *From,
                                      const llvm::BasicBlock *To) {
  llvm::IRBuilderBase::InsertPointGuard Guard(B);
  auto *Edge = llvm::BasicBlock::Create(Ctx, "edge", Fn);
  B.SetInsertPoint(Edge);
  llvm::Value *Count = B.CreateConstGEP1_64(I64, Counts, Id);
  B.CreateStore(B.CreateAdd(B.CreateLoad(I64, Count), B.getInt64(1)), Count);
  for (unsigned H = 0; H < 2; ++H) { // foldEdgeKey where the mask is set.
    llvm::Value *Key =
        B.CreateLoad(I64, B.CreateConstGEP1_64(I64, Keys, 4 * Id + 2 * H));
    llvm::Value *Mask =
        B.CreateLoad(I64, B.CreateConstGEP1_64(I64, Keys, 4 * Id + 2 * H + 1));
    llvm::Value *Old = B.CreateLoad(I64, HashVar[H]);
    llvm::Value *New = foldEdgeKeyIn(IRArith{B}, Old, Key);
    B.CreateStore(
        B.CreateOr(B.CreateAnd(New, Mask), B.CreateAnd(Old, B.CreateNot(Mask))),
        HashVar[H]);
  }
  if (R.Contains.contains(To)) {
    // Phis read their incoming values simultaneously.
    llvm::SmallVector<std::pair<const llvm::PHINode *, llvm::Value *>, 4> Phis;
    for (const llvm::PHINode &Phi : To->phis())
      Phis.push_back({&Phi, get(Phi.getIncomingValueForBlock(From))});
    for (auto &[Phi, V] : Phis)
      set(Phi, V);
    B.CreateBr(Native[To]);
    return Edge;
  }
  for (const auto &[Slot, V] : R.LiveOuts)
    B.CreateStore(B.CreateZExt(get(V), I64), frameSlot(Slot));
  B.CreateStore(B.CreateLoad(I64, StepsVar), field(0));
  for (unsigned H = 0; H < 2; ++H)
    B.CreateStore(B.CreateLoad(I64, HashVar[H]), field(2 + H));
  B.CreateRet(B.getInt32(Id));
  return Edge;
}

/// Promotes the values' stack slots to registers and simplifies: the
/// checks leave little for heavier passes, which cost more time than they
/// save on loops run once.
void optimize(llvm::Function &F) {
  PassManagers PM;
  llvm::FunctionPassManager FPM;
  FPM.addPass(llvm::PromotePass());
  FPM.addPass(llvm::InstCombinePass());
  FPM.addPass(llvm::SimplifyCFGPass());
  FPM.addPass(llvm::EarlyCSEPass());
  FPM.run(F, PM.FAM);
}

} // namespace

RegionCompiler::RegionCompiler() {
  static bool Initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)Initialized;
}

RegionCompiler::~RegionCompiler() = default;

NativeRegion::EntryFn RegionCompiler::compile(
    const NativeRegion &R, const RegionLayout &Layout,
    const std::function<uint64_t(const llvm::Constant *)> &ConstantBits,
    std::string &Error) {
  if (!JIT) {
    auto J = llvm::orc::LLJITBuilder().create();
    if (!J) {
      Error = llvm::toString(J.takeError());
      return nullptr;
    }
    JIT = std::move(*J);
  }
  auto Ctx = std::make_unique<llvm::LLVMContext>();
  auto M = std::make_unique<llvm::Module>("region", *Ctx);
  M->setDataLayout(JIT->getDataLayout());
  M->setTargetTriple(JIT->getTargetTriple().str());
  std::string Name = fmt::format("theseus_region_{}", Count++);
  if (!RegionBuilder(*M, R, Layout, ConstantBits).build(Name, Error))
    return nullptr;
  optimize(*M->getFunction(Name));
  if (llvm::Error E = JIT->addIRModule(
          llvm::orc::ThreadSafeModule(std::move(M), std::move(Ctx)))) {
    Error = llvm::toString(std::move(E));
    return nullptr;
  }
  auto Sym = JIT->lookup(Name);
  if (!Sym) {
    Error = llvm::toString(Sym.takeError());
    return nullptr;
  }
  return Sym->toPtr<NativeRegion::EntryFn>();
}

} // namespace theseus
