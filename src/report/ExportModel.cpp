//===- ExportModel.cpp - A run's tests as calls with expected results -----===//
#include "report/Export.h"

#include "expr/FloatOps.h"
#include "program/Program.h"
#include "report/ReplayOutcome.h"
#include "report/StoredTests.h"
#include "report/TestRecord.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <climits>
#include <csignal>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <set>

namespace theseus {

namespace {

/// A test that cannot be written as code; the message says why.
struct Inexpressible {
  std::string Why;
};

/// A test whose members do not fit the program it names; the message says
/// how.
struct Invalid {
  std::string Why;
};

/// The C spelling of an integer type, for C and C++ alike (`bool` through
/// <stdbool.h>): the source's name when both languages know it, else a type
/// of the same size and signedness (enums, the program's typedefs).
std::string scalarType(llvm::StringRef Base, unsigned Bits, bool Signed,
                       bool Float = false) {
  if (Float)
    return Bits == 32 ? "float" : "double";
  static const std::set<std::string> Known = {
      "char",           "signed char", "unsigned char",     "short",
      "unsigned short", "int",         "unsigned int",      "long",
      "unsigned long",  "long long",   "unsigned long long"};
  Base.consume_front("const ");
  Base.consume_front("volatile ");
  if (Known.count(Base.str()))
    return Base.str();
  if (Base == "_Bool" || Bits == 1)
    return "bool";
  std::string U = Signed ? "" : "unsigned ";
  switch (Bits) {
  case 8:
    return Signed ? "signed char" : "unsigned char";
  case 16:
    return U + "short";
  case 32:
    return U + "int";
  default:
    return U + "long long";
  }
}

/// A C literal of a value of the type `scalarType` gives, from its
/// two's-complement bits `V`.
std::string literal(uint64_t V, unsigned Bits, bool Signed) {
  if (Signed) {
    auto X = static_cast<int64_t>(V);
    if (X == INT64_MIN)
      return "(-9223372036854775807LL - 1)";
    if (X == INT32_MIN)
      return "(-2147483647 - 1)";
    return fmt::format("{}{}", X, X >= INT32_MIN && X <= INT32_MAX ? "" : "LL");
  }
  if (Bits == 1)
    return V ? "true" : "false";
  return fmt::format("{}{}", V, V <= UINT32_MAX ? "u" : "ULL");
}

/// The little-endian integer of `Bytes` at `Offset`, `Size` of them.
uint64_t bitsAt(const std::string &Bytes, size_t Offset, unsigned Size) {
  uint64_t V = 0;
  for (unsigned B = 0; B < Size && Offset + B < Bytes.size(); ++B)
    V |= uint64_t(uint8_t(Bytes[Offset + B])) << (8 * B);
  return V;
}

/// The encoding `Value` of a float (`Bits` 32) or double, in hexadecimal.
std::string encodingLiteral(uint64_t Value, unsigned Bits) {
  return fmt::format("{:#x}{}", Value, Bits == 32 ? "u" : "ULL");
}

/// A C expression of the float (`Bits` 32) or double with the encoding
/// `Value`, exactly: a hexadecimal literal, or for infinities and NaNs (a
/// NaN's payload has no literal) the encoding converted by the prologue's
/// theseus_float/theseus_double; the decimal in a comment.
std::string floatLiteral(uint64_t Value, unsigned Bits) {
  FloatFormat Fmt = Bits == 32 ? FloatFormat::Single : FloatFormat::Double;
  std::string Shown = fmt::format(" /* {} */", floatToString(Fmt, Value));
  uint64_t Exponent = Bits == 32 ? 0x7f800000 : 0x7ff0000000000000;
  if ((Value & Exponent) == Exponent)
    return fmt::format("theseus_{}({})", Bits == 32 ? "float" : "double",
                       encodingLiteral(Value, Bits)) +
           Shown;
  return floatHex(Fmt, Value) + (Bits == 32 ? "f" : "") + Shown;
}

/// How to run test `File` again: a test of the run's database that is not
/// in its suite has no file until `export --json` writes it.
std::string reproduction(const std::string &File) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  if (llvm::sys::fs::exists(Abs))
    return "Reproduce: theseus replay " + Abs.str().str();
  return fmt::format("Reproduce: theseus export --json {} DIR, then "
                     "theseus replay DIR/{}",
                     llvm::sys::path::parent_path(Abs).str(),
                     llvm::sys::path::filename(Abs).str());
}

} // namespace

