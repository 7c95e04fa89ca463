//===- Z3Translate.h - Expressions as Z3 terms (solver-internal) ----------===//
//
// Every input byte is one 8-bit constant named `array[index]`, a Variable is
// a bit-vector constant of its name, quantifiers bind them. An ArrayRead is
// an application of an uninterpreted function per array and element size,
// from the 64-bit index to the element, tied to the byte constants by one
// equation per element (arrayTies): quantifier instantiation and the
// solver's congruence closure see one term per read, not an ite over the
// array. Translations of
// expression nodes are memoised for the translator's lifetime: since nodes
// are hash-consed, a sub-expression shared by many queries is translated
// once. Shared by the quantifier-free backend and the quantified queries.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_SOLVER_Z3TRANSLATE_H
#define THESEUS_SOLVER_Z3TRANSLATE_H

#include "expr/Expr.h"

#include <atomic>
#include <map>
#include <optional>
#include <unordered_map>
#include <z3++.h>

namespace theseus {

/// Whether `E` has Forall/Exists nodes: Z3 then gets input buffers as
/// functions and no E-matching (QuantifiedStage, the validator's re-check).
inline bool hasQuantifier(ExprRef E) {
  return anyNode(E, [](ExprRef X) {
    return X->kind() == ExprKind::Forall || X->kind() == ExprKind::Exists;
  });
}

class Z3Translator {
public:
  explicit Z3Translator(z3::context &Ctx) : Ctx(Ctx) {}
  /// How ArrayReads are translated from now on: as functions tied to the
  /// bytes (for quantified formulas: one term per read to instantiate), or
  /// (the default) as a multiplexer over the bytes on the index bits, which
  /// bit-blasts to a few gates per read where functions need an equation
  /// per pair of reads.
  void setArraysAsFunctions(bool On) { ArraysAsFunctions = On; }
  /// Once `*Cancel` is set, translate() throws a z3::exception: Z3's
  /// interrupt stops a check, but not the building of a huge formula.
  void setCancel(const std::atomic<bool> *C) { Cancel = C; }

  /// `E` as a bit-vector of its width (width 1 for conditions).
  z3::expr translate(ExprRef E);
  /// A width-1 `E` as a Z3 boolean.
  z3::expr boolOf(ExprRef E) { return translate(E) == Ctx.bv_val(1, 1); }
  /// The constant of one input byte, created on first use.
  z3::expr byteVar(const Array *A, uint32_t Index);
  /// The equations tying the functions of every ArrayRead translated so far
  /// to the input bytes: asserted with each formula.
  const std::vector<z3::expr> &arrayTies() const { return Ties; }
  /// The constant of one input byte if a translation created it.
  const z3::expr *existingByteVar(const Array *A, uint32_t Index) const;

private:
  const std::atomic<bool> *Cancel = nullptr;
  bool ArraysAsFunctions = false;

  z3::expr bitOf(const z3::expr &B) {
    return z3::ite(B, Ctx.bv_val(1, 1), Ctx.bv_val(0, 1));
  }
  z3::expr build(ExprRef E);
  z3::expr variable(const Variable *V);
  z3::expr tableRead(const ConstantTable *T, const z3::expr &Index);
  z3::expr arrayRead(const Array *A, unsigned ElemBytes, const z3::expr &Index);
  z3::expr element(const Array *A, unsigned ElemBytes, uint64_t E);
  z3::expr elementMux(const Array *A, unsigned ElemBytes, const z3::expr &Index,
                      uint64_t First, unsigned Bits);
  z3::expr mux(const std::vector<uint8_t> &Bytes, const z3::expr &Index,
               uint64_t First, unsigned Bits);

  // Floating point (Z3TranslateFloat.cpp): a float node is a bit-vector
  // (its encoding) computed with Z3's FPA theory, NaN results spelled out
  // as x86-64 makes them, since FPA has a single NaN without payload.
  z3::expr buildFloat(ExprRef E);
  /// `E` (an encoding) as an FPA term.
  z3::expr floatTerm(ExprRef E);
  std::optional<z3::expr> signOperation(ExprRef E);
  z3::expr fpa(Z3_ast A);
  z3::expr fpaConst(unsigned Width, double V);
  z3::expr isNan(const z3::expr &Fp);
  z3::expr quietNan(ExprRef E);
  z3::expr defaultNan(unsigned Width);
  /// The encoding of FPA result `R` of an operation on `Ops`: the first
  /// NaN operand quietened, else the default NaN where R is NaN.
  z3::expr ieeeResult(const z3::expr &R, std::initializer_list<ExprRef> Ops);
  z3::expr floatBinary(ExprRef E);
  z3::expr floatRemainder(const z3::expr &A, const z3::expr &B);
  z3::expr floatFunction(ExprRef E);
  z3::expr minMax(ExprRef E, bool Max);
  z3::expr minimumMaximum(ExprRef E, bool Max);
  z3::expr floatToInt(ExprRef E);
  z3::expr truncateToInt(const z3::expr &Fp, unsigned FloatWidth, bool Wide);
  z3::expr floatConvert(ExprRef E);

  struct PairHash {
    size_t operator()(const std::pair<const Array *, uint32_t> &P) const {
      return std::hash<const void *>()(P.first) * 31 + P.second;
    }
  };

  z3::context &Ctx;
  std::unordered_map<ExprRef, z3::expr> Memo;
  /// The FPA value of float nodes whose value is an FPA operation's result
  /// (equal to their encoding read back, which only loses NaN payloads).
  std::unordered_map<ExprRef, z3::expr> FloatValues;
  std::unordered_map<std::pair<const Array *, uint32_t>, z3::expr, PairHash>
      ByteVars;
  std::unordered_map<const Variable *, z3::expr> Variables;
  std::map<std::pair<const Array *, unsigned>, z3::func_decl> ArrayFunctions;
  std::vector<z3::expr> Ties;
};

} // namespace theseus

#endif
