//===- Interpreter.cpp - Concolic interpretation of LLVM IR ---------------===//
#include "exec/Interpreter.h"

#include "exec/Native.h"
#include "program/Program.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

#include <cmath>
#include <cstring>
#include <fmt/format.h>

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
  }
  return "?";
}

namespace {

/// Bit width of a first-class scalar type, or 0 if it is not a scalar.
unsigned scalarWidth(const llvm::Type *T) {
  if (T->isIntegerTy())
    return T->getIntegerBitWidth();
  if (T->isPointerTy() || T->isDoubleTy())
    return 64;
  if (T->isFloatTy())
    return 32;
  return 0;
}

double toDouble(uint64_t Bits, const llvm::Type *T) {
  if (T->isFloatTy()) {
    float F;
    uint32_t B = static_cast<uint32_t>(Bits);
    std::memcpy(&F, &B, 4);
    return F;
  }
  double D;
  std::memcpy(&D, &Bits, 8);
  return D;
}

uint64_t fromDouble(double D, const llvm::Type *T) {
  if (T->isFloatTy()) {
    float F = static_cast<float>(D);
    uint32_t B;
    std::memcpy(&B, &F, 4);
    return B;
  }
  uint64_t B;
  std::memcpy(&B, &D, 8);
  return B;
}

ExprKind binaryKind(unsigned Opcode) {
  switch (Opcode) {
  case llvm::Instruction::Add:
    return ExprKind::Add;
  case llvm::Instruction::Sub:
    return ExprKind::Sub;
  case llvm::Instruction::Mul:
    return ExprKind::Mul;
  case llvm::Instruction::UDiv:
    return ExprKind::UDiv;
  case llvm::Instruction::SDiv:
    return ExprKind::SDiv;
  case llvm::Instruction::URem:
    return ExprKind::URem;
  case llvm::Instruction::SRem:
    return ExprKind::SRem;
  case llvm::Instruction::And:
    return ExprKind::And;
  case llvm::Instruction::Or:
    return ExprKind::Or;
  case llvm::Instruction::Xor:
    return ExprKind::Xor;
  case llvm::Instruction::Shl:
    return ExprKind::Shl;
  case llvm::Instruction::LShr:
    return ExprKind::LShr;
  default:
    return ExprKind::AShr;
  }
}

bool isDivision(ExprKind K) {
  return K == ExprKind::UDiv || K == ExprKind::SDiv || K == ExprKind::URem ||
         K == ExprKind::SRem;
}

/// Functions that only print: pinning their arguments would cut every
/// other path through a value that is merely displayed.
bool isOutputFunction(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("printf", "fprintf", "puts", "fputs", "putchar", true)
      .Cases("fputc", "putc", "fflush", "perror", true)
      .Default(false);
}

} // namespace

//===----------------------------------------------------------------------===//
// One run of one state.
//===----------------------------------------------------------------------===//

class Interpreter::Run {
public:
  Run(Interpreter &In, ExecutionState &S, ExecutionObserver &Obs)
      : In(In), S(S), Obs(Obs), Ctx(In.Ctx), DL(In.DL) {}

  PathOutcome go();

private:
  StackFrame &frame() { return S.Stack.back(); }

  // Values.
  ConcolicValue operand(const llvm::Value *V);
  ExprRef symOf(const ConcolicValue &V, unsigned Width) {
    return V.Sym ? V.Sym : Ctx.constant(V.Bits, Width);
  }
  static ConcolicValue value(uint64_t Bits, ExprRef Sym) {
    return {Bits, Sym && !Sym->isConst() ? Sym : nullptr};
  }
  void set(const llvm::Instruction &I, ConcolicValue V) {
    frame().Locals[&I] = V;
  }

  // Path events.
  void decide(ExprRef Cond, bool Taken, BranchKind K,
              const llvm::Instruction &I) {
    if (Cond && !Cond->isConst())
      Obs.onBranch({Cond, Taken, K, &I});
  }
  /// Makes a symbolic value concrete for an operation that needs a concrete
  /// one: pinned in the path condition.
  uint64_t pin(const ConcolicValue &V, unsigned Width,
               const llvm::Instruction &I) {
    if (V.Sym)
      decide(Ctx.eq(V.Sym, Ctx.constant(V.Bits, Width)), true, BranchKind::Pin,
             I);
    return V.Bits;
  }

