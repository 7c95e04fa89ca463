//===- ReportTest.cpp - summary timeline, HTML escaping, test files -------===//
#include "explore/Concolic.h"
#include "explore/Fork.h"
#include "program/Program.h"
#include "report/Html.h"
#include "report/JsonWriter.h"
#include "report/NativeCheck.h"
#include "report/ReplayOutcome.h"
#include "report/ReplaySample.h"
#include "report/Summary.h"
#include "report/TestFile.h"
#include "report/TestRecord.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <unistd.h>

using namespace theseus;

TEST(Timeline, StaysSmallAndSpansTheWholeRun) {
  Timeline T;
  for (int I = 0; I <= 100'000; ++I)
    T.sample({I * 0.01, uint64_t(I), uint64_t(I), 0, 0, 0});
  T.finish({1000.5, 100'001, 100'001, 1, 5, 4});
  const auto &P = T.points();
  ASSERT_LE(P.size(), Timeline::MaxPoints + 1);
  ASSERT_GE(P.size(), Timeline::MaxPoints / 2);
  EXPECT_EQ(P.front().Seconds, 0);
  EXPECT_GT(P[P.size() - 2].Seconds, 900); // Samples reach the end...
  EXPECT_EQ(P.back().Paths, 100'001u); // ...and the last is the final state.
  for (size_t I = 1; I < P.size(); ++I)
    EXPECT_LT(P[I - 1].Seconds, P[I].Seconds);
}

TEST(Timeline, SamplesNoMoreThanOncePerInterval) {
  Timeline T;
  for (int I = 0; I < 1000; ++I)
    T.sample({I * 0.001, uint64_t(I), 0, 0, 0, 0});
  EXPECT_EQ(T.points().size(), 20u); // One per 0.05 s over one second.
}

// A file the run cannot write (a missing directory here, a full disk in
// practice) is an error with the system's reason, and leaves no .tmp file.
TEST(TestFile, UnwritableOutputIsAnErrorWithItsReason) {
  std::filesystem::path Dir =
      std::filesystem::temp_directory_path() /
      ("theseus-unwritable-" + std::to_string(getpid()));
  std::filesystem::remove_all(Dir);
  try {
    writeFileWhole((Dir / "test000001.json").string(), "{}\n");
    FAIL() << "no error";
  } catch (const InputError &E) {
    EXPECT_NE(E.Message.find("test000001.json.tmp: No such file or directory"),
              std::string::npos)
        << E.Message;
  }
  EXPECT_FALSE(std::filesystem::exists(Dir));
}

namespace {

/// What `Print` writes for `J`.
std::string printed(void (*Print)(std::FILE *, const nlohmann::json &),
                    const nlohmann::json &J) {
  char *Buf = nullptr;
  size_t Size = 0;
  std::FILE *F = open_memstream(&Buf, &Size);
  Print(F, J);
  std::fclose(F);
  std::string Out(Buf, Size);
  std::free(Buf);
  return Out;
}

nlohmann::json fuzzedRun(size_t Bugs, const char *Stopped) {
  nlohmann::json Fuzz = {{"seconds", 2.5},
                         {"cpu_seconds", 2.3},
                         {"budget_seconds", 30.0},
                         {"budget_runs", 0},
                         {"stopped", Stopped},
                         {"executions", 1000},
                         {"corpus", 5},
                         {"crashes", 0},
                         {"restarts", 0},
                         {"imported", 3},
                         {"imported_new_paths", 1},
                         {"offered", 4}};
  return {
      {"stop_reason", "max-time"},
      {"fuzz", Fuzz},
      {"bugs", std::vector<nlohmann::json>(Bugs, nlohmann::json::object())}};
}

} // namespace

TEST(Summary, FuzzingLinesKeepTheFuzzersCrashesApartFromTheRunsBugs) {
  EXPECT_EQ(printed(printFuzzing, fuzzedRun(2, "engine-exhausted")),
            "  fuzzing          2.5 s (cpu 2.3 s) of its 30.0 s; stopped "
            "early: the engine had run every feasible path\n"
            "                   1000 executions, corpus 5, fuzzer crashes 0 "
            "(the run found 2 bugs, listed above); engine ran 3 of its "
            "inputs (1 new paths), gave it 4\n");
  std::string OneBug = printed(printFuzzing, fuzzedRun(1, "run-ended"));
  EXPECT_NE(OneBug.find("; stopped as the run ended (max-time)\n"),
            std::string::npos);
  EXPECT_NE(OneBug.find("fuzzer crashes 0 (the run found 1 bug, listed "
                        "above)"),
            std::string::npos);
  EXPECT_NE(printed(printFuzzing, fuzzedRun(0, "budget"))
                .find("; its budget ran out\n"),
            std::string::npos);
}

// A check the time budget ended says how far it got, in summary.json and
// on the console.
TEST(NativeCheck, SaysWhenTheTimeBudgetEndedIt) {
  NativeCheck C;
  C.Tests = 40;
  C.Replayed = C.Matched = 12;
  C.CutByTime = true;
  nlohmann::json J = C.toJson();
  EXPECT_TRUE(J.value("cut_by_max_time", false));
  EXPECT_EQ(nativeCheckText(J), "12 of 40 tests replayed natively (--max-time "
                                "ended the check), all match");
  C.CutByTime = false;
  EXPECT_FALSE(C.toJson().contains("cut_by_max_time"));
}

TEST(Html, EscapesMarkup) {
  EXPECT_EQ(
      escapeHtml("<script>a && \"b\" 'c'</script>"),
      "&lt;script&gt;a &amp;&amp; &quot;b&quot; &#39;c&#39;&lt;/script&gt;");
}

TEST(Html, MissingRunDirectoryIsAProblemNotACrash) {
  HtmlResult R = writeHtmlReport("/nonexistent/theseus-run", HtmlOptions());
  EXPECT_NE(R.Problem.find("summary.json"), std::string::npos);
  EXPECT_EQ(R.Bytes, 0u);
}

namespace {

std::string dumped(const nlohmann::json &J) {
  return J.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

TEST(JsonWriter, WritesWhatNlohmannDumps) {
  std::string Ascii;
  for (int C = 1; C < 0x80; ++C)
    Ascii.push_back(static_cast<char>(C));
  nlohmann::json J = {
      {"ascii", Ascii},
      {"nul", std::string("a\0b", 3)},
      {"utf8", "caf\xc3\xa9 \xe2\x82\xac"},
      {"invalid", "x\xff\xfey\xc3"},
      {"key \"quoted\"\n", {{"b", true}, {"a", false}, {"n", nullptr}}},
      {"empty",
       {{"object", nlohmann::json::object()},
        {"array", nlohmann::json::array()},
        {"string", ""}}},
      {"numbers",
       {0, -1, 42u, std::numeric_limits<int64_t>::min(),
        std::numeric_limits<int64_t>::max(),
        std::numeric_limits<uint64_t>::max(), 1.5}},
      {"nested",
       {{{1, {2, {nlohmann::json::object()}}}}, {{"x", {{"y", 1}}}}}}};
  std::string Out;
  JsonWriter(Out).value(J);
  EXPECT_EQ(Out, dumped(J));
  std::string Compact;
  JsonWriter(Compact, /*Compact=*/true).value(J);
  EXPECT_EQ(Compact,
            J.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));

  // The same through the writer's own calls, keys in order.
  std::string Direct;
  JsonWriter W(Direct);
  W.beginObject()
      .field("a", -7)
      .field("b", uint64_t(1) << 63)
      .key("c")
      .beginArray()
      .value("t\tab")
      .beginObject()
      .endObject()
      .value(false)
      .endArray()
      .field("d", std::string("\x1f"))
      .endObject();
  nlohmann::json Same = {{"a", -7},
                         {"b", uint64_t(1) << 63},
                         {"c", {"t\tab", nlohmann::json::object(), false}},
                         {"d", "\x1f"}};
  EXPECT_EQ(Direct, dumped(Same));
}

// Every kind of input, outcome and return value, with text needing escapes
// and bytes that are not UTF-8 in the program's output.
const char *const TestFileSource = R"C(
#include <stdio.h>
#include <stdlib.h>
struct point { int x; unsigned char y; short z; };
int __VERIFIER_nondet_int(void);
static int divide(int a, int b) { return a / b; }
int f(struct point p, const char *s, const short *a, unsigned u,
      signed char c) {
  printf("p\"q\\\t\x01\x7f\n");
  if (p.x == 7 && s[0] == '"')
    return -1;
  if (a[0] < 0)
    exit(3);
  if (c == '\n')
    return divide(100, __VERIFIER_nondet_int());
  return u > 1000;
}
unsigned long g(unsigned long x) { return x > 5 ? x * 3 : 0; }
void h(int x) {
  switch (x) {
  case 1: puts("caf\xc3\xa9"); break;
  case 2: puts("\xff\xfe"); break;
  default: break;
  }
}
int main(int argc, char **argv) {
  int c = getchar();
  if (argc > 1 && argv[1][0] == '\\')
    return c;
  return 0;
}
)C";

class TestFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = std::filesystem::temp_directory_path() /
          ("theseus-testfile-" + std::to_string(getpid()));
    std::filesystem::create_directories(Dir);
    std::ofstream(Dir / "prog.c") << TestFileSource;
    CompileOptions Opts;
    Opts.Sources = {(Dir / "prog.c").string()};
    Prog = Program::load(Opts);
  }
  void TearDown() override { std::filesystem::remove_all(Dir); }

  /// Explores `Entry`, writing its tests, and returns their texts.
  template <typename Explorer>
  std::vector<std::string> explore(const char *Entry, ExploreOptions Opts) {
    std::string Out = (Dir / Entry).string();
    const llvm::Function &F = Prog->selectEntry(Entry);
    ProgramDescription Desc;
    Desc.Sources = {(Dir / "prog.c").string()};
    Desc.Entry = Entry;
    Desc.Return = describeReturn(F);
    Desc.Stdin = Opts.Exec.Stdin;
    Opts.MaxTime = 60;
    Explorer E(*Prog, F, Opts);
    prepareDirectory(Out, [](llvm::StringRef) { return false; });
    TestWriter Writer(Out, Desc, E.inputs());
    E.run(Writer);
    std::vector<std::string> Texts;
    for (uint64_t I = 1; I <= Writer.tests(); ++I) {
      std::ifstream In(Out + "/" + testFileName(I));
      std::stringstream SS;
      SS << In.rdbuf();
      Texts.push_back(SS.str());
    }
    return Texts;
  }

  std::filesystem::path Dir;
  std::unique_ptr<Program> Prog;
};

