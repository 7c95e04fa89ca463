//===- ExplorationTest.cpp - Completeness bookkeeping ---------------------===//
#include "explore/Exploration.h"
#include "explore/Route.h"

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

/// A route of the sides in `Text` ("0110"; "x" a side 0 whose side 1 is
/// infeasible, "y" a side 1 whose side 0 is).
Route routeOf(const std::string &Text) {
  Route R;
  for (char C : Text) {
    R.add(C == '1' || C == 'y');
    if (C == 'x' || C == 'y')
      R.closeLast();
  }
  return R;
}

uint64_t placeOf(const std::string &Text) { return routeOf(Text).place(); }

StoredTest testOf(uint64_t Number, const std::string &Text) {
  StoredTest T;
  T.Number = Number;
  T.Route = routeOf(Text).encode();
  return T;
}

TEST(Routes, ReadBackAsWritten) {
  for (std::string Text : {std::string(), std::string("1"), std::string("0x1y"),
                           std::string("1011x0y11"), std::string(300, '1'),
                           std::string(129, 'x') + "1"}) {
    Route R = routeOf(Text);
    std::optional<Route> Back = Route::decode(R.encode());
    ASSERT_TRUE(Back) << Text;
    ASSERT_EQ(Back->size(), Text.size());
    for (uint32_t I = 0; I < Back->size(); ++I) {
      EXPECT_EQ(Back->side(I), Text[I] == '1' || Text[I] == 'y') << Text;
      EXPECT_EQ(Back->closed(I), Text[I] == 'x' || Text[I] == 'y') << Text;
    }
    EXPECT_EQ(Back->place(), R.place());
  }
  // Two bits a decision from the high bits down, after the count.
  EXPECT_EQ(routeOf("1x1").encode(), std::string("\x03\x98", 2));
  EXPECT_FALSE(Route::decode(""));
  EXPECT_FALSE(Route::decode(std::string("\x09\xff", 2))); // Bytes short.
}

TEST(Routes, APlaceIsNamedByTheSidesToIt) {
  EXPECT_EQ(placeOf(""), Route::Start);
  EXPECT_NE(placeOf("0"), placeOf("1"));
  EXPECT_NE(placeOf("0"), placeOf("00"));
  EXPECT_NE(placeOf("01"), placeOf("10"));
  EXPECT_EQ(placeOf("0x1"), placeOf("001")); // Not by what was closed.
  Route R = routeOf("011");
  R.flipLast();
  EXPECT_EQ(R.place(), placeOf("010"));
  EXPECT_EQ(R.placeBefore(), placeOf("01"));
  EXPECT_FALSE(R.side(2));
}

// The earlier paths 000, 001, 01 and 11 go both ways at the entry, at 0
// and at 00; nowhere else (at 1 only the side 1 was taken).
TEST(Routes, EarlierPathsGoBothWaysWhereTheySplit) {
  std::vector<StoredTest> Tests = {testOf(4, "1y"), testOf(1, "000"),
                                   testOf(3, "01"), testOf(2, "001")};
  Tests.push_back(testOf(5, "01")); // A further return value of test 3.
  StoredTest Concolic;              // No route.
  Concolic.Number = 6;
  Tests.push_back(Concolic);
  EarlierRoutes E(Tests);
  for (const char *Split : {"", "0", "00"})
    EXPECT_TRUE(E.bothTaken(placeOf(Split))) << Split;
  for (const char *Not : {"1", "01", "000", "11", "10"})
    EXPECT_FALSE(E.bothTaken(placeOf(Not))) << Not;
}

// A resumed run rebuilds the earlier tree from the first route in side
// order (000), forking where the routes split onto a test that took the
// other side, each side once; a further return value of a path (5, of 3's)
// is never forked onto.
TEST(Routes, EachSideWhereTheRoutesSplitGoesToATestThatTookIt) {
  std::vector<StoredTest> Tests = {testOf(4, "1y"), testOf(5, "01"),
                                   testOf(1, "000"), testOf(3, "01"),
                                   testOf(2, "001")};
  Tests[1].VariantOf = 3;
  EarlierRoutes E(Tests);
  EXPECT_EQ(E.first(), std::optional<size_t>(2));
  EXPECT_EQ(E.claim(placeOf(""), true), std::optional<size_t>(0));
  EXPECT_EQ(E.claim(placeOf(""), true), std::nullopt); // Once.
  EXPECT_EQ(E.claim(placeOf("0"), true), std::optional<size_t>(3));
  EXPECT_EQ(E.claim(placeOf("00"), true), std::optional<size_t>(4));
  EXPECT_EQ(E.claim(placeOf("00"), false), std::optional<size_t>(2));
  EXPECT_EQ(E.claim(placeOf("1"), false), std::nullopt); // No split.
  EXPECT_EQ(EarlierRoutes({}).first(), std::nullopt);
}

} // namespace
} // namespace theseus
