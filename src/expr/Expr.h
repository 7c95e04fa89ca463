//===- Expr.h - Hash-consed symbolic bit-vector expressions ------*- C++
//-*-===//
//
// Expressions over named input byte arrays. Nodes are immutable and unique:
// the ExprContext returns the existing node for a structurally equal
// expression, so equality is pointer equality and hashing a node is free.
// Every builder simplifies on construction (constant folding, identities,
// concat-of-extract collapse), so the interpreter never has to.
//
// This module knows nothing of LLVM IR or of any solver.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPR_EXPR_H
#define THESEUS_EXPR_EXPR_H

#include "expr/FloatOps.h"

#include <cstdint>
#include <deque>
#include <initializer_list>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace theseus {

/// A named symbolic input: `Size` bytes, each an 8-bit unknown.
struct Array {
  std::string Name;
  uint32_t Size;
  uint32_t Id; ///< Dense index, stable for the context's lifetime.
};

/// A named free variable of an expression: a bound variable of a
/// quantifier, or an unknown the caller substitutes later (loop counters and
/// symbolic initial values in the apc module). Never read from inputs.
struct Variable {
  std::string Name;
  unsigned Width;
  uint32_t Id; ///< Dense index, stable for the context's lifetime.
};

/// The bytes of a read-only object of the program (a constant table), read
/// at a symbolic index by TableRead nodes.
struct ConstantTable {
  std::string Name;
  std::vector<uint8_t> Bytes;
};

enum class ExprKind : uint8_t {
  Const,
  Read, ///< One byte of an Array at a (constant) index.
  Concat,
  Extract,
  ZExt,
  SExt,
  // Arithmetic and bitwise, operands and result of the same width.
  Add,
  Sub,
  Mul,
  UDiv,
  SDiv,
  URem,
  SRem,
  And,
  Or,
  Xor,
  Shl,
  LShr,
  AShr,
  Not, ///< Bitwise complement; logical not on width 1.
  // Comparisons, result of width 1.
  Eq,
  Ult,
  Ule,
  Slt,
  Sle,
  Select,
  /// One byte of a ConstantTable at the 64-bit index operand; 0 past the
  /// table's end (accesses are bounds-checked before they read).
  TableRead,
  /// One element of an input Array at the 64-bit element index operand:
  /// value() bytes read little-endian; 0 past the array's end. For
  /// formulas that read a buffer at a computed index (the apc) without
  /// an ite over its bytes; the interpreter never builds it.
  ArrayRead,
  Var, ///< A Variable, free unless a quantifier above binds it.
  /// Quantifiers of width 1: operand 0 is the bound Var, operand 1 the body.
  Forall,
  Exists,
  // Floating point. A float or double value is the bit-vector of its
  // IEEE-754 encoding (width 32 or 64), so memory, select, slicing and the
  // caches see bits as for integers; these nodes read operands and produce
  // results as encodings, with FloatOps' semantics (x86-64's, NaN payloads
  // included, always rounding to nearest even).
  FBinary,   ///< value() is a FloatBinaryOp.
  FCompare,  ///< Width 1; value() is the fcmp predicate: 1 oeq, 4 olt, 5 ole.
  FToInt,    ///< fptosi (value() 1) or fptoui (0) to the node's width.
  IntToF,    ///< sitofp (value() 1) or uitofp (0) to the node's width.
  FConvert,  ///< fpext or fptrunc to the node's width.
  FFunction, ///< value() is a FloatFunction of numOperands() operands.
};

const char *kindName(ExprKind K);
bool isComparison(ExprKind K);
bool isBinaryArith(ExprKind K);
/// Whether `K` interprets its operands as floating-point encodings.
bool isFloatKind(ExprKind K);

class Expr;
using ExprRef = const Expr *;

