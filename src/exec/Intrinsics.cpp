//===- Intrinsics.cpp - LLVM intrinsics -----------------------------------===//
#include "exec/InterpreterRun.h"
#include "expr/Libm.h"

#include "llvm/ADT/STLExtras.h"

#include <optional>

namespace theseus {

/// The operation of a floating-point intrinsic, none for the others.
static std::optional<FloatFunction> floatFunctionOf(llvm::Intrinsic::ID Id) {
  switch (Id) {
  case llvm::Intrinsic::fabs:
    return FloatFunction::Fabs;
  case llvm::Intrinsic::copysign:
    return FloatFunction::Copysign;
  case llvm::Intrinsic::sqrt:
    return FloatFunction::Sqrt;
  case llvm::Intrinsic::floor:
    return FloatFunction::Floor;
  case llvm::Intrinsic::ceil:
    return FloatFunction::Ceil;
  case llvm::Intrinsic::trunc:
    return FloatFunction::Trunc;
  case llvm::Intrinsic::round:
    return FloatFunction::Round;
  case llvm::Intrinsic::roundeven:
    return FloatFunction::RoundEven;
  case llvm::Intrinsic::rint:
    return FloatFunction::Rint;
  case llvm::Intrinsic::nearbyint:
    return FloatFunction::NearbyInt;
  case llvm::Intrinsic::minnum:
    return FloatFunction::MinNum;
  case llvm::Intrinsic::maxnum:
    return FloatFunction::MaxNum;
  case llvm::Intrinsic::minimum:
    return FloatFunction::Minimum;
  case llvm::Intrinsic::maximum:
    return FloatFunction::Maximum;
  case llvm::Intrinsic::fma:
    return FloatFunction::Fma;
  case llvm::Intrinsic::fmuladd:
    return FloatFunction::FMulAdd;
  default:
    return std::nullopt;
  }
}

void Interpreter::Run::intrinsic(const llvm::CallBase &I,
                                 const llvm::Function &F) {
  using llvm::Intrinsic::ID;
  auto Arg = [&](unsigned N) { return operand(I.getArgOperand(N)); };
  unsigned W = scalarWidth(I.getType());
  if (isOverflowIntrinsic(F.getIntrinsicID()))
    return; // Its fields are computed by extractvalue.
  if (std::optional<FloatFunction> Fn = floatFunctionOf(F.getIntrinsicID()))
    return floatIntrinsic(I, *Fn);
  switch (F.getIntrinsicID()) {
  case llvm::Intrinsic::is_fpclass: {
    std::optional<FloatFormat> Fmt = floatFormat(I.getArgOperand(0)->getType());
    if (!Fmt)
      return unsupported(I, "llvm.is.fpclass on this type");
    ConcolicValue X = Arg(0);
    unsigned Mask = unsigned(Arg(1).Bits);
    return set(I, value(floatIsClass(*Fmt, X.Bits, Mask),
                        X.Sym ? Ctx.floatIsClass(X.Sym, Mask) : nullptr));
  }
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
    bool IsSet = F.getIntrinsicID() == llvm::Intrinsic::memset;
    uint64_t Len;
    if (!chooseLength(I, IsSet ? 1 : 2, Len) || Len == 0)
      return;
    uint64_t Dst;
    if (!access(I, Arg(0), Len, Dst, /*Write=*/true))
      return;
    if (IsSet) {
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

void Interpreter::Run::floatIntrinsic(const llvm::CallBase &I,
                                      FloatFunction Fn) {
  std::optional<FloatFormat> Fmt = floatFormat(I.getType());
  if (!Fmt)
    return unsupported(I, fmt::format("intrinsic '{}' on this type",
                                      I.getCalledFunction()->getName().str()));
  uint64_t Args[3] = {};
  ExprRef Syms[3] = {};
  bool Symbolic = false;
  for (unsigned N = 0; N < arity(Fn); ++N) {
    ConcolicValue V = operand(I.getArgOperand(N));
    Args[N] = V.Bits;
    Syms[N] = symOf(V, floatWidth(*Fmt));
    Symbolic |= V.Sym != nullptr;
  }
  uint64_t Bits = floatFunction(Fn, *Fmt, Args);
  set(I, value(Bits, Symbolic ? Ctx.floatFunction(Fn, Syms) : nullptr));
}

/// Whether `I` passes and returns what `M`'s C declaration says: an
/// implicit or mismatched declaration is left to the native call.
static bool matchesModel(const llvm::CallBase &I, const LibmModel &M) {
  auto IsFormat = [&](const llvm::Type *T) {
    return floatFormat(T) == M.Format;
  };
  if (I.arg_size() != arity(M) ||
      !llvm::all_of(I.args(),
                    [&](const llvm::Use &A) { return IsFormat(A->getType()); }))
    return false;
  return returnsInt(M) ? I.getType()->isIntegerTy(32) : IsFormat(I.getType());
}

bool Interpreter::Run::libmCall(const llvm::CallBase &I,
                                const llvm::Function &F) {
  std::optional<LibmModel> M = libmModel(F.getName());
  if (!M || !matchesModel(I, *M))
    return false;
  unsigned W = floatWidth(M->Format);
  ExprRef Values[2] = {}, Syms[2] = {};
  bool Symbolic = false;
  for (unsigned N = 0; N < arity(*M); ++N) {
    ConcolicValue V = operand(I.getArgOperand(N));
    Values[N] = Ctx.constant(V.Bits, W);
    Syms[N] = symOf(V, W);
    Symbolic |= V.Sym != nullptr;
  }
  if (!Symbolic)
    return false;
  set(I, value(buildLibm(Ctx, *M, Values)->value(), buildLibm(Ctx, *M, Syms)));
  return true;
}

} // namespace theseus