/// Each test file is exactly what nlohmann::json writes for its contents
/// (the files were written that way before), and the contents are there.
void expectNlohmannLayout(const std::vector<std::string> &Texts,
                          std::set<std::string> &Seen) {
  ASSERT_FALSE(Texts.empty());
  for (const std::string &Text : Texts) {
    nlohmann::json J = nlohmann::json::parse(Text);
    EXPECT_EQ(Text, dumped(J) + "\n");
    Seen.insert(J["outcome"]["kind"].get<std::string>());
    for (const auto &[Key, V] : J.items())
      Seen.insert(Key);
    for (const nlohmann::json &In : J["inputs"])
      for (const auto &[Key, V] : In.items())
        Seen.insert("input." + Key);
  }
}

TEST_F(TestFileTest, TestsAreWrittenAsNlohmannWritesThem) {
  std::set<std::string> Seen;
  ExploreOptions Fork;
  expectNlohmannLayout(explore<ForkExplorer>("f", Fork), Seen);
  expectNlohmannLayout(explore<ForkExplorer>("g", Fork), Seen);
  expectNlohmannLayout(explore<ConcolicExplorer>("h", Fork), Seen);
  ExploreOptions Main;
  Main.Inputs.CommandLine = parseCommandLine({"--sym-arg", "2"});
  Main.Exec.Stdin = "in\x01\"put";
  expectNlohmannLayout(explore<ForkExplorer>("main", Main), Seen);
  Main.Exec.SymbolicStdin = 2;
  expectNlohmannLayout(explore<ConcolicExplorer>("main", Main), Seen);
  for (const char *Part :
       {"return", "exit", "bug", "argv", "negated", "input.fields",
        "input.string", "input.pointer", "input.struct", "input.value"})
    EXPECT_TRUE(Seen.count(Part)) << Part;
}

