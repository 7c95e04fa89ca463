//===- RunOptionsTest.cpp - The rules between a run's options -------------===//
//
// Every rule that relates options is checked before any work: one test per
// rule, each with an options set that breaks it and one that keeps it.
//
//===----------------------------------------------------------------------===//
#include "engine/RunOptions.h"

#include <gtest/gtest.h>

#include <functional>

using namespace theseus;

namespace {

/// A valid run: one file, concolic, no target.
RunOptions valid() {
  RunOptions O;
  O.Files = {"prog.c"};
  return O;
}

/// The message validate() refuses `O` with, or "" when it accepts it.
std::string refusal(const RunOptions &O) {
  try {
    validate(O);
  } catch (const InputError &E) {
    return E.Message;
  }
  return "";
}

struct Rule {
  const char *Name;
  std::function<void(RunOptions &)> Break; ///< Makes valid() break it.
  std::function<void(RunOptions &)> Keep;  ///< Same, but kept.
  const char *Message;                     ///< Part of the refusal.
};

void PrintTo(const Rule &R, std::ostream *OS) { *OS << R.Name; }

const Rule Rules[] = {
    {"NoFiles", [](RunOptions &O) { O.Files.clear(); }, [](RunOptions &) {},
     "no input files"},
    {"TargetDistanceNeedsTarget",
     [](RunOptions &O) { O.Explore.Strat = Strategy::TargetDistance; },
     [](RunOptions &O) {
       O.Explore.Strat = Strategy::TargetDistance;
       O.Targets = {"reach_error"};
     },
     "--strategy=target-distance needs --target"},
    {"JobsBounded", [](RunOptions &O) { O.Jobs = MaxJobs + 1; },
     [](RunOptions &O) { O.Jobs = MaxJobs; }, "-j: at most 256 workers"},
    {"GenerationalIsConcolic",
     [](RunOptions &O) {
       O.Mode = ExploreMode::Fork;
       O.Explore.Strat = Strategy::Generational;
     },
     [](RunOptions &O) { O.Explore.Strat = Strategy::Generational; },
     "--strategy=generational is not available with --mode=fork"},
    {"DartIsConcolic",
     [](RunOptions &O) {
       O.Mode = ExploreMode::Fork;
       O.Explore.Strat = Strategy::DART;
     },
     [](RunOptions &O) { O.Explore.Strat = Strategy::DART; },
     "--strategy=dart is not available with --mode=fork"},
    {"FuzzIsConcolic",
     [](RunOptions &O) {
       O.Mode = ExploreMode::Fork;
       O.Fuzz = true;
     },
     [](RunOptions &O) { O.Fuzz = true; }, "--fuzz needs --mode=concolic"},
    {"FuzzAndNoFuzz", [](RunOptions &O) { O.Fuzz = O.NoFuzz = true; },
     [](RunOptions &O) { O.NoFuzz = true; },
     "--fuzz and --no-fuzz exclude each other"},
    {"FuzzRunsNeedsFuzz", [](RunOptions &O) { O.FuzzRuns = 1000; },
     [](RunOptions &O) {
       O.FuzzRuns = 1000;
       O.Fuzz = true;
     },
     "--fuzz-runs and --fuzzer need --fuzz"},
    {"FuzzerNeedsFuzz", [](RunOptions &O) { O.Fuzzer = "stub"; },
     [](RunOptions &O) {
       O.Fuzzer = "stub";
       O.Fuzz = true;
     },
     "--fuzz-runs and --fuzzer need --fuzz"},
    {"LoopBoundIsFork", [](RunOptions &O) { O.Explore.LoopBound = 3; },
     [](RunOptions &O) {
       O.Explore.LoopBound = 3;
       O.Mode = ExploreMode::Fork;
     },
     "--loop-bound and --tree-statements need --mode=fork"},
    {"TreeStatementsIsFork",
     [](RunOptions &O) { O.Explore.Exec.ReportStatements = true; },
     [](RunOptions &O) {
       O.Explore.Exec.ReportStatements = true;
       O.Mode = ExploreMode::Fork;
     },
     "--loop-bound and --tree-statements need --mode=fork"},
    {"WorkBalanceIsDistributed",
     [](RunOptions &O) { O.Ranks.Balance = WorkBalance::Steal; },
     [](RunOptions &O) {
       O.Ranks.Balance = WorkBalance::Steal;
       O.DistributedMpi = true;
     },
     "--work-balance needs --distributed=mpi"},
    {"SelfCheckIsFork", [](RunOptions &O) { O.SelfCheck = true; },
     [](RunOptions &O) {
       O.SelfCheck = true;
       O.Mode = ExploreMode::Fork;
     },
     "--self-check needs --mode=fork"},
    {"StdinAndSymStdin",
     [](RunOptions &O) {
       O.SymStdin = 4;
       O.StdinFile = "in.txt";
     },
     [](RunOptions &O) { O.SymStdin = 4; },
     "--stdin and --sym-stdin exclude each other"},
    {"SymStdinSize", [](RunOptions &O) { O.SymStdin = MaxStdinBytes + 1; },
     [](RunOptions &O) { O.SymStdin = MaxStdinBytes; }, "--sym-stdin: at most"},
    {"NativeIsLP64",
     [](RunOptions &O) {
       O.Native = {"lib.c"};
       O.Model = DataModel::ILP32;
     },
     [](RunOptions &O) { O.Native = {"lib.c"}; }, "cannot share memory"},
    {"ApcOnlyAndNoApc",
     [](RunOptions &O) {
       O.Targets = {"reach_error"};
       O.ApcOnly = O.NoApc = true;
     },
     [](RunOptions &O) {
       O.Targets = {"reach_error"};
       O.ApcOnly = true;
     },
     "--apc-only and --no-apc exclude each other"},
    {"KeepGoingNeedsTarget", [](RunOptions &O) { O.KeepGoing = true; },
     [](RunOptions &O) {
       O.KeepGoing = true;
       O.Targets = {"reach_error"};
     },
     "need --target"},
    {"ApcOnlyNeedsTarget", [](RunOptions &O) { O.ApcOnly = true; },
     [](RunOptions &O) {
       O.ApcOnly = true;
       O.Targets = {"reach_error"};
     },
     "need --target"},
    {"NoApcNeedsTarget", [](RunOptions &O) { O.NoApc = true; },
     [](RunOptions &O) {
       O.NoApc = true;
       O.Targets = {"reach_error"};
     },
     "need --target"},
    {"ApcFirstNeedsTarget", [](RunOptions &O) { O.ApcFirst = true; },
     [](RunOptions &O) {
       O.ApcFirst = true;
       O.Targets = {"reach_error"};
     },
     "need --target"},
    {"NoApcAndApcFirst",
     [](RunOptions &O) {
       O.Targets = {"reach_error"};
       O.NoApc = O.ApcFirst = true;
     },
     [](RunOptions &O) {
       O.Targets = {"reach_error"};
       O.ApcFirst = true;
     },
     "--no-apc and --apc-first exclude each other"},
};

class RunOptionsRuleTest : public ::testing::TestWithParam<Rule> {};

TEST_P(RunOptionsRuleTest, RefusesOnlyWhatBreaksIt) {
  const Rule &R = GetParam();
  RunOptions Broken = valid(), Kept = valid();
  R.Break(Broken);
  R.Keep(Kept);
  EXPECT_NE(refusal(Broken).find(R.Message), std::string::npos)
      << "refused with: '" << refusal(Broken) << "'";
  EXPECT_EQ(refusal(Kept), "");
}

INSTANTIATE_TEST_SUITE_P(Rules, RunOptionsRuleTest, ::testing::ValuesIn(Rules),
                         [](const auto &Info) {
                           return std::string(Info.param.Name);
                         });

TEST(RunOptionsTest, DefaultsAreValid) { EXPECT_EQ(refusal(valid()), ""); }

TEST(RunOptionsTest, WorkersResumeAndCheckThemselves) {
  RunOptions Resumed = valid();
  Resumed.Resume = true;
  Resumed.Jobs = 2;
  EXPECT_EQ(refusal(Resumed), "");
  RunOptions Checked = valid();
  Checked.Mode = ExploreMode::Fork;
  Checked.SelfCheck = true;
  Checked.Jobs = 2;
  EXPECT_EQ(refusal(Checked), "");
}

TEST(RunOptionsTest, SettleDerivesWhatFollows) {
  RunOptions O = valid();
  O.SolverTimeout = 2.5;
  O.Mode = ExploreMode::Fork;
  O.Explore.LoopBound = 2;
  O.SelfCheck = true;
  O.CheckUndefinedBehavior.FloatDivideByZero = true;
  O.CheckUndefinedBehavior.NanIndex = true;
  settle(O);
  EXPECT_EQ(O.Explore.SolverTimeoutMs, 2500u);
  EXPECT_FALSE(O.Explore.Exec.NativeLoops) << "loops are counted edge by edge";
  EXPECT_TRUE(O.Explore.KeepLeafModels) << "the self-check reruns leaves";
  EXPECT_TRUE(O.Explore.Exec.FloatDivideByZero) << "the interpreter checks it";
  EXPECT_TRUE(O.Explore.Exec.NanIndex);
  RunOptions Plain = valid();
  settle(Plain);
  EXPECT_TRUE(Plain.Explore.Exec.NativeLoops);
  EXPECT_FALSE(Plain.Explore.Exec.FloatDivideByZero);
  EXPECT_FALSE(Plain.Explore.Exec.NanIndex);
}

} // namespace