std::string stringLiteral(llvm::StringRef Bytes) {
  std::string Out = "\"";
  for (char Ch : Bytes) {
    auto C = static_cast<uint8_t>(Ch);
    if (C == '\\' || C == '"')
      Out += fmt::format("\\{}", Ch);
    else if (C == '\n')
      Out += "\\n";
    else if (C >= 0x20 && C < 0x7f && C != '?') // '?': no trigraphs.
      Out.push_back(Ch);
    else
      Out += fmt::format("\\{:03o}", C);
  }
  return Out + "\"";
}

namespace {

std::string byteList(llvm::StringRef Bytes) {
  std::string Out;
  for (char Ch : Bytes)
    Out += fmt::format("{}{}", Out.empty() ? "" : ", ",
                       static_cast<unsigned>(static_cast<uint8_t>(Ch)));
  return "{" + Out + "}";
}

bool isIdentifier(llvm::StringRef S) {
  static const std::regex Id("[A-Za-z_][A-Za-z0-9_]*");
  return std::regex_match(S.str(), Id);
}

/// The layouts of the entry's struct parameters, from the program's debug
/// info: compiled once, and only for tests that pass structs.
class StructLayouts {
public:
  explicit StructLayouts(const ProgramDescription &P) : Prog(P) {}

  /// The members of parameter `Name`'s struct.
  const std::vector<FieldInfo> &fields(const std::string &Name) {
    if (!Loaded)
      load();
    auto It = Fields.find(Name);
    if (It == Fields.end() || It->second.empty())
      throw Inexpressible{fmt::format(
          "the layout of parameter '{}' is not in the program's debug info",
          Name)};
    return It->second;
  }

private:
  void load() {
    Loaded = true;
    CompileOptions Opts;
    Opts.Sources = Prog.Sources;
    Opts.CFlags = Prog.CFlags;
    Opts.IncludeDir = THESEUS_INCLUDE_DIR;
    Opts.UndefinedBehaviorChecks = Prog.UndefinedBehaviorChecks;
    std::unique_ptr<Program> P = Program::load(Opts);
    for (const ParamInfo &Param : describeParams(P->selectEntry(Prog.Entry)))
      Fields[Param.Name] = Param.Fields;
  }

  const ProgramDescription &Prog;
  bool Loaded = false;
  std::map<std::string, std::vector<FieldInfo>> Fields;
};

/// A struct definition with the recorded layout: the members in order
/// (nested members flattened, 1-D arrays of integers kept), padded where the
/// C layout places a member further than C++ would.
std::string structDefinition(const std::string &Type, unsigned Size,
                             const std::vector<FieldInfo> &Fields) {
  static const std::regex Element(R"(([A-Za-z_]\w*)\[(\d+)\])");
  std::string Body;
  unsigned At = 0, Pads = 0;
  for (size_t I = 0; I < Fields.size();) {
    const FieldInfo &F = Fields[I];
    std::string T = scalarType(F.CType, 8 * F.Bytes, F.Signed, F.IsFloat);
    size_t Run = 1;
    std::smatch M;
    std::string Member;
    if (std::regex_match(F.Name, M, Element) && M[2] == "0") {
      for (;
           I + Run < Fields.size() &&
           Fields[I + Run].Name == fmt::format("{}[{}]", M[1].str(), Run) &&
           Fields[I + Run].Bytes == F.Bytes && Fields[I + Run].CType == F.CType;
           ++Run)
        ;
      Member = fmt::format("{}[{}]", M[1].str(), Run);
    } else {
      Member = F.Name;
      std::replace_if(
          Member.begin(), Member.end(),
          [](char C) { return !llvm::isAlnum(C) && C != '_'; }, '_');
    }
    unsigned Natural = (At + F.Bytes - 1) / F.Bytes * F.Bytes;
    if (F.Offset != Natural)
      Body += fmt::format("  unsigned char theseus_pad{}[{}];\n", Pads++,
                          F.Offset - At);
    Body += fmt::format("  {} {};\n", T, Member);
    At = F.Offset + static_cast<unsigned>(Run) * F.Bytes;
    I += Run;
  }
  llvm::StringRef Name(Type);
  std::string Head =
      Name.starts_with("struct ") ? Type + " {\n" : "typedef struct {\n";
  std::string Tail = Name.starts_with("struct ") ? "};\n" : "} " + Type + ";\n";
  return Head + Body + Tail +
         fmt::format("static_assert(sizeof({}) == {}, \"the layout of {} in "
                     "the program\");\n",
                     Type, Size, Type);
}

/// A struct member name as the exported definition spells it.
std::string memberName(const std::string &Field) {
  static const std::regex Element(R"([A-Za-z_]\w*\[\d+\])");
  if (std::regex_match(Field, Element))
    return Field;
  std::string M = Field;
  std::replace_if(
      M.begin(), M.end(), [](char C) { return !llvm::isAlnum(C) && C != '_'; },
      '_');
  return M;
}

/// Builds the statements and arguments of one test.
class TestBuilder {
public:
  TestBuilder(ExportedSuite &Suite, StructLayouts &Layouts,
              std::set<std::string> &Declared)
      : Suite(Suite), Layouts(Layouts), Declared(Declared) {}