/// The reader takes every test the writer writes: the entry's parameters
/// with their layout, the created inputs, the command line and stdin.
TEST_F(TestFileTest, TheReaderReadsWhatTheWriterWrote) {
  for (const std::string &Text : explore<ForkExplorer>("f", ExploreOptions())) {
    nlohmann::json J = nlohmann::json::parse(Text);
    TestRecord T = parseTest(Text, "test.json", "replay");
    EXPECT_EQ(T.Outcome.Kind, J["outcome"]["kind"].get<std::string>());
    EXPECT_FALSE(T.CommandLine);
    std::vector<const TestInput *> Params = T.parameters();
    ASSERT_EQ(Params.size(), 5u);
    EXPECT_TRUE(Params[0]->Param.IsStruct);
    EXPECT_EQ(Params[0]->Param.Bytes, 8u);
    EXPECT_TRUE(Params[1]->Param.IsPointer);
    EXPECT_EQ(Params[3]->Param.BaseCType, "unsigned int");
    EXPECT_FALSE(Params[3]->Param.Signed);
    EXPECT_TRUE(Params[4]->Param.Signed);
    EXPECT_EQ(Params[4]->Bytes, J["inputs"][4]["bytes"].get<std::string>());
    if (T.Outcome.Kind == "bug")
      EXPECT_NE(T.createdInputs().find("nondet_int"), std::string::npos);
  }
  ExploreOptions Main;
  Main.Inputs.CommandLine = parseCommandLine({"--sym-arg", "2"});
  Main.Exec.Stdin = "in\x01\"put";
  for (const std::string &Text : explore<ForkExplorer>("main", Main)) {
    TestRecord T = parseTest(Text, "test.json", "replay");
    EXPECT_TRUE(T.CommandLine);
    EXPECT_TRUE(T.parameters().empty());
    EXPECT_EQ(T.Argv.size(), 2u);
    EXPECT_EQ(T.Stdin, "in\x01\"put");
  }
}

