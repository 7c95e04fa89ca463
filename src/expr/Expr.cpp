//===- Expr.cpp - Hash-consing and simplification -------------------------===//
#include "expr/Expr.h"

#include <cassert>
#include <functional>
#include <unordered_set>

namespace theseus {

const char *kindName(ExprKind K) {
  switch (K) {
  case ExprKind::Const:
    return "const";
  case ExprKind::Read:
    return "read";
  case ExprKind::Concat:
    return "concat";
  case ExprKind::Extract:
    return "extract";
  case ExprKind::ZExt:
    return "zext";
  case ExprKind::SExt:
    return "sext";
  case ExprKind::Add:
    return "add";
  case ExprKind::Sub:
    return "sub";
  case ExprKind::Mul:
    return "mul";
  case ExprKind::UDiv:
    return "udiv";
  case ExprKind::SDiv:
    return "sdiv";
  case ExprKind::URem:
    return "urem";
  case ExprKind::SRem:
    return "srem";
  case ExprKind::And:
    return "and";
  case ExprKind::Or:
    return "or";
  case ExprKind::Xor:
    return "xor";
  case ExprKind::Shl:
    return "shl";
  case ExprKind::LShr:
    return "lshr";
  case ExprKind::AShr:
    return "ashr";
  case ExprKind::Not:
    return "not";
  case ExprKind::Eq:
    return "eq";
  case ExprKind::Ult:
    return "ult";
  case ExprKind::Ule:
    return "ule";
  case ExprKind::Slt:
    return "slt";
  case ExprKind::Sle:
    return "sle";
  case ExprKind::Select:
    return "select";
  case ExprKind::TableRead:
    return "table-read";
  case ExprKind::ArrayRead:
    return "array-read";
  case ExprKind::Var:
    return "var";
  case ExprKind::Forall:
    return "forall";
  case ExprKind::Exists:
    return "exists";
  case ExprKind::FBinary:
    return "fbinary";
  case ExprKind::FCompare:
    return "fcmp";
  case ExprKind::FToInt:
    return "fp-to-int";
  case ExprKind::IntToF:
    return "int-to-fp";
  case ExprKind::FConvert:
    return "fp-convert";
  case ExprKind::FFunction:
    return "ffunction";
  }
  return "?";
}

bool isFloatKind(ExprKind K) { return K >= ExprKind::FBinary; }

[[maybe_unused]] static bool isFloatWidth(unsigned Width) {
  return Width == 32 || Width == 64;
}

FloatFormat floatFormatOfWidth(unsigned Width) {
  assert(isFloatWidth(Width) && "not a float encoding");
  return Width == 32 ? FloatFormat::Single : FloatFormat::Double;
}

uint64_t evalFloat(ExprKind K, uint64_t Value, unsigned Width,
                   unsigned OperandWidth, const uint64_t *Ops) {
  switch (K) {
  case ExprKind::FBinary:
    return floatBinary(FloatBinaryOp(Value), floatFormatOfWidth(Width), Ops[0],
                       Ops[1]);
  case ExprKind::FCompare:
    return floatCompare(unsigned(Value), floatFormatOfWidth(OperandWidth),
                        Ops[0], Ops[1]);
  case ExprKind::FToInt:
    return floatToInt(floatFormatOfWidth(OperandWidth), Ops[0], Width,
                      Value != 0);
  case ExprKind::IntToF:
    return intToFloat(Ops[0], OperandWidth, Value != 0,
                      floatFormatOfWidth(Width));
  case ExprKind::FConvert:
    return floatConvert(floatFormatOfWidth(OperandWidth),
                        floatFormatOfWidth(Width), Ops[0]);
  case ExprKind::FFunction:
    return floatFunction(FloatFunction(Value), floatFormatOfWidth(Width), Ops);
  default:
    assert(false && "not a floating-point operation");
    return 0;
  }
}

uint64_t evalFloat(ExprRef E, const uint64_t *Ops) {
  return evalFloat(E->kind(), E->value(), E->width(), E->operand(0)->width(),
                   Ops);
}

bool isComparison(ExprKind K) {
  return K == ExprKind::Eq || K == ExprKind::Ult || K == ExprKind::Ule ||
         K == ExprKind::Slt || K == ExprKind::Sle;
}

bool isBinaryArith(ExprKind K) {
  return K >= ExprKind::Add && K <= ExprKind::AShr;
}

static bool isCommutative(ExprKind K) {
  return K == ExprKind::Add || K == ExprKind::Mul || K == ExprKind::And ||
         K == ExprKind::Or || K == ExprKind::Xor || K == ExprKind::Eq;
}

uint64_t evalBinary(ExprKind K, uint64_t L, uint64_t R, unsigned W) {
  L = truncBits(L, W);
  R = truncBits(R, W);
  uint64_t Ones = truncBits(~uint64_t(0), W);
  switch (K) {
  case ExprKind::Add:
    return truncBits(L + R, W);
  case ExprKind::Sub:
    return truncBits(L - R, W);
  case ExprKind::Mul:
    return truncBits(L * R, W);
  case ExprKind::UDiv:
    return R == 0 ? Ones : L / R;
  case ExprKind::URem:
    return R == 0 ? L : L % R;
  case ExprKind::SDiv: {
    int64_t SL = signExtend(L, W), SR = signExtend(R, W);
    if (R == 0)
      return SL < 0 ? 1 : Ones;
    if (SR == -1) // Avoid host overflow on INT_MIN / -1; wraps to -SL.
      return truncBits(uint64_t(0) - L, W);
    return truncBits(uint64_t(SL / SR), W);
  }
  case ExprKind::SRem: {
    int64_t SL = signExtend(L, W), SR = signExtend(R, W);
    if (R == 0)
      return L;
    if (SR == -1)
      return 0;
    return truncBits(uint64_t(SL % SR), W);
  }
  case ExprKind::And:
    return L & R;
  case ExprKind::Or:
    return L | R;
  case ExprKind::Xor:
    return L ^ R;
  case ExprKind::Shl:
    return R >= W ? 0 : truncBits(L << R, W);
  case ExprKind::LShr:
    return R >= W ? 0 : L >> R;
  case ExprKind::AShr: {
    int64_t SL = signExtend(L, W);
    if (R >= W)
      return SL < 0 ? Ones : 0;
    return truncBits(uint64_t(SL >> R), W);
  }
  default:
    assert(false && "not a binary operation");
    return 0;
  }
}

bool evalCompare(ExprKind K, uint64_t L, uint64_t R, unsigned W) {
  L = truncBits(L, W);
  R = truncBits(R, W);
  switch (K) {
  case ExprKind::Eq:
    return L == R;
  case ExprKind::Ult:
    return L < R;
  case ExprKind::Ule:
    return L <= R;
  case ExprKind::Slt:
    return signExtend(L, W) < signExtend(R, W);
  case ExprKind::Sle:
    return signExtend(L, W) <= signExtend(R, W);
  default:
    assert(false && "not a comparison");
    return false;
  }
}

static size_t hashNode(const Expr &E) {
  size_t H = std::hash<uint64_t>()(E.value());
  auto Mix = [&H](size_t V) {
    H ^= V + 0x9e3779b97f4a7c15ULL + (H << 6) + (H >> 2);
  };
  Mix(size_t(E.kind()));
  Mix(E.width());
  Mix(reinterpret_cast<size_t>(E.array()));
  Mix(reinterpret_cast<size_t>(E.table()));
  Mix(reinterpret_cast<size_t>(E.variable()));
  for (unsigned I = 0; I < E.numOperands(); ++I)
    Mix(reinterpret_cast<size_t>(E.operand(I)));
  return H;
}

bool ExprContext::NodeEq::operator()(const Expr *A, const Expr *B) const {
  if (A->Kind != B->Kind || A->Width != B->Width || A->Value != B->Value ||
      A->Arr != B->Arr || A->Table != B->Table || A->Var != B->Var ||
      A->NumOps != B->NumOps)
    return false;
  for (unsigned I = 0; I < A->NumOps; ++I)
    if (A->Ops[I] != B->Ops[I])
      return false;
  return true;
}

ExprContext::ExprContext() {
  True = constant(1, 1);
  False = constant(0, 1);
}

const Array *ExprContext::array(const std::string &Name, uint32_t Size) {
  auto [It, New] = ArraysByName.try_emplace(Name, nullptr);
  if (!New) {
    assert(It->second->Size == Size && "array re-declared with another size");
    return It->second;
  }
  Arrays.push_back(std::make_unique<Array>(
      Array{Name, Size, static_cast<uint32_t>(Arrays.size())}));
  return It->second = Arrays.back().get();
}

ExprRef ExprContext::intern(Expr &&Proto) {
  Proto.Hash = hashNode(Proto);
  auto It = Table.find(&Proto);
  if (It != Table.end())
    return *It;
  Proto.Id = static_cast<uint32_t>(Nodes.size());
  Proto.Float = isFloatKind(Proto.Kind);
  for (unsigned I = 0; I < Proto.NumOps; ++I)
    Proto.Float |= Proto.Ops[I]->Float;
  Nodes.push_back(Proto);
  const Expr *N = &Nodes.back();
  Table.insert(N);
  return N;
}

ExprRef ExprContext::make(ExprKind K, unsigned Width, ExprRef A, ExprRef B,
                          ExprRef C, uint64_t Value) {
  Expr E;
  E.Kind = K;
  E.Width = Width;
  E.Value = Value;
  E.Ops[0] = A;
  E.Ops[1] = B;
  E.Ops[2] = C;
  E.NumOps = (A != nullptr) + (B != nullptr) + (C != nullptr);
  return intern(std::move(E));
}

ExprRef ExprContext::constant(uint64_t V, unsigned Width) {
  assert(Width >= 1 && Width <= 64 && "unsupported width");
  Expr E;
  E.Kind = ExprKind::Const;
  E.Width = Width;
  E.Value = truncBits(V, Width);
  return intern(std::move(E));
}

ExprRef ExprContext::read(const Array *A, uint32_t Index) {
  assert(Index < A->Size && "read outside the array");
  Expr E;
  E.Kind = ExprKind::Read;
  E.Width = 8;
  E.Value = Index;
  E.Arr = A;
  return intern(std::move(E));
}

const ConstantTable *ExprContext::table(std::string Name,
                                        std::vector<uint8_t> Bytes) {
  Tables.push_back({std::move(Name), std::move(Bytes)});
  return &Tables.back();
}

ExprRef ExprContext::tableRead(const ConstantTable *T, ExprRef Index) {
  assert(Index->width() == 64 && "table index of another width");
  if (Index->isConst())
    return constant(
        Index->value() < T->Bytes.size() ? T->Bytes[Index->value()] : 0, 8);
  Expr E;
  E.Kind = ExprKind::TableRead;
  E.Width = 8;
  E.Table = T;
  E.Ops[0] = Index;
  E.NumOps = 1;
  return intern(std::move(E));
}

ExprRef ExprContext::arrayRead(const Array *A, ExprRef Index,
                               unsigned ElemBytes) {
  assert(Index->width() == 64 && ElemBytes >= 1 && ElemBytes <= 8 &&
         "array index of another width, or an element of another size");
  if (Index->isConst()) {
    uint64_t Elems = A->Size / ElemBytes;
    return Index->value() < Elems
               ? readLE(A, uint32_t(Index->value() * ElemBytes), ElemBytes)
               : constant(0, 8 * ElemBytes);
  }
  Expr E;
  E.Kind = ExprKind::ArrayRead;
  E.Width = 8 * ElemBytes;
  E.Value = ElemBytes;
  E.Arr = A;
  E.Ops[0] = Index;
  E.NumOps = 1;
  return intern(std::move(E));
}

const Variable *ExprContext::variable(const std::string &Name, unsigned Width) {
  assert(Width >= 1 && Width <= 64 && "unsupported width");
  for (auto &V : Variables)
    if (V->Name == Name) {
      assert(V->Width == Width && "variable re-declared with another width");
      return V.get();
    }
  Variables.push_back(std::make_unique<Variable>(
      Variable{Name, Width, static_cast<uint32_t>(Variables.size())}));
  return Variables.back().get();
}

ExprRef ExprContext::var(const Variable *V) {
  Expr E;
  E.Kind = ExprKind::Var;
  E.Width = V->Width;
  E.Var = V;
  return intern(std::move(E));
}

const Array *wholeArray(ExprRef E) {
  const Array *A = nullptr;
  uint32_t Next = 0;
  // Walk the right-nested concat from its least significant byte.
  std::vector<ExprRef> Bytes;
  while (E->kind() == ExprKind::Concat) {
    Bytes.push_back(E->operand(0));
    E = E->operand(1);
  }
  Bytes.push_back(E);
  for (auto It = Bytes.rbegin(); It != Bytes.rend(); ++It) {
    ExprRef B = *It;
    if (B->kind() != ExprKind::Read || (A && B->array() != A) ||
        B->value() != Next)
      return nullptr;
    A = B->array();
    ++Next;
  }
  return A && Next == A->Size ? A : nullptr;
}

bool mentions(ExprRef E, ExprRef V) {
  return anyNode(E, [V](ExprRef X) { return X == V; });
}

ExprRef ExprContext::quantifier(ExprKind K, ExprRef V, ExprRef Body) {
  assert(V->kind() == ExprKind::Var && Body->width() == 1 &&
         "quantifier over a non-variable or a non-boolean body");
  if (Body->isConst() || !mentions(Body, V))
    return Body;
  return make(K, 1, V, Body);
}

ExprRef ExprContext::rebuild(ExprRef E, const ExprRef *Ops) {
  switch (E->kind()) {
  case ExprKind::Const:
  case ExprKind::Read:
  case ExprKind::Var:
    return E;
  case ExprKind::Concat:
    return concat(Ops[0], Ops[1]);
  case ExprKind::Extract:
    return extract(Ops[0], E->value(), E->width());
  case ExprKind::ZExt:
    return zext(Ops[0], E->width());
  case ExprKind::SExt:
    return sext(Ops[0], E->width());
  case ExprKind::Not:
    return bitNot(Ops[0]);
  case ExprKind::Select:
    return select(Ops[0], Ops[1], Ops[2]);
  case ExprKind::TableRead:
    return tableRead(E->table(), Ops[0]);
  case ExprKind::ArrayRead:
    return arrayRead(E->array(), Ops[0], unsigned(E->value()));
  case ExprKind::Forall:
  case ExprKind::Exists:
    return quantifier(E->kind(), Ops[0], Ops[1]);
  case ExprKind::FBinary:
    return floatBinary(FloatBinaryOp(E->value()), Ops[0], Ops[1]);
  case ExprKind::FCompare:
    return floatCompare(unsigned(E->value()), Ops[0], Ops[1]);
  case ExprKind::FToInt:
    return floatToInt(Ops[0], E->width(), E->value() != 0);
  case ExprKind::IntToF:
    return intToFloat(Ops[0], E->value() != 0, floatFormatOfWidth(E->width()));
  case ExprKind::FConvert:
    return floatConvert(Ops[0], floatFormatOfWidth(E->width()));
  case ExprKind::FFunction:
    return floatFunction(FloatFunction(E->value()), Ops);
  default:
    if (isComparison(E->kind()))
      return compare(E->kind(), Ops[0], Ops[1]);
    return binary(E->kind(), Ops[0], Ops[1]);
  }
}

ExprRef ExprContext::readLE(const Array *A, uint32_t Offset, uint32_t Bytes) {
  ExprRef R = read(A, Offset);
  for (uint32_t I = 1; I < Bytes; ++I)
    R = concat(read(A, Offset + I), R);
  return R;
}

ExprRef ExprContext::concat(ExprRef Hi, ExprRef Lo) {
  unsigned W = Hi->width() + Lo->width();
  assert(W <= 64 && "concat wider than 64 bits");
  if (Hi->isConst() && Lo->isConst())
    return constant((Hi->value() << Lo->width()) | Lo->value(), W);
  // concat(extract(x, a+w, .), extract(x, a, w)) -> extract(x, a, .)
  if (Hi->kind() == ExprKind::Extract && Lo->kind() == ExprKind::Extract &&
      Hi->operand(0) == Lo->operand(0) &&
      Hi->value() == Lo->value() + Lo->width())
    return extract(Lo->operand(0), Lo->value(), W);
  // concat(extract(x, w, .), concat(extract(x, 0, w), y)) style chains are
  // built right-nested by loads; re-associate so adjacent extracts meet.
  if (Lo->kind() == ExprKind::Concat && Hi->kind() == ExprKind::Extract) {
    ExprRef Mid = Lo->operand(0);
    if (Mid->kind() == ExprKind::Extract && Mid->operand(0) == Hi->operand(0) &&
        Hi->value() == Mid->value() + Mid->width())
      return concat(concat(Hi, Mid), Lo->operand(1));
  }
  // A zero high part is a zero extension.
  if (Hi->isConst() && Hi->value() == 0)
    return zext(Lo, W);
  return make(ExprKind::Concat, W, Hi, Lo);
}

ExprRef ExprContext::extract(ExprRef E, unsigned Off, unsigned W) {
  assert(Off + W <= E->width() && "extract out of range");
  if (Off == 0 && W == E->width())
    return E;
  if (E->isConst())
    return constant(E->value() >> Off, W);
  switch (E->kind()) {
  case ExprKind::Extract:
    return extract(E->operand(0), E->value() + Off, W);
  case ExprKind::Concat: {
    ExprRef Hi = E->operand(0), Lo = E->operand(1);
    if (Off + W <= Lo->width())
      return extract(Lo, Off, W);
    if (Off >= Lo->width())
      return extract(Hi, Off - Lo->width(), W);
    break;
  }
  case ExprKind::ZExt:
  case ExprKind::SExt: {
    ExprRef Inner = E->operand(0);
    if (Off + W <= Inner->width())
      return extract(Inner, Off, W);
    if (E->kind() == ExprKind::ZExt && Off >= Inner->width())
      return constant(0, W);
    if (Off == 0) // The low bits of an extension are a narrower extension.
      return E->kind() == ExprKind::ZExt ? zext(Inner, W) : sext(Inner, W);
    break;
  }
  case ExprKind::And:
  case ExprKind::Or:
  case ExprKind::Xor:
    // Bitwise operations commute with extraction; this keeps bytes of
    // masked values (e.g. `x & 0xff` stored to a char) small.
    if (E->operand(1)->isConst())
      return binary(E->kind(), extract(E->operand(0), Off, W),
                    extract(E->operand(1), Off, W));
    break;
  default:
    break;
  }
  return make(ExprKind::Extract, W, E, nullptr, nullptr, Off);
}

ExprRef ExprContext::zext(ExprRef E, unsigned W) {
  assert(W >= E->width() && "zext to a narrower width");
  if (W == E->width())
    return E;
  if (E->isConst())
    return constant(E->value(), W);
  if (E->kind() == ExprKind::ZExt)
    return zext(E->operand(0), W);
  return make(ExprKind::ZExt, W, E);
}

ExprRef ExprContext::sext(ExprRef E, unsigned W) {
  assert(W >= E->width() && "sext to a narrower width");
  if (W == E->width())
    return E;
  if (E->isConst())
    return constant(uint64_t(signExtend(E->value(), E->width())), W);
  if (E->kind() == ExprKind::SExt)
    return sext(E->operand(0), W);
  if (E->kind() == ExprKind::ZExt) // The sign bit of a zext is zero.
    return zext(E->operand(0), W);
  if (E->width() == 1) // sext of a boolean is select(b, -1, 0).
    return select(E, constant(~uint64_t(0), W), constant(0, W));
  return make(ExprKind::SExt, W, E);
}

ExprRef ExprContext::resize(ExprRef E, unsigned W, bool Signed) {
  if (W == E->width())
    return E;
  if (W < E->width())
    return extract(E, 0, W);
  return Signed ? sext(E, W) : zext(E, W);
}

ExprRef ExprContext::bitNot(ExprRef E) {
  if (E->isConst())
    return constant(~E->value(), E->width());
  if (E->kind() == ExprKind::Not)
    return E->operand(0);
  return make(ExprKind::Not, E->width(), E);
}

ExprRef ExprContext::binary(ExprKind K, ExprRef L, ExprRef R) {
  assert(isBinaryArith(K) && "not a binary operation");
  assert(L->width() == R->width() && "operand widths differ");
  if (L->isConst() && R->isConst())
    return constant(evalBinary(K, L->value(), R->value(), L->width()),
                    L->width());
  // Constants go to the right of commutative operations.
  if (isCommutative(K) && L->isConst())
    std::swap(L, R);
  return simplifyBinary(K, L, R);
}

ExprRef ExprContext::simplifyBinary(ExprKind K, ExprRef L, ExprRef R) {
  unsigned W = L->width();
  uint64_t Ones = truncBits(~uint64_t(0), W);
  bool RC = R->isConst();
  uint64_t RV = RC ? R->value() : 0;
  switch (K) {
  case ExprKind::Add:
    if (RC && RV == 0)
      return L;
    // (x + c1) + c2 -> x + (c1 + c2)
    if (RC && L->kind() == ExprKind::Add && L->operand(1)->isConst())
      return add(L->operand(0), constant(L->operand(1)->value() + RV, W));
    break;
  case ExprKind::Sub:
    if (L == R)
      return constant(0, W);
    if (RC) // x - c -> x + (-c), one canonical form for offsets.
      return add(L, constant(uint64_t(0) - RV, W));
    break;
  case ExprKind::Mul:
    if (RC && RV == 0)
      return R;
    if (RC && RV == 1)
      return L;
    break;
  case ExprKind::UDiv:
    // Unsigned division and remainder by a power of two are a shift and a
    // mask, which solvers handle far better than a divider circuit.
    if (RC && RV && (RV & (RV - 1)) == 0)
      return binary(ExprKind::LShr, L, constant(__builtin_ctzll(RV), W));
    break;
  case ExprKind::URem:
    if (RC && RV && (RV & (RV - 1)) == 0)
      return bitAnd(L, constant(RV - 1, W));
    break;
  case ExprKind::SDiv:
    if (RC && RV == 1)
      return L;
    break;
  case ExprKind::SRem:
    if (RC && RV == 1)
      return constant(0, W);
    break;
  case ExprKind::And:
    if (RC && RV == 0)
      return R;
    if (RC && RV == Ones)
      return L;
    if (L == R)
      return L;
    break;
  case ExprKind::Or:
    if (RC && RV == 0)
      return L;
    if (RC && RV == Ones)
      return R;
    if (L == R)
      return L;
    break;
  case ExprKind::Xor:
    if (RC && RV == 0)
      return L;
    if (L == R)
      return constant(0, W);
    if (RC && RV == Ones)
      return bitNot(L);
    // (x ^ c1) ^ c2 -> x ^ (c1 ^ c2): a negated float negated again is x.
    if (RC && L->kind() == ExprKind::Xor && L->operand(1)->isConst())
      return bitXor(L->operand(0), constant(L->operand(1)->value() ^ RV, W));
    break;
  case ExprKind::Shl:
  case ExprKind::LShr:
  case ExprKind::AShr:
    if (RC && RV == 0)
      return L;
    if (L->isConst() && L->value() == 0)
      return L;
    // (x >> a) >> b -> x >> (a + b): loops that halve a value stay small.
    if (RC && L->kind() == K && L->operand(1)->isConst()) {
      uint64_t Total = L->operand(1)->value() + RV;
      if (K != ExprKind::AShr && Total >= W)
        return constant(0, W);
      return binary(
          K, L->operand(0),
          constant(std::min<uint64_t>(Total, W - 1 + (K != ExprKind::AShr)),
                   W));
    }
    break;
  default:
    break;
  }
  return make(K, W, L, R);
}

ExprRef ExprContext::compare(ExprKind K, ExprRef L, ExprRef R) {
  assert(isComparison(K) && "not a comparison");
  assert(L->width() == R->width() && "operand widths differ");
  if (L->isConst() && R->isConst())
    return boolConst(evalCompare(K, L->value(), R->value(), L->width()));
  if (K == ExprKind::Eq && L->isConst())
    std::swap(L, R);
  return simplifyCompare(K, L, R);
}

ExprRef ExprContext::simplifyCompare(ExprKind K, ExprRef L, ExprRef R) {
  unsigned W = L->width();
  if (L == R)
    return boolConst(K == ExprKind::Eq || K == ExprKind::Ule ||
                     K == ExprKind::Sle);
  if (K == ExprKind::Eq && R->isConst()) {
    uint64_t C = R->value();
    if (W == 1) // b == 1 -> b; b == 0 -> !b
      return C ? L : bitNot(L);
    // ext(x) == c: compare in x's width, or false if c does not fit.
    if (L->kind() == ExprKind::ZExt || L->kind() == ExprKind::SExt) {
      ExprRef X = L->operand(0);
      unsigned XW = X->width();
      bool Fits = L->kind() == ExprKind::ZExt
                      ? truncBits(C, XW) == C
                      : truncBits(uint64_t(signExtend(C, XW)), W) == C;
      if (!Fits)
        return False;
      return eq(X, constant(C, XW));
    }
    // x + c1 == c2 -> x == c2 - c1
    if (L->kind() == ExprKind::Add && L->operand(1)->isConst())
      return eq(L->operand(0), constant(C - L->operand(1)->value(), W));
    // x ^ c1 == c2 -> x == c1 ^ c2
    if (L->kind() == ExprKind::Xor && L->operand(1)->isConst())
      return eq(L->operand(0), constant(C ^ L->operand(1)->value(), W));
    // select(c, a, b) == k with constant arms folds to c, !c, true or false.
    if (L->kind() == ExprKind::Select && L->operand(1)->isConst() &&
        L->operand(2)->isConst()) {
      bool T = L->operand(1)->value() == C, F = L->operand(2)->value() == C;
      if (T && F)
        return True;
      if (!T && !F)
        return False;
      return T ? L->operand(0) : bitNot(L->operand(0));
    }
  }
  if (K == ExprKind::Ult && R->isConst() && R->value() == 0)
    return False;
  if (K == ExprKind::Ule && L->isConst() && L->value() == 0)
    return True;
  return make(K, 1, L, R);
}

ExprRef ExprContext::select(ExprRef C, ExprRef T, ExprRef F) {
  assert(C->width() == 1 && "select condition must be boolean");
  assert(T->width() == F->width() && "select arms differ in width");
  if (C->isConst())
    return C->value() ? T : F;
  if (T == F)
    return T;
  if (T->width() == 1 && T->isConst() && F->isConst())
    return T->value() ? C : bitNot(C);
  if (C->kind() == ExprKind::Not)
    return select(C->operand(0), F, T);
  return make(ExprKind::Select, T->width(), C, T, F);
}

// Floating point. Only constant folding simplifies: the identities of real
// arithmetic fail for NaN, signed zeros or rounding (x + 0 is not x for
// x = -0, x * 1 quietens a signalling NaN, x == x is false for NaN).

ExprRef ExprContext::floatNode(ExprKind K, uint64_t Value, unsigned Width,
                               std::initializer_list<ExprRef> Ops) {
  assert(Ops.size() >= 1 && Ops.size() <= 3 && "float operation arity");
  uint64_t Values[3] = {0, 0, 0};
  bool AllConst = true;
  unsigned I = 0;
  for (ExprRef Op : Ops) {
    AllConst &= Op->isConst();
    Values[I++] = Op->value();
  }
  const ExprRef *Op = Ops.begin();
  if (AllConst)
    return constant(evalFloat(K, Value, Width, Op[0]->width(), Values), Width);
  return make(K, Width, Op[0], Ops.size() > 1 ? Op[1] : nullptr,
              Ops.size() > 2 ? Op[2] : nullptr, Value);
}

static uint64_t signBit(unsigned Width) { return uint64_t(1) << (Width - 1); }

ExprRef ExprContext::floatBinary(FloatBinaryOp Op, ExprRef L, ExprRef R) {
  assert(L->width() == R->width() && "operand formats differ");
  assert(isFloatWidth(L->width()) && "not a float encoding");
  return floatNode(ExprKind::FBinary, uint64_t(Op), L->width(), {L, R});
}

ExprRef ExprContext::floatNegate(ExprRef E) {
  return bitXor(E, constant(signBit(E->width()), E->width()));
}

/// The predicates without the unordered bit (0 to 7) from the three
/// comparison nodes, with swapped operands for greater.
ExprRef ExprContext::orderedCompare(unsigned P, ExprRef L, ExprRef R) {
  auto Node = [this](unsigned Pred, ExprRef A, ExprRef B) {
    return floatNode(ExprKind::FCompare, Pred, 1, {A, B});
  };
  switch (P) {
  case 0: // false
    return False;
  case 1: // oeq
    return Node(1, L, R);
  case 2: // ogt
    return Node(4, R, L);
  case 3: // oge
    return Node(5, R, L);
  case 4: // olt
    return Node(4, L, R);
  case 5: // ole
    return Node(5, L, R);
  case 6: // one
    return logicalOr(Node(4, L, R), Node(4, R, L));
  default: // ord: neither is NaN, i.e. each equals itself.
    return logicalAnd(Node(1, L, L), Node(1, R, R));
  }
}

ExprRef ExprContext::floatCompare(unsigned Predicate, ExprRef L, ExprRef R) {
  assert(Predicate < 16 && L->width() == R->width() && "bad fcmp");
  assert(isFloatWidth(L->width()) && "not a float encoding");
  // An unordered predicate holds exactly when the ordered predicate of the
  // other relations does not.
  if (Predicate & 8)
    return bitNot(orderedCompare(~Predicate & 7, L, R));
  return orderedCompare(Predicate, L, R);
}

ExprRef ExprContext::floatToInt(ExprRef E, unsigned Width, bool Signed) {
  assert(Width >= 1 && Width <= 64 && "unsupported width");
  assert(isFloatWidth(E->width()) && "not a float encoding");
  return floatNode(ExprKind::FToInt, Signed, Width, {E});
}

ExprRef ExprContext::intToFloat(ExprRef E, bool Signed, FloatFormat To) {
  return floatNode(ExprKind::IntToF, Signed, floatWidth(To), {E});
}

ExprRef ExprContext::floatConvert(ExprRef E, FloatFormat To) {
  assert(isFloatWidth(E->width()) && "not a float encoding");
  if (E->width() == floatWidth(To))
    return E;
  return floatNode(ExprKind::FConvert, 0, floatWidth(To), {E});
}

ExprRef ExprContext::floatFunction(FloatFunction F, const ExprRef *Args) {
  unsigned W = Args[0]->width();
  assert(isFloatWidth(W) && "not a float encoding");
  ExprRef Sign = constant(signBit(W), W);
  switch (F) {
  case FloatFunction::Fabs:
    return bitAnd(Args[0], bitNot(Sign));
  case FloatFunction::Copysign:
    return bitOr(bitAnd(Args[0], bitNot(Sign)), bitAnd(Args[1], Sign));
  case FloatFunction::FMulAdd: // Rounds the product: x86-64 without FMA.
    return floatBinary(FloatBinaryOp::Add,
                       floatBinary(FloatBinaryOp::Mul, Args[0], Args[1]),
                       Args[2]);
  default:
    break;
  }
  switch (arity(F)) {
  case 1:
    return floatNode(ExprKind::FFunction, uint64_t(F), W, {Args[0]});
  case 2:
    return floatNode(ExprKind::FFunction, uint64_t(F), W, {Args[0], Args[1]});
  default:
    return floatNode(ExprKind::FFunction, uint64_t(F), W,
                     {Args[0], Args[1], Args[2]});
  }
}

/// Whether `E` is in the class pair `Class` of llvm.is.fpclass, either
/// sign: 0 NaN, 1 infinity, 2 normal, 3 subnormal, 4 zero; a comparison of
/// its magnitude's encoding.
ExprRef ExprContext::floatClass(unsigned Class, ExprRef E) {
  unsigned W = E->width();
  unsigned Mantissa = W == 32 ? 23 : 52;
  uint64_t Inf = (signBit(W) - 1) & ~((uint64_t(1) << Mantissa) - 1);
  uint64_t MinNormal = uint64_t(1) << Mantissa;
  ExprRef Mag = bitAnd(E, constant(signBit(W) - 1, W));
  auto C = [this, W](uint64_t V) { return constant(V, W); };
  switch (Class) {
  case 0:
    return ult(C(Inf), Mag);
  case 1:
    return eq(Mag, C(Inf));
  case 2:
    return logicalAnd(ule(C(MinNormal), Mag), ult(Mag, C(Inf)));
  case 3:
    return logicalAnd(ne(Mag, C(0)), ult(Mag, C(MinNormal)));
  default:
    return eq(Mag, C(0));
  }
}

ExprRef ExprContext::floatIsClass(ExprRef E, unsigned Mask) {
  unsigned W = E->width();
  assert(isFloatWidth(W) && "not a float encoding");
  uint64_t Quiet = uint64_t(1) << (W == 32 ? 22 : 51);
  ExprRef Negative = ule(constant(signBit(W), W), E);
  ExprRef QuietBit = ne(bitAnd(E, constant(Quiet, W)), constant(0, W));
  ExprRef R = False;
  // NaNs, told apart by the quiet bit whatever their sign.
  if (Mask & 3) {
    ExprRef Nan = floatClass(0, E);
    if ((Mask & 3) == 1)
      Nan = logicalAnd(Nan, bitNot(QuietBit));
    else if ((Mask & 3) == 2)
      Nan = logicalAnd(Nan, QuietBit);
    R = logicalOr(R, Nan);
  }
  // The other classes: bit 2 + k is negative class k, bit 9 - k positive.
  for (unsigned K = 0; K < 4; ++K) {
    bool Neg = Mask >> (2 + K) & 1, Pos = Mask >> (9 - K) & 1;
    if (!Neg && !Pos)
      continue;
    ExprRef In = floatClass(1 + K, E);
    if (!Neg)
      In = logicalAnd(In, bitNot(Negative));
    else if (!Pos)
      In = logicalAnd(In, Negative);
    R = logicalOr(R, In);
  }
  return R;
}

} // namespace theseus
