//===- Z3TranslateFloat.cpp - Floating-point nodes as Z3 terms ------------===//
//
// A float value is a bit-vector, its encoding. Each operation reads its
// operands as FPA terms, computes with round-to-nearest-even and writes back
// the encoding x86-64 produces. FPA has a single NaN and leaves the encoding
// fp.to_ieee_bv gives it unspecified, so every NaN result is spelled out:
// SSE's rule (the first NaN operand, quietened; for an invalid operation the
// default NaN, negative and quiet), the conversions' payload shifts, and the
// rules of x86-64's code for minnum and maxnum. Operations Z3 leaves
// unspecified (conversions to integers out of range, fp.min of zeros of either
// sign) are spelled out likewise, so every result is FloatOps' bit for bit.
//
//===----------------------------------------------------------------------===//
#include "solver/Z3Translate.h"

#include <optional>

namespace theseus {

namespace {

unsigned mantissaBits(unsigned Width) { return Width == 32 ? 23 : 52; }
uint64_t signBit(unsigned Width) { return uint64_t(1) << (Width - 1); }
uint64_t quietBit(unsigned Width) {
  return uint64_t(1) << (mantissaBits(Width) - 1);
}
uint64_t infinityBits(unsigned Width) {
  return (signBit(Width) - 1) & ~((uint64_t(1) << mantissaBits(Width)) - 1);
}

/// A rounding mode as a term that holds a reference: a bare Z3_ast may be
/// freed by the next call of Z3's API.
z3::expr rounding(z3::context &Ctx, Z3_ast (*Mode)(Z3_context)) {
  return z3::expr(Ctx, Mode(Ctx));
}

z3::sort floatSort(z3::context &Ctx, unsigned Width) {
  return Width == 32 ? Ctx.fpa_sort<32>() : Ctx.fpa_sort<64>();
}

} // namespace

z3::expr Z3Translator::fpa(Z3_ast A) {
  Ctx.check_error();
  return z3::expr(Ctx, A);
}

z3::expr Z3Translator::fpaConst(unsigned Width, double V) {
  return fpa(Z3_mk_fpa_numeral_double(Ctx, V, floatSort(Ctx, Width)));
}

z3::expr Z3Translator::floatTerm(ExprRef E) {
  z3::expr Bits = translate(E);
  auto It = FloatValues.find(E);
  if (It != FloatValues.end())
    return It->second;
  std::optional<z3::expr> Sign = signOperation(E);
  z3::expr Fp = Sign ? *Sign : Bits.mk_from_ieee_bv(floatSort(Ctx, E->width()));
  FloatValues.emplace(E, Fp);
  return Fp;
}

/// fneg and fabs are bit operations on the encoding (ExprContext builds
/// them so); read as a float, they are fp.neg and fp.abs of the operand's
/// value, so a chain such as `b * b - 4 * a * c` (clang's fmuladd of a
/// negated product) never reads an encoding back. None for other nodes.
std::optional<z3::expr> Z3Translator::signOperation(ExprRef E) {
  unsigned W = E->width();
  if ((E->kind() != ExprKind::Xor && E->kind() != ExprKind::And) ||
      !E->operand(1)->isConst())
    return std::nullopt;
  uint64_t Mask = E->operand(1)->value();
  if (E->kind() == ExprKind::Xor && Mask == signBit(W))
    return fpa(Z3_mk_fpa_neg(Ctx, floatTerm(E->operand(0))));
  if (E->kind() == ExprKind::And && Mask == signBit(W) - 1)
    return fpa(Z3_mk_fpa_abs(Ctx, floatTerm(E->operand(0))));
  return std::nullopt;
}

z3::expr Z3Translator::isNan(const z3::expr &Fp) {
  return fpa(Z3_mk_fpa_is_nan(Ctx, Fp));
}

z3::expr Z3Translator::quietNan(ExprRef E) {
  return translate(E) | Ctx.bv_val(quietBit(E->width()), E->width());
}

z3::expr Z3Translator::defaultNan(unsigned Width) {
  return Ctx.bv_val(signBit(Width) | infinityBits(Width) | quietBit(Width),
                    Width);
}

z3::expr Z3Translator::ieeeResult(const z3::expr &R,
                                  std::initializer_list<ExprRef> Ops) {
  unsigned W = (*Ops.begin())->width();
  z3::expr Out = z3::ite(isNan(R), defaultNan(W), R.mk_to_ieee_bv());
  for (auto It = Ops.end(); It-- != Ops.begin();)
    Out = z3::ite(isNan(floatTerm(*It)), quietNan(*It), Out);
  return Out;
}

z3::expr Z3Translator::buildFloat(ExprRef E) {
  switch (E->kind()) {
  case ExprKind::FBinary:
    return floatBinary(E);
  case ExprKind::FCompare: {
    z3::expr A = floatTerm(E->operand(0)), B = floatTerm(E->operand(1));
    if (E->value() == 1)
      return bitOf(fpa(Z3_mk_fpa_eq(Ctx, A, B)));
    return bitOf(E->value() == 4 ? fpa(Z3_mk_fpa_lt(Ctx, A, B))
                                 : fpa(Z3_mk_fpa_leq(Ctx, A, B)));
  }
  case ExprKind::FToInt:
    return floatToInt(E);
  case ExprKind::IntToF: {
    // Exact, or rounded once to nearest even as cvtsi2sd does: never NaN.
    // Z3 4.8 crashes converting narrow vectors (and to single precision),
    // so an integer of up to 32 bits goes through a double, which holds it
    // exactly: still one rounding.
    bool Signed = E->value() != 0;
    unsigned W = E->operand(0)->width();
    z3::expr Int = translate(E->operand(0));
    unsigned Via = W <= 32 ? 64 : E->width();
    if (W < 64)
      Int = Signed ? z3::sext(Int, 64 - W) : z3::zext(Int, 64 - W);
    auto Convert = Signed ? Z3_mk_fpa_to_fp_signed : Z3_mk_fpa_to_fp_unsigned;
    z3::expr R = fpa(
        Convert(Ctx, rounding(Ctx, Z3_mk_fpa_rne), Int, floatSort(Ctx, Via)));
    if (Via != E->width())
      R = fpa(Z3_mk_fpa_to_fp_float(Ctx, rounding(Ctx, Z3_mk_fpa_rne), R,
                                    floatSort(Ctx, E->width())));
    FloatValues.emplace(E, R);
    return R.mk_to_ieee_bv();
  }
  case ExprKind::FConvert:
    return floatConvert(E);
  default:
    return floatFunction(E);
  }
}

z3::expr Z3Translator::floatBinary(ExprRef E) {
  z3::expr A = floatTerm(E->operand(0)), B = floatTerm(E->operand(1));
  z3::expr Rne = rounding(Ctx, Z3_mk_fpa_rne);
  z3::expr R(Ctx);
  switch (FloatBinaryOp(E->value())) {
  case FloatBinaryOp::Add:
    R = fpa(Z3_mk_fpa_add(Ctx, Rne, A, B));
    break;
  case FloatBinaryOp::Sub:
    R = fpa(Z3_mk_fpa_sub(Ctx, Rne, A, B));
    break;
  case FloatBinaryOp::Mul:
    R = fpa(Z3_mk_fpa_mul(Ctx, Rne, A, B));
    break;
  case FloatBinaryOp::Div:
    R = fpa(Z3_mk_fpa_div(Ctx, Rne, A, B));
    break;
  case FloatBinaryOp::Rem:
    R = floatRemainder(A, B);
    break;
  }
  FloatValues.emplace(E, R);
  return ieeeResult(R, {E->operand(0), E->operand(1)});
}

/// C's fmod from fp.rem: fp.rem rounds the quotient to nearest where fmod
/// truncates it, so where the remainder's sign differs from the dividend's
/// the two differ by |B| with the dividend's sign. The sum is fmod's exact
/// (representable) value, so its rounding changes nothing.
z3::expr Z3Translator::floatRemainder(const z3::expr &A, const z3::expr &B) {
  z3::expr R = fpa(Z3_mk_fpa_rem(Ctx, A, B));
  z3::expr Magnitude = fpa(Z3_mk_fpa_abs(Ctx, B));
  z3::expr NegativeA = fpa(Z3_mk_fpa_is_negative(Ctx, A));
  z3::expr Step =
      z3::ite(NegativeA, fpa(Z3_mk_fpa_neg(Ctx, Magnitude)), Magnitude);
  z3::expr Differs = !fpa(Z3_mk_fpa_is_zero(Ctx, R)) &&
                     fpa(Z3_mk_fpa_is_negative(Ctx, R)) != NegativeA;
  return z3::ite(Differs,
                 fpa(Z3_mk_fpa_add(Ctx, rounding(Ctx, Z3_mk_fpa_rne), R, Step)),
                 R);
}

z3::expr Z3Translator::floatFunction(ExprRef E) {
  auto F = FloatFunction(E->value());
  if (F == FloatFunction::MinNum || F == FloatFunction::MaxNum)
    return minMax(E, F == FloatFunction::MaxNum);
  if (F == FloatFunction::Minimum || F == FloatFunction::Maximum)
    return minimumMaximum(E, F == FloatFunction::Maximum);
  z3::expr A = floatTerm(E->operand(0));
  z3::expr R(Ctx);
  auto RoundToIntegral = [&](const z3::expr &Mode) {
    return fpa(Z3_mk_fpa_round_to_integral(Ctx, Mode, A));
  };
  switch (F) {
  case FloatFunction::Sqrt:
    R = fpa(Z3_mk_fpa_sqrt(Ctx, rounding(Ctx, Z3_mk_fpa_rne), A));
    break;
  case FloatFunction::Floor:
    R = RoundToIntegral(rounding(Ctx, Z3_mk_fpa_rtn));
    break;
  case FloatFunction::Ceil:
    R = RoundToIntegral(rounding(Ctx, Z3_mk_fpa_rtp));
    break;
  case FloatFunction::Trunc:
    R = RoundToIntegral(rounding(Ctx, Z3_mk_fpa_rtz));
    break;
  case FloatFunction::Round:
    R = RoundToIntegral(rounding(Ctx, Z3_mk_fpa_rna));
    break;
  case FloatFunction::Fma: {
    z3::expr B = floatTerm(E->operand(1)), C = floatTerm(E->operand(2));
    R = fpa(Z3_mk_fpa_fma(Ctx, rounding(Ctx, Z3_mk_fpa_rne), A, B, C));
    FloatValues.emplace(E, R);
    return ieeeResult(R, {E->operand(0), E->operand(1), E->operand(2)});
  }
  default: // roundeven, rint, nearbyint: the rounding mode is nearest even.
    R = RoundToIntegral(rounding(Ctx, Z3_mk_fpa_rne));
    break;
  }
  FloatValues.emplace(E, R);
  return ieeeResult(R, {E->operand(0)});
}

/// llvm.minnum/maxnum as x86-64 code computes them (LLVM's lowering:
/// `isnan(x) ? y : minss(y, x)`): a NaN first operand gives the second
/// operand unchanged; otherwise the second operand when it is strictly
/// smaller (greater), else the first, so a NaN second operand and the
/// second of two equal zeros are never chosen.
z3::expr Z3Translator::minMax(ExprRef E, bool Max) {
  ExprRef X = E->operand(0), Y = E->operand(1);
  z3::expr A = floatTerm(X), B = floatTerm(Y);
  z3::expr PicksY =
      Max ? fpa(Z3_mk_fpa_gt(Ctx, B, A)) : fpa(Z3_mk_fpa_lt(Ctx, B, A));
  return z3::ite(isNan(A) || PicksY, translate(Y), translate(X));
}

/// IEEE 754-2019 minimum/maximum as FloatOps computes them: the first NaN
/// operand quietened, and -0 below +0.
z3::expr Z3Translator::minimumMaximum(ExprRef E, bool Max) {
  ExprRef X = E->operand(0), Y = E->operand(1);
  z3::expr A = floatTerm(X), B = floatTerm(Y);
  z3::expr XBits = translate(X), YBits = translate(Y);
  z3::expr NegativeA = fpa(Z3_mk_fpa_is_negative(Ctx, A));
  z3::expr Less = fpa(Z3_mk_fpa_lt(Ctx, A, B));
  z3::expr PickA = z3::ite(fpa(Z3_mk_fpa_eq(Ctx, A, B)),
                           Max ? !NegativeA : NegativeA, Max ? !Less : Less);
  return z3::ite(isNan(A), quietNan(X),
                 z3::ite(isNan(B), quietNan(Y), z3::ite(PickA, XBits, YBits)));
}

/// cvttss2si/cvttsd2si with a 32-bit (`Wide` false) or 64-bit destination:
/// truncation, and the destination's minimum for NaN and out of range.
z3::expr Z3Translator::truncateToInt(const z3::expr &Fp, unsigned FloatWidth,
                                     bool Wide) {
  unsigned Bits = Wide ? 64 : 32;
  double Limit = Wide ? 9223372036854775808.0 : 2147483648.0;
  z3::expr InRange =
      fpa(Z3_mk_fpa_geq(Ctx, Fp, fpaConst(FloatWidth, -Limit))) &&
      fpa(Z3_mk_fpa_lt(Ctx, Fp, fpaConst(FloatWidth, Limit)));
  z3::expr Truncated =
      fpa(Z3_mk_fpa_to_sbv(Ctx, rounding(Ctx, Z3_mk_fpa_rtz), Fp, Bits));
  return z3::ite(InRange, Truncated, Ctx.bv_val(signBit(Bits), Bits));
}

/// The instruction sequences of FloatOps' toInt.
z3::expr Z3Translator::floatToInt(ExprRef E) {
  unsigned W = E->width(), FW = E->operand(0)->width();
  bool Signed = E->value() != 0;
  z3::expr A = floatTerm(E->operand(0));
  if (W < 32 || (Signed && W == 32))
    return truncateToInt(A, FW, false).extract(W - 1, 0);
  if (Signed || W < 64)
    return truncateToInt(A, FW, true).extract(W - 1, 0);
  z3::expr Low = truncateToInt(A, FW, true);
  z3::expr Shifted = fpa(Z3_mk_fpa_sub(Ctx, rounding(Ctx, Z3_mk_fpa_rne), A,
                                       fpaConst(FW, 9223372036854775808.0)));
  z3::expr High = truncateToInt(Shifted, FW, true);
  return Low | (High & z3::ashr(Low, Ctx.bv_val(63, 64)));
}

/// fpext/fptrunc: cvtss2sd and cvtsd2ss keep a NaN's sign and the top of
/// its payload, and quieten it.
z3::expr Z3Translator::floatConvert(ExprRef E) {
  ExprRef X = E->operand(0);
  z3::expr A = floatTerm(X), Bits = translate(X);
  z3::expr R = fpa(Z3_mk_fpa_to_fp_float(Ctx, rounding(Ctx, Z3_mk_fpa_rne), A,
                                         floatSort(Ctx, E->width())));
  FloatValues.emplace(E, R);
  z3::expr Nan(Ctx);
  z3::expr Quiet = Ctx.bv_val(quietBit(32), 23);
  if (E->width() == 64)
    Nan =
        z3::concat(z3::concat(Bits.extract(31, 31), Ctx.bv_val(0x7ff, 11)),
                   z3::concat(Bits.extract(22, 0) | Quiet, Ctx.bv_val(0, 29)));
  else
    Nan = z3::concat(z3::concat(Bits.extract(63, 63), Ctx.bv_val(0xff, 8)),
                     Bits.extract(51, 29) | Quiet);
  return z3::ite(isNan(A), Nan, R.mk_to_ieee_bv());
}

} // namespace theseus