  /// Adds the entry's parameter `In`; returns its C type.
  std::string addParameter(const TestInput &In, unsigned Index,
                           ExportedTest &T) {
    std::string Name = In.Name;
    if (!isIdentifier(Name) || Name.rfind("theseus_", 0) == 0)
      Name = fmt::format("arg{}", Index);
    Names.insert(Name);
    const ParamInfo &P = In.Param;
    if (P.IsStruct)
      return addStruct(In, Name, false, T);
    if (P.IsPointer)
      return addPointer(In, Name, T);
    std::string Type = scalarType(P.BaseCType, P.Bits, P.Signed, P.IsFloat);
    std::string Value =
        P.IsFloat ? floatLiteral(bitsAt(In.Memory, 0, P.Bits / 8), P.Bits)
                  : literal(In.Integers.front(), P.Bits, P.Signed);
    T.Setup.push_back(fmt::format("{} {} = {};", Type, Name, Value));
    Args.push_back(Name);
    return Type;
  }

  std::string args() const { return llvm::join(Args, ", "); }
  /// A local name no parameter takes.
  std::string local(std::string Name) const {
    while (Names.count(Name))
      Name += "_";
    return Name;
  }

private:
  /// A struct by value (`Pointer` false) or the one struct behind a
  /// pointer: declared with its layout, zeroed, then its members set.
  std::string addStruct(const TestInput &In, const std::string &Name,
                        bool Pointer, ExportedTest &T) {
    std::string Type = Pointer ? In.Param.ElemCType : In.CType;
    llvm::StringRef Bare(Type);
    Bare.consume_front("const ");
    Bare.consume_front("volatile ");
    Type = Bare.str();
    unsigned Size = Pointer ? In.Param.ElemBytes : In.Param.Bytes;
    const std::vector<FieldInfo> &Fields = Layouts.fields(In.Name);
    if (!isIdentifier(llvm::StringRef(Type).drop_front(
            Bare.starts_with("struct ") ? 7 : 0)))
      throw Inexpressible{fmt::format(
          "parameter '{}' has the type '{}', which C cannot name", Name, Type)};
    if (Declared.insert(Type).second)
      Suite.Types.push_back(structDefinition(Type, Size, Fields));
    T.Setup.push_back(fmt::format("{} {};", Type, Name));
    T.Setup.push_back(fmt::format("memset(&{0}, 0, sizeof {0});", Name));
    for (const FieldInfo &F : Fields) {
      uint64_t Bits = bitsAt(In.Memory, F.Offset, F.Bytes);
      if (F.IsFloat && Bits != 0) // Zeroed already: +0.0.
        T.Setup.push_back(fmt::format("{}.{} = {};", Name, memberName(F.Name),
                                      floatLiteral(Bits, 8 * F.Bytes)));
      if (F.IsFloat)
        continue;
      auto V = In.FieldValues.find(F.Name);
      if (V == In.FieldValues.end())
        throw Invalid{
            fmt::format("parameter '{}' has no member '{}'", In.Name, F.Name)};
      if (V->second != 0)
        T.Setup.push_back(
            fmt::format("{}.{} = {};", Name, memberName(F.Name),
                        literal(V->second, 8 * F.Bytes, F.Signed)));
    }
    Args.push_back(Pointer ? "&" + Name : Name);
    return Pointer ? Type + " *" : Type;
  }

