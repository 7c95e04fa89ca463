//===- Inputs.cpp - The entry function's parameters as symbolic inputs ----===//
#include "explore/Inputs.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Function.h"

#include <bit>
#include <cstdlib>
#include <fmt/format.h>
#include <optional>

namespace theseus {

namespace {

unsigned parseCount(const std::vector<std::string> &Words, size_t I,
                    const char *Option) {
  unsigned V;
  if (I >= Words.size() || llvm::StringRef(Words[I]).getAsInteger(10, V))
    throw InputError{fmt::format("{} expects a number", Option)};
  return V;
}

uint64_t littleEndianValue(const std::vector<uint8_t> &Bytes, size_t Offset,
                           size_t Size) {
  uint64_t V = 0;
  for (size_t B = 0; B < Size && B < 8; ++B)
    V |= uint64_t(Bytes[Offset + B]) << (8 * B);
  return V;
}

} // namespace

CommandLineSpec parseCommandLine(const std::vector<std::string> &Words) {
  CommandLineSpec C;
  for (size_t I = 0; I < Words.size(); ++I) {
    if (C.SymArgsMax)
      throw InputError{"--sym-args must be the last argument"};
    if (Words[I] == "--sym-arg") {
      C.Args.push_back({true, "", parseCount(Words, ++I, "--sym-arg")});
    } else if (Words[I] == "--sym-args") {
      C.SymArgsMin = parseCount(Words, ++I, "--sym-args");
      C.SymArgsMax = parseCount(Words, ++I, "--sym-args");
      C.SymArgsLen = parseCount(Words, ++I, "--sym-args");
      if (C.SymArgsMin > C.SymArgsMax || C.SymArgsMax == 0)
        throw InputError{"--sym-args MIN MAX N needs MIN <= MAX, MAX > 0"};
    } else {
      C.Args.push_back({false, Words[I], 0});
    }
  }
  return C;
}

EntryInputs::EntryInputs(ExprContext &Ctx, const llvm::Function &Entry,
                         const BufferSizes &Sizes, const InputOptions &Opts)
    : Ctx(Ctx) {
  std::vector<ParamInfo> Params = describeParams(Entry, Sizes);
  if (!Params.empty() && Params[0].Role == ParamRole::ArgCount) {
    buildCommandLine(Params, Opts.CommandLine);
    return;
  }
  const CommandLineSpec &C = Opts.CommandLine;
  if (!C.Args.empty() || C.SymArgsMax)
    throw InputError{fmt::format("arguments after '--' need an entry "
                                 "'main(int argc, char **argv)'; '{}' "
                                 "takes no command line",
                                 Entry.getName().str())};
  for (ParamInfo &P : Params) {
    const Array *A = Ctx.array(P.Name, P.Bytes);
    Specs.push_back({std::move(P), A, {}});
  }
  for (const std::string &Item : Opts.Concrete)
    applyConcrete(Item);
}

void EntryInputs::buildCommandLine(const std::vector<ParamInfo> &Params,
                                   const CommandLineSpec &C) {
  Roles = Params;
  Args.push_back({C.ProgramName, nullptr, 0});
  unsigned Symbolic = 0;
  auto AddSymbolic = [&](unsigned MaxLen) {
    std::string Name = fmt::format("arg{}", ++Symbolic);
    Args.push_back({"", Ctx.array(Name, MaxLen + 1), MaxLen});
  };
  for (const ArgSpec &A : C.Args) {
    if (A.Symbolic)
      AddSymbolic(A.MaxLen);
    else
      Args.push_back({A.Text, nullptr, 0});
  }
  for (unsigned I = 0; I < C.SymArgsMax; ++I)
    AddSymbolic(C.SymArgsLen);
  OptionalArgs = C.SymArgsMax - C.SymArgsMin;
  FixedArgs = static_cast<unsigned>(Args.size()) - OptionalArgs;
  if (OptionalArgs)
    ArgcArr = Ctx.array("argc", 1);
}

namespace {

/// The bytes [Offset, Offset + Size) of `P`'s input that `Name` ("x",
/// "p.x" or "a[3]") designates, and whether they hold a float or double;
/// false if it names none of them.
bool locate(const ParamInfo &P, llvm::StringRef Name, uint32_t &Offset,
            uint32_t &Size, bool &Float) {
  Float = P.IsFloat;
  auto [Base, Member] = Name.split('.');
  auto [Param, Index] = Base.split('[');
  if (P.Name != Param)
    return false;
  if (!Member.empty()) {
    auto F = std::find_if(P.Fields.begin(), P.Fields.end(),
                          [&](const FieldInfo &F) { return F.Name == Member; });
    if (Base != Param || F == P.Fields.end())
      return false;
    Offset = F->Offset;
    Size = F->Bytes;
    Float = F->IsFloat;
    return true;
  }
  if (!Index.empty()) {
    unsigned K;
    if (!P.IsPointer || !Index.consume_back("]") || Index.getAsInteger(10, K) ||
        K >= P.Count || P.ElemBytes > 8)
      return false;
    Offset = K * P.ElemBytes;
    Size = P.ElemBytes;
    return true;
  }
  Offset = 0;
  Size = P.Bytes;
  return !P.IsPointer && !P.IsStruct;
}

/// `Text` as an integer (decimal or 0x hex), or for a float input of
/// `Size` bytes as the encoding of the number it spells ("1.5", "-0",
/// "0x1.8p+0", "nan", "inf").
std::optional<uint64_t> parseValue(llvm::StringRef Text, bool Float,
                                   uint32_t Size) {
  if (Float) {
    std::string Str = Text.str();
    char *End = nullptr;
    double D = std::strtod(Str.c_str(), &End);
    if (Str.empty() || *End)
      return std::nullopt;
    // strtof, not a conversion of the double: one rounding.
    return Size == 4 ? uint64_t(std::bit_cast<uint32_t>(
                           std::strtof(Str.c_str(), nullptr)))
                     : std::bit_cast<uint64_t>(D);
  }
  int64_t Signed;
  uint64_t Unsigned;
  if (!Text.getAsInteger(0, Unsigned))
    return Unsigned;
  if (!Text.getAsInteger(0, Signed))
    return uint64_t(Signed);
  return std::nullopt;
}

} // namespace

/// "x", "p.x" (a struct member) or "a[3]" (an element of a pointer
/// parameter's buffer) = an integer, or a number for a float.
void EntryInputs::applyConcrete(const std::string &Item) {
  auto [Name, Text] = llvm::StringRef(Item).split('=');
  Name = Name.trim();
  Text = Text.trim();
  for (InputSpec &S : Specs) {
    uint32_t Offset, Size;
    bool Float;
    if (!locate(S.Param, Name, Offset, Size, Float))
      continue;
    std::optional<uint64_t> Value = parseValue(Text, Float, Size);
    if (!Value)
      throw InputError{fmt::format("--concrete {}: expected name={}", Item,
                                   Float ? "number" : "integer")};
    S.Fixed.resize(S.Param.Bytes, -1);
    for (uint32_t B = 0; B < Size; ++B)
      S.Fixed[Offset + B] = static_cast<uint8_t>(*Value >> (8 * B));
    // A fixed length is the user's choice, not bounded by its buffer.
    S.Param.LengthOf.clear();
    return;
  }
  throw InputError{fmt::format("--concrete {}: no parameter, member or "
                               "element named '{}'",
                               Item, Name.str())};
}

std::vector<uint8_t> EntryInputs::bytes(const InputSpec &S,
                                        const Assignment &A) {
  // A string ends with its NUL whatever its array holds there (e.g. a
  // random start's byte).
  std::vector<uint8_t> Out(S.Param.Bytes, 0);
  for (uint32_t B = 0; B < chosenBytes(S.Param); ++B)
    Out[B] = B < S.Fixed.size() && S.Fixed[B] >= 0
                 ? static_cast<uint8_t>(S.Fixed[B])
                 : A.byte(S.Arr, B);
  if (S.Param.LengthOf.empty())
    return Out;
  uint64_t V = truncBits(littleEndianValue(Out, 0, Out.size()), S.Param.Bits) %
               (S.Param.MaxValue + 1);
  for (uint32_t B = 0; B < S.Param.Bytes; ++B)
    Out[B] = static_cast<uint8_t>(B < 8 ? V >> (8 * B) : 0);
  return Out;
}

uint64_t EntryInputs::unsignedValue(const InputSpec &S, const Assignment &A) {
  return truncBits(littleEndianValue(bytes(S, A), 0, S.Param.Bytes),
                   S.Param.Bits);
}

int64_t EntryInputs::signedValue(const InputSpec &S, const Assignment &A) {
  return signExtend(unsignedValue(S, A), S.Param.Bits);
}

ExprRef EntryInputs::byteExpr(const InputSpec &S, uint32_t Index) const {
  if (Index < S.Fixed.size() && S.Fixed[Index] >= 0)
    return Ctx.constant(static_cast<uint8_t>(S.Fixed[Index]), 8);
  return Ctx.read(S.Arr, Index);
}

/// The input's bytes [Offset, Offset + Size) as a little-endian value; null
/// when --concrete fixed them all.
ExprRef EntryInputs::littleEndian(const InputSpec &S, uint32_t Offset,
                                  uint32_t Size) const {
  if (S.Fixed.empty())
    return Ctx.readLE(S.Arr, Offset, Size);
  bool AllFixed = true;
  ExprRef E = nullptr;
  for (uint32_t B = Offset + Size; B-- > Offset;) {
    AllFixed &= S.Fixed[B] >= 0;
    ExprRef Byte = byteExpr(S, B);
    E = E ? Ctx.concat(E, Byte) : Byte;
  }
  return AllFixed ? nullptr : E;
}

/// The scalar's value before a length link bounds it; null when
/// --concrete fixed it.
ExprRef EntryInputs::unboundedScalar(const InputSpec &S) const {
  ExprRef Sym = littleEndian(S, 0, S.Param.Bytes);
  if (Sym && Sym->width() != S.Param.Bits)
    Sym = Ctx.extract(Sym, 0, S.Param.Bits);
  return Sym;
}

std::pair<ExprRef, ExprRef> EntryInputs::lengthLink(const InputSpec &S) const {
  ExprRef Unbounded = unboundedScalar(S);
  if (!Unbounded || S.Param.LengthOf.empty())
    return {nullptr, nullptr};
  ExprRef Linked = Ctx.binary(ExprKind::URem, Unbounded,
                              Ctx.constant(S.Param.MaxValue + 1, S.Param.Bits));
  return {Linked, Unbounded};
}

EntryArg EntryInputs::bindScalar(const InputSpec &S,
                                 const Assignment &A) const {
  EntryArg Arg;
  Arg.Name = S.Param.Name;
  ExprRef Linked = lengthLink(S).first;
  Arg.Value = {unsignedValue(S, A), Linked ? Linked : unboundedScalar(S)};
  return Arg;
}

std::vector<EntryArg> EntryInputs::bind(const Assignment &A) const {
  if (hasCommandLine())
    return bindCommandLine(A);
  std::vector<EntryArg> Args;
  for (const InputSpec &S : Specs) {
    std::vector<uint8_t> Bytes = bytes(S, A);
    EntryArg Arg;
    Arg.Name = S.Param.Name;
    if (S.Param.IsStruct && !S.Param.ByVal) {
      uint32_t Offset = 0;
      for (unsigned Bits : S.Param.PieceBits) {
        Arg.Pieces.push_back({littleEndianValue(Bytes, Offset, Bits / 8),
                              littleEndian(S, Offset, Bits / 8)});
        Offset += Bits / 8;
      }
      Args.push_back(std::move(Arg));
      continue;
    }
    if (S.Param.IsPointer || S.Param.ByVal) {
      Arg.IsBuffer = true;
      Arg.Arr = S.Arr;
      Arg.SymbolicBytes = chosenBytes(S.Param);
      Arg.Bytes = std::move(Bytes);
      for (int16_t F : S.Fixed)
        Arg.Pinned.push_back(F >= 0);
      Args.push_back(std::move(Arg));
      continue;
    }
    Args.push_back(bindScalar(S, A));
  }
  return Args;
}

ConcolicValue EntryInputs::argc(const Assignment &A) const {
  if (!ArgcArr)
    return {FixedArgs, nullptr};
  unsigned Choices = OptionalArgs + 1;
  ExprRef Sym =
      Ctx.add(Ctx.constant(FixedArgs, 32),
              Ctx.binary(ExprKind::URem, Ctx.zext(Ctx.read(ArgcArr, 0), 32),
                         Ctx.constant(Choices, 32)));
  return {FixedArgs + A.byte(ArgcArr, 0) % Choices, Sym};
}

/// argc, argv (the strings and the array, NULL-terminated) and an empty
/// envp. With --sym-args, argv[K] past the fixed arguments is NULL unless
/// argc > K.
std::vector<EntryArg> EntryInputs::bindCommandLine(const Assignment &A) const {
  ConcolicValue Count = argc(A);
  EntryArg Vector;
  Vector.IsPointerArray = true;
  Vector.Name = "argv";
  for (size_t K = 0; K < Args.size(); ++K) {
    const Argument &Src = Args[K];
    EntryArg S;
    S.IsBuffer = true;
    S.Name = fmt::format("argv[{}]", K);
    S.Arr = Src.Arr;
    if (Src.Arr) {
      S.SymbolicBytes = Src.MaxLen;
      for (uint32_t B = 0; B < Src.MaxLen; ++B)
        S.Bytes.push_back(A.byte(Src.Arr, B));
    } else {
      S.Bytes.assign(Src.Text.begin(), Src.Text.end());
    }
    S.Bytes.push_back(0);
    Vector.Targets.push_back(std::move(S));
    if (K < FixedArgs)
      Vector.Present.push_back({1, nullptr});
    else
      Vector.Present.push_back(
          {K < Count.Bits, Ctx.ult(Ctx.constant(K, 32), Count.Sym)});
  }
  std::vector<EntryArg> Out;
  for (const ParamInfo &P : Roles) {
    if (P.Role == ParamRole::ArgCount) {
      EntryArg C;
      C.Name = P.Name;
      C.Value = {truncBits(Count.Bits, P.Bits),
                 Count.Sym && P.Bits != 32 ? Ctx.resize(Count.Sym, P.Bits, true)
                                           : Count.Sym};
      Out.push_back(std::move(C));
    } else if (P.Role == ParamRole::ArgVector) {
      Out.push_back(Vector);
    } else {
      EntryArg Env;
      Env.IsPointerArray = true;
      Env.Name = "envp";
      Out.push_back(std::move(Env));
    }
  }
  return Out;
}

std::vector<std::string> EntryInputs::argv(const Assignment &A) const {
  std::vector<std::string> Out;
  uint64_t Count = argc(A).Bits;
  for (size_t K = 0; K < Args.size() && K < Count; ++K) {
    const Argument &Src = Args[K];
    if (!Src.Arr) {
      Out.push_back(Src.Text);
      continue;
    }
    std::string S;
    for (uint32_t B = 0; B < Src.MaxLen && A.byte(Src.Arr, B); ++B)
      S.push_back(static_cast<char>(A.byte(Src.Arr, B)));
    Out.push_back(std::move(S));
  }
  return Out;
}

std::vector<const Array *> EntryInputs::arrays() const {
  std::vector<const Array *> Out;
  for (const InputSpec &S : Specs)
    Out.push_back(S.Arr);
  for (const Argument &A : Args)
    if (A.Arr)
      Out.push_back(A.Arr);
  if (ArgcArr)
    Out.push_back(ArgcArr);
  return Out;
}

Assignment EntryInputs::zeros() const {
  Assignment A;
  for (const Array *Arr : arrays())
    A.set(Arr, std::vector<uint8_t>(Arr->Size, 0));
  return A;
}

Assignment EntryInputs::fromStream(InputStream &S) const {
  Assignment A = zeros();
  for (const InputSpec &Spec : Specs) {
    std::vector<uint8_t> Bytes = S.take(chosenBytes(Spec.Param));
    Bytes.resize(Spec.Arr->Size, 0);
    A.set(Spec.Arr, std::move(Bytes));
  }
  return A;
}

std::vector<uint8_t>
EntryInputs::toStream(const Assignment &A,
                      llvm::ArrayRef<const Array *> Created) const {
  std::vector<uint8_t> Out;
  auto Append = [&](const Array *Arr, uint32_t Size) {
    for (uint32_t B = 0; B < Size; ++B)
      Out.push_back(A.byte(Arr, B));
  };
  for (const InputSpec &Spec : Specs)
    Append(Spec.Arr, chosenBytes(Spec.Param));
  for (const Array *Arr : Created)
    Append(Arr, Arr->Size);
  return Out;
}

bool EntryInputs::hasSymbolicCommandLine() const {
  return ArgcArr || llvm::any_of(Args, [](const Argument &A) { return A.Arr; });
}

namespace {

/// Where a parameter's floats lie in its bytes: offset and size of each.
std::vector<std::pair<unsigned, unsigned>> floatsOf(const ParamInfo &P) {
  std::vector<std::pair<unsigned, unsigned>> Out;
  for (const FieldInfo &F : P.Fields)
    if (F.IsFloat)
      Out.emplace_back(F.Offset, F.Bytes);
  unsigned Size = P.IsPointer ? P.ElemBytes : P.Bytes;
  if (P.Fields.empty() && P.IsFloat && Size > 0)
    for (unsigned At = 0; At + Size <= P.Bytes; At += Size)
      Out.emplace_back(At, Size);
  return Out;
}

/// An encoding of `Bytes` (4 or 8) where float implementations differ: a
/// zero, an infinity, a NaN (quiet or signalling, with a payload), a
/// subnormal, the smallest normal or the largest finite value, of either
/// sign.
uint64_t specialFloat(unsigned Bytes, std::mt19937_64 &Rng) {
  unsigned Mantissa = Bytes == 4 ? 23 : 52;
  uint64_t Sign = uint64_t(1) << (8 * Bytes - 1);
  uint64_t Fraction = (uint64_t(1) << Mantissa) - 1;
  uint64_t Infinity = (Sign - 1) & ~Fraction;
  uint64_t Quiet = uint64_t(1) << (Mantissa - 1);
  uint64_t Payload = Rng() & (Quiet - 1);
  const uint64_t Values[] = {0,
                             Infinity,
                             Infinity | Quiet,
                             Infinity | Quiet | Payload,
                             Infinity | Payload | 1, // Signalling.
                             1,
                             Fraction,
                             (Rng() & Fraction) | 1,
                             Fraction + 1,
                             Infinity - 1};
  uint64_t V = Values[Rng() % std::size(Values)];
  return Rng() & 1 ? V | Sign : V;
}

} // namespace

Assignment EntryInputs::random(std::mt19937_64 &Rng) const {
  Assignment A;
  for (const Array *Arr : arrays()) {
    std::vector<uint8_t> Bytes(Arr->Size);
    for (auto &B : Bytes)
      B = static_cast<uint8_t>(Rng());
    A.set(Arr, std::move(Bytes));
  }
  // Uniform bytes hardly ever give the special values. Drawn after every
  // byte, so inputs without floats are as before.
  for (const InputSpec &Spec : Specs) {
    std::vector<uint8_t> Bytes = *A.get(Spec.Arr);
    for (auto [Offset, Size] : floatsOf(Spec.Param)) {
      if (Rng() & 1 || Offset + Size > Bytes.size())
        continue;
      uint64_t V = specialFloat(Size, Rng);
      for (unsigned B = 0; B < Size; ++B)
        Bytes[Offset + B] = static_cast<uint8_t>(V >> (8 * B));
    }
    A.set(Spec.Arr, std::move(Bytes));
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
    bool Float = S->Param.IsFloat && !S->Param.IsPointer;
    std::optional<uint64_t> Bits = parseValue(Text, Float, S->Param.Bytes);
    if (!Bits)
      throw InputError{
          fmt::format("--seed-input: '{}' is not {} value for '{}'", Text.str(),
                      Float ? "a number" : "an integer", Name.str())};
    std::vector<uint8_t> Bytes(S->Param.Bytes);
    for (unsigned I = 0; I < S->Param.Bytes; ++I)
      Bytes[I] = static_cast<uint8_t>(*Bits >> (8 * I));
    A.set(S->Arr, std::move(Bytes));
  }
}

} // namespace theseus