TEST_F(TestFileTest, OutputBytesAndReturnValuesKeepTheirForm) {
  std::vector<std::string> G = explore<ForkExplorer>("g", ExploreOptions());
  std::vector<std::string> H = explore<ConcolicExplorer>("h", ExploreOptions());
  bool Big = false, Replaced = false, Utf8 = false;
  for (const std::string &Text : G) {
    nlohmann::json J = nlohmann::json::parse(Text);
    if (J["outcome"]["value"].is_number_unsigned())
      Big |= J["outcome"]["value"].get<uint64_t>() > uint64_t(INT64_MAX);
  }
  for (const std::string &Text : H) {
    Replaced |=
        Text.find("\"\xef\xbf\xbd\xef\xbf\xbd\\n\"") != std::string::npos;
    Utf8 |= Text.find("\"caf\xc3\xa9\\n\"") != std::string::npos;
  }
  EXPECT_TRUE(Big);      // x * 3 above INT64_MAX as unsigned long.
  EXPECT_TRUE(Replaced); // Not UTF-8: replaced, as nlohmann does.
  EXPECT_TRUE(Utf8);
}

} // namespace

namespace {

nlohmann::json minimalTest() {
  return {{"format", "theseus-test-1"},
          {"program", {{"sources", {"/src/p.c"}}, {"entry", "f"}}},
          {"outcome", {{"kind", "return"}}},
          {"inputs", nlohmann::json::array()}};
}

TestRecord read(const nlohmann::json &Test) {
  return readTest(Test, "test.json", "show");
}

} // namespace

