//===- Libm.h - The C math library functions Theseus models ---------------===//
//
// A program compiled with <math.h> calls most of these as LLVM intrinsics,
// which the interpreter computes itself; it calls the C library when the
// function may set errno (sqrt, fmod) or when clang does not treat it as a
// builtin (-fno-builtin, or the glibc functions behind the classification
// macros of older headers, such as `__isnan`). A model is the function as
// an expression over the arguments' encodings, with the semantics of
// glibc 2.36 on x86-64, so a call on symbolic arguments stays symbolic.
// errno is not modelled: natively the program's errno is glibc's, which the
// engine does not follow.
//
// Functions without a model (sin, exp, log, pow, ...) run natively.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPR_LIBM_H
#define THESEUS_EXPR_LIBM_H

#include "expr/Expr.h"

#include <optional>
#include <string_view>

namespace theseus {

enum class LibmOperation : uint8_t {
  Function, ///< The intrinsic's operation (fabs, sqrt, floor, ...).
  Fmod,
  Fmin,       ///< glibc's, which differs from llvm.minnum on zeros and NaNs.
  Fmax,       ///< Likewise.
  IsNan,      ///< isnan, __isnan: 1 or 0.
  IsInf,      ///< isinf, __isinf: 1 for +inf, -1 for -inf, else 0.
  Finite,     ///< finite, __finite: 1 or 0.
  FpClassify, ///< __fpclassify: FP_NAN, FP_INFINITE, FP_ZERO, ...
};

/// A modelled function: the operation and the format it computes in.
struct LibmModel {
  LibmOperation Op;
  FloatFormat Format;
  FloatFunction Function = FloatFunction::Fabs; ///< For Op == Function.
};

/// The model of the C library function `Name`, none without one.
std::optional<LibmModel> libmModel(std::string_view Name);

/// Number of arguments, each of the model's format.
unsigned arity(const LibmModel &M);

/// Whether the result is a C `int` (32 bits), not a float of the format.
bool returnsInt(const LibmModel &M);

/// The function's value on `Args` (arity(M) encodings): folded to a
/// constant on constants.
ExprRef buildLibm(ExprContext &Ctx, const LibmModel &M, const ExprRef *Args);

} // namespace theseus

#endif