class Expr {
public:
  ExprKind kind() const { return Kind; }
  unsigned width() const { return Width; }
  unsigned numOperands() const { return NumOps; }
  ExprRef operand(unsigned I) const { return Ops[I]; }
  /// Value of a Const, or the bit offset of an Extract, or the byte index of
  /// a Read, or the element size in bytes of an ArrayRead.
  uint64_t value() const { return Value; }
  const Array *array() const { return Arr; }
  const ConstantTable *table() const { return Table; }
  const Variable *variable() const { return Var; }
  /// Unique, dense, increasing with creation: a deterministic sort key.
  uint32_t id() const { return Id; }
  size_t hash() const { return Hash; }
  bool isConst() const { return Kind == ExprKind::Const; }
  bool isTrue() const { return isConst() && Width == 1 && Value == 1; }
  bool isFalse() const { return isConst() && Width == 1 && Value == 0; }
  /// True when the expression reads no input (only for Const after folding).
  bool isConcrete() const { return isConst(); }
  /// Whether a node of the expression is a float operation (isFloatKind):
  /// the solver then needs the floating-point theory for it.
  bool hasFloat() const { return Float; }

private:
  friend class ExprContext;
  ExprKind Kind;
  uint8_t NumOps = 0;
  bool Float = false; // Derived from the operands: not part of the identity.
  uint32_t Width;
  uint64_t Value = 0;
  const Array *Arr = nullptr;
  const ConstantTable *Table = nullptr;
  const Variable *Var = nullptr;
  ExprRef Ops[3] = {nullptr, nullptr, nullptr};
  uint32_t Id = 0;
  size_t Hash = 0;
};

/// Whether `Pred` holds for some node of `E`. Each shared sub-expression
/// is visited once (a DAG can be exponentially smaller than its tree), and
/// the walk stops at the first node that satisfies `Pred`.
template <typename PredT> bool anyNode(ExprRef E, PredT Pred) {
  std::vector<ExprRef> Work{E};
  std::unordered_set<ExprRef> Seen;
  while (!Work.empty()) {
    ExprRef X = Work.back();
    Work.pop_back();
    if (!Seen.insert(X).second)
      continue;
    if (Pred(X))
      return true;
    for (unsigned I = 0; I < X->numOperands(); ++I)
      Work.push_back(X->operand(I));
  }
  return false;
}

/// The array whose bytes [0, n) `E` reads little-endian, n being the
/// array's size (a whole input such as a parameter), else null.
const Array *wholeArray(ExprRef E);

/// True when `V` (a Var node) occurs in `E`.
bool mentions(ExprRef E, ExprRef V);

/// Truncates `V` to `Width` bits.
inline uint64_t truncBits(uint64_t V, unsigned Width) {
  return Width >= 64 ? V : V & ((uint64_t(1) << Width) - 1);
}
/// Sign-extends the low `Width` bits of `V` to 64 bits.
inline int64_t signExtend(uint64_t V, unsigned Width) {
  if (Width >= 64)
    return int64_t(V);
  uint64_t M = uint64_t(1) << (Width - 1);
  V = truncBits(V, Width);
  return int64_t((V ^ M) - M);
}

/// Owns all expressions and arrays; builds simplified, hash-consed nodes.
/// Widths are 1..64 bits.
class ExprContext {
public:
  ExprContext();
  ExprContext(const ExprContext &) = delete;
  ExprContext &operator=(const ExprContext &) = delete;

  /// Returns the array called `Name`, creating it with `Size` bytes. The same
  /// name always yields the same array, so expressions built in different
  /// runs over the same inputs are identical.
  const Array *array(const std::string &Name, uint32_t Size);
  const Array *arrayById(uint32_t Id) const { return Arrays[Id].get(); }
  size_t numArrays() const { return Arrays.size(); }
  size_t numExprs() const { return Nodes.size(); }

  ExprRef constant(uint64_t V, unsigned Width);
  ExprRef boolConst(bool B) { return B ? True : False; }
  ExprRef trueExpr() const { return True; }
  ExprRef falseExpr() const { return False; }
  ExprRef read(const Array *A, uint32_t Index);
  /// The little-endian concatenation of bytes [Offset, Offset+Bytes) of A.
  ExprRef readLE(const Array *A, uint32_t Offset, uint32_t Bytes);

