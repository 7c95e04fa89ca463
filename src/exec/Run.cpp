//===- Run.cpp - Control flow: frames, steps, branches --------------------===//
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
  // Read before the frame's objects, where it may lie, are released.
  if (S.Stack.size() == 1)
    Out.Bytes = returnedBytes(I, V);
  for (uint64_t Base : F.Allocas)
    S.Mem.release(Base);
  S.StackBytes -= F.StackBytes;
  [[maybe_unused]] const llvm::CallBase *Site = F.CallSite;
  if (S.Stack.size() == 1) {
    Out.HasValue = HasValue || !Out.Bytes.empty();
    // A struct in memory has its bytes; V, if any, is its address.
    Out.Value = Out.Bytes.empty() ? V.Bits : 0;
    Out.ValueSym = Out.Bytes.empty() ? V.Sym : nullptr;
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

std::vector<ConcolicValue>
Interpreter::Run::returnedBytes(const llvm::Instruction &Ret, ConcolicValue V) {
  const StackFrame &F = frame();
  uint64_t Addr = 0, Size = 0;
  const llvm::Value *Returned =
      llvm::cast<llvm::ReturnInst>(Ret).getReturnValue();
  for (const llvm::Argument &A : F.Fn->args())
    if (A.hasStructRetAttr()) {
      Addr = F.Values[A.getArgNo()].Bits;
      Size = DL.getTypeStoreSize(A.getParamStructRetType());
    }
  if (Returned && Returned->getType()->isAggregateType()) {
    Addr = V.Bits; // See load: the address it was loaded from.
    Size = DL.getTypeStoreSize(Returned->getType());
  }
  std::vector<ConcolicValue> Bytes;
  AccessError Err;
  if (!Size || !S.Mem.resolve(Addr, Size, Err))
    return Bytes;
  for (uint64_t B = 0; B < Size; ++B) {
    ExprRef Sym;
    uint64_t Bits = S.Mem.load(Ctx, Addr + B, 1, Sym);
    Bytes.push_back({Bits, Sym});
  }
  return Bytes;
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

} // namespace theseus
