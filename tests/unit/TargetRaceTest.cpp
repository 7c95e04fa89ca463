//===- TargetRaceTest.cpp - The apc of a target raced against the search --===//
//
// The race as a component: the apc decided first proves a target
// unreachable without a search, or seeds the search with its model; a
// target reached only by a test whose native run disagreed is no verdict.
//
//===----------------------------------------------------------------------===//
#include "engine/TargetRace.h"
#include "engine/RunRecord.h"
#include "explore/Concolic.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace theseus {
namespace {

class TargetRaceTest : public ::testing::Test {
protected:
  TargetRaceTest()
      : Dir(std::filesystem::temp_directory_path() /
            ("theseus-target-race-" + std::to_string(getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name())) {
    std::filesystem::create_directories(Dir);
    O.Targets = {"reach_error"};
    O.OutDir = (Dir / "out").string();
    O.Quiet = true;
    O.ApcFirst = true;  // The apc answers before the search starts.
    O.ApcTimeout = 600; // Never the limit: the apcs here take milliseconds.
    O.Explore.MaxIterations = 1000;
  }
  ~TargetRaceTest() override { std::filesystem::remove_all(Dir); }

  const llvm::Function &load(const char *Body) {
    std::ofstream(Dir / "f.c") << "void reach_error(void);\n" << Body;
    CompileOptions Compile;
    Compile.Sources = {(Dir / "f.c").string()};
    Prog = Program::load(Compile);
    prepareOutDir(O.OutDir);
    return Prog->selectEntry("f");
  }
  std::unique_ptr<TargetRace> race(const llvm::Function &Entry) {
    return std::make_unique<TargetRace>(O, *Prog, Entry,
                                        std::async(std::launch::async, [] {
                                          return std::make_unique<ApcQueries>();
                                        }));
  }
  ProgramDescription description(const llvm::Function &Entry) {
    ProgramDescription D;
    D.Sources = {(Dir / "f.c").string()};
    D.Entry = "f";
    D.Return = describeReturn(Entry);
    return D;
  }

  std::filesystem::path Dir;
  RunOptions O;
  std::unique_ptr<Program> Prog;
};

TEST_F(TargetRaceTest, UnsatisfiableApcDecidesWithoutASearch) {
  const llvm::Function &F = load("int f(int x) {\n  if (x > 10 && x < 5)\n"
                                 "    reach_error();\n  return x;\n}\n");
  ConcolicExplorer E(*Prog, F, O.Explore);
  std::unique_ptr<TargetRace> Race = race(F);
  std::optional<int> Status = Race->start(E);
  ASSERT_TRUE(Status.has_value());
  EXPECT_EQ(*Status, 0);
  nlohmann::json Summary =
      nlohmann::json::parse(std::ifstream(O.OutDir + "/summary.json"));
  EXPECT_EQ(Summary["target"]["verdict"], "unreachable");
}

TEST_F(TargetRaceTest, SatisfiableApcSeedsTheSearch) {
  const llvm::Function &F = load("int f(int x) {\n  if (x == 123456789)\n"
                                 "    reach_error();\n  return x;\n}\n");
  ConcolicExplorer E(*Prog, F, O.Explore);
  std::unique_ptr<TargetRace> Race = race(F);
  ASSERT_FALSE(Race->start(E).has_value());
  TestWriter Writer(O.OutDir, description(F), E.inputs());
  ExplorationStats S = E.run(Writer);
  nlohmann::json Summary;
  Race->report(S, Writer, Summary);
  const nlohmann::json &T = Summary["target"];
  EXPECT_EQ(T["verdict"], "reached");
  EXPECT_EQ(T["decided_by"], "search");
  EXPECT_EQ(T["finished_first"], "apc");
  EXPECT_GE(T["seeded_inputs"].get<uint64_t>(), 1u);
  // The apc's model runs first: the first test reaches the target.
  EXPECT_EQ(T["test"], "test000001.json");
}

TEST_F(TargetRaceTest, UnconfirmedReachIsNoVerdict) {
  const llvm::Function &F = load("int f(int x) {\n  if (x == 7)\n"
                                 "    reach_error();\n  return x;\n}\n");
  O.NoApc = true; // The search alone reaches it.
  ConcolicExplorer E(*Prog, F, O.Explore);
  std::unique_ptr<TargetRace> Race = race(F);
  ASSERT_FALSE(Race->start(E).has_value());
  TestWriter Writer(O.OutDir, description(F), E.inputs());
  ExplorationStats S = E.run(Writer);
  ASSERT_EQ(Writer.bugs().size(), 1u);
  Writer.setConfirmation(0, "unconfirmed", "native run returned 7");
  nlohmann::json Summary;
  Race->report(S, Writer, Summary);
  EXPECT_EQ(Summary["target"]["verdict"], "unknown");
  EXPECT_EQ(Summary["target"]["divergence"]["native"], "native run returned 7");
}

// A search that ends without an answer of its own (here at once, its
// exhaustion withdrawn by a native mismatch) leaves the apc its time: the
// apc, still being decided then, proves the target unreachable. Before, the
// search's end interrupted it and the verdict was unknown.
TEST_F(TargetRaceTest, SearchWithoutAnAnswerWaitsForTheApc) {
  const llvm::Function &F =
      load("int f(int x) {\n  int y = 0;\n  while (x > 0) { x -= 2; y += 2; }"
           "\n  if (y % 2 == 1)\n    reach_error();\n  return y;\n}\n");
  O.ApcFirst = false; // The apc is decided beside the search.
  ConcolicExplorer E(*Prog, F, O.Explore);
  std::unique_ptr<TargetRace> Race = race(F);
  ASSERT_FALSE(Race->start(E).has_value());
  TestWriter Writer(O.OutDir, description(F), E.inputs());
  ExplorationStats S;
  S.StopReason = "bounded";
  S.Incomplete[Cut::NativeMismatch] = 1;
  nlohmann::json Summary = nlohmann::json::object();
  Race->report(S, Writer, Summary);
  const nlohmann::json &T = Summary["target"];
  EXPECT_EQ(T["verdict"], "unreachable");
  EXPECT_EQ(T["decided_by"], "apc");
  EXPECT_EQ(T["finished_first"], "search");
}

// One the user interrupted stops the apc as before. The apc of two flag
// searches over a 32-byte string takes Z3 seconds (its unfolding too), so
// the search, interrupted at once, is the first to end on any machine (an
// apc of milliseconds could answer first on a busy one), and the apc is
// stopped rather than awaited.
TEST_F(TargetRaceTest, InterruptedSearchStopsTheApc) {
  const llvm::Function &F = load(R"C(
int f(const char *s) {
  const char *w1 = "Hello", *w2 = "world";
  int found1 = 0, found2 = 0;
  for (int i = 0; s[i]; i++) {
    int j = 0;
    while (w1[j] && s[i + j] == w1[j])
      j++;
    if (!w1[j])
      found1 = 1;
  }
  for (int i = 0; s[i]; i++) {
    int j = 0;
    while (w2[j] && s[i + j] == w2[j])
      j++;
    if (!w2[j])
      found2 = 1;
  }
  if (found1 && found2)
    reach_error();
  return 0;
}
)C");
  O.ApcFirst = false;
  O.Explore.Buffers.StringBytes = 32;
  ConcolicExplorer E(*Prog, F, O.Explore);
  std::unique_ptr<TargetRace> Race = race(F);
  ASSERT_FALSE(Race->start(E).has_value());
  TestWriter Writer(O.OutDir, description(F), E.inputs());
  ExplorationStats S;
  S.StopReason = "interrupted";
  S.Incomplete[Cut::Interrupted] = 1;
  nlohmann::json Summary;
  Race->report(S, Writer, Summary);
  EXPECT_EQ(Summary["target"]["finished_first"], "search");
}

} // namespace
} // namespace theseus