  ExprRef concat(ExprRef Hi, ExprRef Lo);
  ExprRef extract(ExprRef E, unsigned BitOffset, unsigned Width);
  ExprRef zext(ExprRef E, unsigned Width);
  ExprRef sext(ExprRef E, unsigned Width);
  /// zext, sext or extract to reach `Width`.
  ExprRef resize(ExprRef E, unsigned Width, bool Signed);

  ExprRef binary(ExprKind K, ExprRef L, ExprRef R);
  ExprRef add(ExprRef L, ExprRef R) { return binary(ExprKind::Add, L, R); }
  ExprRef sub(ExprRef L, ExprRef R) { return binary(ExprKind::Sub, L, R); }
  ExprRef mul(ExprRef L, ExprRef R) { return binary(ExprKind::Mul, L, R); }
  ExprRef bitAnd(ExprRef L, ExprRef R) { return binary(ExprKind::And, L, R); }
  ExprRef bitOr(ExprRef L, ExprRef R) { return binary(ExprKind::Or, L, R); }
  ExprRef bitXor(ExprRef L, ExprRef R) { return binary(ExprKind::Xor, L, R); }
  ExprRef bitNot(ExprRef E);
  ExprRef logicalNot(ExprRef E) { return bitNot(E); }

  /// Comparisons. Ne, Ugt, Uge, Sgt, Sge are expressed with Not and swapped
  /// operands so the node set stays small.
  ExprRef compare(ExprKind K, ExprRef L, ExprRef R);
  ExprRef eq(ExprRef L, ExprRef R) { return compare(ExprKind::Eq, L, R); }
  ExprRef ne(ExprRef L, ExprRef R) { return bitNot(eq(L, R)); }
  ExprRef ult(ExprRef L, ExprRef R) { return compare(ExprKind::Ult, L, R); }
  ExprRef ule(ExprRef L, ExprRef R) { return compare(ExprKind::Ule, L, R); }
  ExprRef slt(ExprRef L, ExprRef R) { return compare(ExprKind::Slt, L, R); }
  ExprRef sle(ExprRef L, ExprRef R) { return compare(ExprKind::Sle, L, R); }
  ExprRef ugt(ExprRef L, ExprRef R) { return ult(R, L); }
  ExprRef uge(ExprRef L, ExprRef R) { return ule(R, L); }
  ExprRef sgt(ExprRef L, ExprRef R) { return slt(R, L); }
  ExprRef sge(ExprRef L, ExprRef R) { return sle(R, L); }

  ExprRef select(ExprRef C, ExprRef T, ExprRef F);

  /// A table owned by the context, for tableRead.
  const ConstantTable *table(std::string Name, std::vector<uint8_t> Bytes);
  /// Byte `Index` (64 bits) of `T`; a constant for a constant index.
  ExprRef tableRead(const ConstantTable *T, ExprRef Index);
  /// Element `Index` (64 bits) of `ElemBytes` bytes of `A`, the bytes at
  /// Index * ElemBytes read little-endian; a readLE for a constant index.
  ExprRef arrayRead(const Array *A, ExprRef Index, unsigned ElemBytes);
  /// The variable called `Name`, created with `Width` bits; the same name
  /// always yields the same variable.
  const Variable *variable(const std::string &Name, unsigned Width);
  ExprRef var(const Variable *V);
  /// Quantifiers over `V` (a Var node) of a width-1 body; a body that does
  /// not mention `V` is returned unchanged.
  ExprRef forall(ExprRef V, ExprRef Body) {
    return quantifier(ExprKind::Forall, V, Body);
  }
  ExprRef exists(ExprRef V, ExprRef Body) {
    return quantifier(ExprKind::Exists, V, Body);
  }
  /// A node of `E`'s kind and attributes over the operands `Ops` (as many
  /// as `E` has), simplified like any new node.
  ExprRef rebuild(ExprRef E, const ExprRef *Ops);
  ExprRef implies(ExprRef L, ExprRef R) { return logicalOr(bitNot(L), R); }
  ExprRef logicalAnd(ExprRef L, ExprRef R) { return bitAnd(L, R); }
  ExprRef logicalOr(ExprRef L, ExprRef R) { return bitOr(L, R); }

