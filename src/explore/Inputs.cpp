//===- Inputs.cpp - The entry function's parameters as symbolic inputs ----===//
#include "explore/Inputs.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Function.h"

#include <fmt/format.h>

namespace theseus {

EntryInputs::EntryInputs(ExprContext &Ctx, const llvm::Function &Entry,
                         const BufferSizes &Sizes)
    : Ctx(Ctx) {
  for (ParamInfo &P : describeParams(Entry, Sizes)) {
    const Array *A = Ctx.array(P.Name, P.Bytes);
    Specs.push_back({std::move(P), A});
  }
}

uint64_t EntryInputs::unsignedValue(const InputSpec &S, const Assignment &A) {
  uint64_t V = 0;
  for (unsigned I = 0; I < S.Param.Bytes; ++I)
    V |= uint64_t(A.byte(S.Arr, I)) << (8 * I);
  return truncBits(V, S.Param.Bits);
}

int64_t EntryInputs::signedValue(const InputSpec &S, const Assignment &A) {
  return signExtend(unsignedValue(S, A), S.Param.Bits);
}

uint32_t EntryInputs::symbolicBytes(const InputSpec &S) {
  return S.Param.NulTerminated && S.Param.Bytes > 0 ? S.Param.Bytes - 1
                                                    : S.Param.Bytes;
}

std::vector<EntryArg> EntryInputs::bind(const Assignment &A) const {
  std::vector<EntryArg> Args;
  for (const InputSpec &S : Specs) {
    EntryArg Arg;
    Arg.Name = S.Param.Name;
    if (S.Param.IsStruct && !S.Param.ByVal) {
      uint32_t Offset = 0;
      for (unsigned Bits : S.Param.PieceBits) {
        ExprRef Sym = Ctx.readLE(S.Arr, Offset, Bits / 8);
        uint64_t V = 0;
        for (uint32_t B = 0; B < Bits / 8; ++B)
          V |= uint64_t(A.byte(S.Arr, Offset + B)) << (8 * B);
        Arg.Pieces.push_back({V, Sym});
        Offset += Bits / 8;
      }
      Args.push_back(std::move(Arg));
      continue;
    }
    if (S.Param.IsPointer || S.Param.ByVal) {
      Arg.IsBuffer = true;
      Arg.Arr = S.Arr;
      Arg.SymbolicBytes = symbolicBytes(S);
      Arg.Bytes.resize(S.Param.Bytes);
      for (uint32_t B = 0; B < Arg.SymbolicBytes; ++B)
        Arg.Bytes[B] = A.byte(S.Arr, B);
      Args.push_back(std::move(Arg));
      continue;
    }
    ExprRef Sym = Ctx.readLE(S.Arr, 0, S.Param.Bytes);
    if (Sym->width() != S.Param.Bits)
      Sym = Ctx.extract(Sym, 0, S.Param.Bits);
    Arg.Value = {unsignedValue(S, A), Sym};
    Args.push_back(std::move(Arg));
  }
  return Args;
}

Assignment EntryInputs::zeros() const {
  Assignment A;
  for (const InputSpec &S : Specs)
    A.set(S.Arr, std::vector<uint8_t>(S.Param.Bytes, 0));
  return A;
}

Assignment EntryInputs::random(std::mt19937_64 &Rng) const {
  Assignment A;
  for (const InputSpec &S : Specs) {
    std::vector<uint8_t> Bytes(S.Param.Bytes);
    for (auto &B : Bytes)
      B = static_cast<uint8_t>(Rng());
    A.set(S.Arr, std::move(Bytes));
  }
  return A;
}

void EntryInputs::applySeed(Assignment &A, const std::string &Spec) const {
  llvm::SmallVector<llvm::StringRef, 8> Items;
  llvm::StringRef(Spec).split(Items, ',', -1, false);
  for (llvm::StringRef Item : Items) {
    auto [Name, Text] = Item.split('=');
    Name = Name.trim();
    Text = Text.trim();
    const InputSpec *S = nullptr;
    for (const InputSpec &Candidate : Specs)
      if (Candidate.Param.Name == Name)
        S = &Candidate;
    if (!S)
      throw InputError{
          fmt::format("--seed-input: no parameter named '{}'", Name.str())};
    int64_t Signed;
    uint64_t Unsigned;
    uint64_t Bits;
    if (!Text.getAsInteger(0, Signed))
      Bits = uint64_t(Signed);
    else if (!Text.getAsInteger(0, Unsigned))
      Bits = Unsigned;
    else
      throw InputError{
          fmt::format("--seed-input: '{}' is not an integer value for '{}'",
                      Text.str(), Name.str())};
    std::vector<uint8_t> Bytes(S->Param.Bytes);
    for (unsigned I = 0; I < S->Param.Bytes; ++I)
      Bytes[I] = static_cast<uint8_t>(Bits >> (8 * I));
    A.set(S->Arr, std::move(Bytes));
  }
}

} // namespace theseus
