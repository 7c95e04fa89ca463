//===- TestFile.cpp - Writing tests as they are found ---------------------===//
#include "report/TestFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <fmt/format.h>
#include <fstream>
#include <unistd.h>

namespace theseus {

nlohmann::json ProgramDescription::toJson() const {
  return {{"sources", Sources},
          {"native_sources", NativeSources},
          {"cflags", CFlags},
          {"checks", UndefinedBehaviorChecks ? nlohmann::json::array({"ub"})
                                             : nlohmann::json::array()},
          {"data_model", toString(Model)},
          {"entry", Entry},
          {"return_type", Return.IsVoid ? "void" : Return.BaseCType},
          {"return_signed", Return.Signed},
          {"return_bits", Return.Bits}};
}

ProgramDescription ProgramDescription::fromJson(const nlohmann::json &J) {
  ProgramDescription P;
  P.Sources = J.at("sources").get<std::vector<std::string>>();
  P.NativeSources = J.value("native_sources", std::vector<std::string>{});
  P.CFlags = J.value("cflags", std::vector<std::string>{});
  auto Checks = J.value("checks", std::vector<std::string>{});
  P.UndefinedBehaviorChecks =
      std::find(Checks.begin(), Checks.end(), "ub") != Checks.end();
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
  P.Return.Bits = J.value("return_bits", 0u);
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

bool writeAll(int Fd, const std::string &Contents) {
  for (size_t Done = 0; Done < Contents.size();) {
    ssize_t N = ::write(Fd, Contents.data() + Done, Contents.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += static_cast<size_t>(N);
  }
  return true;
}

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
  std::string Tmp = Path + ".tmp";
  int Fd = ::open(Tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  bool Ok = Fd >= 0 && writeAll(Fd, Contents);
  if (Fd >= 0)
    Ok = ::close(Fd) == 0 && Ok;
  if (!Ok)
    throw std::runtime_error("cannot write " + Tmp);
  if (std::rename(Tmp.c_str(), Path.c_str()) != 0)
    throw std::runtime_error("cannot write " + Path);
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
    : OutDir(std::move(OutDir)), Program(std::move(Program)), Inputs(Inputs) {}

nlohmann::json TestWriter::returnValue(uint64_t Bits) const {
  const ReturnInfo &R = Program.Return;
  if (R.Signed)
    return signExtend(Bits, R.Bits ? R.Bits : 64);
  return truncBits(Bits, R.Bits ? R.Bits : 64);
}

namespace {

nlohmann::json locationJson(const SourceLoc &L) {
  return {{"file", L.File.str()}, {"line", L.Line}};
}

std::string hexBytes(llvm::ArrayRef<uint8_t> Bytes) {
  std::string Hex;
  for (uint8_t B : Bytes)
    Hex += fmt::format("{:02x}", B);
  return Hex;
}

std::string hexBytes(const Assignment &A, const Array *Arr) {
  std::vector<uint8_t> Bytes(Arr->Size);
  for (uint32_t I = 0; I < Arr->Size; ++I)
    Bytes[I] = A.byte(Arr, I);
  return hexBytes(Bytes);
}

/// C-escaped, so any byte survives JSON (which wants UTF-8).
std::string escaped(llvm::StringRef Text) {
  std::string Str;
  for (char Ch : Text) {
    uint8_t C = static_cast<uint8_t>(Ch);
    if (C == '\\' || C == '"')
      Str += fmt::format("\\{}", Ch);
    else if (C >= 0x20 && C < 0x7f)
      Str.push_back(Ch);
    else
      Str += fmt::format("\\x{:02x}", C);
  }
  return Str;
}

/// A struct's integer members by name, read from the input's bytes.
nlohmann::json fieldsJson(const ParamInfo &P,
                          const std::vector<uint8_t> &Bytes) {
  nlohmann::json Fields = nlohmann::json::object();
  for (const FieldInfo &F : P.Fields) {
    uint64_t V = 0;
    for (unsigned B = 0; B < F.Bytes && B < 8; ++B)
      V |= uint64_t(Bytes[F.Offset + B]) << (8 * B);
    Fields[F.Name] = F.Signed ? nlohmann::json(signExtend(V, 8 * F.Bytes))
                              : nlohmann::json(truncBits(V, 8 * F.Bytes));
  }
  return Fields;
}

/// The entry's parameters first, then the inputs the program created, in
/// creation order. Replay passes parameters as arguments and serves created
/// inputs by name.
nlohmann::json inputsJson(const EntryInputs &Inputs, const PathResult &R) {
  const Assignment &A = *R.Input;
  nlohmann::json Arr = nlohmann::json::array();
  for (const InputSpec &S : Inputs.specs()) {
    std::vector<uint8_t> Bytes = EntryInputs::bytes(S, A);
    if (S.Param.IsPointer) {
      const ParamInfo &P = S.Param;
      nlohmann::json Elems = nlohmann::json::array();
      for (unsigned E = 0; E < P.Count && P.ElemBytes <= 8; ++E) {
        uint64_t V = 0;
        for (unsigned B = 0; B < P.ElemBytes; ++B)
          V |= uint64_t(Bytes[E * P.ElemBytes + B]) << (8 * B);
        Elems.push_back(P.Signed
                            ? nlohmann::json(signExtend(V, 8 * P.ElemBytes))
                            : nlohmann::json(V));
      }
      nlohmann::json In = {{"name", P.Name},
                           {"kind", "parameter"},
                           {"type", P.CType},
                           {"base_type", P.BaseCType},
                           {"pointer", true},
                           {"element_type", P.ElemCType},
                           {"element_bytes", P.ElemBytes},
                           {"count", P.Count},
                           {"bits", P.Bytes * 8},
                           {"signed", P.Signed},
                           {"bytes", hexBytes(Bytes)}};
      if (P.ElemBytes <= 8)
        In["value"] = Elems;
      if (!P.Fields.empty())
        In["fields"] = fieldsJson(P, Bytes);
      if (P.NulTerminated)
        In["string"] = escaped(std::string(
            Bytes.begin(), std::find(Bytes.begin(), Bytes.end(), 0)));
      Arr.push_back(In);
      continue;
    }
    if (S.Param.IsStruct) {
      Arr.push_back({{"name", S.Param.Name},
                     {"kind", "parameter"},
                     {"type", S.Param.CType},
                     {"base_type", S.Param.BaseCType},
                     {"struct", true},
                     {"bits", S.Param.Bits},
                     {"signed", false},
                     {"bytes", hexBytes(Bytes)},
                     {"fields", fieldsJson(S.Param, Bytes)}});
      continue;
    }
    nlohmann::json V = S.Param.Signed
                           ? nlohmann::json(EntryInputs::signedValue(S, A))
                           : nlohmann::json(EntryInputs::unsignedValue(S, A));
    Arr.push_back({{"name", S.Param.Name},
                   {"kind", "parameter"},
                   {"type", S.Param.CType},
                   {"base_type", S.Param.BaseCType},
                   {"bits", S.Param.Bits},
                   {"signed", S.Param.Signed},
                   {"bytes", hexBytes(Bytes)},
                   {"value", V}});
  }
  for (const auto &[Arr0, Req] : R.Created) {
    nlohmann::json In = {{"name", Req.Name},     {"kind", "created"},
                         {"type", Req.CType},    {"bits", Req.Size * 8},
                         {"signed", Req.Signed}, {"bytes", hexBytes(A, Arr0)}};
    // Buffers of 1, 2, 4 or 8 bytes usually hold one integer: show it, as
    // a signed little-endian value when the type is not known.
    bool Scalar = Req.CType.find('[') == std::string::npos;
    if (Req.Size <= 8 && (Scalar || (Req.Size & (Req.Size - 1)) == 0)) {
      uint64_t V = 0;
      for (uint32_t I = 0; I < Req.Size; ++I)
        V |= uint64_t(A.byte(Arr0, I)) << (8 * I);
      unsigned Bits = Req.CType == "_Bool" ? 1 : Req.Size * 8;
      In["value"] = Req.Signed || !Scalar ? nlohmann::json(signExtend(V, Bits))
                                          : nlohmann::json(truncBits(V, Bits));
    }
    Arr.push_back(In);
  }
  return Arr;
}

/// The command line the test passes to main, each argument escaped and
/// as hex bytes.
nlohmann::json argvJson(const EntryInputs &Inputs, const Assignment &A) {
  nlohmann::json Args = nlohmann::json::array();
  for (const std::string &Arg : Inputs.argv(A))
    Args.push_back({{"string", escaped(Arg)},
                    {"bytes", hexBytes(llvm::ArrayRef<uint8_t>(
                                  reinterpret_cast<const uint8_t *>(Arg.data()),
                                  Arg.size()))}});
  return Args;
}

/// The bytes the program can read on stdin: the symbolic "stdin" input if
/// the program read it, else the concrete --stdin contents.
nlohmann::json stdinJson(const std::string &Concrete, const PathResult &R) {
  std::string Bytes = Concrete;
  for (const auto &[Arr, Req] : R.Created)
    if (Req.Name == "stdin") {
      Bytes.clear();
      for (uint32_t I = 0; I < Arr->Size; ++I)
        Bytes.push_back(static_cast<char>(R.Input->byte(Arr, I)));
    }
  return {{"string", escaped(Bytes)},
          {"bytes", hexBytes(llvm::ArrayRef<uint8_t>(
                        reinterpret_cast<const uint8_t *>(Bytes.data()),
                        Bytes.size()))}};
}

/// The decisions of the path in source terms (see SourceText.h).
nlohmann::json explanationJson(const std::vector<ExplainedDecision> &Steps) {
  nlohmann::json Arr = nlohmann::json::array();
  for (const ExplainedDecision &D : Steps)
    Arr.push_back({{"file", D.File},
                   {"line", D.Line},
                   {"condition", D.Condition},
                   {"taken", D.IsSwitch ? nlohmann::json(D.Case)
                                        : nlohmann::json(D.Taken)},
                   {"kind", decisionKindName(D.Kind)}});
  return Arr;
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

/// program-output.txt: every test's output, exact bytes, under a header
/// naming the test.
void TestWriter::appendProgramOutput(const std::string &Test,
                                     const std::string &Output) const {
  if (Output.empty())
    return;
  std::ofstream OS(OutDir + "/program-output.txt", std::ios::app);
  OS << "==> " << Test << " <==\n" << Output;
  if (Output.back() != '\n')
    OS << "\n";
}

void TestWriter::onNewPath(const PathResult &R) {
  const PathOutcome &O = *R.Outcome;
  nlohmann::json Outcome = {{"kind", toString(O.End)}};
  switch (O.End) {
  case PathEnd::Return:
    if (O.HasValue && !Program.Return.IsVoid) {
      Outcome["value"] = returnValue(O.Value);
      if (Program.Return.Signed)
        SignedReturns.insert(signExtend(O.Value, Program.Return.Bits));
      else
        UnsignedReturns.insert(truncBits(O.Value, Program.Return.Bits));
    }
    break;
  case PathEnd::Exit:
    Outcome["code"] = signExtend(O.Value, 32);
    break;
  case PathEnd::Bug: {
    Outcome["bug"] = O.BugKind;
    Outcome["message"] = O.Message;
    Outcome.update(locationJson(O.Loc));
    nlohmann::json Stack = nlohmann::json::array();
    for (const StackEntry &E : O.Stack) {
      nlohmann::json F = locationJson(E.Loc);
      F["function"] = E.Function;
      Stack.push_back(F);
    }
    Outcome["stack"] = Stack;
    break;
  }
  default:
    Outcome["message"] = O.Message;
    Outcome.update(locationJson(O.Loc));
    break;
  }
  std::string Name = testFileName(R.Index);
  nlohmann::json Test = {{"format", "theseus-test-1"},
                         {"test", R.Index},
                         {"run", R.Run},
                         {"program", Program.toJson()},
                         {"inputs", inputsJson(Inputs, R)},
                         {"stdin", stdinJson(Program.Stdin, R)},
                         {"outcome", Outcome},
                         {"decisions", R.Decisions},
                         {"diverged", R.Diverged},
                         {"stdout", R.Stdout},
                         {"path", fmt::format("{:016x}", R.PathId)}};
  std::vector<ExplainedDecision> Steps =
      Explainer.explain(R.Explanation.decisions());
  Test["explanation"] = explanationJson(Steps);
  Test["explanation_truncated"] = R.Explanation.omitted();
  if (R.VariantOf)
    Test["variant_of"] = R.VariantOf;
  else if (R.NegatedTest)
    Test["negated"] = {
        {"test", R.NegatedTest},
        {"decision", explainedIndex(Steps, R.Explanation, R.NegatedDecision)}};
  if (!R.Origin.empty())
    Test["found_by"] = R.Origin;
  if (Inputs.hasCommandLine())
    Test["argv"] = argvJson(Inputs, *R.Input);
  writeJsonFile(OutDir + "/" + Name, Test);
  appendProgramOutput(Name, R.Stdout);
  ++Tests;
  ++Outcomes[toString(O.End)];
  if (O.End != PathEnd::Bug)
    return;
  for (BugRecord &B : Bugs)
    if (B.Kind == O.BugKind && B.File == O.Loc.File && B.Line == O.Loc.Line) {
      ++B.Count;
      return;
    }
  Bugs.push_back({O.BugKind, O.Loc.File.str(), O.Loc.Line, O.Message, Name, 1,
                  "unchecked", "", R.Seconds, R.PathsDone});
}

} // namespace theseus
