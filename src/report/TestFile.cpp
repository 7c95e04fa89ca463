//===- TestFile.cpp - Writing tests as they are found ---------------------===//
#include "report/TestFile.h"
#include "expr/FloatOps.h"
#include "program/Program.h"
#include "report/JsonWriter.h"
#include "report/StoredTests.h"
#include "report/TestRecord.h"
#include "store/RunDatabase.h"
#include "support/Process.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <fstream>
#include <tuple>
#include <unistd.h>

namespace theseus {

namespace {

/// The members of a struct: name, type and place of each.
nlohmann::json fieldLayoutJson(const std::vector<FieldInfo> &Fields) {
  nlohmann::json Out = nlohmann::json::array();
  for (const FieldInfo &F : Fields)
    Out.push_back({{"name", F.Name},
                   {"type", F.CType},
                   {"offset", F.Offset},
                   {"bytes", F.Bytes},
                   {"signed", F.Signed},
                   {"float", F.IsFloat}});
  return Out;
}

/// A number of at most `Max`, or `Bad`.
unsigned boundedCount(const nlohmann::json &N, uint64_t Max,
                      const InputError &Bad) {
  if (!N.is_number_unsigned() || N.get<uint64_t>() > Max)
    throw Bad;
  return N.get<unsigned>();
}

/// fieldLayoutJson's `J` read back, each member checked to lie within the
/// struct's `Bytes` (so that a reader of the struct reads only its bytes).
std::vector<FieldInfo> readFieldLayout(const nlohmann::json &J, unsigned Bytes,
                                       const InputError &Bad) {
  std::vector<FieldInfo> Out;
  for (const nlohmann::json &F : J) {
    FieldInfo Field{F.at("name").get<std::string>(),
                    F.value("type", ""),
                    boundedCount(F.at("offset"), Bytes, Bad),
                    boundedCount(F.at("bytes"), 8, Bad),
                    F.value("signed", false),
                    F.value("float", false)};
    if (Field.Offset + Field.Bytes > Bytes)
      throw Bad;
    Out.push_back(std::move(Field));
  }
  return Out;
}

nlohmann::json returnStructJson(const ReturnInfo &R) {
  return {{"bytes", R.Bytes}, {"fields", fieldLayoutJson(R.Fields)}};
}

void readReturnStruct(const nlohmann::json &J, ReturnInfo &R) {
  const InputError Bad{"return_struct in a test: sizes and offsets must be "
                       "numbers within the struct"};
  R.IsStruct = true;
  R.Bytes = boundedCount(J.at("bytes"), 1u << 20, Bad);
  R.Fields = readFieldLayout(J.at("fields"), R.Bytes, Bad);
}

/// --check's values, as the test's `checks` lists them.
nlohmann::json checkNames(const SanitizerChecks &C) {
  nlohmann::json Names = nlohmann::json::array();
  if (C.UndefinedBehavior)
    Names.push_back("ub");
  if (C.FloatDivideByZero)
    Names.push_back("float-div-zero");
  if (C.NanIndex)
    Names.push_back("nan-index");
  return Names;
}

} // namespace

nlohmann::json ProgramDescription::toJson() const {
  nlohmann::json J = {
      {"sources", Sources},
      {"native_sources", NativeSources},
      {"cflags", CFlags},
      {"checks", checkNames(UndefinedBehaviorChecks)},
      {"data_model", toString(Model)},
      {"entry", Entry},
      {"return_type", Return.IsVoid ? "void" : Return.BaseCType},
      {"return_signed", Return.Signed},
      {"return_float", Return.IsFloat},
      {"return_bits", Return.Bits}};
  if (Return.IsStruct)
    J["return_struct"] = returnStructJson(Return);
  return J;
}

ProgramDescription ProgramDescription::fromJson(const nlohmann::json &J) {
  ProgramDescription P;
  P.Sources = J.at("sources").get<std::vector<std::string>>();
  P.NativeSources = J.value("native_sources", std::vector<std::string>{});
  P.CFlags = J.value("cflags", std::vector<std::string>{});
  auto Checks = J.value("checks", std::vector<std::string>{});
  auto Has = [&](const char *Name) {
    return std::find(Checks.begin(), Checks.end(), Name) != Checks.end();
  };
  P.UndefinedBehaviorChecks = {Has("ub"), Has("float-div-zero"),
                               Has("nan-index")};
  std::string Model = J.value("data_model", "LP64");
  if (std::optional<DataModel> M = parseDataModel(Model))
    P.Model = *M;
  else
    throw InputError{fmt::format("unknown data_model '{}' in a test (expected "
                                 "LP64 or ILP32)",
                                 Model)};
  P.Entry = J.at("entry").get<std::string>();
  std::string RT = J.value("return_type", "void");
  P.Return.IsVoid = RT == "void";
  P.Return.BaseCType = P.Return.CType = RT;
  P.Return.Signed = J.value("return_signed", true);
  P.Return.IsFloat = J.value("return_float", false);
  // Checked before the conversion: a float or a negative number converted
  // to unsigned is undefined behaviour, not an exception.
  if (auto It = J.find("return_bits"); It != J.end()) {
    if (!It->is_number_unsigned() || It->get<uint64_t>() > 64)
      throw InputError{"return_bits in a test must be a bit width from 0 "
                       "to 64"};
    P.Return.Bits = It->get<unsigned>();
  }
  if (auto It = J.find("return_struct"); It != J.end())
    readReturnStruct(*It, P.Return);
  return P;
}

std::string testFileName(uint64_t Index) {
  return fmt::format("test{:06}.json", Index);
}

void prepareDirectory(const std::string &Dir,
                      llvm::function_ref<bool(llvm::StringRef)> Stale) {
  if (auto EC = llvm::sys::fs::create_directories(Dir))
    throw InputError{fmt::format("cannot create {}: {}", Dir, EC.message())};
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (Stale(llvm::sys::path::filename(It->path())))
      llvm::sys::fs::remove(It->path());
}

namespace {

/// Writes a file that appears under `Path` only when whole: as an unnamed
/// file linked in afterwards, which costs one directory update instead of a
/// create and a rename. False when the file system cannot (no O_TMPFILE,
/// or `Path` exists).
bool linkWholeFile(const std::string &Path, const std::string &Contents) {
#ifdef O_TMPFILE
  std::string Dir = llvm::sys::path::parent_path(Path).str();
  int Fd = ::open(Dir.empty() ? "." : Dir.c_str(), O_TMPFILE | O_WRONLY, 0644);
  if (Fd < 0)
    return false;
  std::string Self = fmt::format("/proc/self/fd/{}", Fd);
  bool Ok =
      writeAll(Fd, Contents) && ::linkat(AT_FDCWD, Self.c_str(), AT_FDCWD,
                                         Path.c_str(), AT_SYMLINK_FOLLOW) == 0;
  ::close(Fd);
  return Ok;
#else
  return false;
#endif
}

} // namespace

void writeFileWhole(const std::string &Path, const std::string &Contents) {
  if (linkWholeFile(Path, Contents))
    return;
  // The output directory is the user's: a full disk or a missing
  // permission is an error of the run's environment, said with its reason,
  // not an internal error.
  auto Fail = [&](const std::string &File) {
    std::string Why = std::strerror(errno);
    ::unlink(File.c_str());
    throw InputError{fmt::format("cannot write {}: {}", File, Why)};
  };
  std::string Tmp = Path + ".tmp";
  int Fd = ::open(Tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (Fd < 0 || !writeAll(Fd, Contents)) {
    if (Fd >= 0)
      ::close(Fd);
    Fail(Tmp);
  }
  if (::close(Fd) != 0)
    Fail(Tmp);
  if (std::rename(Tmp.c_str(), Path.c_str()) != 0)
    Fail(Tmp);
}

void writeJsonFile(const std::string &Path, const nlohmann::json &J) {
  // Program output and messages may hold bytes that are not UTF-8.
  std::string Text =
      J.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  Text += "\n";
  writeFileWhole(Path, Text);
}

TestWriter::TestWriter(std::string OutDir, ProgramDescription Program,
                       const EntryInputs &Inputs)
    : OutDir(std::move(OutDir)), Program(std::move(Program)), Inputs(Inputs),
      ProgramJson(this->Program.toJson()) {}

namespace {

/// The format of a float or double of `Bytes` bytes.
FloatFormat floatFormatOf(unsigned Bytes) {
  return Bytes == 4 ? FloatFormat::Single : FloatFormat::Double;
}

/// The `Size` bytes of `Bytes` from `Offset` as a little-endian number
/// (at most 8 of them).
uint64_t littleEndian(const std::vector<uint8_t> &Bytes, unsigned Offset,
                      unsigned Size) {
  uint64_t V = 0;
  for (unsigned B = 0; B < Size && B < 8; ++B)
    V |= uint64_t(Bytes[Offset + B]) << (8 * B);
  return V;
}

/// A struct's integer and float members by name, read from its bytes (a
/// float as its decimal, see floatDecimal). Like the JSON objects read
/// back, sorted by name.
nlohmann::json fieldsJson(const std::vector<FieldInfo> &Fields,
                          const std::vector<uint8_t> &Bytes) {
  nlohmann::json J = nlohmann::json::object();
  for (const FieldInfo *F : fieldsByName(Fields)) {
    uint64_t V = littleEndian(Bytes, F->Offset, F->Bytes);
    if (F->IsFloat)
      J[F->Name] = floatDecimal(floatFormatOf(F->Bytes), V);
    else if (F->Signed)
      J[F->Name] = signExtend(V, 8 * F->Bytes);
    else
      J[F->Name] = truncBits(V, 8 * F->Bytes);
  }
  return J;
}

} // namespace

std::vector<uint8_t> TestWriter::returnedBytes(const PathOutcome &O) const {
  const ReturnInfo &R = Program.Return;
  std::vector<uint8_t> Bytes(R.IsFloat ? R.Bits / 8 : R.Bytes, 0);
  // A struct of up to 8 bytes comes back as one integer.
  for (unsigned B = 0; B < Bytes.size(); ++B)
    Bytes[B] = static_cast<uint8_t>(B < O.Bytes.size() ? O.Bytes[B].Bits
                                    : B < 8            ? O.Value >> (8 * B)
                                                       : 0);
  return Bytes;
}

nlohmann::json TestWriter::returnValue(const PathOutcome &O) const {
  const ReturnInfo &R = Program.Return;
  if (R.IsStruct)
    return fieldsJson(R.Fields, returnedBytes(O));
  if (R.IsFloat)
    return floatDecimal(floatFormatOf(R.Bits / 8), O.Value);
  if (R.Signed)
    return signExtend(O.Value, R.Bits ? R.Bits : 64);
  return truncBits(O.Value, R.Bits ? R.Bits : 64);
}

namespace {

void writeHex(JsonWriter &W, llvm::ArrayRef<uint8_t> Bytes) {
  static const char Digits[] = "0123456789abcdef";
  std::string Hex(2 * Bytes.size(), '0');
  for (size_t I = 0; I < Bytes.size(); ++I) {
    Hex[2 * I] = Digits[Bytes[I] >> 4];
    Hex[2 * I + 1] = Digits[Bytes[I] & 0xf];
  }
  W.value(Hex);
}

llvm::ArrayRef<uint8_t> bytesOf(llvm::StringRef Text) {
  return {reinterpret_cast<const uint8_t *>(Text.data()), Text.size()};
}

/// C-escaped, so any byte survives JSON (which wants UTF-8).
std::string escaped(llvm::StringRef Text) {
  static const char Digits[] = "0123456789abcdef";
  std::string Str;
  Str.reserve(Text.size());
  for (char Ch : Text) {
    uint8_t C = static_cast<uint8_t>(Ch);
    if (C == '\\' || C == '"') {
      Str += '\\';
      Str += Ch;
    } else if (C >= 0x20 && C < 0x7f) {
      Str += Ch;
    } else {
      Str += "\\x";
      Str += Digits[C >> 4];
      Str += Digits[C & 0xf];
    }
  }
  return Str;
}

/// Text as escaped C and as hex bytes (argv, stdin).
void writeText(JsonWriter &W, llvm::StringRef Text) {
  W.beginObject().key("bytes");
  writeHex(W, bytesOf(Text));
  W.field("string", escaped(Text)).endObject();
}

/// The members of a float input after its bytes: a flag, and its exact
/// value in hexadecimal (`%a`); its decimal is its "value".
void writeFloatFlag(JsonWriter &W, unsigned Bytes, uint64_t Bits) {
  W.field("float", true)
      .field("hex_float", floatHex(floatFormatOf(Bytes), Bits));
}

void writeFields(JsonWriter &W, const std::vector<FieldInfo> &Fields,
                 const std::vector<uint8_t> &Bytes) {
  W.value(fieldsJson(Fields, Bytes));
}

void writePointerParam(JsonWriter &W, const ParamInfo &P,
                       const std::vector<uint8_t> &Bytes) {
  W.beginObject()
      .field("base_type", P.BaseCType)
      .field("bits", P.Bytes * 8)
      .key("bytes");
  writeHex(W, Bytes);
  W.field("count", P.Count)
      .field("element_bytes", P.ElemBytes)
      .field("element_type", P.ElemCType);
  if (!P.Fields.empty()) {
    W.key("fields");
    writeFields(W, P.Fields, Bytes);
  }
  if (P.IsFloat)
    W.field("float", true);
  W.field("kind", "parameter")
      .field("name", P.Name)
      .field("pointer", true)
      .field("signed", P.Signed);
  if (P.NulTerminated)
    W.field("string",
            escaped(std::string(Bytes.begin(),
                                std::find(Bytes.begin(), Bytes.end(), 0))));
  W.field("type", P.CType);
  if (P.ElemBytes <= 8) {
    W.key("value").beginArray();
    for (unsigned E = 0; E < P.Count; ++E) {
      uint64_t V = littleEndian(Bytes, E * P.ElemBytes, P.ElemBytes);
      if (P.IsFloat)
        W.value(floatDecimal(floatFormatOf(P.ElemBytes), V));
      else if (P.Signed)
        W.value(signExtend(V, 8 * P.ElemBytes));
      else
        W.value(V);
    }
    W.endArray();
  }
  W.endObject();
}

void writeStructParam(JsonWriter &W, const ParamInfo &P,
                      const std::vector<uint8_t> &Bytes) {
  W.beginObject()
      .field("base_type", P.BaseCType)
      .field("bits", P.Bits)
      .key("bytes");
  writeHex(W, Bytes);
  W.key("fields");
  writeFields(W, P.Fields, Bytes);
  W.field("kind", "parameter")
      .field("name", P.Name)
      .field("signed", false)
      .field("struct", true)
      .field("type", P.CType)
      .endObject();
}

void writeScalarParam(JsonWriter &W, const ParamInfo &P,
                      const std::vector<uint8_t> &Bytes) {
  W.beginObject()
      .field("base_type", P.BaseCType)
      .field("bits", P.Bits)
      .key("bytes");
  writeHex(W, Bytes);
  uint64_t Bits = truncBits(littleEndian(Bytes, 0, P.Bytes), P.Bits);
  if (P.IsFloat)
    writeFloatFlag(W, P.Bytes, Bits);
  W.field("kind", "parameter")
      .field("name", P.Name)
      .field("signed", P.Signed)
      .field("type", P.CType)
      .key("value");
  if (P.IsFloat)
    W.value(floatDecimal(floatFormatOf(P.Bytes), Bits));
  else if (P.Signed)
    W.value(signExtend(Bits, P.Bits));
  else
    W.value(Bits);
  W.endObject();
}

void writeParameter(JsonWriter &W, const ParamInfo &P,
                    const std::vector<uint8_t> &Bytes) {
  if (P.IsPointer)
    writePointerParam(W, P, Bytes);
  else if (P.IsStruct)
    writeStructParam(W, P, Bytes);
  else
    writeScalarParam(W, P, Bytes);
}

/// The input `Req` the program created, whose bytes are `Bytes`.
void writeCreated(JsonWriter &W, const InputRequest &Req,
                  const std::vector<uint8_t> &Bytes) {
  W.beginObject().field("bits", Req.Size * 8).key("bytes");
  writeHex(W, Bytes);
  uint64_t V = littleEndian(Bytes, 0, std::min<size_t>(Req.Size, Bytes.size()));
  // __VERIFIER_nondet_float/double and the like.
  bool Float = (Req.CType == "float" && Req.Size == 4) ||
               (Req.CType == "double" && Req.Size == 8);
  if (Float)
    writeFloatFlag(W, Req.Size, V);
  W.field("kind", "created")
      .field("name", Req.Name)
      .field("signed", Req.Signed)
      .field("type", Req.CType);
  // Buffers of 1, 2, 4 or 8 bytes usually hold one integer: show it, as
  // a signed little-endian value when the type is not known.
  bool Scalar = Req.CType.find('[') == std::string::npos;
  if (Float) {
    W.field("value", floatDecimal(floatFormatOf(Req.Size), V));
  } else if (Req.Size <= 8 && (Scalar || (Req.Size & (Req.Size - 1)) == 0)) {
    unsigned Bits = Req.CType == "_Bool" ? 1 : Req.Size * 8;
    W.key("value");
    if (Req.Signed || !Scalar)
      W.value(signExtend(V, Bits));
    else
      W.value(truncBits(V, Bits));
  }
  W.endObject();
}

/// The bytes of the array `Arr` in `A`.
std::vector<uint8_t> arrayBytes(const Array *Arr, const Assignment &A) {
  std::vector<uint8_t> Bytes(Arr->Size);
  for (uint32_t I = 0; I < Arr->Size; ++I)
    Bytes[I] = A.byte(Arr, I);
  return Bytes;
}

/// The entry's parameters first, then the inputs the program created, in
/// creation order. Replay passes parameters as arguments and serves created
/// inputs by name.
void writeInputs(JsonWriter &W, const EntryInputs &Inputs,
                 const PathResult &R) {
  const Assignment &A = *R.Input;
  W.beginArray();
  for (const InputSpec &S : Inputs.specs())
    writeParameter(W, S.Param, EntryInputs::bytes(S, A));
  for (const auto &[Arr, Req] : R.Created)
    writeCreated(W, Req, arrayBytes(Arr, A));
  W.endArray();
}

/// A stored test's input (TestWriter::writeStoredInputs): [id], its bytes
/// those of the array `Arr` of the path's input, or else [id, hex bytes].
void writeStoredInput(JsonWriter &W, int64_t Id, const Array *Arr,
                      const Assignment &A, const std::vector<uint8_t> &Bytes) {
  W.beginArray().value(Id);
  bool InInput = Arr && A.get(Arr);
  for (size_t I = 0; InInput && I < Bytes.size(); ++I)
    InInput = A.byte(Arr, uint32_t(I)) == Bytes[I];
  if (!InInput)
    writeHex(W, Bytes);
  W.endArray();
}

/// The command line the test passes to main, each argument escaped and
/// as hex bytes.
void writeArgv(JsonWriter &W, const EntryInputs &Inputs, const Assignment &A) {
  W.beginArray();
  for (const std::string &Arg : Inputs.argv(A))
    writeText(W, Arg);
  W.endArray();
}

/// The bytes the program can read on stdin: the symbolic "stdin" input if
/// the program read it, else the concrete --stdin contents.
std::string stdinBytes(const std::string &Concrete, const PathResult &R) {
  std::string Bytes = Concrete;
  for (const auto &[Arr, Req] : R.Created)
    if (Req.Name == "stdin") {
      Bytes.clear();
      for (uint32_t I = 0; I < Arr->Size; ++I)
        Bytes.push_back(static_cast<char>(R.Input->byte(Arr, I)));
    }
  return Bytes;
}

/// The side of `D` taken: true or false, or a switch's case.
void writeTaken(JsonWriter &W, const ExplainedDecision &D) {
  if (D.IsSwitch)
    W.value(D.Case);
  else
    W.value(D.Taken);
}

/// The decisions of the path in source terms (see SourceText.h).
void writeExplanation(JsonWriter &W,
                      const std::vector<ExplainedDecision> &Steps) {
  W.beginArray();
  for (const ExplainedDecision &D : Steps) {
    W.beginObject()
        .field("condition", D.Condition)
        .field("file", D.File)
        .field("kind", decisionKindName(D.Kind))
        .field("line", D.Line)
        .key("taken");
    writeTaken(W, D);
    W.endObject();
  }
  W.endArray();
}

/// The index in `Steps` of the decision recorded as `Raw`-th (the steps of
/// a switch are one decision); past the recorded ones, counted on.
uint64_t explainedIndex(const std::vector<ExplainedDecision> &Steps,
                        const PathExplanation &E, uint64_t Raw) {
  if (Raw >= E.decisions().size())
    return Steps.size() + (Raw - E.decisions().size());
  auto After = std::upper_bound(
      Steps.begin(), Steps.end(), Raw,
      [](uint64_t R, const ExplainedDecision &D) { return R < D.First; });
  return std::distance(Steps.begin(), After) - 1;
}

} // namespace

nlohmann::json parameterDescription(const ParamInfo &P) {
  nlohmann::json J = {{"name", P.Name},
                      {"type", P.CType},
                      {"base_type", P.BaseCType},
                      {"bits", P.Bits},
                      {"bytes", P.Bytes},
                      {"signed", P.Signed},
                      {"float", P.IsFloat},
                      {"pointer", P.IsPointer},
                      {"struct", P.IsStruct},
                      {"element_type", P.ElemCType},
                      {"element_bytes", P.ElemBytes},
                      {"count", P.Count},
                      {"nul_terminated", P.NulTerminated}};
  if (!P.Fields.empty())
    J["fields"] = fieldLayoutJson(P.Fields);
  return J;
}

nlohmann::json createdDescription(const InputRequest &Req) {
  return {{"name", Req.Name},
          {"type", Req.CType},
          {"signed", Req.Signed},
          {"bytes", Req.Size}};
}

StoredInput StoredInput::fromRow(const InputRow &Row) {
  const InputError Bad{"run.db: an input's description is damaged"};
  nlohmann::json J = nlohmann::json::parse(Row.Description);
  StoredInput In;
  In.Array = Row.Name;
  In.Created = Row.Kind == "created";
  if (In.Created) {
    In.Request = {J.at("name").get<std::string>(),
                  boundedCount(J.at("bytes"), 1u << 30, Bad),
                  J.at("type").get<std::string>(), J.at("signed").get<bool>()};
    return In;
  }
  ParamInfo &P = In.Param;
  P.Name = J.at("name").get<std::string>();
  P.CType = J.at("type").get<std::string>();
  P.BaseCType = J.at("base_type").get<std::string>();
  P.Bits = boundedCount(J.at("bits"), 1u << 30, Bad);
  P.Bytes = boundedCount(J.at("bytes"), 1u << 27, Bad);
  P.Signed = J.at("signed").get<bool>();
  P.IsFloat = J.at("float").get<bool>();
  P.IsPointer = J.at("pointer").get<bool>();
  P.IsStruct = J.at("struct").get<bool>();
  P.ElemCType = J.at("element_type").get<std::string>();
  P.ElemBytes = boundedCount(J.at("element_bytes"), P.Bytes, Bad);
  P.Count = boundedCount(J.at("count"), P.Bytes, Bad);
  P.NulTerminated = J.at("nul_terminated").get<bool>();
  if (P.IsPointer && uint64_t(P.Count) * P.ElemBytes > P.Bytes)
    throw Bad;
  if (auto It = J.find("fields"); It != J.end())
    P.Fields = readFieldLayout(*It, P.Bytes, Bad);
  return In;
}

void writeStoredInputs(JsonWriter &W, const nlohmann::json &Stored,
                       const std::map<int64_t, StoredInput> &Described,
                       std::string_view Input) {
  std::optional<std::vector<EncodedArray>> Arrays = decodeArrays(Input);
  if (!Arrays)
    throw InputError{"run.db: a test's input is damaged"};
  W.beginArray();
  for (const nlohmann::json &Entry : Stored) {
    const StoredInput &In = Described.at(Entry.at(0).get<int64_t>());
    std::vector<uint8_t> Bytes;
    std::string Hex;
    if (Entry.size() > 1) {
      if (!llvm::tryGetFromHex(Entry.at(1).get<std::string>(), Hex))
        throw InputError{"run.db: a test's input bytes are not hex"};
      Bytes.assign(Hex.begin(), Hex.end());
    } else {
      auto It = llvm::find_if(
          *Arrays, [&](const EncodedArray &A) { return A.Name == In.Array; });
      if (It == Arrays->end())
        throw InputError{"run.db: a test's input lacks " + In.Array};
      Bytes.assign(In.Created ? It->Size : In.Param.Bytes, 0);
      std::copy_n(It->Value.begin(), std::min(It->Value.size(), Bytes.size()),
                  Bytes.begin());
    }
    if (In.Created)
      writeCreated(W, In.Request, Bytes);
    else if (Bytes.size() == In.Param.Bytes)
      writeParameter(W, In.Param, Bytes);
    else
      throw InputError{"run.db: a test's input has the wrong size"};
  }
  W.endArray();
}

/// program-output.txt: every test's output, exact bytes, under a header
/// naming the test.
std::string TestWriter::programOutputBlock(const std::string &Test,
                                           const std::string &Output) {
  std::string Block = "==> " + Test + " <==\n" + Output;
  if (Output.back() != '\n')
    Block += '\n';
  return Block;
}

void TestWriter::appendProgramOutput(const std::string &Test,
                                     const std::string &Output) const {
  if (Output.empty())
    return;
  std::ofstream OS(OutDir + "/program-output.txt", std::ios::app);
  OS << programOutputBlock(Test, Output);
}

void TestWriter::writeOutcome(JsonWriter &W, const PathOutcome &O) const {
  const char *Kind = toString(O.End);
  W.beginObject();
  switch (O.End) {
  case PathEnd::Return:
    if (O.HasValue && (Program.Return.IsStruct || Program.Return.IsFloat)) {
      W.key("bytes");
      writeHex(W, returnedBytes(O));
    }
    W.field("kind", Kind);
    if (O.HasValue && !Program.Return.IsVoid)
      W.field("value", returnValue(O));
    break;
  case PathEnd::Exit:
    W.field("code", signExtend(O.Value, 32)).field("kind", Kind);
    break;
  case PathEnd::Bug:
    W.field("bug", O.BugKind)
        .field("file", O.Loc.File)
        .field("kind", Kind)
        .field("line", O.Loc.Line)
        .field("message", O.Message)
        .key("stack")
        .beginArray();
    for (const StackEntry &E : O.Stack)
      W.beginObject()
          .field("file", E.Loc.File)
          .field("function", E.Function)
          .field("line", E.Loc.Line)
          .endObject();
    W.endArray();
    break;
  default:
    W.field("file", O.Loc.File)
        .field("kind", Kind)
        .field("line", O.Loc.Line)
        .field("message", O.Message);
    break;
  }
  W.endObject();
}

/// The members in the order of their keys (see JsonWriter.h).
void TestWriter::writeTest(JsonWriter &W, const PathResult &R,
                           const std::vector<ExplainedDecision> &Steps) {
  W.beginObject();
  if (Inputs.hasCommandLine()) {
    W.key("argv");
    writeArgv(W, Inputs, *R.Input);
  }
  W.field("decisions", R.Decisions).field("diverged", R.Diverged);
  if (R.Native)
    W.field("evidence", "native");
  W.key("explanation");
  writeExplanation(W, Steps);
  W.field("explanation_truncated", R.Explanation.omitted())
      .field("format", testFormat());
  if (!R.Origin.empty())
    W.field("found_by", R.Origin);
  W.key("inputs");
  writeInputs(W, Inputs, R);
  if (!R.VariantOf && R.NegatedTest)
    W.key("negated")
        .beginObject()
        .field("decision",
               explainedIndex(Steps, R.Explanation, R.NegatedDecision))
        .field("test", R.NegatedTest)
        .endObject();
  W.key("outcome");
  writeOutcome(W, *R.Outcome);
  W.field("path", fmt::format("{:016x}", R.PathId))
      .field("program", ProgramJson)
      .field("run", R.Run)
      .key("stdin");
  writeText(W, stdinBytes(Program.Stdin, R));
  W.field("stdout", R.Stdout).field("test", R.Index);
  if (R.VariantOf)
    W.field("variant_of", R.VariantOf);
  W.endObject();
}

/// As writeTest, without what restoreStoredTest gives back: the members
/// the path's columns hold, the defaults, and the inputs' descriptions.
void TestWriter::writeStoredTest(JsonWriter &W, const PathResult &R) {
  W.beginObject();
  if (Inputs.hasCommandLine()) {
    W.key("argv");
    writeArgv(W, Inputs, *R.Input);
  }
  if (R.Diverged)
    W.field("diverged", true);
  if (R.Native)
    W.field("evidence", "native");
  if (R.Explanation.omitted())
    W.field("explanation_truncated", R.Explanation.omitted());
  W.key("inputs");
  writeStoredInputs(W, R);
  // A return's outcome is its kind and value, which the columns hold; a
  // struct's or float's also has its bytes.
  const PathOutcome &O = *R.Outcome;
  if (O.End != PathEnd::Return ||
      (O.HasValue && (Program.Return.IsStruct || Program.Return.IsFloat))) {
    W.key("outcome");
    writeOutcome(W, O);
  }
  std::string Stdin = stdinBytes(Program.Stdin, R);
  if (!Stdin.empty()) {
    W.key("stdin");
    writeText(W, Stdin);
  }
  if (!R.Stdout.empty())
    W.field("stdout", R.Stdout);
  W.endObject();
}

void TestWriter::writeStoredInputs(JsonWriter &W, const PathResult &R) {
  const Assignment &A = *R.Input;
  W.beginArray();
  const std::vector<InputSpec> &Specs = Inputs.specs();
  for (size_t I = 0; I < Specs.size(); ++I)
    writeStoredInput(W, int64_t(I + 1), Specs[I].Arr, A,
                     EntryInputs::bytes(Specs[I], A));
  for (const auto &[Arr, Req] : R.Created)
    writeStoredInput(W, createdInputId(Arr, Req), Arr, A, arrayBytes(Arr, A));
  W.endArray();
}

void TestWriter::noteReturnValue(const PathOutcome &O) {
  // Structs and floats as the tests show them (members, decimals).
  if (O.End == PathEnd::Return && O.HasValue &&
      (Program.Return.IsStruct || Program.Return.IsFloat))
    JsonReturns.insert(returnValue(O).dump());
  else if (O.End == PathEnd::Return && O.HasValue && !Program.Return.IsVoid) {
    if (Program.Return.Signed)
      SignedReturns.insert(signExtend(O.Value, Program.Return.Bits));
    else
      UnsignedReturns.insert(truncBits(O.Value, Program.Return.Bits));
  }
}

void TestWriter::noteUnsupported(const PathOutcome &O,
                                 const std::string &Test) {
  if (O.End != PathEnd::Unsupported)
    return;
  llvm::StringRef What(O.Message);
  What.consume_front("unsupported: ");
  UnsupportedSite &Site = Unsupported[What.str()];
  if (!Site.Paths++)
    Site.Test = Test;
}

void TestWriter::onNewPath(const PathResult &R) {
  if (R.Restored)
    return restorePath(R);
  const PathOutcome &O = *R.Outcome;
  noteReturnValue(O);
  std::string Name = testFileName(R.Index);
  noteUnsupported(O, Name);
  bool NewBug = O.End == PathEnd::Bug && countBug(R, Name);
  std::string Covers;
  bool Keep = !SuiteCoverage || offerToSuite(R, NewBug, Covers);
  std::vector<ExplainedDecision> Steps =
      Explainer.explain(R.Explanation.decisions());
  if (Keep) {
    Text.clear();
    JsonWriter W(Text);
    writeTest(W, R, Steps);
    Text += '\n';
    writeFileWhole(OutDir + "/" + Name, Text);
    appendProgramOutput(Name, R.Stdout);
    Files.push_back(R.Index);
    if (SuiteCoverage && !R.Stdout.empty())
      FileOutputs.emplace(R.Index, R.Stdout);
  }
  if (Db)
    recordPath(R, Keep ? Name : "", Steps, Covers);
  ++Tests;
  ++Outcomes[toString(O.End)];
}

void TestWriter::restorePath(const PathResult &R) {
  const PathOutcome &O = *R.Outcome;
  noteReturnValue(O);
  std::string Name = testFileName(R.Index);
  noteUnsupported(O, Name);
  bool NewBug = O.End == PathEnd::Bug && countBug(R, Name);
  std::string Covers;
  if (SuiteCoverage && !offerToSuite(R, NewBug, Covers))
    return;
  if (SuiteCoverage && !R.Stdout.empty())
    FileOutputs.emplace(R.Index, R.Stdout);
  std::optional<PathRow> Row;
  if (EarlierFiles.count(R.Index) || !(Row = Db->path(R.Index)))
    return;
  writeFileWhole(OutDir + "/" + Name, StoredTestText(*Db)(*Row));
  Db->keepTestFile(R.Index, Name);
  Files.insert(llvm::lower_bound(Files, R.Index), R.Index);
}

void TestWriter::noteEarlierTest(const PathRow &P) {
  ++Tests;
  ++Outcomes[P.Outcome];
  if (P.TestFile.empty())
    return;
  Files.push_back(P.Number); // The rows come in number order.
  EarlierFiles.insert(P.Number);
}

void TestWriter::continueSites(const std::vector<SiteRow> &Rows) {
  for (const SiteRow &S : Rows) {
    EarlierSites[{S.File, S.Line, S.Condition, S.Kind}] = S.Id;
    NextSite = std::max(NextSite, S.Id + 1);
  }
}

void TestWriter::onSideClosed(const ClosedSide &C) {
  if (Db)
    Db->addClosedSide({C.Test, C.Depth, C.Side, toString(C.State)});
}

void TestWriter::onReturnValuesSettled(uint64_t Test, ReturnValueSet How) {
  if (Db)
    Db->setReturnValues(Test, toString(How));
}

void TestWriter::onExchange(const ExchangedTest &X) {
  if (Db)
    Db->addExchange({Part, X.Seconds, X.ToFuzzer ? "to-fuzzer" : "from-fuzzer",
                     X.Test, std::string(X.Stream.begin(), X.Stream.end())});
}

bool TestWriter::countBug(const PathResult &R, const std::string &Name) {
  const PathOutcome &O = *R.Outcome;
  for (BugRecord &B : Bugs)
    if (B.Kind == O.BugKind && B.File == O.Loc.File && B.Line == O.Loc.Line) {
      ++B.Count;
      return false;
    }
  Bugs.push_back({O.BugKind, O.Loc.File.str(), O.Loc.Line, O.Message, Name,
                  R.Index, 1, "unchecked", "", R.Seconds, R.PathsDone,
                  R.Native});
  return true;
}

uint64_t TestWriter::featureItem(std::string Key) {
  auto [It, New] = Features.try_emplace(std::move(Key), Features.size());
  return FeatureItems | It->second;
}

bool TestWriter::offerToSuite(const PathResult &R, bool NewBug,
                              std::string &Covers) {
  const PathOutcome &O = *R.Outcome;
  std::vector<uint64_t> Items{
      featureItem(fmt::format("end {}", toString(O.End)))};
  if (O.End == PathEnd::Return && O.HasValue && !Program.Return.IsVoid)
    Items.push_back(featureItem("return " + returnValue(O).dump()));
  else if (O.End == PathEnd::Exit)
    Items.push_back(featureItem(fmt::format("exit {}", O.Value)));
  else if (O.End == PathEnd::Bug)
    Items.push_back(featureItem(
        fmt::format("bug {} {}:{}", O.BugKind, O.Loc.File.str(), O.Loc.Line)));
  bool Required = NewBug || (R.ReachedTarget && !TargetKept);
  bool Adds = Required || R.NewCoverage ||
              llvm::any_of(Items, [&](uint64_t I) { return !Suite.has(I); });
  if (!Adds)
    return false;
  TargetKept |= R.ReachedTarget;
  if (R.Covered) {
    CoveredItems C = SuiteCoverage->itemsOf(*R.Covered);
    for (uint32_t L : C.Lines)
      Items.push_back(LineItems | L);
    for (uint32_t E : C.Edges)
      Items.push_back(EdgeItems | E);
    Covers = coversJson(C);
  }
  return Suite.offer(R.Index, std::move(Items), Required);
}

std::string TestWriter::coversJson(const CoveredItems &C) const {
  std::map<unsigned, std::pair<std::vector<unsigned>,
                               std::vector<std::array<unsigned, 3>>>>
      ByFile;
  for (uint32_t L : C.Lines) {
    auto [File, Line] = SuiteCoverage->lineOf(L);
    ByFile[File].first.push_back(Line);
  }
  for (uint32_t E : C.Edges) {
    auto [File, B] = SuiteCoverage->edgeOf(E);
    ByFile[File].second.push_back({B.Line, B.Block, B.Index});
  }
  nlohmann::json J = nlohmann::json::object();
  for (auto &[File, Items] : ByFile) {
    llvm::sort(Items.first);
    llvm::sort(Items.second);
    J[SuiteCoverage->fileName(File)] = {{"lines", Items.first},
                                        {"branches", Items.second}};
  }
  return J.dump();
}

void TestWriter::finishSuite() {
  if (!SuiteCoverage)
    return;
  std::vector<uint64_t> Minimal = Suite.minimal();
  std::vector<uint64_t> Dropped;
  for (uint64_t N : Files)
    if (!std::binary_search(Minimal.begin(), Minimal.end(), N)) {
      llvm::sys::fs::remove(OutDir + "/" + testFileName(N));
      Dropped.push_back(N);
    }
  Files = std::move(Minimal);
  if (Dropped.empty())
    return;
  if (!FileOutputs.empty()) {
    std::string Output;
    for (uint64_t N : Files)
      if (auto It = FileOutputs.find(N); It != FileOutputs.end())
        Output += programOutputBlock(testFileName(N), It->second);
    writeFileWhole(OutDir + "/program-output.txt", Output);
  }
  if (Db)
    Db->dropTestFiles(Dropped);
}

std::vector<StepRow>
TestWriter::storedExplanation(const std::vector<ExplainedDecision> &Steps) {
  std::vector<StepRow> Out;
  Out.reserve(Steps.size());
  for (const ExplainedDecision &D : Steps) {
    auto [It, New] =
        Sites.try_emplace({D.File.data(), D.Line, D.Condition.data(), D.Kind});
    if (New) {
      std::string Kind = decisionKindName(D.Kind);
      auto Earlier =
          EarlierSites.find({D.File.str(), D.Line, D.Condition.str(), Kind});
      if (Earlier != EarlierSites.end()) {
        It->second = Earlier->second;
      } else {
        It->second = NextSite++;
        Db->addSite(
            {It->second, D.File.str(), D.Line, D.Condition.str(), Kind});
      }
    }
    StepRow S{It->second, D.Taken ? StepRow::Way::True : StepRow::Way::False,
              0};
    if (D.IsSwitch && D.Case == "default")
      S.Taken = StepRow::Way::Default;
    else if (D.IsSwitch) {
      S.Taken = StepRow::Way::Case;
      S.Case = std::stoll(D.Case);
    }
    Out.push_back(S);
  }
  return Out;
}

void TestWriter::recordPath(const PathResult &R, const std::string &Name,
                            const std::vector<ExplainedDecision> &Steps,
                            std::string Covers) {
  const PathOutcome &O = *R.Outcome;
  PathRow P;
  P.Number = R.Index;
  P.Part = Part;
  P.Run = R.Run;
  P.PathId = R.PathId;
  if (!R.VariantOf && R.NegatedTest) {
    P.NegatedTest = R.NegatedTest;
    P.NegatedDecision = explainedIndex(Steps, R.Explanation, R.NegatedDecision);
  }
  P.VariantOf = R.VariantOf;
  P.FoundBy = R.Origin.empty() ? "engine" : R.Origin;
  P.Seconds = R.Seconds;
  P.Outcome = toString(O.End);
  if (O.End == PathEnd::Bug)
    P.BugKind = O.BugKind;
  if (O.End == PathEnd::Return) {
    if (O.HasValue && !Program.Return.IsVoid)
      P.ReturnValue = returnValue(O).dump();
  } else if (O.End != PathEnd::Exit) {
    P.File = O.Loc.File.str();
    P.Line = O.Loc.Line;
  }
  P.Decisions = R.Decisions;
  P.Explanation = storedExplanation(Steps);
  P.TestFile = Name;
  P.Covers = std::move(Covers);
  if (R.Covered) {
    CoveredItems C = Cov->itemsOf(*R.Covered);
    P.Covered = CoverageRow{std::move(C.Lines), std::move(C.Edges)};
  }
  P.Input = encodeAssignment(*R.Input, /*TrimZeros=*/true);
  P.Route = R.Route;
  JsonWriter W(P.Test, /*Compact=*/true);
  writeStoredTest(W, R);
  Db->addPath(P);
}

void TestWriter::recordIn(RunDatabase &Db, int64_t Part, const Coverage &Cov) {
  this->Db = &Db;
  this->Part = Part;
  this->Cov = &Cov;
  const std::vector<InputSpec> &Specs = Inputs.specs();
  for (size_t I = 0; I < Specs.size(); ++I)
    Db.addInput({Part, int64_t(I + 1), "parameter",
                 Specs[I].Arr ? Specs[I].Arr->Name : "",
                 parameterDescription(Specs[I].Param).dump()});
  NextInput = int64_t(Specs.size()) + 1;
  std::vector<CoverageItemRow> Items;
  for (uint32_t Id = 0; Id < Cov.lineItems(); ++Id) {
    auto [File, Line] = Cov.lineOf(Id);
    Items.push_back({Id, "line", Cov.fileName(File), Line, 0, 0});
  }
  for (uint32_t Id = 0; Id < Cov.edgeItems(); ++Id) {
    auto [File, B] = Cov.edgeOf(Id);
    Items.push_back({Id, "edge", Cov.fileName(File), B.Line, B.Block, B.Index});
  }
  Db.describeCoverage(Items);
}

int64_t TestWriter::createdInputId(const Array *Arr, const InputRequest &Req) {
  auto [It, New] = CreatedInputs.try_emplace(
      {Arr->Name, Req.Name, Req.Size, Req.CType, Req.Signed}, NextInput);
  if (New)
    Db->addInput({Part, NextInput++, "created", Arr->Name,
                  createdDescription(Req).dump()});
  return It->second;
}

void TestWriter::recordBugs() const {
  if (!Db)
    return;
  std::vector<BugRow> Rows;
  for (const BugRecord &B : Bugs)
    Rows.push_back({B.Kind, B.File, B.Line, B.Message, B.TestNumber, B.Count,
                    B.Confirmation, B.Replay});
  Db->setBugs(Rows);
}

} // namespace theseus