  /// The buffer behind a pointer: an exact-size array (so a sanitizer sees
  /// any overflow) of the elements, the characters of a string, or bytes.
  std::string addPointer(const TestInput &In, const std::string &Name,
                         ExportedTest &T) {
    const ParamInfo &P = In.Param;
    if (In.Fields && P.Count == 1)
      return addStruct(In, Name, true, T);
    const std::string &Bytes = In.Memory;
    llvm::StringRef Bare(P.ElemCType);
    Bare.consume_front("const ");
    Args.push_back(Name);
    if (In.String && Bare == "char" && !Bytes.empty() && Bytes.back() == 0) {
      llvm::StringRef Text(Bytes.data(), Bytes.size() - 1);
      // Bytes after the string are zero: C fills the rest of the array.
      if (Text.find_last_not_of('\0') != llvm::StringRef::npos)
        Text = Text.substr(0, Text.find_last_not_of('\0') + 1);
      else
        Text = "";
      T.Setup.push_back(
          fmt::format("char {}[{}] = {};", Name, P.Count, stringLiteral(Text)));
      return "char *";
    }
    if (In.Value && P.ElemBytes <= 8 && !In.Fields) {
      unsigned Bits = 8 * P.ElemBytes;
      std::string Type = scalarType(Bare, Bits, P.Signed, P.IsFloat);
      std::vector<std::string> Elems;
      size_t N = P.IsFloat ? Bytes.size() / P.ElemBytes : In.Integers.size();
      for (size_t I = 0; I < N; ++I)
        Elems.push_back(
            P.IsFloat ? floatLiteral(
                            bitsAt(Bytes, I * P.ElemBytes, P.ElemBytes), Bits)
                      : literal(In.Integers[I], Bits, P.Signed));
      T.Setup.push_back(fmt::format("{} {}[{}] = {{{}}};", Type, Name, P.Count,
                                    llvm::join(Elems, ", ")));
      return Type + " *";
    }
    T.Setup.push_back(
        fmt::format("unsigned char {}[{}] __attribute__((aligned(16))) = {};",
                    Name, Bytes.size(), byteList(Bytes)));
    return "void *";
  }