// What show, report.html and the Test-Comp export print of a test, typed.
TEST(TestRecord, ReadsTheMembersThePrintersShow) {
  nlohmann::json J = minimalTest();
  J["test"] = 12;
  J["inputs"] = {{{"base_type", "int"},
                  {"bits", 32},
                  {"bytes", "03000000"},
                  {"kind", "parameter"},
                  {"name", "a"},
                  {"signed", true},
                  {"type", "int"},
                  {"value", 3}},
                 {{"base_type", "char"},
                  {"bits", 64},
                  {"bytes", "6122"},
                  {"count", 2},
                  {"element_bytes", 1},
                  {"element_type", "char"},
                  {"kind", "parameter"},
                  {"name", "s"},
                  {"pointer", true},
                  {"signed", true},
                  {"string", "a\\\""},
                  {"value", {97, 34}}},
                 {{"base_type", "struct pt"},
                  {"bits", 16},
                  {"bytes", "0102"},
                  {"fields", {{"y", 2}, {"x", -1}}},
                  {"kind", "parameter"},
                  {"name", "p"},
                  {"struct", true}},
                 {{"bytes", "ff"},
                  {"kind", "created"},
                  {"name", "nondet_uchar_1"},
                  {"type", "unsigned char"},
                  {"value", 255}}};
  J["outcome"] = {
      {"bug", "division-by-zero"},
      {"file", "p.c"},
      {"kind", "bug"},
      {"line", 9},
      {"message", "division by zero"},
      {"stack", {{{"file", "p.c"}, {"function", "div"}, {"line", 9}}}}};
  J["explanation"] = {{{"condition", "a > 2"},
                       {"file", "p.c"},
                       {"kind", "branch"},
                       {"line", 4},
                       {"taken", true}},
                      {{"condition", "switch (a)"},
                       {"file", "p.c"},
                       {"kind", "check"},
                       {"line", 6},
                       {"taken", "default"}}};
  J["explanation_truncated"] = 3;
  J["negated"] = {{"decision", 1}, {"test", 7}};
  J["diverged"] = true;
  J["stdout"] = "out\n";
  J["stdin"] = {{"bytes", "0a"}, {"string", "\\x0a"}};
  TestRecord T = read(J);
  EXPECT_EQ(T.Number, 12u);
  ASSERT_EQ(T.Inputs.size(), 4u);
  EXPECT_EQ(T.Inputs[0].CType, "int");
  EXPECT_EQ(T.Inputs[0].Value, "3");
  EXPECT_EQ(T.Inputs[0].Integers, std::vector<uint64_t>{3});
  EXPECT_EQ(T.Inputs[0].Memory, std::string("\x03\0\0\0", 4));
  EXPECT_EQ(inputText(T.Inputs[0]), "a = 3");
  EXPECT_EQ(T.Inputs[1].String, "a\\\"");
  EXPECT_EQ(T.Inputs[1].Value, "[97,34]");
  EXPECT_EQ(T.Inputs[1].Integers, (std::vector<uint64_t>{97, 34}));
  EXPECT_EQ(T.Inputs[1].Param.Count, 2u);
  EXPECT_EQ(T.Inputs[1].Param.ElemBytes, 1u);
  EXPECT_EQ(T.Inputs[1].Param.ElemCType, "char");
  EXPECT_EQ(inputText(T.Inputs[1]), "s = \"a\\\\\\\"\"");
  EXPECT_EQ(T.Inputs[2].Fields, "{\"x\":-1,\"y\":2}");
  EXPECT_EQ(T.Inputs[2].FieldValues,
            (std::map<std::string, uint64_t>{{"x", ~uint64_t(0)}, {"y", 2}}));
  EXPECT_EQ(T.Inputs[2].CType, "");
  EXPECT_EQ(inputText(T.Inputs[2]), "p = {\"x\":-1,\"y\":2}");
  EXPECT_TRUE(T.Inputs[3].Created);
  EXPECT_EQ(inputText(T.Inputs[3]), "nondet_uchar_1 = 255");
  const RecordedOutcome &O = T.Outcome;
  EXPECT_EQ(O.Bug, "division-by-zero");
  EXPECT_TRUE(O.HasLocation);
  EXPECT_EQ(O.File, "p.c");
  EXPECT_EQ(O.Line, 9u);
  EXPECT_EQ(O.Message, "division by zero");
  ASSERT_TRUE(O.Stack);
  ASSERT_EQ(O.Stack->size(), 1u);
  EXPECT_EQ((*O.Stack)[0].Function, "div");
  EXPECT_EQ((*O.Stack)[0].File, "p.c");
  EXPECT_EQ((*O.Stack)[0].Line, 9u);
  ASSERT_TRUE(T.Explanation);
  ASSERT_EQ(T.Explanation->size(), 2u);
  const RecordedDecision &If = (*T.Explanation)[0];
  EXPECT_EQ(If.Condition, "a > 2");
  EXPECT_EQ(If.File, "p.c");
  EXPECT_EQ(If.Line, 4u);
  EXPECT_EQ(If.Kind, "branch");
  EXPECT_FALSE(If.IsSwitch);
  EXPECT_TRUE(If.Taken);
  const RecordedDecision &Switch = (*T.Explanation)[1];
  EXPECT_EQ(Switch.Kind, "check");
  EXPECT_TRUE(Switch.IsSwitch);
  EXPECT_EQ(Switch.Case, "default");
  EXPECT_EQ(T.ExplanationTruncated, 3u);
  ASSERT_TRUE(T.Negated);
  EXPECT_EQ(T.Negated->Test, 7u);
  EXPECT_EQ(T.Negated->Decision, 1u);
  EXPECT_FALSE(T.VariantOf);
  EXPECT_TRUE(T.Diverged);
  EXPECT_EQ(T.Stdout, "out\n");
  EXPECT_EQ(T.Stdin, "\n");
  EXPECT_EQ(T.StdinEscaped, "\\x0a");

  // A further return value of main's path, and its command line.
  nlohmann::json M = minimalTest();
  M["program"]["entry"] = "main";
  M["argv"] = {{{"bytes", "2d"}, {"string", "-"}}};
  M["outcome"] = {{"kind", "return"}, {"value", -1}};
  M["variant_of"] = 4;
  T = read(M);
  ASSERT_EQ(T.Argv.size(), 1u);
  EXPECT_EQ(T.Argv[0].Hex, "2d");
  EXPECT_EQ(T.Argv[0].Text, "-");
  EXPECT_EQ(T.Argv[0].Escaped, "-");
  EXPECT_EQ(T.Outcome.Value, "-1");
  EXPECT_EQ(T.Outcome.Integer, ~uint64_t(0));
  EXPECT_FALSE(T.Outcome.HasLocation);
  EXPECT_EQ(T.VariantOf, 4u);
  EXPECT_FALSE(T.Negated);
}

