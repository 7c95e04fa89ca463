//===- Run.cpp - Control flow, arithmetic and memory ---===//
#include "exec/InterpreterRun.h"

#include "llvm/IR/DebugInfo.h"

namespace theseus {

PathOutcome Interpreter::Run::go() {
  while (!Done) {
    StackFrame &F = frame();
    const DecodedInst &D = F.Code->Insts[F.PC++];
    const llvm::Instruction &I = *D.I;
    ++S.Steps;
    if (S.Steps % PollInterval == 0) {
      if (S.MaxSteps && S.Steps - S.UnchargedSteps >= S.MaxSteps) {
        Out.Message = fmt::format("instruction limit ({}) reached", S.MaxSteps);
        finish(PathEnd::StepLimit, &I);
        break;
      }
      if (In.Opts.ShouldStop && In.Opts.ShouldStop()) {
        finish(PathEnd::Interrupted, &I);
        break;
      }
    }
    if (In.Opts.ReportStatements)
      noteStatement(I);
    Cur = &D;
    step(D);
  }
  return std::move(Out);
}

void Interpreter::Run::noteStatement(const llvm::Instruction &I) {
  const llvm::DebugLoc &DL = I.getDebugLoc();
  if (!DL || DL.getLine() == 0)
    return;
  if (DL.getLine() == LastLine && frame().Fn == LastFn)
    return;
  LastLine = DL.getLine();
  LastFn = frame().Fn;
  Obs.onStatement(&I);
}

std::vector<StackEntry>
Interpreter::Run::callStack(const llvm::Instruction *At) const {
  // A stack overflow can be 100,000 frames deep: the innermost ones say
  // where it happened.
  const size_t MaxReported = 100;
  std::vector<StackEntry> Stack;
  const llvm::Instruction *Pos = At;
  for (auto It = S.Stack.rbegin();
       It != S.Stack.rend() && Stack.size() < MaxReported; ++It) {
    Stack.push_back({It->Fn->getName().str(), sourceLocOf(Pos)});
    Pos = It->CallSite;
  }
  return Stack;
}

SourceLoc
Interpreter::Run::innermostKnownLoc(const std::vector<StackEntry> &Stack) {
  for (const StackEntry &E : Stack)
    if (E.Loc.known())
      return E.Loc;
  return {};
}

void Interpreter::Run::reportPartialBlocks(const llvm::Instruction *At) {
  const llvm::Instruction *Pos = At;
  for (auto It = S.Stack.rbegin(); It != S.Stack.rend() && Pos; ++It) {
    Obs.onBlockExecuted(It->Block, Pos);
    Pos = It->CallSite;
  }
}

ConcolicValue Interpreter::Run::operand(const llvm::Value *V) {
  if (auto *C = llvm::dyn_cast<llvm::Constant>(V))
    return {In.constantBits(C), nullptr};
  const StackFrame &F = frame();
  auto It = F.Code->SlotOf.find(V);
  return It == F.Code->SlotOf.end() ? ConcolicValue{} : F.Values[It->second];
}

void Interpreter::Run::jumpTo(uint32_t Index) {
  StackFrame &F = frame();
  Obs.onBlockExecuted(F.Block, nullptr);
  const DecodedBlock &Target = F.Code->Blocks[Index];
  F.PrevBlock = F.Block;
  F.Block = Target.BB;
  F.PC = Target.First;
  // Phis read their incoming values simultaneously.
  llvm::SmallVector<std::pair<uint32_t, ConcolicValue>, 4> Phis;
  for (const DecodedPhi &Phi : Target.Phis)
    for (const auto &[From, V] : Phi.Incoming)
      if (From == F.PrevBlock) {
        Phis.push_back({Phi.Slot, operand(V)});
        break;
      }
  for (auto &[Slot, V] : Phis)
    F.Values[Slot] = V;
  NativeRegion *R = Target.Region;
  if (R && !R->Disabled && !R->Contains.contains(F.PrevBlock))
    runNative(*R);
}

bool Interpreter::Run::takeEdge(const llvm::Instruction &Term, unsigned Index) {
  Obs.onEdge(&Term, Index);
  const char *Cut = Obs.cutPath();
  if (!Cut)
    return true;
  Out.Message = Cut;
  finish(PathEnd::BoundReached, &Term);
  return false;
}

void Interpreter::Run::pushFrame(const llvm::Function &Fn,
                                 std::vector<ConcolicValue> Args,
                                 const llvm::CallBase *CallSite) {
  StackFrame F;
  F.Code = &In.decoded(Fn);
  F.Fn = &Fn;
  F.Block = &Fn.getEntryBlock();
  F.CallSite = CallSite;
  uint64_t Limit = In.Opts.MaxStack;
  if (Limit && S.StackBytes + F.StackBytes > Limit)
    return stackOverflow(*CallSite,
                         fmt::format("call to '{}' ({} bytes for its frame)",
                                     Fn.getName().str(), F.StackBytes));
  S.StackBytes += F.StackBytes;
  F.Values.resize(F.Code->NumSlots);
  // The arguments' slots come first.
  Args.resize(std::min<size_t>(Args.size(), Fn.arg_size()));
  std::copy(Args.begin(), Args.end(), F.Values.begin());
  S.Stack.push_back(std::move(F));
}

void Interpreter::Run::returnFrom(const llvm::Instruction &I, ConcolicValue V,
                                  bool HasValue) {
  StackFrame &F = frame();
  Obs.onBlockExecuted(F.Block, nullptr);
  for (uint64_t Base : F.Allocas)
    S.Mem.release(Base);
  S.StackBytes -= F.StackBytes;
  [[maybe_unused]] const llvm::CallBase *Site = F.CallSite;
  if (S.Stack.size() == 1) {
    Out.HasValue = HasValue;
    Out.Value = V.Bits;
    Out.ValueSym = V.Sym;
    Out.End = PathEnd::Return;
    Out.Loc = sourceLocOf(&I);
    S.Stack.pop_back();
    Done = true;
    return;
  }
  S.Stack.pop_back();
  if (!HasValue)
    return;
  StackFrame &Caller = frame();
  const DecodedInst &Call = Caller.Code->Insts[Caller.PC - 1];
  assert(Call.I == Site && "returning to another instruction than the call");
  Caller.Values[Call.Result] = V;
}

void Interpreter::Run::step(const DecodedInst &D) {
  switch (D.Op) {
  case DecodedOp::Generic:
    return generic(*D.I);
  case DecodedOp::Phi:
    return; // Assigned on block entry.
  case DecodedOp::Binary:
    return binaryOp(D);
  case DecodedOp::ICmp:
    return icmp(D);
  case DecodedOp::Cast:
    return cast(D);
  case DecodedOp::Select:
    return select(D);
  case DecodedOp::Jump:
  case DecodedOp::CondBranch:
    return branch(D);
  case DecodedOp::Load:
    return load(D);
  case DecodedOp::Store:
    return store(D);
  case DecodedOp::GetElementPtr:
    return gep(D);
  case DecodedOp::HostOnlyGlobal:
    return unsupported(
        *D.I, fmt::format("the host variable '{}' in a 32-bit (ILP32) program: "
                          "its address does not fit in a 32-bit pointer",
                          In.hostOnlyGlobalIn(*D.I)->getName().str()));
  }
}

void Interpreter::Run::generic(const llvm::Instruction &I) {
  using llvm::Instruction;
  switch (I.getOpcode()) {
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
  case Instruction::FRem:
  case Instruction::FNeg:
    return floatOp(I);
  case Instruction::FCmp:
    return fcmp(llvm::cast<llvm::FCmpInst>(I));
  case Instruction::Freeze:
    return set(I, operand(I.getOperand(0)));
  case Instruction::Switch:
    return switchInst(llvm::cast<llvm::SwitchInst>(I));
  case Instruction::Ret: {
    auto &R = llvm::cast<llvm::ReturnInst>(I);
    if (!R.getReturnValue())
      return returnFrom(I, {}, false);
    return returnFrom(I, operand(R.getReturnValue()), true);
  }
  case Instruction::Unreachable:
    return bug("unreachable", "reached an 'unreachable' instruction", I);
  case Instruction::Alloca:
    return alloca(llvm::cast<llvm::AllocaInst>(I));
  case Instruction::Call:
    return call(llvm::cast<llvm::CallBase>(I));
  case Instruction::ExtractValue:
    return extractValue(llvm::cast<llvm::ExtractValueInst>(I));
  default:
    return unsupported(I, fmt::format("instruction '{}'", I.getOpcodeName()));
  }
}

void Interpreter::Run::binaryOp(const DecodedInst &D) {
  const auto &I = llvm::cast<llvm::BinaryOperator>(*D.I);
  unsigned W = D.Width;
  if (W == 0)
    return unsupported(I, fmt::format("'{}' on this type", I.getOpcodeName()));
  ExprKind K = static_cast<ExprKind>(D.Kind);
  ConcolicValue L = operand(D.Ops[0]), R = operand(D.Ops[1]);
  if (isDivision(K) && !checkDivision(I, K, L, R, W))
    return;
  uint64_t Bits = evalBinary(K, L.Bits, R.Bits, W);
  if (!L.Sym && !R.Sym)
    return set(I, {Bits, nullptr});
  bool Nonlinear = L.Sym && R.Sym && (K == ExprKind::Mul || isDivision(K));
  if (Nonlinear && In.Opts.ConcretizeNonlinear) {
    Obs.onConcretization(&I, "nonlinear arithmetic");
    return set(I, {Bits, nullptr});
  }
  set(I, value(Bits, Ctx.binary(K, symOf(L, W), symOf(R, W))));
}

bool Interpreter::Run::checkDivision(const llvm::BinaryOperator &I, ExprKind K,
                                     const ConcolicValue &L,
                                     const ConcolicValue &R, unsigned W) {
  bool IsZero = truncBits(R.Bits, W) == 0;
  if (R.Sym)
    decide(Ctx.eq(R.Sym, Ctx.constant(0, W)), IsZero, BranchKind::Check, I);
  if (IsZero) {
    bool Rem = K == ExprKind::URem || K == ExprKind::SRem;
    bug("division-by-zero", Rem ? "remainder by zero" : "division by zero", I);
    return false;
  }
  if (K != ExprKind::SDiv && K != ExprKind::SRem)
    return true;
  uint64_t Min = uint64_t(1) << (W - 1);
  uint64_t MinusOne = truncBits(~uint64_t(0), W);
  bool Overflow =
      truncBits(L.Bits, W) == Min && truncBits(R.Bits, W) == MinusOne;
  if (L.Sym || R.Sym)
    decide(Ctx.logicalAnd(Ctx.eq(symOf(L, W), Ctx.constant(Min, W)),
                          Ctx.eq(symOf(R, W), Ctx.constant(MinusOne, W))),
           Overflow, BranchKind::Check, I);
  if (Overflow) {
    bug("division-overflow",
        fmt::format("{} overflows: {} {} -1",
                    K == ExprKind::SDiv ? "division" : "remainder",
                    signExtend(Min, W), K == ExprKind::SDiv ? "/" : "%"),
        I);
    return false;
  }
  return true;
}

void Interpreter::Run::floatOp(const llvm::Instruction &I) {
  std::optional<FloatFormat> Fmt = floatFormat(I.getType());
  if (!Fmt)
    return unsupported(I, "floating-point type other than float or double");
  ConcolicValue A = operand(I.getOperand(0));
  if (A.Sym)
    Obs.onConcretization(&I, "floating-point operand");
  if (I.getOpcode() == llvm::Instruction::FNeg)
    return set(I, {floatNegate(*Fmt, A.Bits), nullptr});
  ConcolicValue B = operand(I.getOperand(1));
  if (B.Sym)
    Obs.onConcretization(&I, "floating-point operand");
  FloatBinaryOp Op = FloatBinaryOp::Rem;
  switch (I.getOpcode()) {
  case llvm::Instruction::FAdd:
    Op = FloatBinaryOp::Add;
    break;
  case llvm::Instruction::FSub:
    Op = FloatBinaryOp::Sub;
    break;
  case llvm::Instruction::FMul:
    Op = FloatBinaryOp::Mul;
    break;
  case llvm::Instruction::FDiv:
    Op = FloatBinaryOp::Div;
    break;
  default:
    break;
  }
  set(I, {floatBinary(Op, *Fmt, A.Bits, B.Bits), nullptr});
}

void Interpreter::Run::icmp(const DecodedInst &D) {
  unsigned W = D.Width;
  if (W == 0)
    return unsupported(*D.I, "icmp on this type");
  // The decoded operands are already swapped.
  ConcolicValue L = operand(D.Ops[0]), R = operand(D.Ops[1]);
  ExprKind K = static_cast<ExprKind>(D.Kind);
  bool Result = evalCompare(K, L.Bits, R.Bits, W) != D.Negate;
  if (!L.Sym && !R.Sym)
    return set(*D.I, {Result, nullptr});
  ExprRef E = Ctx.compare(K, symOf(L, W), symOf(R, W));
  set(*D.I, value(Result, D.Negate ? Ctx.logicalNot(E) : E));
}

void Interpreter::Run::fcmp(const llvm::FCmpInst &I) {
  std::optional<FloatFormat> Fmt = floatFormat(I.getOperand(0)->getType());
  if (!Fmt)
    return unsupported(I, "fcmp on a type other than float or double");
  ConcolicValue A = operand(I.getOperand(0)), B = operand(I.getOperand(1));
  if (A.Sym || B.Sym)
    Obs.onConcretization(&I, "floating-point comparison");
  static_assert(llvm::CmpInst::FCMP_OEQ == 1 && llvm::CmpInst::FCMP_OGT == 2 &&
                    llvm::CmpInst::FCMP_OLT == 4 &&
                    llvm::CmpInst::FCMP_UNO == 8,
                "floatCompare reads fcmp predicates as relation bits");
  set(I, {floatCompare(I.getPredicate(), *Fmt, A.Bits, B.Bits), nullptr});
}

void Interpreter::Run::cast(const DecodedInst &D) {
  const auto &I = llvm::cast<llvm::CastInst>(*D.I);
  unsigned FW = D.FromWidth, TW = D.Width;
  if (TW == 0)
    return unsupported(I, fmt::format("'{}' on this type", I.getOpcodeName()));
  ConcolicValue V = operand(D.Ops[0]);
  using llvm::Instruction;
  switch (D.Kind) {
  case Instruction::Trunc:
    return set(I, value(truncBits(V.Bits, TW),
                        V.Sym ? Ctx.extract(V.Sym, 0, TW) : nullptr));
  case Instruction::ZExt:
    return set(
        I, value(truncBits(V.Bits, FW), V.Sym ? Ctx.zext(V.Sym, TW) : nullptr));
  case Instruction::SExt:
    return set(I, value(truncBits(uint64_t(signExtend(V.Bits, FW)), TW),
                        V.Sym ? Ctx.sext(V.Sym, TW) : nullptr));
  case Instruction::PtrToInt:
    return set(I, value(truncBits(V.Bits, TW),
                        V.Sym ? Ctx.resize(V.Sym, TW, false) : nullptr));
  case Instruction::IntToPtr: {
    // An integer wider than the pointer keeps its low bits (ILP32).
    unsigned Kept = std::min(FW, PointerBits);
    return set(
        I, value(truncBits(V.Bits, Kept),
                 V.Sym ? Ctx.resize(Ctx.resize(V.Sym, Kept, false), TW, false)
                       : nullptr));
  }
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
    if (V.Sym && (I.getSrcTy()->isFloatingPointTy() ||
                  I.getDestTy()->isFloatingPointTy())) {
      Obs.onConcretization(&I, "bitcast between integer and floating point");
      V.Sym = nullptr;
    }
    return set(I, V);
  default:
    return floatCast(I, V);
  }
}

void Interpreter::Run::floatCast(const llvm::CastInst &I, ConcolicValue V) {
  const llvm::Type *From = I.getSrcTy(), *To = I.getDestTy();
  std::optional<FloatFormat> FromFmt = floatFormat(From),
                             ToFmt = floatFormat(To);
  if (!FromFmt && !ToFmt)
    return unsupported(I, fmt::format("'{}' on this type", I.getOpcodeName()));
  // Conversions involving floating point run concretely.
  if (V.Sym)
    Obs.onConcretization(&I, "floating-point conversion");
  unsigned FW = scalarWidth(From), TW = scalarWidth(To);
  uint64_t Bits = 0;
  using llvm::Instruction;
  switch (I.getOpcode()) {
  case Instruction::FPToSI:
  case Instruction::FPToUI:
    Bits =
        floatToInt(*FromFmt, V.Bits, TW, I.getOpcode() == Instruction::FPToSI);
    break;
  case Instruction::SIToFP:
  case Instruction::UIToFP:
    Bits = intToFloat(V.Bits, FW, I.getOpcode() == Instruction::SIToFP, *ToFmt);
    break;
  case Instruction::FPExt:
  case Instruction::FPTrunc:
    Bits = floatConvert(*FromFmt, *ToFmt, V.Bits);
    break;
  default:
    return unsupported(I, fmt::format("cast '{}'", I.getOpcodeName()));
  }
  set(I, {Bits, nullptr});
}

void Interpreter::Run::select(const DecodedInst &D) {
  const llvm::Instruction &I = *D.I;
  unsigned W = D.Width;
  if (W == 0)
    return unsupported(I, "select on this type");
  ConcolicValue C = operand(D.Ops[0]);
  ConcolicValue T = operand(D.Ops[1]), F = operand(D.Ops[2]);
  ConcolicValue Chosen = (C.Bits & 1) ? T : F;
  if (!C.Sym)
    return set(I, Chosen);
  if (I.getType()->isFloatingPointTy()) {
    Obs.onConcretization(&I, "select between floating-point values");
    return set(I, {Chosen.Bits, nullptr});
  }
  set(I, value(Chosen.Bits, Ctx.select(C.Sym, symOf(T, W), symOf(F, W))));
}

void Interpreter::Run::branch(const DecodedInst &D) {
  if (D.Op == DecodedOp::Jump) {
    if (takeEdge(*D.I, 0))
      jumpTo(D.Aux0);
    return;
  }
  ConcolicValue C = operand(D.Ops[0]);
  bool Taken = C.Bits & 1;
  decide(C.Sym, Taken, BranchKind::Branch, *D.I);
  unsigned Succ = Taken ? 0 : 1;
  if (takeEdge(*D.I, Succ))
    jumpTo(Taken ? D.Aux0 : D.Aux1);
}

void Interpreter::Run::switchInst(const llvm::SwitchInst &I) {
  ConcolicValue C = operand(I.getCondition());
  unsigned W = scalarWidth(I.getCondition()->getType());
  // A switch is a chain of equality tests in case order: the path condition
  // stays a sequence of two-way decisions.
  unsigned Index = 1;
  for (auto Case : I.cases()) {
    uint64_t V = Case.getCaseValue()->getZExtValue();
    bool Hit = truncBits(C.Bits, W) == V;
    if (C.Sym)
      decide(Ctx.eq(C.Sym, Ctx.constant(V, W)), Hit, BranchKind::Branch, I);
    if (Hit) {
      if (takeEdge(I, Index))
        jumpTo(frame().Code->BlockIndex.lookup(Case.getCaseSuccessor()));
      return;
    }
    ++Index;
  }
  if (takeEdge(I, 0))
    jumpTo(frame().Code->BlockIndex.lookup(I.getDefaultDest()));
}

const MemoryObject *Interpreter::Run::accessObject(const llvm::Instruction &I,
                                                   const ConcolicValue &Ptr,
                                                   uint64_t Size,
                                                   uint64_t &Addr, bool Write) {
  if (Ptr.Sym) {
    // Symbolic addresses are pinned to the concrete one for now.
    Obs.onConcretization(&I, "symbolic pointer");
    Addr = pin(Ptr, 64, I);
  } else {
    Addr = Ptr.Bits;
  }
  AccessError Err;
  if (const MemoryObject *O = S.Mem.resolve(Addr, Size, Err))
    return !Write || writable(I, *O, Addr) ? O : nullptr;
  bug(bugKindFor(Err),
      fmt::format("invalid {}-byte access at address {:#x}", Size, Addr), I);
  return nullptr;
}

bool Interpreter::Run::writable(const llvm::Instruction &I,
                                const MemoryObject &O, uint64_t Addr) {
  if (!O.ReadOnly)
    return true;
  bug(bugKindFor(AccessError::ReadOnly),
      fmt::format("write at offset {} of the constant '{}'", Addr - O.Base,
                  O.Name),
      I);
  return false;
}

void Interpreter::Run::stackOverflow(const llvm::Instruction &I,
                                     const std::string &What) {
  bug("stack-overflow",
      fmt::format("{} exceeds the stack limit of {} bytes (--max-stack) "
                  "with {} bytes in use, {} calls deep",
                  What, In.Opts.MaxStack, S.StackBytes, S.Stack.size()),
      I);
}

uint64_t Interpreter::Run::chooseSize(const ConcolicValue &N, unsigned W,
                                      uint64_t Max, BranchKind OverKind,
                                      const llvm::Instruction &I, bool &Fits) {
  uint64_t Count = truncBits(N.Bits, W);
  Fits = Count <= Max;
  if (!N.Sym)
    return Count;
  ExprRef Sym = Ctx.resize(N.Sym, 64, false);
  decide(Ctx.ule(Sym, Ctx.constant(Max, 64)), Fits, OverKind, I);
  if (!Fits)
    return Count;
  // The size is fixed by branches whose conditions depend only on the
  // branches before them, so that both explorers' trees stay consistent:
  // "Sym < 2^K" for K = 0, 1, ... until it holds (small sizes first), then
  // the bits below the top one.
  unsigned K = 0;
  for (; K < 64 && (uint64_t(1) << K) <= Max; ++K) {
    bool Below = Count < (uint64_t(1) << K);
    decide(Ctx.ult(Sym, Ctx.constant(uint64_t(1) << K, 64)), Below,
           BranchKind::Branch, I);
    if (Below)
      break;
  }
  for (unsigned Bit = K > 1 ? K - 1 : 0; Bit-- > 0;)
    decide(Ctx.extract(Sym, Bit, 1), (Count >> Bit) & 1, BranchKind::Branch, I);
  return Count;
}

bool Interpreter::Run::chooseLength(const llvm::CallBase &I, unsigned Pointers,
                                    uint64_t &Len) {
  const llvm::Value *LenArg = I.getArgOperand(2);
  ConcolicValue N = operand(LenArg);
  // The longest length every pointer's object has room for; a pointer
  // outside any object is reported by access().
  uint64_t Max = ~uint64_t(0);
  const MemoryObject *Tightest = nullptr;
  for (unsigned K = 0; N.Sym && K < Pointers; ++K) {
    uint64_t Addr = operand(I.getArgOperand(K)).Bits;
    const MemoryObject *O = S.Mem.objectNear(Addr);
    if (!O || Addr - O->Base > O->Size || O->Base + O->Size - Addr >= Max)
      continue;
    Max = O->Base + O->Size - Addr;
    Tightest = O;
  }
  bool Fits;
  Len = chooseSize(N, scalarWidth(LenArg->getType()), Max, BranchKind::Check, I,
                   Fits);
  if (!Fits)
    bug(bugKindFor(AccessError::OutOfBounds),
        fmt::format("{}-byte access with room for {} in '{}' ({} bytes)", Len,
                    Max, Tightest->Name, Tightest->Size),
        I);
  return Fits;
}

namespace {
/// Where a stack variable is declared: the allocas of fixed-size locals
/// carry no line of their own.
SourceLoc declarationOf(const llvm::AllocaInst &I) {
  auto *A = const_cast<llvm::AllocaInst *>(&I);
  const llvm::DILocalVariable *V = nullptr;
  for (llvm::DbgVariableRecord *R : llvm::findDVRDeclares(A))
    V = R->getVariable();
  for (llvm::DbgDeclareInst *D : llvm::findDbgDeclares(A))
    V = D->getVariable();
  SourceLoc L;
  if (V) {
    L.File = V->getFilename();
    L.Dir = V->getDirectory();
    L.Line = V->getLine();
  }
  return L;
}
} // namespace

void Interpreter::Run::alloca(const llvm::AllocaInst &I) {
  uint64_t Elem = DL.getTypeAllocSize(I.getAllocatedType());
  uint64_t Limit = In.Opts.MaxStack;
  uint64_t Room = S.StackBytes <= Limit ? Limit - S.StackBytes : 0;
  uint64_t MaxCount = Limit && Elem ? Room / Elem : ~uint64_t(0);
  bool Fits;
  uint64_t Count = chooseSize(operand(I.getArraySize()),
                              scalarWidth(I.getArraySize()->getType()),
                              MaxCount, BranchKind::Check, I, Fits);
  std::string Name = I.hasName() ? I.getName().str() : "alloca";
  if (!Fits) { // Elem * Count may not even fit in 64 bits.
    stackOverflow(
        I, fmt::format("stack object '{}' ({} x {} bytes)", Name, Count, Elem));
    if (!Out.Stack.front().Loc.known())
      Out.Loc = Out.Stack.front().Loc = declarationOf(I);
    return;
  }
  uint64_t Size = Elem * Count;
  S.StackBytes += Size;
  const MemoryObject *O =
      S.Mem.allocate(Size, I.getAlign().value(), ObjectKind::Stack, Name);
  frame().Allocas.push_back(O->Base);
  frame().StackBytes += Size;
  set(I, {O->Base, nullptr});
}

namespace {

/// Objects up to this size are read and written at symbolic offsets
/// through if-then-else chains; larger ones pin the pointer.
constexpr uint64_t MaxSymbolicObject = 4096;
constexpr uint64_t MaxCandidateOffsets = 256;
/// Read-only objects up to this size are read at symbolic offsets as
/// tables (TableRead), whatever the number of offsets.
constexpr uint64_t MaxConstantTable = 64 * 1024;

/// The offsets an expression can take are `Residue + k * Stride`: array
/// indexing scales the index by the element size.
std::pair<uint64_t, uint64_t> strideOf(ExprRef Off) {
  uint64_t Residue = 0;
  if (Off->kind() == ExprKind::Add && Off->operand(1)->isConst()) {
    Residue = Off->operand(1)->value();
    Off = Off->operand(0);
  }
  uint64_t Stride = 1;
  if (Off->kind() == ExprKind::Mul && Off->operand(1)->isConst())
    Stride = Off->operand(1)->value();
  else if (Off->kind() == ExprKind::Shl && Off->operand(1)->isConst() &&
           Off->operand(1)->value() < 63)
    Stride = uint64_t(1) << Off->operand(1)->value();
  if (Stride == 0)
    Stride = 1;
  return {Stride, Residue % Stride};
}

} // namespace

/// The object a symbolic pointer was derived from. Indexing adds a
/// symbolic offset to a concrete address inside the object, so the
/// expression's constant term names it; otherwise the object the concrete
/// address falls in (or follows) is used.
const MemoryObject *Interpreter::Run::provenance(const ConcolicValue &Ptr) {
  ExprRef E = Ptr.Sym;
  if (E->kind() == ExprKind::Add && E->operand(1)->isConst()) {
    uint64_t Base = E->operand(1)->value();
    const MemoryObject *O = S.Mem.objectNear(Base);
    if (O && Base - O->Base <= O->Size)
      return O;
  }
  return S.Mem.objectNear(Ptr.Bits);
}

bool Interpreter::Run::locate(const llvm::Instruction &I,
                              const ConcolicValue &Ptr, uint64_t Size,
                              Location &L) {
  L = Location{Ptr.Bits, nullptr, nullptr};
  const MemoryObject *Near = Ptr.Sym ? provenance(Ptr) : nullptr;
  if (!Near || Near->Kind == ObjectKind::Host ||
      Near->Kind == ObjectKind::Function) {
    L.Obj = accessObject(I, Ptr, Size, L.Addr, /*Write=*/false);
    return L.Obj != nullptr;
  }
  // The access must stay inside the object the concrete address falls in
  // (or just past): a decision the explorer negates to find overflows.
  ExprRef Off = Ctx.sub(Ptr.Sym, Ctx.constant(Near->Base, 64));
  bool Fits = Near->Size >= Size;
  uint64_t Limit = Fits ? Near->Size - Size : 0;
  bool InBounds = Fits && Ptr.Bits - Near->Base <= Limit;
  decide(Fits ? Ctx.ule(Off, Ctx.constant(Limit, 64)) : Ctx.falseExpr(),
         InBounds, BranchKind::Check, I);
  if (!InBounds) {
    bug(bugKindFor(AccessError::OutOfBounds),
        fmt::format("{}-byte access at offset {} of '{}' ({} bytes)", Size,
                    int64_t(Ptr.Bits - Near->Base), Near->Name, Near->Size),
        I);
    return false;
  }
  L.Obj = Near;
  if (Near->ReadOnly && Near->Size <= MaxConstantTable) {
    L.Offset = Off;
    L.Table = tableOf(*Near);
    return true;
  }
  auto [Stride, Residue] = strideOf(Off);
  if (Near->Size > MaxSymbolicObject ||
      (Near->Size - Size) / Stride + 1 > MaxCandidateOffsets) {
    Obs.onConcretization(&I, "symbolic pointer into a large object");
    pin(Ptr, 64, I);
    return true;
  }
  L.Offset = Off;
  return true;
}

const ConstantTable *Interpreter::Run::tableOf(const MemoryObject &O) {
  auto [It, New] = In.Tables.try_emplace(O.Base, nullptr);
  if (New) // Read-only: the bytes are still the initial ones.
    It->second =
        Ctx.table(O.Name, S.Mem.objects().find(O.Base)->second.second->Bytes);
  return It->second;
}

ExprRef Interpreter::Run::loadSymbolic(const Location &L, unsigned Bytes) {
  if (L.Table) {
    ExprRef Result = nullptr;
    for (unsigned K = 0; K < Bytes; ++K) {
      ExprRef B =
          Ctx.tableRead(L.Table, Ctx.add(L.Offset, Ctx.constant(K, 64)));
      Result = Result ? Ctx.concat(B, Result) : B;
    }
    return Result;
  }
  auto [Stride, Residue] = strideOf(L.Offset);
  ExprRef Result = nullptr;
  for (uint64_t O = Residue; O + Bytes <= L.Obj->Size; O += Stride) {
    ExprRef Sym;
    uint64_t Bits = S.Mem.load(Ctx, L.Obj->Base + O, Bytes, Sym);
    ExprRef V = Sym ? Sym : Ctx.constant(Bits, Bytes * 8);
    Result = Result
                 ? Ctx.select(Ctx.eq(L.Offset, Ctx.constant(O, 64)), V, Result)
                 : V;
  }
  return Result;
}

void Interpreter::Run::storeSymbolic(const Location &L, unsigned Bytes,
                                     uint64_t Bits, ExprRef Value) {
  auto [Stride, Residue] = strideOf(L.Offset);
  uint64_t Concrete = L.Addr - L.Obj->Base;
  ExprRef V = Value ? Ctx.resize(Value, Bytes * 8, false)
                    : Ctx.constant(Bits, Bytes * 8);
  for (uint64_t O = Residue; O + Bytes <= L.Obj->Size; O += Stride) {
    ExprRef Here = Ctx.eq(L.Offset, Ctx.constant(O, 64));
    for (unsigned K = 0; K < Bytes; ++K) {
      uint64_t Pos = L.Obj->Base + O + K;
      ExprRef OldSym;
      uint64_t Old = S.Mem.load(Ctx, Pos, 1, OldSym);
      ExprRef OldByte = OldSym ? OldSym : Ctx.constant(Old, 8);
      ExprRef New = Ctx.select(Here, Ctx.extract(V, 8 * K, 8), OldByte);
      uint64_t NewBits = O == Concrete ? (Bits >> (8 * K)) & 0xff : Old;
      S.Mem.store(Ctx, Pos, 1, NewBits, New->isConst() ? nullptr : New);
    }
  }
}

void Interpreter::Run::load(const DecodedInst &D) {
  const llvm::Instruction &I = *D.I;
  const llvm::Type *T = I.getType();
  unsigned W = D.Width;
  if (W == 0)
    return unsupported(I, "load of an aggregate or vector value");
  unsigned Bytes = D.Aux0;
  ConcolicValue Ptr = operand(D.Ops[0]);
  uint64_t Bits;
  if (!Ptr.Sym && S.Mem.loadConcrete(Ptr.Bits, Bytes, Bits))
    return set(I, {truncBits(Bits, W), nullptr});
  Location L;
  if (!locate(I, Ptr, Bytes, L))
    return;
  ExprRef Sym;
  Bits = S.Mem.load(Ctx, L.Addr, Bytes, Sym);
  if (L.Offset)
    Sym = loadSymbolic(L, Bytes);
  if (Sym && Sym->isConst())
    Sym = nullptr;
  if (Sym && T->isFloatingPointTy()) {
    Obs.onConcretization(&I, "floating-point load of symbolic bytes");
    Sym = nullptr;
  }
  if (Sym) // Zero-extended: a 32-bit pointer is held in 64 bits.
    Sym = Ctx.resize(Sym, W, false);
  set(I, value(truncBits(Bits, W), Sym));
}

void Interpreter::Run::store(const DecodedInst &D) {
  const auto &I = llvm::cast<llvm::StoreInst>(*D.I);
  unsigned W = D.Width;
  if (W == 0)
    return unsupported(I, "store of an aggregate or vector value");
  unsigned Bytes = D.Aux0;
  ConcolicValue Ptr = operand(D.Ops[0]), Val = operand(D.Ops[1]);
  if (!Ptr.Sym && !Val.Sym &&
      S.Mem.storeConcrete(Ptr.Bits, Bytes, truncBits(Val.Bits, W)))
    return;
  Location L;
  if (!locate(I, Ptr, Bytes, L) || (L.Obj && !writable(I, *L.Obj, L.Addr)))
    return;
  if (L.Offset && !I.getValueOperand()->getType()->isFloatingPointTy())
    return storeSymbolic(L, Bytes, truncBits(Val.Bits, W), Val.Sym);
  S.Mem.store(Ctx, L.Addr, Bytes, truncBits(Val.Bits, W), Val.Sym);
}

void Interpreter::Run::gep(const DecodedInst &D) {
  const llvm::Instruction &I = *D.I;
  if (D.Width == 0)
    return unsupported(I, "vector getelementptr");
  ConcolicValue Base = operand(D.Ops[0]);
  uint64_t Offset = D.Offset;      // Concrete total offset.
  uint64_t ConstOffset = D.Offset; // The part of it not depending on inputs.
  ExprRef SymOffset = nullptr;     // The part that does.
  const DecodedFunction &Code = *frame().Code;
  for (uint32_t K = D.Aux0; K < D.Aux1; ++K) {
    const GepTerm &T = Code.GepTerms[K];
    ConcolicValue IV = operand(T.Index);
    uint64_t Term = uint64_t(signExtend(IV.Bits, T.Width)) * T.Stride;
    Offset += Term;
    if (!IV.Sym) {
      ConstOffset += Term;
      continue;
    }
    ExprRef SymTerm =
        Ctx.mul(Ctx.resize(IV.Sym, 64, true), Ctx.constant(T.Stride, 64));
    SymOffset = SymOffset ? Ctx.add(SymOffset, SymTerm) : SymTerm;
  }
  // Addresses wrap at the pointer width. The expression is not wrapped:
  // it differs only for an address outside the arena, which no access
  // reaches without an out-of-bounds report.
  uint64_t Bits = truncBits(Base.Bits + Offset, PointerBits);
  if (!Base.Sym && !SymOffset)
    return set(I, {Bits, nullptr});
  ExprRef Sym = Ctx.add(symOf(Base, 64), Ctx.constant(ConstOffset, 64));
  if (SymOffset)
    Sym = Ctx.add(SymOffset, Sym);
  set(I, value(Bits, Sym));
}

} // namespace theseus