  /// Floating point, over encodings of width 32 (float) or 64 (double); the
  /// format is the width's. Each folds constants with FloatOps. Operations
  /// that only move bits (fneg, fabs, copysign, is.fpclass) are built as
  /// bit-vector operations, which the solver handles best.
  ExprRef floatBinary(FloatBinaryOp Op, ExprRef L, ExprRef R);
  ExprRef floatNegate(ExprRef E);
  /// fcmp with LLVM's predicate encoding (see floatCompare in FloatOps.h),
  /// built from ordered equal, less and less-or-equal, Not, And and Or.
  ExprRef floatCompare(unsigned Predicate, ExprRef L, ExprRef R);
  ExprRef floatToInt(ExprRef E, unsigned Width, bool Signed);
  ExprRef intToFloat(ExprRef E, bool Signed, FloatFormat To);
  ExprRef floatConvert(ExprRef E, FloatFormat To);
  /// The intrinsic `F` on `Args` (arity(F) of them).
  ExprRef floatFunction(FloatFunction F, const ExprRef *Args);
  ExprRef floatIsClass(ExprRef E, unsigned Mask);

private:
  struct NodeHash {
    size_t operator()(const Expr *E) const { return E->hash(); }
  };
  struct NodeEq {
    bool operator()(const Expr *A, const Expr *B) const;
  };

  ExprRef intern(Expr &&Proto);
  ExprRef make(ExprKind K, unsigned Width, ExprRef A, ExprRef B = nullptr,
               ExprRef C = nullptr, uint64_t Value = 0);
  ExprRef foldBinary(ExprKind K, ExprRef L, ExprRef R);
  ExprRef simplifyBinary(ExprKind K, ExprRef L, ExprRef R);
  ExprRef simplifyCompare(ExprKind K, ExprRef L, ExprRef R);
  ExprRef quantifier(ExprKind K, ExprRef V, ExprRef Body);
  ExprRef floatNode(ExprKind K, uint64_t Value, unsigned Width,
                    std::initializer_list<ExprRef> Ops);
  ExprRef orderedCompare(unsigned Predicate, ExprRef L, ExprRef R);
  ExprRef floatClass(unsigned Class, ExprRef E);

  std::deque<Expr> Nodes;
  std::unordered_set<const Expr *, NodeHash, NodeEq> Table;
  std::vector<std::unique_ptr<Array>> Arrays;
  /// A program may create hundreds of thousands of inputs.
  std::unordered_map<std::string, const Array *> ArraysByName;
  std::deque<ConstantTable> Tables;
  std::vector<std::unique_ptr<Variable>> Variables;
  ExprRef True;
  ExprRef False;
};

/// Folds an operation on constants; shared by the builder and the concrete
/// evaluator so both agree bit for bit. Division by zero yields the SMT-LIB
/// bit-vector convention (udiv: all ones, urem: dividend), matching Z3.
uint64_t evalBinary(ExprKind K, uint64_t L, uint64_t R, unsigned Width);
bool evalCompare(ExprKind K, uint64_t L, uint64_t R, unsigned Width);
/// The value of a node of a float kind (isFloatKind) on constant operands.
uint64_t evalFloat(ExprRef E, const uint64_t *Ops);
uint64_t evalFloat(ExprKind K, uint64_t Value, unsigned Width,
                   unsigned OperandWidth, const uint64_t *Ops);
/// The format of a float encoding of `Width` bits (32 or 64).
FloatFormat floatFormatOfWidth(unsigned Width);

} // namespace theseus

#endif
