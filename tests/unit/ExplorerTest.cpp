//===- ExplorerTest.cpp - The exploration interface both drivers share ----===//
//
// An explorer can be run to its end or driven one step at a time, and
// stopped from outside; both drivers behave alike through the interface.
//
//===----------------------------------------------------------------------===//
#include "explore/Concolic.h"
#include "explore/Fork.h"
#include "program/Program.h"

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
)C";

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

  std::unique_ptr<Explorer> explorer() {
    const llvm::Function &F = Prog->selectEntry("classify");
    ExploreOptions Opts;
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

INSTANTIATE_TEST_SUITE_P(BothDrivers, ExplorerTest, ::testing::Bool(),
                         [](const auto &Info) {
                           return Info.param ? "Fork" : "Concolic";
                         });

} // namespace
} // namespace theseus