  ExportedSuite &Suite;
  StructLayouts &Layouts;
  std::set<std::string> &Declared;
  std::vector<std::string> Args;
  std::set<std::string> Names;
};

/// "returns_7", "returns_minus_3", "exits_1", "null_dereference".
std::string outcomeSuffix(const RecordedOutcome &O) {
  std::string S;
  if (O.Kind == "return") // A float's value is a JSON string.
    S = O.Value == "void"
            ? "returns"
            : "returns_" + llvm::StringRef(O.Value).trim('"').str();
  else if (O.Kind == "exit")
    S = fmt::format("exits_{}", O.Code & 0xff);
  else
    S = O.Bug;
  if (llvm::StringRef(S).contains("_-"))
    S.replace(S.find("_-"), 2, "_minus_");
  for (char &C : S)
    if (!llvm::isAlnum(C))
      C = '_';
  return S;
}

/// The path's decisions, when the test records them.
void explain(const TestRecord &Test, std::vector<std::string> &Comment) {
  if (!Test.Explanation)
    return;
  Comment.push_back("Path:");
  for (const RecordedDecision &D : *Test.Explanation) {
    std::string Side = D.IsSwitch ? D.Case : D.Taken ? "true" : "false";
    Comment.push_back(fmt::format("  {}:{}: {} {} -> {}",
                                  llvm::sys::path::filename(D.File).str(),
                                  D.Line, D.Kind, D.Condition, Side));
  }
  if (Test.ExplanationTruncated)
    Comment.push_back(
        fmt::format("  ... and {} more decisions", Test.ExplanationTruncated));
  if (Test.Negated)
    Comment.push_back(fmt::format("Found by negating decision {} of test {}.",
                                  Test.Negated->Decision, Test.Negated->Test));
}

/// The expected end of the call; throws Inexpressible for outcomes without
/// a native counterpart.
void expect(const RecordedOutcome &O, ExportedTest &T) {
  if (O.Kind == "return") {
    T.Expect = ExportExpect::Return;
    return;
  }
  if (O.Kind == "exit") {
    T.Expect = ExportExpect::Exit;
    T.Code = O.Code & 0xff;
    return;
  }
  if (O.Kind != "bug")
    throw Inexpressible{
        fmt::format("its outcome '{}' has no native counterpart", O.Kind)};
  T.Bug = O.Bug;
  T.Comment.push_back(fmt::format("Bug: {} at {}:{}: {}", O.Bug,
                                  llvm::sys::path::filename(O.File).str(),
                                  O.Line, O.Message.value_or("")));
  if (isUndefinedBehaviorBug(O.Bug)) {
    T.Expect = ExportExpect::Sanitizer;
    // -fsanitize=undefined leaves float division by zero out, and the
    // exported file detects UBSan by -fsanitize=undefined.
    T.Sanitizer = O.Bug == "float-division-by-zero"
                      ? "undefined,float-divide-by-zero"
                      : "undefined";
    T.Report = "runtime error";
  } else if (isMemoryBug(O.Bug) && O.Bug != "null-dereference") {
    T.Expect = ExportExpect::Sanitizer;
    T.Sanitizer = "address";
    // A wild pointer may fault instead of reaching a poisoned byte.
    T.Report = O.Bug == "invalid-pointer" ? "" : "AddressSanitizer";
  } else {
    T.Expect = ExportExpect::Signal;
    T.Signal = signalForBug(O.Bug);
  }
}

/// The integer a test of an entry returning one records.
uint64_t returnedInteger(const RecordedOutcome &O) {
  if (!O.Integer)
    throw Invalid{
        fmt::format("its return value {} is not an integer", O.Value)};
  return *O.Integer;
}

/// A float returned is compared by its encoding: the call becomes that of
/// its bits (the prologue's theseus_float_bits or theseus_double_bits), and
/// the expected value the recorded encoding.
void expectFloat(const RecordedOutcome &O, unsigned Bits, ExportedTest &T) {
  const char *Name = Bits == 32 ? "float" : "double";
  T.Call = fmt::format("theseus_{}_bits({})", Name, T.Call);
  T.ResultType = Bits == 32 ? "uint32_t" : "uint64_t";
  T.Unsigned = true;
  if (T.Expect != ExportExpect::Return)
    return;
  if (!O.FloatBytes || O.FloatBytes->size() != Bits / 4)
    throw Inexpressible{"it does not record the encoding of the float it "
                        "returns (a test of an earlier Theseus)"};
  uint64_t V = 0;
  for (unsigned B = 0; B < Bits / 8; ++B)
    V |= std::stoull(O.FloatBytes->substr(2 * B, 2), nullptr, 16) << (8 * B);
  T.Value = fmt::format(
      "{} /* {} */", encodingLiteral(V, Bits),
      floatToString(Bits == 32 ? FloatFormat::Single : FloatFormat::Double, V));
}

/// main's command line: each argument a char array, then argv and envp.
std::string commandLine(const std::vector<TestArgument> &Argv, TestBuilder &B,
                        ExportedTest &T) {
  std::vector<std::string> Names;
  for (const TestArgument &Arg : Argv) {
    std::string Name = B.local(fmt::format("arg{}", Names.size()));
    T.Setup.push_back(
        fmt::format("char {}[] = {};", Name, stringLiteral(Arg.Text)));
    Names.push_back(Name);
  }
  Names.push_back("NULL");
  std::string ArgvName = B.local("argv"), EnvpName = B.local("envp");
  T.Setup.push_back(
      fmt::format("char *{}[] = {{{}}};", ArgvName, llvm::join(Names, ", ")));
  T.Setup.push_back(fmt::format("char *{}[] = {{NULL}};", EnvpName));
  return fmt::format("{}, {}, {}", Argv.size(), ArgvName, EnvpName);
}

/// Harness-created inputs, served in order by the inlined runtime.
void createdInputs(const std::vector<TestInput> &Inputs, ExportedTest &T) {
  std::vector<std::string> Shown, Lines;
  for (const TestInput &In : Inputs) {
    if (!In.Created)
      continue;
    Lines.push_back(stringLiteral(In.Name + " " + In.Bytes + "\n"));
    if (In.Value)
      Shown.push_back(fmt::format("{} = {}", In.Name, *In.Value));
  }
  if (!Shown.empty())
    T.Setup.push_back(fmt::format("/* {} */", llvm::join(Shown, ", ")));
  T.Setup.push_back(fmt::format(
      "theseus_replay_use({});",
      Lines.empty() ? "\"\"" : llvm::join(Lines, "\n                   ")));
}

/// Whether the program calls the harness API (so the runtime is inlined
/// even for tests that created no input).
bool callsHarness(const std::vector<std::string> &Sources) {
  static const char *Api[] = {"make_symbolic", "__VERIFIER_", "theseus_int",
                              "klee_int",      "_assume",     "theseus_assert"};
  for (const std::string &S : Sources) {
    std::ifstream In(S);
    std::string Text(std::istreambuf_iterator<char>(In), {});
    for (const char *Name : Api)
      if (Text.find(Name) != std::string::npos)
        return true;
  }
  return false;
}

/// Whether a call of `Name` means the same to the engine whatever the
/// program's body: a `__VERIFIER_nondet_*` call's value is an input, and a
/// call of reach_error or __VERIFIER_error is the error itself.
bool bodyIgnored(llvm::StringRef Name) {
  return Name.starts_with("__VERIFIER_nondet_") || Name == "reach_error" ||
         Name == "__VERIFIER_error";
}

/// The functions `Source` defines (a name followed by a parameter list and a
/// body) whose bodies the engine ignored, so the exported file's runtime
/// and its error functions must serve their calls instead of these bodies.
std::vector<std::string> ownDefinitions(const std::string &Source) {
  std::ifstream In(Source);
  std::string Text(std::istreambuf_iterator<char>(In), {});
  auto IsIdentifier = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  llvm::StringRef Rest(Text);
  std::set<std::string> Names;
  while (!Rest.empty()) {
    Rest = Rest.drop_until(IsIdentifier);
    llvm::StringRef Name = Rest.take_while(IsIdentifier);
    Rest = Rest.drop_front(Name.size()).ltrim();
    if (!bodyIgnored(Name) || !Rest.consume_front("("))
      continue;
    size_t Close = Rest.find_first_of("()");
    if (Close == llvm::StringRef::npos || Rest[Close] != ')')
      continue;
    Rest = Rest.drop_front(Close + 1).ltrim();
    if (Rest.starts_with("{"))
      Names.insert(Name.str());
  }
  return {Names.begin(), Names.end()};
}

/// The suite-wide facts, from the first test.
void describeEntry(ExportedSuite &Suite, const ProgramDescription &P) {
  Suite.Suite = P.Entry;
  Suite.MainEntry = P.Entry == "main";
  Suite.Sources = P.Sources;
  Suite.CFlags = P.CFlags;
  Suite.Harness = callsHarness(P.Sources);
  for (const std::string &S : P.Sources)
    Suite.OwnDefinitions.push_back(ownDefinitions(S));
}

class SuiteBuilder {
public:
  explicit SuiteBuilder(ExportedSuite &S) : Suite(S) {}

