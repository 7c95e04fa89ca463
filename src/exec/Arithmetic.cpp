//===- Arithmetic.cpp - Integer and float operations ----------------------===//
#include "exec/InterpreterRun.h"

namespace theseus {

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
  unsigned W = floatWidth(*Fmt);
  ConcolicValue A = operand(I.getOperand(0));
  if (I.getOpcode() == llvm::Instruction::FNeg)
    return set(I, value(floatNegate(*Fmt, A.Bits),
                        A.Sym ? Ctx.floatNegate(A.Sym) : nullptr));
  ConcolicValue B = operand(I.getOperand(1));
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
  if (Op == FloatBinaryOp::Div && In.Opts.FloatDivideByZero &&
      !checkFloatDivision(I, W, B))
    return;
  uint64_t Bits = floatBinary(Op, *Fmt, A.Bits, B.Bits);
  if (!A.Sym && !B.Sym)
    return set(I, {Bits, nullptr});
  bool Nonlinear =
      A.Sym && B.Sym && Op != FloatBinaryOp::Add && Op != FloatBinaryOp::Sub;
  if (Nonlinear && In.Opts.ConcretizeNonlinear) {
    Obs.onConcretization(&I, "nonlinear arithmetic");
    return set(I, {Bits, nullptr});
  }
  set(I, value(Bits, Ctx.floatBinary(Op, symOf(A, W), symOf(B, W))));
}

bool Interpreter::Run::checkFloatDivision(const llvm::Instruction &I,
                                          unsigned W, const ConcolicValue &B) {
  constexpr unsigned Zeros = 0x60; // llvm.is.fpclass's -0 and +0.
  bool IsZero = (B.Bits << (65 - W)) == 0;
  if (B.Sym)
    decide(Ctx.floatIsClass(B.Sym, Zeros), IsZero, BranchKind::Check, I);
  if (!IsZero)
    return true;
  bug("float-division-by-zero", "float division by zero", I);
  return false;
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
  static_assert(llvm::CmpInst::FCMP_OEQ == 1 && llvm::CmpInst::FCMP_OGT == 2 &&
                    llvm::CmpInst::FCMP_OLT == 4 &&
                    llvm::CmpInst::FCMP_UNO == 8,
                "floatCompare reads fcmp predicates as relation bits");
  bool Result = floatCompare(I.getPredicate(), *Fmt, A.Bits, B.Bits);
  if (!A.Sym && !B.Sym)
    return set(I, {Result, nullptr});
  unsigned W = floatWidth(*Fmt);
  set(I, value(Result,
               Ctx.floatCompare(I.getPredicate(), symOf(A, W), symOf(B, W))));
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
  case Instruction::BitCast: // A float's value is its encoding already.
  case Instruction::AddrSpaceCast:
    return set(I, V);
  default:
    if (D.Indexes && !checkNanIndex(I, V))
      return;
    return floatCast(I, V);
  }
}

bool Interpreter::Run::checkNanIndex(const llvm::CastInst &I,
                                     const ConcolicValue &V) {
  constexpr unsigned Nans = 0x3; // llvm.is.fpclass's signalling and quiet.
  std::optional<FloatFormat> Fmt = floatFormat(I.getSrcTy());
  if (!Fmt)
    return true;
  bool IsNan = floatIsClass(*Fmt, V.Bits, Nans);
  if (V.Sym)
    decide(Ctx.floatIsClass(V.Sym, Nans), IsNan, BranchKind::Check, I);
  if (!IsNan)
    return true;
  bug("nan-index", "NaN converted to an integer used as an index", I);
  return false;
}

void Interpreter::Run::floatCast(const llvm::CastInst &I, ConcolicValue V) {
  const llvm::Type *From = I.getSrcTy(), *To = I.getDestTy();
  std::optional<FloatFormat> FromFmt = floatFormat(From),
                             ToFmt = floatFormat(To);
  if (!FromFmt && !ToFmt)
    return unsupported(I, fmt::format("'{}' on this type", I.getOpcodeName()));
  unsigned FW = scalarWidth(From), TW = scalarWidth(To);
  uint64_t Bits = 0;
  ExprRef Sym = nullptr;
  using llvm::Instruction;
  switch (I.getOpcode()) {
  case Instruction::FPToSI:
  case Instruction::FPToUI: {
    bool Signed = I.getOpcode() == Instruction::FPToSI;
    Bits = floatToInt(*FromFmt, V.Bits, TW, Signed);
    Sym = V.Sym ? Ctx.floatToInt(V.Sym, TW, Signed) : nullptr;
    break;
  }
  case Instruction::SIToFP:
  case Instruction::UIToFP: {
    bool Signed = I.getOpcode() == Instruction::SIToFP;
    Bits = intToFloat(V.Bits, FW, Signed, *ToFmt);
    Sym = V.Sym ? Ctx.intToFloat(V.Sym, Signed, *ToFmt) : nullptr;
    break;
  }
  case Instruction::FPExt:
  case Instruction::FPTrunc:
    Bits = floatConvert(*FromFmt, *ToFmt, V.Bits);
    Sym = V.Sym ? Ctx.floatConvert(V.Sym, *ToFmt) : nullptr;
    break;
  default:
    return unsupported(I, fmt::format("cast '{}'", I.getOpcodeName()));
  }
  set(I, value(Bits, Sym));
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
  set(I, value(Chosen.Bits, Ctx.select(C.Sym, symOf(T, W), symOf(F, W))));
}

} // namespace theseus