  // Ending the path.
  void finish(PathEnd End, const llvm::Instruction *At) {
    Out.End = End;
    Out.Loc = sourceLocOf(At);
    Out.Stack = callStack(At);
    reportPartialBlocks(At);
    Done = true;
  }
  void bug(const std::string &Kind, const std::string &Message,
           const llvm::Instruction &I) {
    Out.BugKind = Kind;
    Out.Message = Message;
    finish(PathEnd::Bug, &I);
  }
  void unsupported(const llvm::Instruction &I, const std::string &What) {
    SourceLoc L = sourceLocOf(&I);
    Out.Message = fmt::format("unsupported: {} at {}", What, L.str());
    finish(PathEnd::Unsupported, &I);
  }
  std::vector<StackEntry> callStack(const llvm::Instruction *At) const;
  void reportPartialBlocks(const llvm::Instruction *At);

  // Control flow.
  void jumpTo(const llvm::BasicBlock *Target);
  void pushFrame(const llvm::Function &F, std::vector<ConcolicValue> Args,
                 const llvm::CallBase *CallSite);
  void returnFrom(const llvm::Instruction &I, ConcolicValue V, bool HasValue);

  // Instructions.
  void step(const llvm::Instruction &I);
  void binaryOp(const llvm::BinaryOperator &I);
  bool checkDivision(const llvm::BinaryOperator &I, ExprKind K,
                     const ConcolicValue &L, const ConcolicValue &R,
                     unsigned W);
  void floatOp(const llvm::Instruction &I);
  void icmp(const llvm::ICmpInst &I);
  void fcmp(const llvm::FCmpInst &I);
  void cast(const llvm::CastInst &I);
  void select(const llvm::SelectInst &I);
  void branch(const llvm::BranchInst &I);
  void switchInst(const llvm::SwitchInst &I);
  void alloca(const llvm::AllocaInst &I);
  void load(const llvm::LoadInst &I);
  void store(const llvm::StoreInst &I);
  void gep(const llvm::GetElementPtrInst &I);
  void call(const llvm::CallBase &I);
  void intrinsic(const llvm::CallBase &I, const llvm::Function &F);
  bool builtin(const llvm::CallBase &I, const llvm::Function &F);
  void native(const llvm::CallBase &I, const llvm::Function &F);

  /// Resolves a pointer operand for an access of `Size` bytes; reports the
  /// bug and returns false when the access is invalid.
  bool access(const llvm::Instruction &I, const ConcolicValue &Ptr,
              uint64_t Size, uint64_t &Addr);

  Interpreter &In;
  ExecutionState &S;
  ExecutionObserver &Obs;
  ExprContext &Ctx;
  const llvm::DataLayout &DL;
  PathOutcome Out;
  bool Done = false;
};

PathOutcome Interpreter::Run::go() {
  const uint64_t PollInterval = 4096;
  while (!Done) {
    StackFrame &F = frame();
    const llvm::Instruction &I = *F.PC;
    ++F.PC;
    ++S.Steps;
    if (S.Steps % PollInterval == 0) {
      if (In.Opts.MaxSteps && S.Steps >= In.Opts.MaxSteps) {
        Out.Message =
            fmt::format("instruction limit ({}) reached", In.Opts.MaxSteps);
        finish(PathEnd::StepLimit, &I);
        break;
      }
      if (In.Opts.ShouldStop && In.Opts.ShouldStop()) {
        finish(PathEnd::Interrupted, &I);
        break;
      }
    }
    step(I);
  }
  return std::move(Out);
}

std::vector<StackEntry>
Interpreter::Run::callStack(const llvm::Instruction *At) const {
  std::vector<StackEntry> Stack;
  const llvm::Instruction *Pos = At;
  for (auto It = S.Stack.rbegin(); It != S.Stack.rend(); ++It) {
    Stack.push_back({It->Fn->getName().str(), sourceLocOf(Pos)});
    Pos = It->CallSite;
  }
  return Stack;
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
  auto &Locals = frame().Locals;
  auto It = Locals.find(V);
  return It == Locals.end() ? ConcolicValue{} : It->second;
}

void Interpreter::Run::jumpTo(const llvm::BasicBlock *Target) {
  StackFrame &F = frame();
  Obs.onBlockExecuted(F.Block, nullptr);
  F.PrevBlock = F.Block;
  F.Block = Target;
  // Phis read their incoming values simultaneously.
  llvm::SmallVector<std::pair<const llvm::PHINode *, ConcolicValue>, 4> Phis;
  for (const llvm::PHINode &Phi : Target->phis())
    Phis.push_back({&Phi, operand(Phi.getIncomingValueForBlock(F.PrevBlock))});
  for (auto &[Phi, V] : Phis)
    F.Locals[Phi] = V;
  F.PC = Target->getFirstNonPHI()->getIterator();
}

