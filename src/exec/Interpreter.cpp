//===- Interpreter.cpp - Concolic interpretation of LLVM IR ---------------===//
#include "exec/InterpreterRun.h"

#include "expr/Assignment.h"

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/InstIterator.h"

namespace theseus {

ExecutionObserver::~ExecutionObserver() = default;

const char *toString(PathEnd E) {
  switch (E) {
  case PathEnd::Return:
    return "return";
  case PathEnd::Exit:
    return "exit";
  case PathEnd::Bug:
    return "bug";
  case PathEnd::Unsupported:
    return "unsupported";
  case PathEnd::StepLimit:
    return "step-limit";
  case PathEnd::Interrupted:
    return "interrupted";
  case PathEnd::AssumeViolated:
    return "assume-violated";
  case PathEnd::BoundReached:
    return "bound-reached";
  case PathEnd::ExternalDenied:
    return "external-denied";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Interpreter
//===----------------------------------------------------------------------===//

Interpreter::Interpreter(const Program &P, ExprContext &Ctx,
                         const ExecOptions &Opts)
    : P(P), DL(P.dataLayout()), Ctx(Ctx), Opts(Opts),
      Native(std::make_unique<NativeCaller>()),
      InitialMemory(DL.getPointerSizeInBits()) {
  initGlobals();
  if (!Opts.NativeLoops)
    return;
  Loops = std::make_unique<NativeLoops>(
      DL.getPointerSizeInBits(),
      [this](const llvm::Constant *C) { return constantBits(C); });
  if (!Loops->usable())
    Loops.reset();
}

Interpreter::~Interpreter() = default;

const NativeLoopStats *Interpreter::nativeLoopStats() const {
  return Loops ? &Loops->stats() : nullptr;
}

void Interpreter::initGlobals() {
  const llvm::Module &M = P.module();
  for (const llvm::Function &F : M) {
    if (F.isIntrinsic())
      continue;
    const MemoryObject *O =
        InitialMemory.allocate(1, 16, ObjectKind::Function, F.getName().str());
    GlobalAddress[&F] = O->Base;
    FunctionAt[O->Base] = &F;
    llvm::StringRef Name = F.getName();
    if (Name.consume_front("theseus_summary_") && !F.isDeclaration())
      if (const llvm::Function *Replaced = M.getFunction(Name))
        Summaries[Replaced] = &F;
  }
  for (const llvm::GlobalVariable &G : M.globals()) {
    uint64_t Size = DL.getTypeAllocSize(G.getValueType());
    if (G.isDeclaration()) {
      // An external variable such as libc's `stdout`: use the host's, if
      // the program's pointers can hold its address.
      void *Host = NativeCaller::lookup(G.getName().str());
      if (Host && !fitsPointer(reinterpret_cast<uint64_t>(Host))) {
        if (!addStreamProxy(G, *static_cast<void **>(Host)))
          HostOnlyGlobals.insert(&G);
      } else if (Host) {
        InitialMemory.addHostObject(reinterpret_cast<uint64_t>(Host), Size,
                                    G.getName().str());
        GlobalAddress[&G] = reinterpret_cast<uint64_t>(Host);
      }
      continue;
    }
    const MemoryObject *O =
        InitialMemory.allocate(Size, G.getAlign() ? G.getAlign()->value() : 16,
                               ObjectKind::Global, G.getName().str());
    GlobalAddress[&G] = O->Base;
    if (G.isConstant())
      InitialMemory.setReadOnly(O->Base);
  }
  // Initialisers may refer to any global's address, so they come second.
  for (const llvm::GlobalVariable &G : M.globals()) {
    if (G.isDeclaration() || !G.hasInitializer())
      continue;
    auto It = InitialMemory.objects().find(GlobalAddress[&G]);
    ObjectContents Init;
    Init.Bytes.assign(It->second.first->Size, 0);
    writeConstant(G.getInitializer(), Init, 0);
    *It->second.second = std::move(Init);
  }
}

bool Interpreter::addStreamProxy(const llvm::GlobalVariable &G, void *Stream) {
  if (!llvm::is_contained({"stdin", "stdout", "stderr"}, G.getName()))
    return false;
  // Addresses, not objects: setReadOnly replaces the object it changes.
  uint64_t Proxy = InitialMemory
                       .allocate(1, 16, ObjectKind::Global,
                                 G.getName().str() + " (host stream)")
                       ->Base;
  InitialMemory.setReadOnly(Proxy);
  unsigned Bytes = DL.getPointerSize();
  uint64_t Var =
      InitialMemory
          .allocate(Bytes, Bytes, ObjectKind::Global, G.getName().str())
          ->Base;
  InitialMemory.store(Ctx, Var, Bytes, Proxy, nullptr);
  GlobalAddress[&G] = Var;
  HostStreams[Proxy] = reinterpret_cast<uint64_t>(Stream);
  return true;
}

bool Interpreter::fitsPointer(uint64_t Addr) const {
  return DL.getPointerSizeInBits() >= 64 ||
         Addr >> DL.getPointerSizeInBits() == 0;
}

const llvm::GlobalVariable *
Interpreter::hostOnlyGlobalIn(const llvm::User &U) const {
  for (const llvm::Value *Op : U.operands()) {
    if (auto *G = llvm::dyn_cast<llvm::GlobalVariable>(Op))
      if (HostOnlyGlobals.contains(G))
        return G;
    if (auto *CE = llvm::dyn_cast<llvm::ConstantExpr>(Op))
      if (const llvm::GlobalVariable *G = hostOnlyGlobalIn(*CE))
        return G;
  }
  return nullptr;
}

uint64_t Interpreter::constantBits(const llvm::Constant *C) {
  auto It = ConstantCache.find(C);
  if (It != ConstantCache.end())
    return It->second;
  uint64_t Bits = 0;
  if (auto *CI = llvm::dyn_cast<llvm::ConstantInt>(C)) {
    Bits = CI->getValue().getLimitedValue(~uint64_t(0));
    if (CI->getBitWidth() <= 64)
      Bits = CI->getZExtValue();
  } else if (auto *FP = llvm::dyn_cast<llvm::ConstantFP>(C)) {
    Bits = FP->getValueAPF().bitcastToAPInt().getZExtValue();
  } else if (auto *GV = llvm::dyn_cast<llvm::GlobalValue>(C)) {
    Bits = GlobalAddress.lookup(GV);
  } else if (auto *CE = llvm::dyn_cast<llvm::ConstantExpr>(C)) {
    unsigned W = scalarWidth(CE->getType());
    switch (CE->getOpcode()) {
    case llvm::Instruction::GetElementPtr: {
      auto *GEP = llvm::cast<llvm::GEPOperator>(CE);
      llvm::APInt Off(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
      GEP->accumulateConstantOffset(DL, Off);
      Bits = truncBits(
          constantBits(llvm::cast<llvm::Constant>(GEP->getPointerOperand())) +
              Off.getSExtValue(),
          DL.getPointerSizeInBits());
      break;
    }
    case llvm::Instruction::IntToPtr:
      Bits =
          truncBits(constantBits(CE->getOperand(0)), DL.getPointerSizeInBits());
      break;
    case llvm::Instruction::PtrToInt:
    case llvm::Instruction::BitCast:
    case llvm::Instruction::Trunc:
      Bits = truncBits(constantBits(CE->getOperand(0)), W ? W : 64);
      break;
    case llvm::Instruction::Add:
      Bits = truncBits(
          constantBits(CE->getOperand(0)) + constantBits(CE->getOperand(1)), W);
      break;
    case llvm::Instruction::Sub:
      Bits = truncBits(
          constantBits(CE->getOperand(0)) - constantBits(CE->getOperand(1)), W);
      break;
    default:
      break; // Rare at -O0; such constants read as 0.
    }
  } // Null, undef, poison and zero aggregates are all-zero bits.
  ConstantCache[C] = Bits;
  return Bits;
}

void Interpreter::writeConstant(const llvm::Constant *C, ObjectContents &Out,
                                uint64_t Offset) {
  llvm::Type *T = C->getType();
  if (llvm::isa<llvm::ConstantAggregateZero>(C) ||
      llvm::isa<llvm::ConstantPointerNull>(C) || llvm::isa<llvm::UndefValue>(C))
    return; // Already zero.
  if (auto *DS = llvm::dyn_cast<llvm::ConstantDataSequential>(C)) {
    llvm::StringRef Raw = DS->getRawDataValues();
    std::memcpy(Out.Bytes.data() + Offset, Raw.data(), Raw.size());
    return;
  }
  if (auto *CA = llvm::dyn_cast<llvm::ConstantArray>(C)) {
    uint64_t Stride = DL.getTypeAllocSize(CA->getType()->getElementType());
    for (unsigned I = 0; I < CA->getNumOperands(); ++I)
      writeConstant(CA->getOperand(I), Out, Offset + I * Stride);
    return;
  }
  if (auto *CS = llvm::dyn_cast<llvm::ConstantStruct>(C)) {
    const llvm::StructLayout *L = DL.getStructLayout(CS->getType());
    for (unsigned I = 0; I < CS->getNumOperands(); ++I)
      writeConstant(CS->getOperand(I), Out, Offset + L->getElementOffset(I));
    return;
  }
  if (auto *CV = llvm::dyn_cast<llvm::ConstantVector>(C)) {
    uint64_t Stride = DL.getTypeAllocSize(CV->getType()->getElementType());
    for (unsigned I = 0; I < CV->getNumOperands(); ++I)
      writeConstant(CV->getOperand(I), Out, Offset + I * Stride);
    return;
  }
  uint64_t Bits = constantBits(C);
  uint64_t Size = std::min<uint64_t>(DL.getTypeStoreSize(T), 8);
  std::memcpy(Out.Bytes.data() + Offset, &Bits, Size);
}

std::unique_ptr<ExecutionState>
Interpreter::createState(const llvm::Function &Entry,
                         const std::vector<ConcolicValue> &Args) {
  std::vector<EntryArg> Plain(Args.size());
  for (size_t I = 0; I < Args.size(); ++I)
    Plain[I].Value = Args[I];
  return createState(Entry, Plain);
}

uint64_t Interpreter::placeBuffer(ExecutionState &S, const EntryArg &Arg) {
  const MemoryObject *O =
      S.Mem.allocate(Arg.Bytes.size(), 16, ObjectKind::Input, Arg.Name);
  for (uint32_t B = 0; B < Arg.Bytes.size(); ++B) {
    bool Symbolic =
        B < Arg.SymbolicBytes && !(B < Arg.Pinned.size() && Arg.Pinned[B]);
    S.Mem.store(Ctx, O->Base + B, 1, Arg.Bytes[B],
                Symbolic ? Ctx.read(Arg.Arr, B) : nullptr);
  }
  return O->Base;
}

uint64_t Interpreter::placeReturnSlot(ExecutionState &S,
                                      const llvm::Argument &Slot) {
  uint64_t Size = DL.getTypeAllocSize(Slot.getParamStructRetType());
  return S.Mem
      .allocate(Size, Slot.getParamAlign().valueOrOne().value(),
                ObjectKind::Input, Slot.getName().str())
      ->Base;
}

/// argv: the strings, then the array of pointers to them. An element that
/// may be absent (a symbolic argc) is `Present ? address : NULL`.
uint64_t Interpreter::placePointerArray(ExecutionState &S,
                                        const EntryArg &Arg) {
  std::vector<uint64_t> Addresses;
  for (const EntryArg &T : Arg.Targets)
    Addresses.push_back(placeBuffer(S, T));
  unsigned Ptr = DL.getPointerSize();
  const MemoryObject *O = S.Mem.allocate(Ptr * (Addresses.size() + 1), 16,
                                         ObjectKind::Input, Arg.Name);
  for (size_t K = 0; K < Addresses.size(); ++K) {
    ConcolicValue P =
        K < Arg.Present.size() ? Arg.Present[K] : ConcolicValue{1, nullptr};
    ExprRef Sym = P.Sym ? Ctx.select(P.Sym, Ctx.constant(Addresses[K], 64),
                                     Ctx.constant(0, 64))
                        : nullptr;
    S.Mem.store(Ctx, O->Base + Ptr * K, Ptr, P.Bits ? Addresses[K] : 0, Sym);
  }
  S.Mem.store(Ctx, O->Base + Ptr * Addresses.size(), Ptr, 0, nullptr);
  return O->Base;
}

std::unique_ptr<ExecutionState>
Interpreter::createState(const llvm::Function &Entry,
                         const std::vector<EntryArg> &Args) {
  auto S = std::make_unique<ExecutionState>();
  S->Mem = InitialMemory;
  S->MaxSteps = Opts.MaxSteps;
  StackFrame F;
  F.Code = &decoded(Entry);
  F.Fn = &Entry;
  F.Block = &Entry.getEntryBlock();
  F.Values.resize(F.Code->NumSlots);
  // The IR arguments in order: a struct's pieces take one each.
  std::vector<const EntryArg *> PerIRArg;
  for (const EntryArg &Arg : Args)
    for (size_t K = 0; K < std::max<size_t>(Arg.Pieces.size(), 1); ++K)
      PerIRArg.push_back(&Arg);
  unsigned Index = 0;
  for (const llvm::Argument &A : Entry.args()) {
    // The caller's memory for a returned struct, not an input.
    if (A.hasStructRetAttr()) {
      F.Values[A.getArgNo()] = {placeReturnSlot(*S, A), nullptr};
      continue;
    }
    if (Index >= PerIRArg.size())
      break;
    const EntryArg &Arg = *PerIRArg[Index];
    if (!Arg.Pieces.empty()) {
      size_t First =
          std::find(PerIRArg.begin(), PerIRArg.end(), &Arg) - PerIRArg.begin();
      F.Values[A.getArgNo()] = Arg.Pieces[Index++ - First];
      continue;
    }
    ++Index;
    ConcolicValue V = Arg.Value;
    if (Arg.IsPointerArray)
      V = {placePointerArray(*S, Arg), nullptr};
    else if (Arg.IsBuffer)
      V = {placeBuffer(*S, Arg), nullptr};
    F.Values[A.getArgNo()] = V;
  }
  S->StackBytes = F.StackBytes;
  S->Stack.push_back(std::move(F));
  return S;
}

namespace {
/// Width in bytes and signedness of a scalar debug type; 0 bytes if the
/// variable is not an integer, enum or pointer.
std::pair<unsigned, bool> scalarOf(const llvm::DIType *T,
                                   unsigned PointerBytes) {
  while (auto *D = llvm::dyn_cast_or_null<llvm::DIDerivedType>(T)) {
    if (D->getTag() == llvm::dwarf::DW_TAG_pointer_type)
      return {PointerBytes, false};
    T = D->getBaseType(); // typedef, const, volatile
  }
  if (auto *B = llvm::dyn_cast_or_null<llvm::DIBasicType>(T)) {
    unsigned Enc = B->getEncoding();
    bool Signed = Enc == llvm::dwarf::DW_ATE_signed ||
                  Enc == llvm::dwarf::DW_ATE_signed_char;
    bool Integer = Signed || Enc == llvm::dwarf::DW_ATE_unsigned ||
                   Enc == llvm::dwarf::DW_ATE_unsigned_char ||
                   Enc == llvm::dwarf::DW_ATE_boolean;
    if (Integer && B->getSizeInBits() <= 64)
      return {static_cast<unsigned>(B->getSizeInBits() / 8), Signed};
  }
  if (auto *C = llvm::dyn_cast_or_null<llvm::DICompositeType>(T))
    if (C->getTag() == llvm::dwarf::DW_TAG_enumeration_type)
      return {static_cast<unsigned>(C->getSizeInBits() / 8), true};
  return {0, false};
}
} // namespace

std::vector<SourceVariable>
Interpreter::sourceVariables(const ExecutionState &S) {
  std::vector<SourceVariable> Out;
  if (S.Stack.empty())
    return Out;
  const StackFrame &F = S.Stack.back();
  auto [It, New] = Declared.try_emplace(F.Fn);
  if (New) {
    auto Add = [&](const llvm::DILocalVariable *V, const llvm::Value *Addr) {
      auto [Bytes, Signed] = scalarOf(V->getType(), DL.getPointerSize());
      if (Bytes && Addr)
        It->second.push_back({V->getName().str(), Addr, Bytes, Signed});
    };
    for (const llvm::Instruction &I : llvm::instructions(*F.Fn)) {
      if (auto *D = llvm::dyn_cast<llvm::DbgDeclareInst>(&I))
        Add(D->getVariable(), D->getAddress());
      for (const llvm::DbgVariableRecord &R :
           llvm::filterDbgVars(I.getDbgRecordRange()))
        if (R.getType() == llvm::DbgVariableRecord::LocationType::Declare)
          Add(R.getVariable(), R.getAddress());
    }
  }
  for (const DeclaredVariable &D : It->second) {
    auto Slot = F.Code->SlotOf.find(D.Address);
    if (Slot == F.Code->SlotOf.end())
      continue;
    uint64_t Addr = F.Values[Slot->second].Bits;
    if (!Addr)
      continue; // Its alloca has not run yet.
    AccessError Err;
    if (!S.Mem.resolve(Addr, D.Bytes, Err))
      continue;
    ExprRef Sym = nullptr;
    uint64_t Bits = S.Mem.load(Ctx, Addr, D.Bytes, Sym);
    Out.push_back({D.Name, {Bits, Sym}, D.Bytes * 8, D.Signed});
  }
  return Out;
}

void reconcretize(ExecutionState &S, const Assignment &A) {
  Evaluator Eval(A);
  for (StackFrame &F : S.Stack)
    for (ConcolicValue &V : F.Values)
      if (V.Sym)
        V.Bits = Eval.eval(V.Sym);
  S.Mem.recomputeSymbolicBytes(
      [&](ExprRef E) { return static_cast<uint8_t>(Eval.eval(E)); });
}

PathOutcome Interpreter::run(ExecutionState &S, ExecutionObserver &Obs) {
  return Run(*this, S, Obs).go();
}

} // namespace theseus