  void add(const std::string &File, const TestRecord &Test) {
    if (!Layouts) {
      Program = Test.ProgramKey;
      Description = Test.Program;
      describeEntry(Suite, Description);
      Layouts = std::make_unique<StructLayouts>(Description);
    }
    if (Test.ProgramKey != Program) {
      Suite.Skipped.push_back(
          {File, fmt::format("it tests another program (entry '{}')",
                             Test.Program.Entry)});
      return;
    }
    try {
      Suite.Tests.push_back(build(File, Test));
    } catch (const Inexpressible &E) {
      Suite.Skipped.push_back({File, E.Why});
    } catch (const Invalid &E) {
      throw InputError{fmt::format("export: {} is not a valid Theseus test: {}",
                                   File, E.Why)};
    }
  }

private:
  ExportedTest build(const std::string &File, const TestRecord &Test) {
    ExportedTest T;
    T.File = File;
    T.Number = Test.Number;
    T.Name = fmt::format("test{:06}_{}", T.Number, outcomeSuffix(Test.Outcome));
    T.Comment.push_back(fmt::format(
        "{}{}", llvm::sys::path::filename(File).str(),
        Test.VariantOf
            ? fmt::format(" (another return value on the path of test {})",
                          *Test.VariantOf)
            : ""));
    expect(Test.Outcome, T);
    explain(Test, T.Comment);
    T.Comment.push_back(reproduction(File));

    TestBuilder B(Suite, *Layouts, Declared);
    bool HasCreated = !Test.createdInputs().empty();
    if (Suite.Harness || HasCreated) {
      Suite.Harness = true;
      createdInputs(Test.Inputs, T);
    }
    std::vector<std::string> Types;
    std::string Args;
    if (Test.CommandLine) {
      Args = commandLine(Test.Argv, B, T);
      Types = {"int", "char **", "char **"};
    } else {
      unsigned I = 0;
      for (const TestInput *In : Test.parameters())
        Types.push_back(B.addParameter(*In, I++, T));
      Args = B.args();
    }
    if (Suite.MainEntry || !Test.Stdin.empty())
      T.Setup.push_back(fmt::format("theseus_set_stdin({}, {});",
                                    stringLiteral(Test.Stdin),
                                    Test.Stdin.size()));
    std::string Symbol = Suite.MainEntry ? ExportedMainName : Suite.Suite;
    const ReturnInfo &R = Description.Return;
    if (R.IsStruct)
      throw Inexpressible{"the entry returns a struct"};
    std::string Ret =
        R.IsVoid ? "void"
                 : scalarType(R.BaseCType, R.Bits, R.Signed, R.IsFloat);
    std::string Declaration =
        fmt::format("{} {}({});", Ret, Symbol,
                    Types.empty() ? "void" : llvm::join(Types, ", "));
    if (Suite.Declaration.empty())
      Suite.Declaration = Declaration;
    else if (Suite.Declaration != Declaration)
      throw Inexpressible{"its inputs do not match the entry's parameters"};
    T.Call = fmt::format("{}({})", Symbol, Args);
    if (R.IsFloat) {
      expectFloat(Test.Outcome, R.Bits, T);
    } else if (!R.IsVoid) {
      T.ResultType = Ret;
      // Narrower types compare as the int they promote to.
      T.Promoted = R.Bits > 1 && R.Bits < 32;
      T.Unsigned = !T.Promoted && !R.Signed;
      if (T.Expect == ExportExpect::Return && Test.Outcome.Value != "void")
        T.Value = literal(returnedInteger(Test.Outcome),
                          T.Promoted ? 32 : R.Bits, T.Promoted || R.Signed);
    }
    T.Stdout = Test.Stdout;
    T.CheckStdout = T.Expect == ExportExpect::Return && !T.Stdout.empty();
    return T;
  }

