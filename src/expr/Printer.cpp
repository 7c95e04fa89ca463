//===- Printer.cpp - Readable C-like rendering of expressions -------------===//
#include "expr/Printer.h"

#include <fmt/format.h>

namespace theseus {

namespace {

const char *infix(ExprKind K) {
  switch (K) {
  case ExprKind::Add:
    return "+";
  case ExprKind::Sub:
    return "-";
  case ExprKind::Mul:
    return "*";
  case ExprKind::UDiv:
    return "/u";
  case ExprKind::SDiv:
    return "/";
  case ExprKind::URem:
    return "%u";
  case ExprKind::SRem:
    return "%";
  case ExprKind::And:
    return "&";
  case ExprKind::Or:
    return "|";
  case ExprKind::Xor:
    return "^";
  case ExprKind::Shl:
    return "<<";
  case ExprKind::LShr:
    return ">>u";
  case ExprKind::AShr:
    return ">>";
  case ExprKind::Eq:
    return "==";
  case ExprKind::Ult:
    return "<u";
  case ExprKind::Ule:
    return "<=u";
  case ExprKind::Slt:
    return "<";
  case ExprKind::Sle:
    return "<=";
  default:
    return nullptr;
  }
}

/// Prints with a budget of characters: once it is spent, the remaining
/// sub-expressions print as "...". Expressions are DAGs, so an unbounded
/// rendering can be exponentially longer than the expression.
class BoundedPrinter {
public:
  explicit BoundedPrinter(size_t Budget) : Left(Budget) {}

  std::string print(ExprRef E, bool Nested) {
    if (Left == 0)
      return "...";
    std::string S = render(E, Nested);
    Left -= std::min(Left, S.size());
    return S;
  }

private:
  std::string render(ExprRef E, bool Nested);
  std::string renderFloat(ExprRef E, bool Nested);
  /// An operand of a float operation: a constant as the number it encodes.
  std::string floatOperand(ExprRef E) {
    if (E->isConst())
      return floatToString(floatFormatOfWidth(E->width()), E->value());
    return print(E, true);
  }
  size_t Left;
};

std::string BoundedPrinter::renderFloat(ExprRef E, bool Nested) {
  auto Wrap = [Nested](std::string S) { return Nested ? "(" + S + ")" : S; };
  const char *Type = E->width() == 32 ? "float" : "double";
  switch (E->kind()) {
  case ExprKind::FBinary: {
    static const char *const Infix[] = {"+", "-", "*", "/"};
    auto Op = FloatBinaryOp(E->value());
    if (Op == FloatBinaryOp::Rem)
      return fmt::format("fmod({}, {})", floatOperand(E->operand(0)),
                         floatOperand(E->operand(1)));
    return Wrap(fmt::format("{} {} {}", floatOperand(E->operand(0)),
                            Infix[unsigned(Op)], floatOperand(E->operand(1))));
  }
  case ExprKind::FCompare: {
    const char *Op = E->value() == 1 ? "==" : E->value() == 4 ? "<" : "<=";
    return Wrap(fmt::format("{} {} {}", floatOperand(E->operand(0)), Op,
                            floatOperand(E->operand(1))));
  }
  case ExprKind::FToInt:
    return fmt::format("({}{}){}", E->value() ? "i" : "u", E->width(),
                       floatOperand(E->operand(0)));
  case ExprKind::IntToF:
    return fmt::format("({}){}{}", Type, E->value() ? "" : "(unsigned)",
                       print(E->operand(0), true));
  case ExprKind::FConvert:
    return fmt::format("({}){}", Type, floatOperand(E->operand(0)));
  default: {
    std::string Args;
    for (unsigned I = 0; I < E->numOperands(); ++I)
      Args += (I ? ", " : "") + floatOperand(E->operand(I));
    return fmt::format("{}{}({})", functionName(FloatFunction(E->value())),
                       E->width() == 32 ? "f" : "", Args);
  }
  }
}

std::string BoundedPrinter::render(ExprRef E, bool Nested) {
  if (E->isConst()) {
    if (E->width() == 1)
      return E->value() ? "true" : "false";
    return std::to_string(signExtend(E->value(), E->width()));
  }
  if (const Array *A = wholeArray(E))
    return A->Name;
  if (isFloatKind(E->kind()))
    return renderFloat(E, Nested);
  auto Wrap = [Nested](std::string S) { return Nested ? "(" + S + ")" : S; };
  switch (E->kind()) {
  case ExprKind::Read:
    return fmt::format("{}[{}]", E->array()->Name, E->value());
  case ExprKind::Concat:
    return fmt::format("concat({}, {})", print(E->operand(0), false),
                       print(E->operand(1), false));
  case ExprKind::Extract:
    return fmt::format("{}[{}:{}]", print(E->operand(0), true),
                       E->value() + E->width() - 1, E->value());
  case ExprKind::ZExt:
    return fmt::format("(u{}){}", E->width(), print(E->operand(0), true));
  case ExprKind::SExt:
    return fmt::format("(i{}){}", E->width(), print(E->operand(0), true));
  case ExprKind::Not: {
    ExprRef Op = E->operand(0);
    if (Op->kind() == ExprKind::Eq)
      return Wrap(fmt::format("{} != {}", print(Op->operand(0), true),
                              print(Op->operand(1), true)));
    return (E->width() == 1 ? "!" : "~") + print(Op, true);
  }
  case ExprKind::TableRead:
    return fmt::format("{}[{}]", E->table()->Name, print(E->operand(0), false));
  case ExprKind::ArrayRead:
    return E->value() == 1
               ? fmt::format("{}[{}]", E->array()->Name,
                             print(E->operand(0), false))
               : fmt::format("{}.i{}[{}]", E->array()->Name, E->width(),
                             print(E->operand(0), false));
  case ExprKind::Var:
    return E->variable()->Name;
  case ExprKind::Forall:
  case ExprKind::Exists:
    return Wrap(fmt::format(
        "{} {}. {}", E->kind() == ExprKind::Forall ? "forall" : "exists",
        print(E->operand(0), false), print(E->operand(1), true)));
  case ExprKind::Select:
    return Wrap(fmt::format("{} ? {} : {}", print(E->operand(0), true),
                            print(E->operand(1), true),
                            print(E->operand(2), true)));
  default:
    break;
  }
  const char *Op = infix(E->kind());
  if (E->width() == 1 && E->kind() == ExprKind::And)
    Op = "&&";
  if (E->width() == 1 && E->kind() == ExprKind::Or)
    Op = "||";
  return Wrap(fmt::format("{} {} {}", print(E->operand(0), true), Op,
                          print(E->operand(1), true)));
}

} // namespace

std::string toString(ExprRef E, size_t MaxChars) {
  std::string S = BoundedPrinter(MaxChars).print(E, false);
  if (S.size() > MaxChars)
    S = S.substr(0, MaxChars) + "...";
  return S;
}

} // namespace theseus
