//===- Opcodes.h - LLVM integer opcodes as expression kinds ---------------===//
//
// The one table from an integer binary instruction's opcode to the
// expression kind with its semantics (expr/Expr.h's evalBinary), shared by
// the interpreter's decoder and the apc's translation of the IR.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_PROGRAM_OPCODES_H
#define THESEUS_PROGRAM_OPCODES_H

#include "expr/Expr.h"

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

} // namespace theseus

#endif