  ExportedSuite &Suite;
  std::string Program;
  ProgramDescription Description;
  std::unique_ptr<StructLayouts> Layouts;
  std::set<std::string> Declared;
};

} // namespace

namespace {

/// A runtime file with its quoted #includes (the list of nondet kinds)
/// pasted in: the exported file must build with nothing else.
std::string inlinedRuntime(const std::string &Name) {
  std::ifstream In(std::string(THESEUS_RUNTIME_DIR) + "/" + Name);
  std::string Out, Line;
  while (std::getline(In, Line)) {
    llvm::StringRef L(Line);
    if (L.consume_front("#include \"") && L.consume_back("\""))
      Out += inlinedRuntime(L.str());
    else
      Out += Line + "\n";
  }
  return Out;
}

} // namespace

ExportedSuite buildExportedSuite(const std::vector<std::string> &Paths,
                                 bool All) {
  ExportedSuite Suite;
  SuiteBuilder Builder(Suite);
  for (const std::string &P : Paths)
    forEachTest(P, All, "export",
                [&](const std::string &File, const TestRecord &Test) {
                  Builder.add(File, Test);
                });
  if (Suite.Harness)
    Suite.RuntimeSource = inlinedRuntime("theseus_replay.c");
  return Suite;
}

} // namespace theseus
