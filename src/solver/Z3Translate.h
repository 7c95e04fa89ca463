//===- Z3Translate.h - Expressions as Z3 terms (solver-internal) ----------===//
//
// Every input byte is one 8-bit constant named `array[index]`, a Variable is
// a bit-vector constant of its name, quantifiers bind them. Translations of
// expression nodes are memoised for the translator's lifetime: since nodes
// are hash-consed, a sub-expression shared by many queries is translated
// once. Shared by the quantifier-free backend and the quantified queries.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_SOLVER_Z3TRANSLATE_H
#define THESEUS_SOLVER_Z3TRANSLATE_H

#include "expr/Expr.h"

#include <atomic>
#include <unordered_map>
#include <z3++.h>

namespace theseus {

class Z3Translator {
public:
  explicit Z3Translator(z3::context &Ctx) : Ctx(Ctx) {}
  /// Once `*Cancel` is set, translate() throws a z3::exception: Z3's
  /// interrupt stops a check, but not the building of a huge formula.
  void setCancel(const std::atomic<bool> *C) { Cancel = C; }

  /// `E` as a bit-vector of its width (width 1 for conditions).
  z3::expr translate(ExprRef E);
  /// A width-1 `E` as a Z3 boolean.
  z3::expr boolOf(ExprRef E) { return translate(E) == Ctx.bv_val(1, 1); }
  /// The constant of one input byte, created on first use.
  z3::expr byteVar(const Array *A, uint32_t Index);
  /// The constant of one input byte if a translation created it.
  const z3::expr *existingByteVar(const Array *A, uint32_t Index) const;

private:
  const std::atomic<bool> *Cancel = nullptr;

  z3::expr bitOf(const z3::expr &B) {
    return z3::ite(B, Ctx.bv_val(1, 1), Ctx.bv_val(0, 1));
  }
  z3::expr build(ExprRef E);
  z3::expr variable(const Variable *V);
  z3::expr tableRead(const ConstantTable *T, const z3::expr &Index);
  z3::expr mux(const std::vector<uint8_t> &Bytes, const z3::expr &Index,
               uint64_t First, unsigned Bits);

  struct PairHash {
    size_t operator()(const std::pair<const Array *, uint32_t> &P) const {
      return std::hash<const void *>()(P.first) * 31 + P.second;
    }
  };

  z3::context &Ctx;
  std::unordered_map<ExprRef, z3::expr> Memo;
  std::unordered_map<std::pair<const Array *, uint32_t>, z3::expr, PairHash>
      ByteVars;
  std::unordered_map<const Variable *, z3::expr> Variables;
};

} // namespace theseus

#endif
