//===- ExplorerTest.cpp - The exploration interface both drivers share ----===//
//
// An explorer can be run to its end or driven one step at a time, and
// stopped from outside; both drivers behave alike through the interface.
//
//===----------------------------------------------------------------------===//
#include "explore/Concolic.h"
#include "explore/Fork.h"
#include "program/Program.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <set>
#include <unistd.h>

namespace theseus {
namespace {

const char *const Source = R"C(
int classify(int x, int y) {
  if (x > 100) {
    if (y < 0)
      return 1;
    return 2;
  }
  if (x == 7)
    return 3;
  if (y == 5)
    return 4;
  return 0;
}
int count_ones(const int *a, int n) {
  if (n > 16)
    return -1;
  int ones = 0;
  for (int i = 0; i < n; i++)
    if (a[i] == 1)
      ones++;
  if (n > 3) {
    if (n < 2)
      return 9;
  }
  return ones > 0;
}
)C";

/// The source line of the first occurrence of `Text`.
unsigned lineOf(const char *Text) {
  std::string S = Source;
  return 1 + std::count(S.begin(), S.begin() + S.find(Text), '\n');
}

/// Collects the ids of new paths; stops the explorer at the `StopAt`th.
struct PathIds : ExplorationListener {
  void onNewPath(const PathResult &R) override {
    Ids.insert(R.PathId);
    if (++Count == StopAt)
      E->stop();
  }
  std::set<uint64_t> Ids;
  uint64_t Count = 0;
  uint64_t StopAt = 0;
  Explorer *E = nullptr;
};

/// The parameter: whether the forking driver is under test.
class ExplorerTest : public ::testing::TestWithParam<bool> {
protected:
  void SetUp() override {
    Dir = std::filesystem::temp_directory_path() /
          ("theseus-explorer-" + std::to_string(getpid()));
    std::filesystem::create_directories(Dir);
    std::ofstream(Dir / "classify.c") << Source;
    CompileOptions Opts;
    Opts.Sources = {(Dir / "classify.c").string()};
    Prog = Program::load(Opts);
  }
  void TearDown() override { std::filesystem::remove_all(Dir); }

  std::unique_ptr<Explorer> explorer(const char *Entry = "classify",
                                     const ExploreOptions &Opts = {}) {
    const llvm::Function &F = Prog->selectEntry(Entry);
    if (GetParam())
      return std::make_unique<ForkExplorer>(*Prog, F, Opts);
    return std::make_unique<ConcolicExplorer>(*Prog, F, Opts);
  }

  std::filesystem::path Dir;
  std::unique_ptr<Program> Prog;
};

TEST_P(ExplorerTest, StepByStepExploresWhatARunExplores) {
  PathIds ByRun;
  ExplorationStats Run = explorer()->run(ByRun);
  EXPECT_EQ(Run.StopReason, "exhausted");
  EXPECT_EQ(ByRun.Ids.size(), 5u);

  std::unique_ptr<Explorer> E = explorer();
  PathIds BySteps;
  E->start(BySteps);
  unsigned Steps = 0;
  while (E->step()) {
    ++Steps;
    EXPECT_LE(BySteps.Count, 5u);
  }
  EXPECT_GE(Steps, 4u);    // At least one step per path after the first.
  EXPECT_FALSE(E->step()); // Done stays done.
  ExplorationStats Stepped = E->finish();
  EXPECT_EQ(BySteps.Ids, ByRun.Ids);
  EXPECT_EQ(Stepped.Paths, Run.Paths);
  EXPECT_EQ(Stepped.StopReason, "exhausted");
  EXPECT_TRUE(Stepped.Complete);
}

TEST_P(ExplorerTest, StopEndsTheRunAsASignalDoes) {
  std::unique_ptr<Explorer> E = explorer();
  PathIds Listener;
  Listener.StopAt = 2;
  Listener.E = E.get();
  ExplorationStats S = E->run(Listener);
  EXPECT_EQ(S.StopReason, "interrupted");
  EXPECT_FALSE(S.Complete);
  EXPECT_EQ(S.Paths, 2u);
  EXPECT_EQ(E->stats().Paths, 2u);
  // The forking driver writes each state still waiting as a test of its
  // own, marked interrupted.
  EXPECT_EQ(Listener.Count, S.Tests);
  EXPECT_EQ(S.Tests - S.Paths, S.InterruptedPaths);
}

TEST_P(ExplorerTest, ASideOnlyTheLengthLinkExcludesIsToldApart) {
  PathIds Listener;
  ExploreOptions Opts;
  Opts.Buffers.Elements = 4;
  std::unique_ptr<Explorer> E = explorer("count_ones", Opts);
  ExplorationStats S = E->run(Listener);
  EXPECT_TRUE(S.Complete);
  // n > 16 is infeasible for n <= 4 only; n < 2 after n > 3 is infeasible
  // for any n.
  ASSERT_EQ(S.BeyondAssumptions.size(), 1u);
  EXPECT_EQ(sourceLocOf(S.BeyondAssumptions[0].Inst).Line,
            lineOf("if (n > 16)"));
  EXPECT_TRUE(S.BeyondAssumptions[0].Taken);
  EXPECT_TRUE(llvm::any_of(E->assumptions(), [](const InputAssumption &A) {
    return A.Kind == "length-link" && A.Input == "n" && A.Max == 4;
  }));

  Opts.Buffers.LinkLengths = false;
  Opts.MaxIterations = 20;
  E = explorer("count_ones", Opts);
  S = E->run(Listener);
  EXPECT_TRUE(S.BeyondAssumptions.empty());
  EXPECT_FALSE(llvm::any_of(E->assumptions(), [](const InputAssumption &A) {
    return A.Kind == "length-link";
  }));
}

INSTANTIATE_TEST_SUITE_P(BothDrivers, ExplorerTest, ::testing::Bool(),
                         [](const auto &Info) {
                           return Info.param ? "Fork" : "Concolic";
                         });

} // namespace
} // namespace theseus
