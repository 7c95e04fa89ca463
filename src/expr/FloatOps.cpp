//===- FloatOps.cpp - Concrete IEEE-754 semantics, as native code has them ===//
#include "expr/FloatOps.h"

#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>

#include <fmt/format.h>

namespace theseus {

namespace {

template <typename T>
using BitsOf = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;

template <typename T> T fromBits(uint64_t Bits) {
  return std::bit_cast<T>(static_cast<BitsOf<T>>(Bits));
}

template <typename T> uint64_t toBits(T V) {
  return std::bit_cast<BitsOf<T>>(V);
}

/// Calls `Fn` with a tag value of the host type of `Fmt`.
template <typename Fn> auto withType(FloatFormat Fmt, Fn &&F) {
  if (Fmt == FloatFormat::Single)
    return F(float());
  return F(double());
}

uint64_t lowBits(uint64_t V, unsigned Width) {
  return Width >= 64 ? V : V & ((uint64_t(1) << Width) - 1);
}

/// cvttss2si / cvttsd2si with a 32-bit (`Wide` false) or 64-bit
/// destination: truncation toward zero, and the "integer indefinite" value
/// (the destination's minimum) for NaN and values out of range.
template <typename T> uint64_t convertTruncating(T X, bool Wide) {
  double D = X; // Exact: every float is a double.
  double Limit = Wide ? 9223372036854775808.0 : 2147483648.0;
  if (!(D >= -Limit && D < Limit))
    return Wide ? uint64_t(1) << 63 : uint64_t(1) << 31;
  int64_t I = static_cast<int64_t>(D);
  return Wide ? uint64_t(I) : uint64_t(uint32_t(int32_t(I)));
}

template <typename T> uint64_t toInt(T X, unsigned Width, bool Signed) {
  // clang's x86-64 code: signed conversions to at most 32 bits and
  // unsigned ones below 32 use the 32-bit instruction; unsigned 32-bit
  // ones the 64-bit instruction; each keeps the low bits.
  if (Width < 32 || (Signed && Width == 32))
    return lowBits(convertTruncating(X, false), Width);
  if (Signed || Width < 64)
    return lowBits(convertTruncating(X, true), Width);
  // Unsigned 64 bits: both X and X - 2^63 are converted, and the second
  // result is or-ed in where the first one is negative (out of range or
  // not, as the sign-propagating shift of clang's sequence selects it).
  uint64_t Low = convertTruncating(X, true);
  uint64_t High = convertTruncating(T(X - T(9223372036854775808.0)), true);
  uint64_t Mask = uint64_t(int64_t(Low) >> 63);
  return Low | (High & Mask);
}

/// IEEE 754-2019 minimum/maximum: NaN if either operand is, and -0 < +0.
template <typename T> T minimumOrMaximum(T A, T B, bool Max) {
  if (std::isnan(A))
    return A + B; // Quietens and propagates A's payload, as hardware does.
  if (std::isnan(B))
    return B + A;
  if (A == B) // Equal, or zeros of either sign.
    return std::signbit(A) != Max ? A : B;
  return (A < B) != Max ? A : B;
}

template <typename T> T apply(FloatFunction F, const T *A) {
  switch (F) {
  case FloatFunction::Fabs:
    return fromBits<T>(toBits(A[0]) & ~toBits(T(-0.0)));
  case FloatFunction::Copysign:
    return fromBits<T>((toBits(A[0]) & ~toBits(T(-0.0))) |
                       (toBits(A[1]) & toBits(T(-0.0))));
  case FloatFunction::Sqrt:
    return std::sqrt(A[0]);
  case FloatFunction::Floor:
    return std::floor(A[0]);
  case FloatFunction::Ceil:
    return std::ceil(A[0]);
  case FloatFunction::Trunc:
    return std::trunc(A[0]);
  case FloatFunction::Round:
    return std::round(A[0]);
  case FloatFunction::RoundEven:
  case FloatFunction::NearbyInt: // Theseus never leaves round-to-nearest.
    return std::nearbyint(A[0]);
  case FloatFunction::Rint:
    return std::rint(A[0]);
  case FloatFunction::MinNum:
    return std::fmin(A[0], A[1]);
  case FloatFunction::MaxNum:
    return std::fmax(A[0], A[1]);
  case FloatFunction::Minimum:
    return minimumOrMaximum(A[0], A[1], false);
  case FloatFunction::Maximum:
    return minimumOrMaximum(A[0], A[1], true);
  case FloatFunction::Fma:
    return std::fma(A[0], A[1], A[2]);
  case FloatFunction::FMulAdd: {
    // x86-64 without FMA (clang's default target) multiplies, rounds, then
    // adds.
    volatile T Product = A[0] * A[1];
    return Product + A[2];
  }
  }
  return A[0];
}

} // namespace

unsigned arity(FloatFunction F) {
  switch (F) {
  case FloatFunction::Copysign:
  case FloatFunction::MinNum:
  case FloatFunction::MaxNum:
  case FloatFunction::Minimum:
  case FloatFunction::Maximum:
    return 2;
  case FloatFunction::Fma:
  case FloatFunction::FMulAdd:
    return 3;
  default:
    return 1;
  }
}

const char *functionName(FloatFunction F) {
  switch (F) {
  case FloatFunction::Fabs:
    return "fabs";
  case FloatFunction::Copysign:
    return "copysign";
  case FloatFunction::Sqrt:
    return "sqrt";
  case FloatFunction::Floor:
    return "floor";
  case FloatFunction::Ceil:
    return "ceil";
  case FloatFunction::Trunc:
    return "trunc";
  case FloatFunction::Round:
    return "round";
  case FloatFunction::RoundEven:
    return "roundeven";
  case FloatFunction::Rint:
    return "rint";
  case FloatFunction::NearbyInt:
    return "nearbyint";
  case FloatFunction::MinNum:
    return "fmin";
  case FloatFunction::MaxNum:
    return "fmax";
  case FloatFunction::Minimum:
    return "fminimum";
  case FloatFunction::Maximum:
    return "fmaximum";
  case FloatFunction::Fma:
    return "fma";
  case FloatFunction::FMulAdd:
    return "fmuladd";
  }
  return "?";
}

/// The value of `Bits` as a double, as printf receives a float.
static double promoted(FloatFormat Fmt, uint64_t Bits) {
  return Fmt == FloatFormat::Single ? fromBits<float>(Bits)
                                    : fromBits<double>(Bits);
}

std::string floatDecimal(FloatFormat Fmt, uint64_t Bits) {
  return fmt::format("{:.{}g}", promoted(Fmt, Bits),
                     Fmt == FloatFormat::Single ? 9 : 17);
}

std::string floatHex(FloatFormat Fmt, uint64_t Bits) {
  return fmt::format("{:a}", promoted(Fmt, Bits));
}

std::string floatToString(FloatFormat Fmt, uint64_t Bits) {
  return withType(Fmt, [&](auto Tag) {
    using T = decltype(Tag);
    T X = fromBits<T>(Bits);
    if (std::isnan(X)) {
      // A NaN other than the default quiet one shows its mantissa.
      int Digits = std::numeric_limits<T>::digits;
      uint64_t Payload = lowBits(Bits, Digits - 1);
      std::string S = std::signbit(X) ? "-nan" : "nan";
      return Payload == (uint64_t(1) << (Digits - 2))
                 ? S
                 : S + fmt::format("(0x{:x})", Payload);
    }
    // Six significant digits when they read back exactly, else as many
    // as every value of the format needs.
    std::string Short = fmt::format("{:.6g}", X);
    T Back = sizeof(T) == 4 ? T(std::strtof(Short.c_str(), nullptr))
                            : T(std::strtod(Short.c_str(), nullptr));
    if (toBits(Back) == toBits(X))
      return Short;
    return fmt::format("{:.{}g}", X, std::numeric_limits<T>::max_digits10);
  });
}

uint64_t floatBinary(FloatBinaryOp Op, FloatFormat Fmt, uint64_t A,
                     uint64_t B) {
  return withType(Fmt, [&](auto Tag) {
    using T = decltype(Tag);
    T X = fromBits<T>(A), Y = fromBits<T>(B);
    switch (Op) {
    case FloatBinaryOp::Add:
      return toBits<T>(X + Y);
    case FloatBinaryOp::Sub:
      return toBits<T>(X - Y);
    case FloatBinaryOp::Mul:
      return toBits<T>(X * Y);
    case FloatBinaryOp::Div:
      return toBits<T>(X / Y);
    case FloatBinaryOp::Rem: // frem is a call of fmod/fmodf natively.
      return toBits<T>(std::fmod(X, Y));
    }
    return uint64_t(0);
  });
}

uint64_t floatNegate(FloatFormat Fmt, uint64_t A) {
  return Fmt == FloatFormat::Single ? (A ^ (uint64_t(1) << 31)) & 0xffffffffu
                                    : A ^ (uint64_t(1) << 63);
}

bool floatCompare(unsigned Predicate, FloatFormat Fmt, uint64_t A, uint64_t B) {
  unsigned Relation = withType(Fmt, [&](auto Tag) {
    using T = decltype(Tag);
    T X = fromBits<T>(A), Y = fromBits<T>(B);
    if (std::isnan(X) || std::isnan(Y))
      return 8u;
    return X == Y ? 1u : X > Y ? 2u : 4u;
  });
  return (Predicate & Relation) != 0;
}

uint64_t floatToInt(FloatFormat Fmt, uint64_t A, unsigned Width, bool Signed) {
  return withType(Fmt, [&](auto Tag) {
    using T = decltype(Tag);
    return toInt(fromBits<T>(A), Width, Signed);
  });
}

uint64_t intToFloat(uint64_t A, unsigned Width, bool Signed, FloatFormat To) {
  uint64_t Value = lowBits(A, Width);
  bool Negative = Signed && Width > 0 && (Value >> (Width - 1) & 1);
  if (Negative && Width < 64)
    Value |= ~uint64_t(0) << Width;
  return withType(To, [&](auto Tag) {
    using T = decltype(Tag);
    // Both conversions round once, to nearest even, as cvtsi2sd and
    // clang's unsigned sequences do.
    return Signed ? toBits<T>(static_cast<T>(int64_t(Value)))
                  : toBits<T>(static_cast<T>(Value));
  });
}

uint64_t floatConvert(FloatFormat From, FloatFormat To, uint64_t A) {
  if (From == To)
    return A;
  if (From == FloatFormat::Single)
    return toBits<double>(fromBits<float>(A));
  return toBits<float>(static_cast<float>(fromBits<double>(A)));
}

uint64_t floatFunction(FloatFunction F, FloatFormat Fmt, const uint64_t *Args) {
  return withType(Fmt, [&](auto Tag) {
    using T = decltype(Tag);
    T Values[3] = {};
    for (unsigned I = 0; I < arity(F); ++I)
      Values[I] = fromBits<T>(Args[I]);
    return toBits<T>(apply(F, Values));
  });
}

bool floatIsClass(FloatFormat Fmt, uint64_t A, unsigned Mask) {
  unsigned Class = withType(Fmt, [&](auto Tag) {
    using T = decltype(Tag);
    T X = fromBits<T>(A);
    bool Negative = std::signbit(X);
    switch (std::fpclassify(X)) {
    case FP_NAN: {
      // The quiet bit is the mantissa's top bit.
      uint64_t Quiet = uint64_t(1) << (std::numeric_limits<T>::digits - 2);
      return (toBits(X) & Quiet) ? 1u : 0u;
    }
    case FP_INFINITE:
      return Negative ? 2u : 9u;
    case FP_NORMAL:
      return Negative ? 3u : 8u;
    case FP_SUBNORMAL:
      return Negative ? 4u : 7u;
    default: // FP_ZERO
      return Negative ? 5u : 6u;
    }
  });
  return (Mask >> Class) & 1;
}

} // namespace theseus
