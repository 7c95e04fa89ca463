//===- TestRecord.cpp - Reading test files --------------------------------===//
#include "report/TestRecord.h"

#include "program/Program.h"
#include "report/StoredTests.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

namespace theseus {

namespace {

using json = nlohmann::json;

/// The bytes `Hex` spells, those of the member `What` ("stdin") of the test
/// `Name`; throws InputError naming both unless it is an even number of hex
/// digits.
std::string hexToBytes(llvm::StringRef Hex, llvm::StringRef What,
                       const std::string &Name, llvm::StringRef Cmd) {
  std::string Out;
  for (size_t I = 0; I + 1 < Hex.size(); I += 2) {
    unsigned Byte;
    if (Hex.substr(I, 2).getAsInteger(16, Byte))
      throw InputError{fmt::format(
          "{}: {} is not a valid Theseus test: {} bytes \"{}\" are not hex",
          Cmd.str(), Name, What.str(), Hex.substr(I, 2).str())};
    Out.push_back(static_cast<char>(Byte));
  }
  if (Hex.size() % 2)
    throw InputError{fmt::format("{}: {} is not a valid Theseus test: "
                                 "{} bytes have an odd number of digits",
                                 Cmd.str(), Name, What.str())};
  return Out;
}

/// nlohmann's message without its "[json.exception.type_error.302] " tag.
std::string jsonError(const json::exception &E) {
  auto [Tag, Message] = llvm::StringRef(E.what()).split("] ");
  return Message.empty() ? Tag.str() : Message.str();
}

/// The version in a "format" member, "theseus-test-<version>"; 0 for any
/// other value.
unsigned formatVersion(const json &Format) {
  if (!Format.is_string())
    return 0;
  llvm::StringRef F = Format.get_ref<const std::string &>();
  unsigned Version = 0;
  if (!F.consume_front("theseus-test-") || F.getAsInteger(10, Version))
    return 0;
  return Version;
}

/// `J` as an unsigned number. Checked before the conversion: a negative
/// number would wrap around, and converting a fraction out of range is
/// undefined behaviour.
uint64_t unsignedValue(const json &J) {
  if (!J.is_number_integer() ||
      (!J.is_number_unsigned() && J.get<int64_t>() < 0))
    throw json::type_error::create(
        302,
        fmt::format("type must be an unsigned number, but is {}",
                    J.is_number() ? "a negative or fractional number"
                                  : J.type_name()),
        &J);
  return J.get<uint64_t>();
}

/// The integer `J` as its two's-complement bits, which the C types of the
/// input read as signed or not.
uint64_t integerBits(const json &J) {
  if (!J.is_number_integer())
    throw json::type_error::create(
        302, fmt::format("type must be an integer, but is {}", J.type_name()),
        &J);
  return J.is_number_unsigned() ? J.get<uint64_t>()
                                : static_cast<uint64_t>(J.get<int64_t>());
}

/// The unsigned member `Key` of the object `J`, 0 when it has none.
uint64_t unsignedMember(const json &J, const char *Key) {
  auto It = J.find(Key);
  return It == J.end() ? 0 : unsignedValue(*It);
}

/// The member `Key` of the object `J` as JSON text, when it has one.
std::optional<std::string> jsonMember(const json &J, const char *Key) {
  auto It = J.find(Key);
  if (It == J.end())
    return std::nullopt;
  return It->dump();
}

RecordedOutcome recordedOutcome(const json &O) {
  RecordedOutcome R;
  R.Kind = O.at("kind").get<std::string>();
  R.HasLocation = O.contains("file");
  R.File = O.value("file", "");
  R.Line = O.value("line", 0u);
  if (R.Kind == "bug")
    R.Bug = O.at("bug").get<std::string>();
  if (R.Kind == "exit")
    R.Code = O.at("code").get<int>();
  if (R.Kind == "return" && O.contains("value")) {
    R.Value = O.at("value").dump();
    if (O.at("value").is_number_integer())
      R.Integer = integerBits(O.at("value"));
    // Floats are the values recorded as strings (decimals).
    if (O.at("value").is_string() && O.contains("bytes"))
      R.FloatBytes = O.at("bytes").get<std::string>();
  }
  if (O.contains("message"))
    R.Message = O.at("message").get<std::string>();
  if (O.contains("stack")) {
    R.Stack.emplace();
    for (const json &F : O.at("stack"))
      R.Stack->push_back({F.value("function", ""), F.value("file", ""),
                          static_cast<unsigned>(unsignedMember(F, "line"))});
  }
  return R;
}

/// The pointee of the pointer parameter `In`: its elements, and their
/// values when they are numbers.
void readPointee(const json &In, TestInput &T) {
  ParamInfo &P = T.Param;
  P.Count = static_cast<unsigned>(unsignedValue(In.at("count")));
  P.ElemBytes = static_cast<unsigned>(unsignedValue(In.at("element_bytes")));
  P.ElemCType = In.at("element_type").get<std::string>();
  P.IsFloat = In.value("float", false);
  if (In.contains("value") && !P.IsFloat) // Floats are exact in the bytes.
    for (const json &E : In.at("value").get_ref<const json::array_t &>())
      T.Integers.push_back(integerBits(E));
}

/// The type and layout of the entry's parameter `In`, and its integers.
void readParameter(const json &In, TestInput &T) {
  ParamInfo &P = T.Param;
  P.BaseCType = In.at("base_type").get<std::string>();
  P.Bits = In.at("bits").get<unsigned>();
  P.Bytes = P.Bits / 8;
  P.IsStruct = In.value("struct", false);
  P.IsPointer = In.value("pointer", false);
  P.IsFloat = In.value("float", false);
  if (!P.IsStruct)
    P.Signed = In.at("signed").get<bool>();
  if (P.IsPointer)
    readPointee(In, T);
  else if (!P.IsStruct && !P.IsFloat)
    T.Integers = {integerBits(In.at("value"))};
}

/// An input of the test `Name`; a parameter's type only when the entry
/// takes parameters (not main's command line).
TestInput testInput(const json &In, bool CommandLine, const std::string &Name,
                    llvm::StringRef Cmd) {
  TestInput T;
  T.Created = In.value("kind", "parameter") != "parameter";
  if (!T.Created && !CommandLine)
    readParameter(In, T);
  T.Name = T.Created ? In.at("name").get<std::string>() : In.value("name", "?");
  T.CType = In.value("type", "");
  T.Bytes = T.Created || !CommandLine ? In.at("bytes").get<std::string>()
                                      : In.value("bytes", "");
  T.Memory = hexToBytes(T.Bytes, "input '" + T.Name + "'", Name, Cmd);
  T.Value = jsonMember(In, "value");
  if (In.contains("string"))
    T.String = In.at("string").get<std::string>();
  T.Fields = jsonMember(In, "fields");
  if (T.Fields)
    for (const auto &[Member, V] :
         In.at("fields").get_ref<const json::object_t &>())
      if (!V.is_string()) // A float member's decimal; its bytes are exact.
        T.FieldValues[Member] = integerBits(V);
  return T;
}

/// A decision of the explanation: "taken" is true or false, or for a
/// switch the case taken.
RecordedDecision recordedDecision(const json &D) {
  RecordedDecision R;
  R.File = D.at("file").get<std::string>();
  R.Line = static_cast<unsigned>(unsignedMember(D, "line"));
  R.Condition = D.at("condition").get<std::string>();
  R.Kind = D.value("kind", "branch");
  const json &Taken = D.at("taken");
  R.IsSwitch = Taken.is_string();
  if (R.IsSwitch)
    R.Case = Taken.get<std::string>();
  else
    R.Taken = Taken.get<bool>();
  return R;
}

/// The members of a test with a valid outline; throws nlohmann's
/// exceptions for members of the wrong type.
TestRecord testRecord(const json &Test, const std::string &Name,
                      llvm::StringRef Cmd) {
  TestRecord T;
  T.Number = unsignedMember(Test, "test");
  T.Program = ProgramDescription::fromJson(Test.at("program"));
  T.ProgramKey = Test.at("program").dump();
  T.Outcome = recordedOutcome(Test.at("outcome"));
  T.CommandLine = Test.contains("argv");
  for (const json &In : Test.at("inputs"))
    T.Inputs.push_back(testInput(In, T.CommandLine, Name, Cmd));
  for (const json &Arg : Test.value("argv", json::array())) {
    std::string Hex = Arg.at("bytes").get<std::string>();
    std::string Text = hexToBytes(Hex, "argv", Name, Cmd);
    T.Argv.push_back({Hex, Text, Arg.value("string", "")});
  }
  if (Test.contains("stdin")) {
    const json &Stdin = Test.at("stdin");
    T.Stdin = hexToBytes(Stdin.value("bytes", ""), "stdin", Name, Cmd);
    T.StdinEscaped = Stdin.value("string", "");
  }
  T.Stdout = Test.value("stdout", "");
  if (Test.contains("explanation")) {
    T.Explanation.emplace();
    for (const json &D : Test.at("explanation"))
      T.Explanation->push_back(recordedDecision(D));
  }
  T.ExplanationTruncated = unsignedMember(Test, "explanation_truncated");
  if (Test.contains("negated")) {
    const json &N = Test.at("negated");
    T.Negated = {unsignedValue(N.at("test")), unsignedValue(N.at("decision"))};
  }
  if (Test.contains("variant_of"))
    T.VariantOf = unsignedValue(Test.at("variant_of"));
  T.Diverged = Test.value("diverged", false);
  return T;
}

/// The text of the test file `Path`. Throws InputError when it cannot be
/// read.
std::string readTestText(const std::string &Path, llvm::StringRef Cmd) {
  std::ifstream In(Path);
  if (!In && !llvm::sys::fs::exists(Path))
    if (std::optional<std::string> Stored = storedTestText(Path))
      return *Stored;
  if (!In)
    throw InputError{fmt::format("{}: cannot read {}", Cmd.str(), Path)};
  // In blocks: a character at a time was a tenth of a replay's own time.
  std::ostringstream Text;
  Text << In.rdbuf();
  return Text.str();
}

/// `Text` as JSON. Throws InputError naming `F`.
json parseJson(const std::string &Text, const std::string &F,
               llvm::StringRef Cmd) {
  try {
    return json::parse(Text);
  } catch (const json::exception &E) {
    throw InputError{fmt::format("{}: {} is not valid JSON: {}", Cmd.str(), F,
                                 jsonError(E))};
  }
}

/// Checks that `Test` names the test format this Theseus reads and has the
/// members every test has. Throws InputError naming `F`, also for a test
/// of another format version.
void checkOutline(const json &Test, const std::string &F, llvm::StringRef Cmd) {
  unsigned Version =
      Test.is_object() ? formatVersion(Test.value("format", json())) : 0;
  if (Version == 0)
    throw InputError{fmt::format("{}: {} is not a Theseus test (no "
                                 "\"format\": \"{}\")",
                                 Cmd.str(), F, testFormat())};
  if (Version != TestFormatVersion)
    throw InputError{fmt::format(
        "{}: {} is a Theseus test of format version {}; this Theseus reads "
        "version {} (\"format\": \"{}\")",
        Cmd.str(), F, Version, TestFormatVersion, testFormat())};
  if (!Test.value("program", json()).is_object() ||
      !Test.value("outcome", json()).is_object() ||
      !Test.value("inputs", json()).is_array())
    throw InputError{
        fmt::format("{}: {} is not a valid Theseus test: it needs the objects "
                    "\"program\" and \"outcome\" and the array \"inputs\"",
                    Cmd.str(), F)};
}

} // namespace

std::string testFormat(unsigned Version) {
  return fmt::format("theseus-test-{}", Version);
}

std::vector<const TestInput *> TestRecord::parameters() const {
  std::vector<const TestInput *> Out;
  if (!CommandLine)
    for (const TestInput &In : Inputs)
      if (!In.Created)
        Out.push_back(&In);
  return Out;
}

std::string TestRecord::createdInputs() const {
  std::string Out;
  for (const TestInput &In : Inputs)
    if (In.Created)
      Out += In.Name + " " + In.Bytes + "\n";
  return Out;
}

void collectTests(const std::string &Path, std::vector<std::string> &Out,
                  llvm::StringRef Cmd) {
  if (!llvm::sys::fs::exists(Path) && !storedTestText(Path))
    throw InputError{
        fmt::format("{}: no such file or directory: {}", Cmd.str(), Path)};
  if (!llvm::sys::fs::is_directory(Path)) {
    Out.push_back(Path);
    return;
  }
  std::error_code EC;
  std::vector<std::string> Found;
  for (llvm::sys::fs::directory_iterator It(Path, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (Name.starts_with("test") && Name.ends_with(".json"))
      Found.push_back(It->path());
  }
  if (Found.empty())
    throw InputError{
        fmt::format("{}: no test files (test*.json) in {}", Cmd.str(), Path)};
  std::sort(Found.begin(), Found.end());
  Out.insert(Out.end(), Found.begin(), Found.end());
}

TestRecord readTest(const json &Test, const std::string &Name,
                    llvm::StringRef Cmd) {
  checkOutline(Test, Name, Cmd);
  // A member of the wrong type names the test instead of ending Theseus
  // with an internal error.
  try {
    return testRecord(Test, Name, Cmd);
  } catch (const json::exception &E) {
    throw InputError{fmt::format("{}: {} is not a valid Theseus test: {}",
                                 Cmd.str(), Name, jsonError(E))};
  }
}

TestRecord parseTest(const std::string &Text, const std::string &Name,
                     llvm::StringRef Cmd) {
  return readTest(parseJson(Text, Name, Cmd), Name, Cmd);
}

TestRecord readTestFile(const std::string &Path, llvm::StringRef Cmd) {
  return parseTest(readTestText(Path, Cmd), Path, Cmd);
}

std::string inputText(const TestInput &In) {
  std::string Value;
  if (In.String)
    Value = json(*In.String).dump();
  else if (In.Fields) // A struct reads better by its members.
    Value = *In.Fields;
  else if (In.Value && In.Value->front() == '"') // A float's decimal.
    Value = json::parse(*In.Value).get<std::string>();
  else if (In.Value)
    Value = *In.Value;
  else
    Value = "0x" + In.Bytes;
  return In.Name + " = " + Value;
}

} // namespace theseus