void Interpreter::Run::pushFrame(const llvm::Function &Fn,
                                 std::vector<ConcolicValue> Args,
                                 const llvm::CallBase *CallSite) {
  StackFrame F;
  F.Fn = &Fn;
  F.Block = &Fn.getEntryBlock();
  F.PC = F.Block->begin();
  F.CallSite = CallSite;
  unsigned Index = 0;
  for (const llvm::Argument &A : Fn.args())
    if (Index < Args.size())
      F.Locals[&A] = Args[Index++];
  S.Stack.push_back(std::move(F));
}

void Interpreter::Run::returnFrom(const llvm::Instruction &I, ConcolicValue V,
                                  bool HasValue) {
  StackFrame &F = frame();
  Obs.onBlockExecuted(F.Block, nullptr);
  for (uint64_t Base : F.Allocas)
    S.Mem.release(Base);
  const llvm::CallBase *Site = F.CallSite;
  if (S.Stack.size() == 1) {
    Out.HasValue = HasValue;
    Out.Value = V.Bits;
    Out.End = PathEnd::Return;
    Out.Loc = sourceLocOf(&I);
    S.Stack.pop_back();
    Done = true;
    return;
  }
  S.Stack.pop_back();
  if (HasValue)
    frame().Locals[Site] = V;
}

void Interpreter::Run::step(const llvm::Instruction &I) {
  using llvm::Instruction;
  switch (I.getOpcode()) {
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
    return binaryOp(llvm::cast<llvm::BinaryOperator>(I));
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
  case Instruction::FRem:
  case Instruction::FNeg:
    return floatOp(I);
  case Instruction::ICmp:
    return icmp(llvm::cast<llvm::ICmpInst>(I));
  case Instruction::FCmp:
    return fcmp(llvm::cast<llvm::FCmpInst>(I));
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
  case Instruction::FPToSI:
  case Instruction::FPToUI:
  case Instruction::SIToFP:
  case Instruction::UIToFP:
  case Instruction::FPExt:
  case Instruction::FPTrunc:
    return cast(llvm::cast<llvm::CastInst>(I));
  case Instruction::Select:
    return select(llvm::cast<llvm::SelectInst>(I));
  case Instruction::Freeze:
    return set(I, operand(I.getOperand(0)));
  case Instruction::PHI:
    return; // Assigned on block entry.
  case Instruction::Br:
    return branch(llvm::cast<llvm::BranchInst>(I));
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
  case Instruction::Load:
    return load(llvm::cast<llvm::LoadInst>(I));
  case Instruction::Store:
    return store(llvm::cast<llvm::StoreInst>(I));
  case Instruction::GetElementPtr:
    return gep(llvm::cast<llvm::GetElementPtrInst>(I));
  case Instruction::Call:
    return call(llvm::cast<llvm::CallBase>(I));
  default:
    return unsupported(I, fmt::format("instruction '{}'", I.getOpcodeName()));
  }
}

void Interpreter::Run::binaryOp(const llvm::BinaryOperator &I) {
  unsigned W = scalarWidth(I.getType());
  if (W == 0 || W > 64)
    return unsupported(I, fmt::format("'{}' on this type", I.getOpcodeName()));
  ExprKind K = binaryKind(I.getOpcode());
  ConcolicValue L = operand(I.getOperand(0)), R = operand(I.getOperand(1));
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
  const llvm::Type *T = I.getType();
  if (!T->isFloatTy() && !T->isDoubleTy())
    return unsupported(I, "floating-point type other than float or double");
  ConcolicValue A = operand(I.getOperand(0));
  if (A.Sym)
    Obs.onConcretization(&I, "floating-point operand");
  double X = toDouble(A.Bits, T), R = 0;
  if (I.getOpcode() == llvm::Instruction::FNeg) {
    R = -X;
  } else {
    ConcolicValue B = operand(I.getOperand(1));
    if (B.Sym)
      Obs.onConcretization(&I, "floating-point operand");
    double Y = toDouble(B.Bits, T);
    switch (I.getOpcode()) {
    case llvm::Instruction::FAdd:
      R = X + Y;
      break;
    case llvm::Instruction::FSub:
      R = X - Y;
      break;
    case llvm::Instruction::FMul:
      R = X * Y;
      break;
    case llvm::Instruction::FDiv:
      R = X / Y;
      break;
    default:
      R = std::fmod(X, Y);
      break;
    }
  }
  if (T->isFloatTy()) // Round as the program would, in single precision.
    R = static_cast<float>(R);
  set(I, {fromDouble(R, T), nullptr});
}