// The members the writer leaves out of some tests read as absent, the
// others as empty.
TEST(TestRecord, MissingMembersAreAbsentOrEmpty) {
  TestRecord T = read(minimalTest());
  EXPECT_EQ(T.Number, 0u);
  EXPECT_EQ(T.Outcome.Value, "void");
  EXPECT_FALSE(T.Outcome.Integer);
  EXPECT_FALSE(T.Outcome.HasLocation);
  EXPECT_FALSE(T.Outcome.Message);
  EXPECT_FALSE(T.Outcome.Stack);
  EXPECT_FALSE(T.Explanation);
  EXPECT_EQ(T.ExplanationTruncated, 0u);
  EXPECT_FALSE(T.Negated);
  EXPECT_FALSE(T.VariantOf);
  EXPECT_FALSE(T.Diverged);
  EXPECT_FALSE(T.CommandLine);
  EXPECT_EQ(T.Stdout, "");
  EXPECT_EQ(T.StdinEscaped, "");

  // A parameter of main's command line needs neither name nor bytes.
  nlohmann::json M = minimalTest();
  M["argv"] = nlohmann::json::array();
  M["inputs"] = {{{"kind", "parameter"}}};
  T = read(M);
  ASSERT_EQ(T.Inputs.size(), 1u);
  EXPECT_FALSE(T.Inputs[0].Value);
  EXPECT_EQ(inputText(T.Inputs[0]), "? = 0x");
}

