//===- Z3Translate.cpp - Expressions as Z3 terms --------------------------===//
#include "solver/Z3Translate.h"

#include "solver/Solver.h"

#include <fmt/format.h>

namespace theseus {

z3::expr Z3Translator::translate(ExprRef E) {
  auto It = Memo.find(E);
  if (It != Memo.end())
    return It->second;
  if (Cancel && Cancel->load(std::memory_order_relaxed))
    throw z3::exception("translation interrupted");
  z3::expr R = build(E);
  Memo.emplace(E, R);
  return R;
}

z3::expr Z3Translator::byteVar(const Array *A, uint32_t Index) {
  auto Key = std::make_pair(A, Index);
  auto It = ByteVars.find(Key);
  if (It != ByteVars.end())
    return It->second;
  z3::expr V = Ctx.bv_const(fmt::format("{}[{}]", A->Name, Index).c_str(), 8);
  ByteVars.emplace(Key, V);
  return V;
}

const z3::expr *Z3Translator::existingByteVar(const Array *A,
                                              uint32_t Index) const {
  auto It = ByteVars.find({A, Index});
  return It == ByteVars.end() ? nullptr : &It->second;
}

z3::expr Z3Translator::variable(const Variable *V) {
  auto It = Variables.find(V);
  if (It != Variables.end())
    return It->second;
  z3::expr C = Ctx.bv_const(V->Name.c_str(), V->Width);
  Variables.emplace(V, C);
  return C;
}

z3::expr Z3Translator::build(ExprRef E) {
  unsigned W = E->width();
  auto Op = [&](unsigned I) { return translate(E->operand(I)); };
  switch (E->kind()) {
  case ExprKind::Const:
    return Ctx.bv_val(static_cast<uint64_t>(E->value()), W);
  case ExprKind::Read:
    return byteVar(E->array(), static_cast<uint32_t>(E->value()));
  case ExprKind::Concat:
    return z3::concat(Op(0), Op(1));
  case ExprKind::Extract:
    return Op(0).extract(unsigned(E->value() + W - 1), unsigned(E->value()));
  case ExprKind::ZExt:
    return z3::zext(Op(0), W - E->operand(0)->width());
  case ExprKind::SExt:
    return z3::sext(Op(0), W - E->operand(0)->width());
  case ExprKind::Add:
    return Op(0) + Op(1);
  case ExprKind::Sub:
    return Op(0) - Op(1);
  case ExprKind::Mul:
    return Op(0) * Op(1);
  case ExprKind::UDiv:
    return z3::udiv(Op(0), Op(1));
  case ExprKind::SDiv:
    return Op(0) / Op(1); // bvsdiv
  case ExprKind::URem:
    return z3::urem(Op(0), Op(1));
  case ExprKind::SRem:
    // The wrong rule, bvsmod, takes the divisor's sign: Python's `%`,
    // the mismatch the self-check (Steinhöfel's precision check) found.
    return wrongSRemForTesting() ? z3::smod(Op(0), Op(1))
                                 : z3::srem(Op(0), Op(1));
  case ExprKind::And:
    return Op(0) & Op(1);
  case ExprKind::Or:
    return Op(0) | Op(1);
  case ExprKind::Xor:
    return Op(0) ^ Op(1);
  case ExprKind::Shl:
    return z3::shl(Op(0), Op(1));
  case ExprKind::LShr:
    return z3::lshr(Op(0), Op(1));
  case ExprKind::AShr:
    return z3::ashr(Op(0), Op(1));
  case ExprKind::Not:
    return ~Op(0);
  case ExprKind::Eq:
    return bitOf(Op(0) == Op(1));
  case ExprKind::Ult:
    return bitOf(z3::ult(Op(0), Op(1)));
  case ExprKind::Ule:
    return bitOf(z3::ule(Op(0), Op(1)));
  case ExprKind::Slt:
    return bitOf(Op(0) < Op(1));
  case ExprKind::Sle:
    return bitOf(Op(0) <= Op(1));
  case ExprKind::Select:
    return z3::ite(boolOf(E->operand(0)), Op(1), Op(2));
  case ExprKind::TableRead:
    return tableRead(E->table(), Op(0));
  case ExprKind::ArrayRead:
    return arrayRead(E->array(), unsigned(E->value()), Op(0));
  case ExprKind::Var:
    return variable(E->variable());
  case ExprKind::Forall:
    return bitOf(z3::forall(Op(0), boolOf(E->operand(1))));
  case ExprKind::Exists:
    return bitOf(z3::exists(Op(0), boolOf(E->operand(1))));
  case ExprKind::FBinary:
  case ExprKind::FCompare:
  case ExprKind::FToInt:
  case ExprKind::IntToF:
  case ExprKind::FConvert:
  case ExprKind::FFunction:
    return buildFloat(E);
  }
  return Ctx.bv_val(0, W);
}

z3::expr Z3Translator::element(const Array *A, unsigned ElemBytes, uint64_t E) {
  if (E >= A->Size / ElemBytes)
    return Ctx.bv_val(0, 8 * ElemBytes);
  z3::expr V = byteVar(A, uint32_t(E * ElemBytes));
  for (unsigned B = 1; B < ElemBytes; ++B)
    V = z3::concat(byteVar(A, uint32_t(E * ElemBytes + B)), V);
  return V;
}

/// The element at `Index` among the 2^Bits elements from `First`.
z3::expr Z3Translator::elementMux(const Array *A, unsigned ElemBytes,
                                  const z3::expr &Index, uint64_t First,
                                  unsigned Bits) {
  if (Bits == 0 || First >= A->Size / ElemBytes)
    return element(A, ElemBytes, First);
  uint64_t Half = uint64_t(1) << (Bits - 1);
  return z3::ite(Index.extract(Bits - 1, Bits - 1) == Ctx.bv_val(1, 1),
                 elementMux(A, ElemBytes, Index, First + Half, Bits - 1),
                 elementMux(A, ElemBytes, Index, First, Bits - 1));
}

z3::expr Z3Translator::arrayRead(const Array *A, unsigned ElemBytes,
                                 const z3::expr &Index) {
  if (!ArraysAsFunctions) {
    uint64_t Elems = A->Size / ElemBytes;
    unsigned Bits = 1;
    while ((uint64_t(1) << Bits) < Elems)
      ++Bits;
    z3::expr Inside = z3::ult(Index, Ctx.bv_val(Elems, 64));
    return z3::ite(Inside, elementMux(A, ElemBytes, Index, 0, Bits),
                   Ctx.bv_val(0, 8 * ElemBytes));
  }
  auto Key = std::make_pair(A, ElemBytes);
  auto It = ArrayFunctions.find(Key);
  if (It == ArrayFunctions.end()) {
    std::string Name = fmt::format("{}.i{}", A->Name, 8 * ElemBytes);
    z3::func_decl F =
        Ctx.function(Name.c_str(), Ctx.bv_sort(64), Ctx.bv_sort(8 * ElemBytes));
    It = ArrayFunctions.emplace(Key, F).first;
    // Past the end the function is free where the Evaluator reads 0:
    // that only weakens a formula (unsat stays a proof), and the apc
    // reads in bounds.
    for (uint64_t E = 0; E < A->Size / ElemBytes; ++E)
      Ties.push_back(F(Ctx.bv_val(E, 64)) == element(A, ElemBytes, E));
  }
  return It->second(Index);
}

/// A byte of a table at a symbolic index: a multiplexer on the index bits,
/// from the top one down, whose blocks of equal bytes are constants. Faster
/// for Z3 than an array with a store per byte.
z3::expr Z3Translator::tableRead(const ConstantTable *T,
                                 const z3::expr &Index) {
  const std::vector<uint8_t> &Bytes = T->Bytes;
  unsigned Bits = 1;
  while ((uint64_t(1) << Bits) < Bytes.size())
    ++Bits;
  z3::expr Low = Index.extract(Bits - 1, 0);
  z3::expr Inside = z3::ult(Index, Ctx.bv_val(uint64_t(Bytes.size()), 64));
  return z3::ite(Inside, mux(Bytes, Low, 0, Bits), Ctx.bv_val(0, 8));
}

/// The byte at `Index` among the 2^Bits bytes from `First`.
z3::expr Z3Translator::mux(const std::vector<uint8_t> &Bytes,
                           const z3::expr &Index, uint64_t First,
                           unsigned Bits) {
  auto ByteAt = [&](uint64_t I) { return I < Bytes.size() ? Bytes[I] : 0; };
  uint64_t End = First + (uint64_t(1) << Bits);
  bool Uniform = true;
  for (uint64_t I = First + 1; I < End && Uniform; ++I)
    Uniform = ByteAt(I) == ByteAt(First);
  if (Uniform)
    return Ctx.bv_val(unsigned(ByteAt(First)), 8);
  uint64_t Half = uint64_t(1) << (Bits - 1);
  return z3::ite(Index.extract(Bits - 1, Bits - 1) == Ctx.bv_val(1, 1),
                 mux(Bytes, Index, First + Half, Bits - 1),
                 mux(Bytes, Index, First, Bits - 1));
}

} // namespace theseus
