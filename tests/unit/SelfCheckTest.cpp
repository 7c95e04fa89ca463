//===- SelfCheckTest.cpp - The self-check catches wrong semantics ---------===//
//
// The forking mode's self-check compares the symbolic side with concrete
// execution. Here the solver is given a wrong rule for signed remainder
// (the sign of the divisor, as in Python): the tree then misses the
// path of `x % 4 == -1`, and random inputs that take it expose it.
//
//===----------------------------------------------------------------------===//
#include "explore/SelfCheck.h"
#include "program/Program.h"
#include "solver/Solver.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

namespace theseus {
namespace {

const char *const Source = R"C(
int rem(int x, int y) {
  if (x % 4 == -1)
    return 1;
  if (y << 3 < 0)
    return 2;
  return (x / 3) * 3 + x % 3 == x;
}
)C";

class SelfCheckTest : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = std::filesystem::temp_directory_path() /
          ("theseus-selfcheck-" + std::to_string(getpid()));
    std::filesystem::create_directories(Dir);
    std::ofstream(Dir / "rem.c") << Source;
    CompileOptions Opts;
    Opts.Sources = {(Dir / "rem.c").string()};
    Prog = Program::load(Opts);
  }
  void TearDown() override {
    wrongSRemForTesting() = false;
    std::filesystem::remove_all(Dir);
  }

  SelfCheckReport explore() {
    ExploreOptions Opts;
    Opts.KeepLeafModels = true;
    Opts.SolverTimeoutMs = 10'000;
    ForkExplorer E(*Prog, Prog->selectEntry("rem"), Opts);
    struct Ignore : ExplorationListener {
      void onNewPath(const PathResult &) override {}
    } Listener;
    ExplorationStats Stats = E.run(Listener);
    Leaves = Stats.Paths;
    return selfCheck({&E}, Stats.StopReason == "exhausted", 200, 1);
  }

  std::filesystem::path Dir;
  std::unique_ptr<Program> Prog;
  uint64_t Leaves = 0;
};

TEST_F(SelfCheckTest, PassesWithTheRightSemantics) {
  SelfCheckReport R = explore();
  EXPECT_TRUE(R.passed());
  EXPECT_EQ(Leaves, 3u);
  EXPECT_EQ(R.LeavesPrecise, 3u);
  EXPECT_EQ(R.SamplesMatched, 200u);
}

TEST_F(SelfCheckTest, CatchesAWrongRuleForSignedRemainder) {
  wrongSRemForTesting() = true;
  SelfCheckReport R = explore();
  ASSERT_FALSE(R.passed());
  EXPECT_LT(Leaves, 3u); // The x % 4 == -1 side looked infeasible.
  bool Exhaustiveness = false;
  for (const SelfCheckMismatch &M : R.Mismatches)
    Exhaustiveness |= M.Check == "exhaustiveness" && M.Actual == "return 1";
  EXPECT_TRUE(Exhaustiveness);
}

} // namespace
} // namespace theseus
