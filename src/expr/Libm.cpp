//===- Libm.cpp - The C math library functions Theseus models -------------===//
#include "expr/Libm.h"

#include <cmath>
#include <string>
#include <unordered_map>

namespace theseus {

namespace {

// llvm.is.fpclass masks (FloatOps.h).
constexpr unsigned SignallingNan = 0x1, AnyNan = 0x3, NegativeInfinity = 0x4,
                   PositiveInfinity = 0x200, Infinity = 0x204, Zero = 0x60,
                   Subnormal = 0x90, FiniteClasses = 0x1f8;
// fcmp predicates: ordered less, ordered greater.
constexpr unsigned Less = 4, Greater = 2;

using ModelTable = std::unordered_map<std::string, LibmModel>;

/// `Name` for double and `Name` + "f" for float.
void addBoth(ModelTable &T, const std::string &Name, LibmOperation Op,
             FloatFunction F = FloatFunction::Fabs) {
  T.emplace(Name, LibmModel{Op, FloatFormat::Double, F});
  T.emplace(Name + "f", LibmModel{Op, FloatFormat::Single, F});
}

ModelTable makeTable() {
  ModelTable T;
  for (FloatFunction F :
       {FloatFunction::Fabs, FloatFunction::Copysign, FloatFunction::Sqrt,
        FloatFunction::Floor, FloatFunction::Ceil, FloatFunction::Trunc,
        FloatFunction::Round, FloatFunction::Rint, FloatFunction::NearbyInt})
    addBoth(T, functionName(F), LibmOperation::Function, F);
  addBoth(T, "fmod", LibmOperation::Fmod);
  addBoth(T, "fmin", LibmOperation::Fmin);
  addBoth(T, "fmax", LibmOperation::Fmax);
  // The classification functions, also under the names glibc's headers
  // used before the macros became builtins.
  for (const char *Prefix : {"", "__"}) {
    std::string P = Prefix;
    addBoth(T, P + "isnan", LibmOperation::IsNan);
    addBoth(T, P + "isinf", LibmOperation::IsInf);
    addBoth(T, P + "finite", LibmOperation::Finite);
  }
  addBoth(T, "__fpclassify", LibmOperation::FpClassify);
  return T;
}

/// glibc's fmin/fmax (sysdeps/x86_64/fpu/s_fmin.S): a signalling NaN or two
/// NaNs give their sum (the first NaN, quietened); one quiet NaN gives the
/// other operand; otherwise minsd/maxsd, which pick `Y` unless `X` is
/// strictly smaller (greater), so of two zeros `Y`.
ExprRef minMax(ExprContext &Ctx, ExprRef X, ExprRef Y, bool Max) {
  ExprRef XNan = Ctx.floatIsClass(X, AnyNan),
          YNan = Ctx.floatIsClass(Y, AnyNan);
  ExprRef Sum = Ctx.logicalOr(Ctx.logicalOr(Ctx.floatIsClass(X, SignallingNan),
                                            Ctx.floatIsClass(Y, SignallingNan)),
                              Ctx.logicalAnd(XNan, YNan));
  ExprRef Beats = Ctx.floatCompare(Max ? Greater : Less, X, Y);
  ExprRef PickX = Ctx.logicalAnd(Ctx.bitNot(XNan), Ctx.logicalOr(YNan, Beats));
  return Ctx.select(Sum, Ctx.floatBinary(FloatBinaryOp::Add, X, Y),
                    Ctx.select(PickX, X, Y));
}

ExprRef intOf(ExprContext &Ctx, int32_t V) {
  return Ctx.constant(uint32_t(V), 32);
}

/// 1 where `Cond` holds, else 0, as an int.
ExprRef flag(ExprContext &Ctx, ExprRef Cond) {
  return Ctx.select(Cond, intOf(Ctx, 1), intOf(Ctx, 0));
}

/// <math.h>'s FP_NAN (0), FP_INFINITE, FP_ZERO, FP_SUBNORMAL, FP_NORMAL (4).
ExprRef classify(ExprContext &Ctx, ExprRef X) {
  ExprRef R = intOf(Ctx, FP_NORMAL);
  for (auto [Mask, Value] : {std::pair{Subnormal, FP_SUBNORMAL},
                             {Zero, FP_ZERO},
                             {Infinity, FP_INFINITE},
                             {AnyNan, FP_NAN}})
    R = Ctx.select(Ctx.floatIsClass(X, Mask), intOf(Ctx, Value), R);
  return R;
}

} // namespace

std::optional<LibmModel> libmModel(std::string_view Name) {
  static const ModelTable Table = makeTable();
  auto It = Table.find(std::string(Name));
  if (It == Table.end())
    return std::nullopt;
  return It->second;
}

unsigned arity(const LibmModel &M) {
  switch (M.Op) {
  case LibmOperation::Function:
    return arity(M.Function);
  case LibmOperation::Fmod:
  case LibmOperation::Fmin:
  case LibmOperation::Fmax:
    return 2;
  default:
    return 1;
  }
}

bool returnsInt(const LibmModel &M) { return M.Op >= LibmOperation::IsNan; }

ExprRef buildLibm(ExprContext &Ctx, const LibmModel &M, const ExprRef *Args) {
  ExprRef X = Args[0];
  switch (M.Op) {
  case LibmOperation::Function:
    return Ctx.floatFunction(M.Function, Args);
  case LibmOperation::Fmod: // frem's semantics are fmod's.
    return Ctx.floatBinary(FloatBinaryOp::Rem, X, Args[1]);
  case LibmOperation::Fmin:
  case LibmOperation::Fmax:
    return minMax(Ctx, X, Args[1], M.Op == LibmOperation::Fmax);
  case LibmOperation::IsNan:
    return flag(Ctx, Ctx.floatIsClass(X, AnyNan));
  case LibmOperation::IsInf:
    return Ctx.select(Ctx.floatIsClass(X, NegativeInfinity), intOf(Ctx, -1),
                      flag(Ctx, Ctx.floatIsClass(X, PositiveInfinity)));
  case LibmOperation::Finite:
    return flag(Ctx, Ctx.floatIsClass(X, FiniteClasses));
  case LibmOperation::FpClassify:
    return classify(Ctx, X);
  }
  return X;
}

} // namespace theseus