// Counts and test numbers are unsigned: a negative or fractional one is
// refused before it is converted, and so is another format version.
TEST(TestRecord, RefusesWhatItCannotRead) {
  auto Refusal = [](const nlohmann::json &J) {
    try {
      read(J);
    } catch (const InputError &E) {
      return E.Message;
    }
    return std::string("accepted");
  };
  nlohmann::json J = minimalTest();
  J["variant_of"] = -1;
  EXPECT_EQ(Refusal(J), "show: test.json is not a valid Theseus test: type "
                        "must be an unsigned number, but is a negative or "
                        "fractional number");
  J = minimalTest();
  J["negated"] = {{"test", 1.5}, {"decision", 0}};
  EXPECT_NE(Refusal(J).find("unsigned number"), std::string::npos);
  J = minimalTest();
  J["explanation"] = {{{"file", "p.c"}, {"condition", "c"}, {"taken", 1}}};
  EXPECT_EQ(Refusal(J), "show: test.json is not a valid Theseus test: type "
                        "must be boolean, but is number");
  J = minimalTest();
  J["inputs"] = {{{"base_type", "int"},
                  {"bits", 32},
                  {"bytes", "0300000"},
                  {"name", "a"},
                  {"signed", true},
                  {"value", 3}}};
  EXPECT_EQ(Refusal(J), "show: test.json is not a valid Theseus test: input "
                        "'a' bytes have an odd number of digits");
  J["inputs"][0]["bytes"] = "03000000";
  J["inputs"][0]["value"] = 3.5;
  EXPECT_EQ(Refusal(J), "show: test.json is not a valid Theseus test: type "
                        "must be an integer, but is number");
  J = minimalTest();
  J["format"] = "theseus-test-2";
  EXPECT_EQ(Refusal(J),
            "show: test.json is a Theseus test of format version 2; this "
            "Theseus reads version 1 (\"format\": \"theseus-test-1\")");
}

namespace {

std::vector<uint64_t> drawnIndices(const ReplaySample &S, uint64_t Total) {
  std::vector<uint64_t> Drawn;
  for (uint64_t I = 0; I < Total; ++I)
    if (S.drawn(I))
      Drawn.push_back(I);
  return Drawn;
}

} // namespace

// --sample N draws exactly N of the tests, and the same ones for the same
// seed on every platform (the draw below is pinned).
namespace {

/// A native run that printed `Line` and exited with 0.
ProcessResult exitedPrinting(const std::string &Line) {
  ProcessResult N;
  N.Exited = true;
  N.Stdout = Line + "\n";
  return N;
}

} // namespace