void Interpreter::Run::icmp(const llvm::ICmpInst &I) {
  unsigned W = scalarWidth(I.getOperand(0)->getType());
  if (W == 0 || W > 64)
    return unsupported(I, "icmp on this type");
  ConcolicValue L = operand(I.getOperand(0)), R = operand(I.getOperand(1));
  using P = llvm::CmpInst::Predicate;
  ExprKind K = ExprKind::Eq;
  bool Swap = false, Negate = false;
  switch (I.getPredicate()) {
  case P::ICMP_EQ:
    break;
  case P::ICMP_NE:
    Negate = true;
    break;
  case P::ICMP_ULT:
    K = ExprKind::Ult;
    break;
  case P::ICMP_ULE:
    K = ExprKind::Ule;
    break;
  case P::ICMP_UGT:
    K = ExprKind::Ult;
    Swap = true;
    break;
  case P::ICMP_UGE:
    K = ExprKind::Ule;
    Swap = true;
    break;
  case P::ICMP_SLT:
    K = ExprKind::Slt;
    break;
  case P::ICMP_SLE:
    K = ExprKind::Sle;
    break;
  case P::ICMP_SGT:
    K = ExprKind::Slt;
    Swap = true;
    break;
  case P::ICMP_SGE:
    K = ExprKind::Sle;
    Swap = true;
    break;
  default:
    return unsupported(I, "icmp predicate");
  }
  if (Swap)
    std::swap(L, R);
  bool Result = evalCompare(K, L.Bits, R.Bits, W) != Negate;
  if (!L.Sym && !R.Sym)
    return set(I, {Result, nullptr});
  ExprRef E = Ctx.compare(K, symOf(L, W), symOf(R, W));
  set(I, value(Result, Negate ? Ctx.logicalNot(E) : E));
}

void Interpreter::Run::fcmp(const llvm::FCmpInst &I) {
  const llvm::Type *T = I.getOperand(0)->getType();
  ConcolicValue A = operand(I.getOperand(0)), B = operand(I.getOperand(1));
  if (A.Sym || B.Sym)
    Obs.onConcretization(&I, "floating-point comparison");
  double X = toDouble(A.Bits, T), Y = toDouble(B.Bits, T);
  bool Unordered = std::isnan(X) || std::isnan(Y);
  using P = llvm::CmpInst::Predicate;
  bool R = false;
  switch (I.getPredicate()) {
  case P::FCMP_FALSE:
    R = false;
    break;
  case P::FCMP_TRUE:
    R = true;
    break;
  case P::FCMP_OEQ:
    R = !Unordered && X == Y;
    break;
  case P::FCMP_OGT:
    R = !Unordered && X > Y;
    break;
  case P::FCMP_OGE:
    R = !Unordered && X >= Y;
    break;
  case P::FCMP_OLT:
    R = !Unordered && X < Y;
    break;
  case P::FCMP_OLE:
    R = !Unordered && X <= Y;
    break;
  case P::FCMP_ONE:
    R = !Unordered && X != Y;
    break;
  case P::FCMP_ORD:
    R = !Unordered;
    break;
  case P::FCMP_UNO:
    R = Unordered;
    break;
  case P::FCMP_UEQ:
    R = Unordered || X == Y;
    break;
  case P::FCMP_UGT:
    R = Unordered || X > Y;
    break;
  case P::FCMP_UGE:
    R = Unordered || X >= Y;
    break;
  case P::FCMP_ULT:
    R = Unordered || X < Y;
    break;
  case P::FCMP_ULE:
    R = Unordered || X <= Y;
    break;
  case P::FCMP_UNE:
    R = Unordered || X != Y;
    break;
  default:
    return unsupported(I, "fcmp predicate");
  }
  set(I, {R, nullptr});
}

