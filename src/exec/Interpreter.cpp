//===- Interpreter.cpp - Concolic interpretation of LLVM IR ---------------===//
#include "exec/InterpreterRun.h"

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
      Native(std::make_unique<NativeCaller>()) {
  initGlobals();
}

Interpreter::~Interpreter() = default;

void Interpreter::initGlobals() {
  const llvm::Module &M = P.module();
  for (const llvm::Function &F : M) {
    if (F.isIntrinsic())
      continue;
    const MemoryObject *O =
        InitialMemory.allocate(1, 16, ObjectKind::Function, F.getName().str());
    GlobalAddress[&F] = O->Base;
    FunctionAt[O->Base] = &F;
  }
  for (const llvm::GlobalVariable &G : M.globals()) {
    uint64_t Size = DL.getTypeAllocSize(G.getValueType());
    if (G.isDeclaration()) {
      // An external variable such as libc's `stdout`: use the host's.
      void *Host = NativeCaller::lookup(G.getName().str());
      if (Host) {
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
      llvm::APInt Off(64, 0);
      GEP->accumulateConstantOffset(DL, Off);
      Bits =
          constantBits(llvm::cast<llvm::Constant>(GEP->getPointerOperand())) +
          Off.getZExtValue();
      break;
    }
    case llvm::Instruction::PtrToInt:
    case llvm::Instruction::IntToPtr:
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

std::unique_ptr<ExecutionState>
Interpreter::createState(const llvm::Function &Entry,
                         const std::vector<EntryArg> &Args) {
  auto S = std::make_unique<ExecutionState>();
  S->Mem = InitialMemory;
  StackFrame F;
  F.Fn = &Entry;
  F.Block = &Entry.getEntryBlock();
  F.PC = F.Block->begin();
  unsigned Index = 0;
  for (const llvm::Argument &A : Entry.args()) {
    if (Index >= Args.size())
      break;
    const EntryArg &Arg = Args[Index++];
    ConcolicValue V = Arg.Value;
    if (Arg.IsBuffer) {
      const MemoryObject *O =
          S->Mem.allocate(Arg.Bytes.size(), 16, ObjectKind::Input, Arg.Name);
      for (uint32_t B = 0; B < Arg.Bytes.size(); ++B)
        S->Mem.store(Ctx, O->Base + B, 1, Arg.Bytes[B],
                     B < Arg.SymbolicBytes ? Ctx.read(Arg.Arr, B) : nullptr);
      V = {O->Base, nullptr};
    }
    F.Locals[&A] = V;
  }
  S->Stack.push_back(std::move(F));
  return S;
}

PathOutcome Interpreter::run(ExecutionState &S, ExecutionObserver &Obs) {
  return Run(*this, S, Obs).go();
}

} // namespace theseus
