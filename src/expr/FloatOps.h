//===- FloatOps.h - Concrete IEEE-754 semantics, as native code has them --===//
//
// The interpreter's floating-point results must equal, bit for bit, those of
// the program compiled natively for x86-64 (SSE2, round to nearest even):
// subnormals, signed zeros, infinities and NaN payloads included. Values
// travel as their bit patterns; each operation computes in the format's own
// host type, never through a wider one, so no NaN is quieted by a
// conversion native code would not make.
//
// Where LLVM leaves a result undefined (fptosi/fptoui of a value out of
// range, NaN included), the result is what x86-64 code from clang computes:
// cvttsd2si's "integer indefinite" value and the sequences clang emits
// around it.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPR_FLOATOPS_H
#define THESEUS_EXPR_FLOATOPS_H

#include <cstdint>
#include <string>

namespace theseus {

/// The floating-point formats the interpreter computes on.
enum class FloatFormat : uint8_t { Single, Double };

/// Bits of an encoding of `Fmt`.
inline unsigned floatWidth(FloatFormat Fmt) {
  return Fmt == FloatFormat::Single ? 32 : 64;
}

enum class FloatBinaryOp : uint8_t { Add, Sub, Mul, Div, Rem };

/// The operations of LLVM's floating-point intrinsics (llvm.fabs.*, ...).
enum class FloatFunction : uint8_t {
  Fabs,
  Copysign,
  Sqrt,
  Floor,
  Ceil,
  Trunc,
  Round,
  RoundEven,
  Rint,
  NearbyInt,
  MinNum,
  MaxNum,
  Minimum,
  Maximum,
  Fma,
  FMulAdd,
};

/// Number of arguments `F` takes.
unsigned arity(FloatFunction F);

/// The C name of `F`'s double version (`fabs`, `fmin` for MinNum, ...).
const char *functionName(FloatFunction F);

/// `Bits` of format `Fmt` as C's printf renders the value (a float
/// promoted to double): "%.9g" for float, "%.17g" for double, digits that
/// read back to the same value; "nan", "-inf", ... otherwise.
std::string floatDecimal(FloatFormat Fmt, uint64_t Bits);
/// "%a": the exact value in hexadecimal ("0x1.8p+0").
std::string floatHex(FloatFormat Fmt, uint64_t Bits);

/// `Bits` of format `Fmt` as the shortest decimal that reads back to it
/// (`%.9g` or `%.17g` trimmed), `nan`/`-nan(0x...)` for NaNs with payloads.
std::string floatToString(FloatFormat Fmt, uint64_t Bits);

uint64_t floatBinary(FloatBinaryOp Op, FloatFormat Fmt, uint64_t A, uint64_t B);

/// fneg: flips the sign bit, of a NaN too.
uint64_t floatNegate(FloatFormat Fmt, uint64_t A);

/// fcmp with LLVM's predicate encoding: bit 0 "equal", bit 1 "greater",
/// bit 2 "less", bit 3 "unordered" (FCMP_FALSE = 0 ... FCMP_TRUE = 15). The
/// predicate holds when it contains the operands' relation.
bool floatCompare(unsigned Predicate, FloatFormat Fmt, uint64_t A, uint64_t B);

/// fptosi / fptoui to a `Width`-bit integer (1 to 64).
uint64_t floatToInt(FloatFormat Fmt, uint64_t A, unsigned Width, bool Signed);

/// sitofp / uitofp of a `Width`-bit integer (1 to 64).
uint64_t intToFloat(uint64_t A, unsigned Width, bool Signed, FloatFormat To);

/// fpext / fptrunc.
uint64_t floatConvert(FloatFormat From, FloatFormat To, uint64_t A);

/// The intrinsic `F` on `Args` (arity(F) of them).
uint64_t floatFunction(FloatFunction F, FloatFormat Fmt, const uint64_t *Args);

/// llvm.is.fpclass: whether `A` is in one of the classes of `Mask` (bit 0
/// signalling NaN, 1 quiet NaN, 2 -inf, 3 -normal, 4 -subnormal, 5 -0,
/// 6 +0, 7 +subnormal, 8 +normal, 9 +inf).
bool floatIsClass(FloatFormat Fmt, uint64_t A, unsigned Mask);

} // namespace theseus

#endif