void Interpreter::Run::cast(const llvm::CastInst &I) {
  const llvm::Type *From = I.getSrcTy(), *To = I.getDestTy();
  unsigned FW = scalarWidth(From), TW = scalarWidth(To);
  if (FW == 0 || TW == 0 || FW > 64 || TW > 64)
    return unsupported(I, fmt::format("'{}' on this type", I.getOpcodeName()));
  ConcolicValue V = operand(I.getOperand(0));
  using llvm::Instruction;
  switch (I.getOpcode()) {
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
  case Instruction::IntToPtr:
    return set(I, value(truncBits(V.Bits, TW),
                        V.Sym ? Ctx.resize(V.Sym, TW, false) : nullptr));
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
    if (V.Sym && (From->isFloatingPointTy() || To->isFloatingPointTy())) {
      Obs.onConcretization(&I, "bitcast between integer and floating point");
      V.Sym = nullptr;
    }
    return set(I, V);
  default:
    break;
  }
  // Conversions involving floating point run concretely.
  if (V.Sym)
    Obs.onConcretization(&I, "floating-point conversion");
  uint64_t Bits = 0;
  switch (I.getOpcode()) {
  case Instruction::FPToSI:
    Bits = truncBits(uint64_t(int64_t(toDouble(V.Bits, From))), TW);
    break;
  case Instruction::FPToUI:
    Bits = truncBits(uint64_t(toDouble(V.Bits, From)), TW);
    break;
  case Instruction::SIToFP:
    Bits = fromDouble(double(signExtend(V.Bits, FW)), To);
    break;
  case Instruction::UIToFP:
    Bits = fromDouble(double(truncBits(V.Bits, FW)), To);
    break;
  default: // FPExt, FPTrunc
    Bits = fromDouble(toDouble(V.Bits, From), To);
    break;
  }
  set(I, {Bits, nullptr});
}

void Interpreter::Run::select(const llvm::SelectInst &I) {
  unsigned W = scalarWidth(I.getType());
  if (W == 0 || W > 64 || I.getCondition()->getType()->isVectorTy())
    return unsupported(I, "select on this type");
  ConcolicValue C = operand(I.getCondition());
  ConcolicValue T = operand(I.getTrueValue()), F = operand(I.getFalseValue());
  ConcolicValue Chosen = (C.Bits & 1) ? T : F;
  if (!C.Sym)
    return set(I, Chosen);
  if (I.getType()->isFloatingPointTy()) {
    Obs.onConcretization(&I, "select between floating-point values");
    return set(I, {Chosen.Bits, nullptr});
  }
  set(I, value(Chosen.Bits, Ctx.select(C.Sym, symOf(T, W), symOf(F, W))));
}

void Interpreter::Run::branch(const llvm::BranchInst &I) {
  if (I.isUnconditional()) {
    Obs.onEdge(&I, 0);
    return jumpTo(I.getSuccessor(0));
  }
  ConcolicValue C = operand(I.getCondition());
  bool Taken = C.Bits & 1;
  decide(C.Sym, Taken, BranchKind::Branch, I);
  unsigned Succ = Taken ? 0 : 1;
  Obs.onEdge(&I, Succ);
  jumpTo(I.getSuccessor(Succ));
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
      Obs.onEdge(&I, Index);
      return jumpTo(Case.getCaseSuccessor());
    }
    ++Index;
  }
  Obs.onEdge(&I, 0);
  jumpTo(I.getDefaultDest());
}

bool Interpreter::Run::access(const llvm::Instruction &I,
                              const ConcolicValue &Ptr, uint64_t Size,
                              uint64_t &Addr) {
  if (Ptr.Sym) {
    // Symbolic addresses are pinned to the concrete one for now.
    Obs.onConcretization(&I, "symbolic pointer");
    Addr = pin(Ptr, 64, I);
  } else {
    Addr = Ptr.Bits;
  }
  AccessError Err;
  if (S.Mem.resolve(Addr, Size, Err))
    return true;
  bug(bugKindFor(Err),
      fmt::format("invalid {}-byte access at address {:#x}", Size, Addr), I);
  return false;
}

void Interpreter::Run::alloca(const llvm::AllocaInst &I) {
  ConcolicValue N = operand(I.getArraySize());
  uint64_t Count = pin(N, scalarWidth(I.getArraySize()->getType()), I);
  uint64_t Size = DL.getTypeAllocSize(I.getAllocatedType()) * Count;
  std::string Name = I.hasName() ? I.getName().str() : "alloca";
  const MemoryObject *O =
      S.Mem.allocate(Size, I.getAlign().value(), ObjectKind::Stack, Name);
  frame().Allocas.push_back(O->Base);
  set(I, {O->Base, nullptr});
}

void Interpreter::Run::load(const llvm::LoadInst &I) {
  const llvm::Type *T = I.getType();
  unsigned W = scalarWidth(T);
  if (W == 0 || W > 64)
    return unsupported(I, "load of an aggregate or vector value");
  unsigned Bytes = static_cast<unsigned>(DL.getTypeStoreSize(I.getType()));
  uint64_t Addr;
  if (!access(I, operand(I.getPointerOperand()), Bytes, Addr))
    return;
  ExprRef Sym;
  uint64_t Bits = S.Mem.load(Ctx, Addr, Bytes, Sym);
  if (Sym && T->isFloatingPointTy()) {
    Obs.onConcretization(&I, "floating-point load of symbolic bytes");
    Sym = nullptr;
  }
  if (Sym && Sym->width() != W)
    Sym = Ctx.extract(Sym, 0, W);
  set(I, value(truncBits(Bits, W), Sym));
}

