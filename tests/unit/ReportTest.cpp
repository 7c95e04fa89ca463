//===- ReportTest.cpp - summary timeline, HTML escaping, test files -------===//
#include "explore/Concolic.h"
#include "explore/Fork.h"
#include "program/Program.h"
#include "report/Html.h"
#include "report/JsonWriter.h"
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
