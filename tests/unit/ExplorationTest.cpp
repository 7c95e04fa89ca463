//===- ExplorationTest.cpp - Completeness bookkeeping ---------------------===//
#include "explore/Exploration.h"

#include <gtest/gtest.h>

namespace theseus {
namespace {

TEST(Completeness, NothingCutIsExhausted) {
  ExplorationStats S;
  countPathEnd(S, PathEnd::Return);
  countPathEnd(S, PathEnd::Bug);
  settleCompleteness(S, 0);
  EXPECT_TRUE(S.Complete);
  EXPECT_TRUE(S.Incomplete.empty());
  EXPECT_EQ(S.StopReason, "exhausted");
}

TEST(Completeness, EveryCutIsNamedAndCounted) {
  ExplorationStats S;
  countPathEnd(S, PathEnd::StepLimit);
  countPathEnd(S, PathEnd::StepLimit);
  countPathEnd(S, PathEnd::Unsupported);
  countPathEnd(S, PathEnd::ExternalDenied);
  countPathEnd(S, PathEnd::BoundReached);
  S.SolverUnknown = 3;
  S.Pinned = 4;
  S.DepthLimited = 5;
  S.StatesDropped = 6;
  S.MemoryDropped = 7;
  S.Divergences = 8;
  settleCompleteness(S, 0);
  EXPECT_FALSE(S.Complete);
  // The search ran out of work, but not everything ran to its end.
  EXPECT_EQ(S.StopReason, "bounded");
  CutCounts Expected = {{Cut::StepLimit, 2},      {Cut::Unsupported, 1},
                        {Cut::ExternalDenied, 1}, {Cut::LoopBound, 1},
                        {Cut::SolverUnknown, 3},  {Cut::Concretization, 4},
                        {Cut::MaxDepth, 5},       {Cut::MaxStates, 6},
                        {Cut::MaxMemory, 7},      {Cut::Divergence, 8}};
  EXPECT_EQ(S.Incomplete, Expected);
}

TEST(Completeness, StopByBudgetCountsWhatWasLeft) {
  ExplorationStats S;
  S.StopReason = "max-time";
  countPathEnd(S, PathEnd::Interrupted);
  settleCompleteness(S, 10);
  EXPECT_FALSE(S.Complete);
  EXPECT_EQ(S.StopReason, "max-time");
  EXPECT_EQ(S.Incomplete, (CutCounts{{Cut::MaxTime, 11}}));
}

// --target: pruned states are a cut of their own, and stopping at the
// first path to the target is one too, for what was left waiting.
TEST(Completeness, ApcPruningAndAReachedTargetAreCuts) {
  ExplorationStats S;
  S.ApcPruned = 3;
  settleCompleteness(S, 0);
  EXPECT_FALSE(S.Complete);
  EXPECT_EQ(S.StopReason, "bounded");
  EXPECT_EQ(S.Incomplete, (CutCounts{{Cut::ApcPruned, 3}}));
  EXPECT_STREQ(toString(Cut::ApcPruned), "apc-pruned");

  ExplorationStats R;
  R.StopReason = "target-reached";
  settleCompleteness(R, 4);
  EXPECT_EQ(R.Incomplete, (CutCounts{{Cut::TargetReached, 4}}));
  EXPECT_EQ(R.StopReason, "target-reached");
}

TEST(Completeness, AnInterruptedPathAloneMakesARunIncomplete) {
  ExplorationStats S;
  countPathEnd(S, PathEnd::Interrupted);
  settleCompleteness(S, 0);
  EXPECT_FALSE(S.Complete);
  EXPECT_EQ(S.Incomplete, (CutCounts{{Cut::Interrupted, 1}}));
}

TEST(RunBudget, MemoryBudgetSeesThisProcess) {
  ExploreOptions O;
  O.MaxMemoryMB = 1; // Any process with a C++ runtime is above 1 MiB.
  EXPECT_TRUE(RunBudget(O).memoryFull());
  O.MaxMemoryMB = 0; // No limit.
  EXPECT_FALSE(RunBudget(O).memoryFull());
  EXPECT_GT(currentRssBytes(), uint64_t(1) << 20);
  EXPECT_GE(peakRssBytes(), currentRssBytes() / 2);
}

} // namespace
} // namespace theseus
