//===- Opcodes.h - LLVM integer opcodes as expression kinds ---------------===//
//
// The one table from an integer binary instruction's opcode, and the one
// from an icmp predicate, to the expression kind with its semantics
// (expr/Expr.h's evalBinary, evalCompare), shared by the interpreter's
// decoder and the apc's translation of the IR.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_PROGRAM_OPCODES_H
#define THESEUS_PROGRAM_OPCODES_H

#include "expr/Expr.h"

#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instruction.h"

namespace theseus {

/// The kind of an integer llvm::BinaryOperator's opcode (AShr for the
/// last one, as no other opcode reaches here).
inline ExprKind binaryKind(unsigned Opcode) {
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

/// What an icmp predicate compares: `Kind` (Eq, Ult, Ule, Slt or Sle) of
/// the operands, swapped and negated as the flags say. ExprContext builds
/// the other predicates so too (Expr.h: ne, ugt, ...), and an expression
/// made from this is the same node as theirs.
struct Comparison {
  ExprKind Kind;
  bool Swap;
  bool Negate;
};

/// The comparison of an integer predicate (ICMP_SGE for the last one, as
/// no other predicate reaches here).
inline Comparison comparisonOf(llvm::CmpInst::Predicate Pred) {
  using P = llvm::CmpInst::Predicate;
  switch (Pred) {
  case P::ICMP_EQ:
    return {ExprKind::Eq, false, false};
  case P::ICMP_NE:
    return {ExprKind::Eq, false, true};
  case P::ICMP_ULT:
    return {ExprKind::Ult, false, false};
  case P::ICMP_UGT:
    return {ExprKind::Ult, true, false};
  case P::ICMP_ULE:
    return {ExprKind::Ule, false, false};
  case P::ICMP_UGE:
    return {ExprKind::Ule, true, false};
  case P::ICMP_SLT:
    return {ExprKind::Slt, false, false};
  case P::ICMP_SGT:
    return {ExprKind::Slt, true, false};
  case P::ICMP_SLE:
    return {ExprKind::Sle, false, false};
  default:
    return {ExprKind::Sle, true, false};
  }
}

} // namespace theseus

#endif