void Interpreter::Run::store(const llvm::StoreInst &I) {
  const llvm::Value *V = I.getValueOperand();
  unsigned W = scalarWidth(V->getType());
  if (W == 0 || W > 64)
    return unsupported(I, "store of an aggregate or vector value");
  unsigned Bytes = static_cast<unsigned>(DL.getTypeStoreSize(V->getType()));
  uint64_t Addr;
  if (!access(I, operand(I.getPointerOperand()), Bytes, Addr))
    return;
  ConcolicValue Val = operand(V);
  S.Mem.store(Ctx, Addr, Bytes, truncBits(Val.Bits, W), Val.Sym);
}

void Interpreter::Run::gep(const llvm::GetElementPtrInst &I) {
  if (I.getType()->isVectorTy())
    return unsupported(I, "vector getelementptr");
  ConcolicValue Base = operand(I.getPointerOperand());
  uint64_t Offset = 0;         // Concrete total offset.
  uint64_t ConstOffset = 0;    // The part of it not depending on inputs.
  ExprRef SymOffset = nullptr; // The part that does.
  for (auto GTI = llvm::gep_type_begin(&I), E = llvm::gep_type_end(&I);
       GTI != E; ++GTI) {
    const llvm::Value *Idx = GTI.getOperand();
    if (llvm::StructType *ST = GTI.getStructTypeOrNull()) {
      unsigned Field = static_cast<unsigned>(
          llvm::cast<llvm::ConstantInt>(Idx)->getZExtValue());
      uint64_t FieldOffset = DL.getStructLayout(ST)->getElementOffset(Field);
      Offset += FieldOffset;
      ConstOffset += FieldOffset;
      continue;
    }
    uint64_t Stride = GTI.getSequentialElementStride(DL);
    unsigned IW = scalarWidth(Idx->getType());
    ConcolicValue IV = operand(Idx);
    uint64_t Term = uint64_t(signExtend(IV.Bits, IW)) * Stride;
    Offset += Term;
    if (!IV.Sym) {
      ConstOffset += Term;
      continue;
    }
    ExprRef SymTerm =
        Ctx.mul(Ctx.resize(IV.Sym, 64, true), Ctx.constant(Stride, 64));
    SymOffset = SymOffset ? Ctx.add(SymOffset, SymTerm) : SymTerm;
  }
  uint64_t Bits = Base.Bits + Offset;
  if (!Base.Sym && !SymOffset)
    return set(I, {Bits, nullptr});
  ExprRef Sym = Ctx.add(symOf(Base, 64), Ctx.constant(ConstOffset, 64));
  if (SymOffset)
    Sym = Ctx.add(SymOffset, Sym);
  set(I, value(Bits, Sym));
}

void Interpreter::Run::call(const llvm::CallBase &I) {
  const llvm::Function *F = I.getCalledFunction();
  if (!F) {
    ConcolicValue Target = operand(I.getCalledOperand());
    uint64_t Addr = pin(Target, 64, I);
    F = In.FunctionAt.lookup(Addr);
    if (!F)
      return bug(
          "invalid-function-pointer",
          fmt::format("call through {:#x}, which is not a function", Addr), I);
  }
  if (F->isIntrinsic())
    return intrinsic(I, *F);
  if (builtin(I, *F))
    return;
  if (F->isDeclaration())
    return native(I, *F);
  std::vector<ConcolicValue> Args;
  for (const llvm::Use &A : I.args())
    Args.push_back(operand(A.get()));
  if (F->isVarArg())
    return unsupported(I, fmt::format("call to variadic function '{}' "
                                      "with a body",
                                      F->getName().str()));
  pushFrame(*F, std::move(Args), &I);
}

