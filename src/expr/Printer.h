//===- Printer.h - Readable C-like rendering of expressions ---------------===//
#ifndef THESEUS_EXPR_PRINTER_H
#define THESEUS_EXPR_PRINTER_H

#include "expr/Expr.h"

#include <cstdint>
#include <string>

namespace theseus {

/// Renders `E` in a C-like syntax for people: a whole input array read as a
/// little-endian integer prints as the input's name, `x[3]` is one byte,
/// unsigned comparisons carry a `u` suffix (`<u`), constants print signed.
/// Past `MaxChars` characters the rest is elided ("...").
std::string toString(ExprRef E, size_t MaxChars = SIZE_MAX);

} // namespace theseus

#endif
