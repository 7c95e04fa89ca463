//===- Assignment.cpp - Concrete evaluation of expressions ----------------===//
#include "expr/Assignment.h"

#include <algorithm>
#include <unordered_map>

namespace theseus {

uint64_t Evaluator::eval(ExprRef E) {
  if (E->isConst())
    return E->value();
  if (E->kind() == ExprKind::Read)
    return A.byte(E->array(), static_cast<uint32_t>(E->value()));
  auto It = Memo.find(E);
  if (It != Memo.end())
    return It->second;
  uint64_t V = compute(E);
  Memo.emplace(E, V);
  return V;
}

uint64_t Evaluator::compute(ExprRef E) {
  unsigned W = E->width();
  switch (E->kind()) {
  case ExprKind::Const:
    return E->value();
  case ExprKind::Read:
    return A.byte(E->array(), static_cast<uint32_t>(E->value()));
  case ExprKind::Concat:
    return (eval(E->operand(0)) << E->operand(1)->width()) |
           eval(E->operand(1));
  case ExprKind::Extract:
    return truncBits(eval(E->operand(0)) >> E->value(), W);
  case ExprKind::ZExt:
    return eval(E->operand(0));
  case ExprKind::SExt:
    return truncBits(
        uint64_t(signExtend(eval(E->operand(0)), E->operand(0)->width())), W);
  case ExprKind::Not:
    return truncBits(~eval(E->operand(0)), W);
  case ExprKind::Select:
    return eval(E->operand(0)) ? eval(E->operand(1)) : eval(E->operand(2));
  case ExprKind::TableRead: {
    uint64_t Index = eval(E->operand(0));
    const std::vector<uint8_t> &Bytes = E->table()->Bytes;
    return Index < Bytes.size() ? Bytes[Index] : 0;
  }
  case ExprKind::ArrayRead: {
    uint64_t Index = eval(E->operand(0)), Size = E->value(), V = 0;
    if (Index >= E->array()->Size / Size)
      return 0;
    for (uint64_t I = Size; I-- > 0;)
      V = V << 8 | A.byte(E->array(), uint32_t(Index * Size + I));
    return V;
  }
  default:
    break;
  }
  if (isFloatKind(E->kind())) {
    uint64_t Ops[3] = {0, 0, 0};
    for (unsigned I = 0; I < E->numOperands(); ++I)
      Ops[I] = eval(E->operand(I));
    return evalFloat(E, Ops);
  }
  uint64_t L = eval(E->operand(0)), R = eval(E->operand(1));
  if (isComparison(E->kind()))
    return evalCompare(E->kind(), L, R, E->operand(0)->width());
  return evalBinary(E->kind(), L, R, W);
}

namespace {
bool coversRec(const Assignment &A, ExprRef E,
               std::unordered_map<ExprRef, bool> &Seen) {
  if (E->isConst())
    return true;
  auto [It, New] = Seen.emplace(E, true);
  if (!New)
    return It->second;
  bool Ok = E->kind() == ExprKind::Read || E->kind() == ExprKind::ArrayRead
                ? A.has(E->array())
                : true;
  for (unsigned I = 0; Ok && I < E->numOperands(); ++I)
    Ok = coversRec(A, E->operand(I), Seen);
  Seen[E] = Ok;
  return Ok;
}
} // namespace

uint64_t evaluate(ExprRef E, const Assignment &A) {
  return Evaluator(A).eval(E);
}

bool covers(const Assignment &A, ExprRef E) {
  std::unordered_map<ExprRef, bool> Seen;
  return coversRec(A, E, Seen);
}

bool satisfiesAll(const Assignment &A, const std::vector<ExprRef> &Conds) {
  Evaluator Eval(A);
  for (ExprRef C : Conds)
    if (!covers(A, C) || !Eval.eval(C))
      return false;
  return true;
}

namespace {
void putWord(std::string &Out, uint32_t V) {
  for (int I = 0; I < 4; ++I)
    Out += char(V >> (8 * I) & 0xff);
}
/// Reads a word from the front of `In`; false when too short.
bool takeWord(std::string_view &In, uint32_t &V) {
  if (In.size() < 4)
    return false;
  V = 0;
  for (int I = 0; I < 4; ++I)
    V |= uint32_t(uint8_t(In[I])) << (8 * I);
  In.remove_prefix(4);
  return true;
}
} // namespace

std::string encodeAssignment(const Assignment &A, bool TrimZeros) {
  std::string Out;
  for (const auto &[Arr, Bytes] : A.values()) {
    size_t Size = Bytes.size();
    while (TrimZeros && Size && !Bytes[Size - 1])
      --Size;
    putWord(Out, uint32_t(Arr->Name.size()));
    Out += Arr->Name;
    putWord(Out, Arr->Size);
    putWord(Out, uint32_t(Size));
    Out.append(Bytes.begin(), Bytes.begin() + Size);
  }
  return Out;
}

std::optional<std::vector<EncodedArray>> decodeArrays(std::string_view In) {
  std::vector<EncodedArray> Out;
  while (!In.empty()) {
    uint32_t NameSize = 0, Size = 0, Count = 0;
    if (!takeWord(In, NameSize) || In.size() < NameSize)
      return std::nullopt;
    std::string_view Name = In.substr(0, NameSize);
    In.remove_prefix(NameSize);
    if (!takeWord(In, Size) || !takeWord(In, Count) || In.size() < Count)
      return std::nullopt;
    Out.push_back({Name, Size, In.substr(0, Count)});
    In.remove_prefix(Count);
  }
  return Out;
}

std::optional<Assignment> decodeAssignment(ExprContext &Ctx,
                                           std::string_view In) {
  std::optional<std::vector<EncodedArray>> Arrays = decodeArrays(In);
  if (!Arrays)
    return std::nullopt;
  Assignment A;
  for (const EncodedArray &E : *Arrays) {
    std::vector<uint8_t> Value(E.Value.begin(), E.Value.end());
    Value.resize(std::max<size_t>(Value.size(), E.Size), 0);
    A.set(Ctx.array(std::string(E.Name), E.Size), std::move(Value));
  }
  return A;
}

} // namespace theseus