TEST(ReplayJudge, ComparesAReturnedFloatByItsEncoding) {
  RecordedOutcome Nan;
  Nan.Kind = "return";
  Nan.Value = "\"nan\"";
  Nan.FloatBytes = "0100c07f";
  EXPECT_EQ(judgeReplay(Nan,
                        exitedPrinting("THESEUS_RETURN \"nan\" (bytes "
                                       "0100c07f)"),
                        false)
                .Verdict,
            ReplayVerdict::Match);
  // Another payload prints the same decimal.
  EXPECT_EQ(judgeReplay(Nan,
                        exitedPrinting("THESEUS_RETURN \"nan\" (bytes "
                                       "0000c07f)"),
                        false)
                .Verdict,
            ReplayVerdict::Mismatch);
  // A test that does not record the encoding compares the decimal.
  Nan.FloatBytes.reset();
  EXPECT_EQ(judgeReplay(Nan,
                        exitedPrinting("THESEUS_RETURN \"nan\" (bytes "
                                       "0000c07f)"),
                        false)
                .Verdict,
            ReplayVerdict::Match);
}

TEST(ReplayJudge, FloatDivisionByZeroIsConfirmedBySanitizerReportOnly) {
  RecordedOutcome Bug;
  Bug.Kind = "bug";
  Bug.Bug = "float-division-by-zero";
  Bug.File = "/src/f.c";
  Bug.Line = 7;
  ProcessResult Reported;
  Reported.Exited = true;
  Reported.Code = 1;
  Reported.Stderr = "/src/f.c:7:12: runtime error: division by zero\n";
  EXPECT_EQ(judgeReplay(Bug, Reported, true).Verdict, ReplayVerdict::Match);
  // IEEE-754 division by zero: the plain native run returns.
  EXPECT_EQ(judgeReplay(Bug, exitedPrinting("THESEUS_RETURN 1"), true).Verdict,
            ReplayVerdict::Mismatch);
}

TEST(ReplaySample, DrawsExactlyNTestsReproducibly) {
  for (uint64_t Total : {2, 10, 1000})
    for (uint64_t Count : {1, 2, 7, 999})
      if (Count < Total) {
        ReplaySample S(Total, Count, 5);
        EXPECT_FALSE(S.all());
        EXPECT_EQ(drawnIndices(S, Total).size(), Count);
        EXPECT_EQ(drawnIndices(S, Total),
                  drawnIndices(ReplaySample(Total, Count, 5), Total));
      }
  EXPECT_EQ(drawnIndices(ReplaySample(10, 3, 0), 10),
            (std::vector<uint64_t>{3, 5, 6}));
  EXPECT_NE(drawnIndices(ReplaySample(1000, 10, 0), 1000),
            drawnIndices(ReplaySample(1000, 10, 1), 1000));
}

// No test is favoured: over many seeds each is drawn about as often.
TEST(ReplaySample, DrawsEveryTestAlike) {
  std::vector<unsigned> Times(10);
  for (uint64_t Seed = 0; Seed < 10000; ++Seed)
    for (uint64_t I : drawnIndices(ReplaySample(10, 3, Seed), 10))
      ++Times[I];
  for (unsigned T : Times) {
    EXPECT_GT(T, 2800u);
    EXPECT_LT(T, 3200u);
  }
}

// Without a sample, or one as large as the tests, every test is replayed;
// a test that records a bug always is.
TEST(ReplaySample, ReplaysEveryBug) {
  EXPECT_TRUE(ReplaySample(10, 0, 0).all());
  EXPECT_TRUE(ReplaySample(10, 10, 0).all());
  EXPECT_TRUE(ReplaySample(10, 0, 0).replays(9, false));
  ReplaySample S(100, 1, 0);
  for (uint64_t I = 0; I < 100; ++I) {
    EXPECT_TRUE(S.replays(I, true));
    EXPECT_EQ(S.replays(I, false), S.drawn(I));
  }
}