void Interpreter::Run::intrinsic(const llvm::CallBase &I,
                                 const llvm::Function &F) {
  using llvm::Intrinsic::ID;
  auto Arg = [&](unsigned N) { return operand(I.getArgOperand(N)); };
  unsigned W = scalarWidth(I.getType());
  switch (F.getIntrinsicID()) {
  case llvm::Intrinsic::dbg_declare:
  case llvm::Intrinsic::dbg_value:
  case llvm::Intrinsic::dbg_label:
  case llvm::Intrinsic::lifetime_start:
  case llvm::Intrinsic::lifetime_end:
  case llvm::Intrinsic::assume:
  case llvm::Intrinsic::experimental_noalias_scope_decl:
  case llvm::Intrinsic::stackrestore:
  case llvm::Intrinsic::donothing:
    return;
  case llvm::Intrinsic::stacksave:
    return set(I, {0, nullptr});
  case llvm::Intrinsic::expect:
    return set(I, Arg(0));
  case llvm::Intrinsic::trap:
  case llvm::Intrinsic::debugtrap:
  case llvm::Intrinsic::ubsantrap:
    return bug("trap", "the program executed a trap", I);
  case llvm::Intrinsic::memcpy:
  case llvm::Intrinsic::memmove:
  case llvm::Intrinsic::memset: {
    unsigned LW = scalarWidth(I.getArgOperand(2)->getType());
    uint64_t Len = pin(Arg(2), LW, I);
    uint64_t Dst;
    if (Len == 0)
      return;
    if (!access(I, Arg(0), Len, Dst))
      return;
    if (F.getIntrinsicID() == llvm::Intrinsic::memset) {
      ConcolicValue B = Arg(1);
      return S.Mem.fill(Dst, static_cast<uint8_t>(B.Bits), B.Sym, Len);
    }
    uint64_t Src;
    if (!access(I, Arg(1), Len, Src))
      return;
    return S.Mem.copy(Dst, Src, Len);
  }
  case llvm::Intrinsic::abs: {
    ConcolicValue X = Arg(0);
    int64_t V = signExtend(X.Bits, W);
    uint64_t Bits = truncBits(uint64_t(V < 0 ? -V : V), W);
    if (!X.Sym)
      return set(I, {Bits, nullptr});
    ExprRef Neg = Ctx.sub(Ctx.constant(0, W), X.Sym);
    return set(I, value(Bits, Ctx.select(Ctx.slt(X.Sym, Ctx.constant(0, W)),
                                         Neg, X.Sym)));
  }
  case llvm::Intrinsic::smax:
  case llvm::Intrinsic::smin:
  case llvm::Intrinsic::umax:
  case llvm::Intrinsic::umin: {
    ConcolicValue A = Arg(0), B = Arg(1);
    ID Id = F.getIntrinsicID();
    bool Signed = Id == llvm::Intrinsic::smax || Id == llvm::Intrinsic::smin;
    bool Max = Id == llvm::Intrinsic::smax || Id == llvm::Intrinsic::umax;
    ExprKind Lt = Signed ? ExprKind::Slt : ExprKind::Ult;
    bool ALess = evalCompare(Lt, A.Bits, B.Bits, W);
    ConcolicValue Pick = (ALess != Max) ? A : B;
    if (!A.Sym && !B.Sym)
      return set(I, Pick);
    ExprRef Less = Ctx.compare(Lt, symOf(A, W), symOf(B, W));
    return set(
        I, value(Pick.Bits, Max ? Ctx.select(Less, symOf(B, W), symOf(A, W))
                                : Ctx.select(Less, symOf(A, W), symOf(B, W))));
  }
  case llvm::Intrinsic::bswap: {
    ConcolicValue X = Arg(0);
    uint64_t Bits = 0;
    ExprRef Sym = nullptr;
    for (unsigned B = 0; B < W / 8; ++B) {
      Bits |= ((X.Bits >> (8 * B)) & 0xff) << (W - 8 - 8 * B);
      if (X.Sym) {
        ExprRef Byte = Ctx.extract(X.Sym, 8 * B, 8);
        Sym = Sym ? Ctx.concat(Sym, Byte) : Byte;
      }
    }
    return set(I, value(Bits, Sym));
  }
  case llvm::Intrinsic::ctpop:
  case llvm::Intrinsic::ctlz:
  case llvm::Intrinsic::cttz: {
    ConcolicValue X = Arg(0);
    if (X.Sym)
      Obs.onConcretization(&I, "bit-counting intrinsic");
    uint64_t V = truncBits(X.Bits, W), R = 0;
    ID Id = F.getIntrinsicID();
    if (Id == llvm::Intrinsic::ctpop)
      R = __builtin_popcountll(V);
    else if (V == 0)
      R = W;
    else if (Id == llvm::Intrinsic::ctlz)
      R = __builtin_clzll(V) - (64 - W);
    else
      R = __builtin_ctzll(V);
    return set(I, {R, nullptr});
  }
  default:
    return unsupported(I, fmt::format("intrinsic '{}'", F.getName().str()));
  }
}

/// Functions with a meaning to Theseus, whatever their body: they end the
/// path or manage memory. Returns false for ordinary functions.
bool Interpreter::Run::builtin(const llvm::CallBase &I,
                               const llvm::Function &F) {
  llvm::StringRef Name = F.getName();
  auto Arg = [&](unsigned N) { return operand(I.getArgOperand(N)); };
  if (Name == "__assert_fail") {
    std::string Expr = S.Mem.readCString(Arg(0).Bits, 200);
    bug("assertion-failure", fmt::format("assertion '{}' failed", Expr), I);
    return true;
  }
  if (Name == "abort") {
    bug("abort", "abort() called", I);
    return true;
  }
  if (Name == "reach_error" || Name == "__VERIFIER_error") {
    bug("reach-error", fmt::format("{}() called", Name.str()), I);
    return true;
  }
  if (Name == "exit" || Name == "_exit" || Name == "_Exit") {
    Out.HasValue = true;
    Out.Value = pin(Arg(0), 32, I);
    finish(PathEnd::Exit, &I);
    return true;
  }
  if (Name == "malloc" || Name == "calloc") {
    uint64_t Size = pin(Arg(0), 64, I);
    if (Name == "calloc")
      Size *= pin(Arg(1), 64, I);
    const MemoryObject *O = S.Mem.allocate(Size, 16, ObjectKind::Heap, "heap");
    set(I, {O->Base, nullptr});
    return true;
  }
  if (Name == "free") {
    uint64_t Addr = pin(Arg(0), 64, I);
    if (Addr == 0)
      return true;
    const MemoryObject *O = S.Mem.objectAt(Addr);
    if (!O || O->Kind != ObjectKind::Heap) {
      bool Double = S.Mem.wasFreed(Addr);
      bug(Double ? "double-free" : "invalid-free",
          fmt::format("free({:#x}) of {}", Addr,
                      Double ? "memory already freed" : "a non-heap pointer"),
          I);
      return true;
    }
    S.Mem.release(Addr);
    return true;
  }
  return false;
}

void Interpreter::Run::native(const llvm::CallBase &I,
                              const llvm::Function &F) {
  void *Fn = NativeCaller::lookup(F.getName().str());
  if (!Fn)
    return unsupported(I, fmt::format("call to '{}', which has no body and "
                                      "no native definition",
                                      F.getName().str()));
  Obs.onExternalCall(&F);
  std::vector<NativeArg> Args;
  bool PassesPointer = false;
  for (unsigned N = 0; N < I.arg_size(); ++N) {
    const llvm::Value *A = I.getArgOperand(N);
    ConcolicValue V = operand(A);
    unsigned W = scalarWidth(A->getType());
    if (W == 0)
      return unsupported(I, fmt::format("an aggregate argument to native "
                                        "function '{}'",
                                        F.getName().str()));
    if (V.Sym) {
      bool Output = isOutputFunction(F.getName());
      if (In.Opts.ExternalArgs == ConcretizeMode::Pin && !Output)
        pin(V, W, I);
      Obs.onConcretization(&I, Output ? "argument of an output call (not "
                                        "pinned)"
                                      : "argument of a native call");
    }
    PassesPointer |= A->getType()->isPointerTy();
    Args.push_back(
        {A->getType(), V.Bits, I.paramHasAttr(N, llvm::Attribute::SExt)});
  }
  unsigned Fixed = F.getFunctionType()->getNumParams();
  uint64_t Ret = 0;
  std::string Error;
  if (PassesPointer)
    S.Mem.syncToHost();
  bool Ok = In.Native->call(Fn, I.getType(), Args, Fixed, Ret, Error);
  if (PassesPointer)
    S.Mem.syncFromHost();
  if (!Ok)
    return unsupported(I, fmt::format("native call to '{}' with {}",
                                      F.getName().str(), Error));
  if (!I.getType()->isVoidTy())
    set(I, {truncBits(Ret, scalarWidth(I.getType())), nullptr});
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
  auto S = std::make_unique<ExecutionState>();
  S->Mem = InitialMemory;
  StackFrame F;
  F.Fn = &Entry;
  F.Block = &Entry.getEntryBlock();
  F.PC = F.Block->begin();
  unsigned Index = 0;
  for (const llvm::Argument &A : Entry.args())
    if (Index < Args.size())
      F.Locals[&A] = Args[Index++];
  S->Stack.push_back(std::move(F));
  return S;
}

PathOutcome Interpreter::run(ExecutionState &S, ExecutionObserver &Obs) {
  return Run(*this, S, Obs).go();
}

} // namespace theseus
