//===- KeptSuiteTest.cpp - The tests a run keeps as files -----------------===//
#include "report/KeptSuite.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace theseus;

namespace {

TEST(KeptSuiteTest, KeepsOnlyTestsThatAddAnItem) {
  KeptSuite S;
  EXPECT_TRUE(S.offer(1, {1, 2}, false));
  EXPECT_FALSE(S.offer(2, {2}, false));
  EXPECT_FALSE(S.offer(3, {}, false));
  EXPECT_TRUE(S.offer(4, {2, 3}, false));
  EXPECT_TRUE(S.has(3));
  EXPECT_FALSE(S.has(5));
  EXPECT_EQ(S.size(), 2u);
}

TEST(KeptSuiteTest, RequiredTestsAreKeptAndStay) {
  KeptSuite S;
  EXPECT_TRUE(S.offer(1, {1, 2, 3}, false));
  // Adds nothing, but a file names it (a bug's first test).
  EXPECT_TRUE(S.offer(2, {1}, true));
  EXPECT_EQ(S.minimal(), (std::vector<uint64_t>{1, 2}));
}

TEST(KeptSuiteTest, MinimalDropsTestsLaterOnesCover) {
  KeptSuite S;
  // Kept one by one, each adds an item; test 3 covers what 1 and 2 do.
  EXPECT_TRUE(S.offer(1, {1}, false));
  EXPECT_TRUE(S.offer(2, {2}, false));
  EXPECT_TRUE(S.offer(3, {1, 2, 3}, false));
  EXPECT_TRUE(S.offer(4, {4}, false));
  EXPECT_EQ(S.minimal(), (std::vector<uint64_t>{3, 4}));
}

TEST(KeptSuiteTest, GreedyTakesTheLargestGainFirstAndTheLowerNumberOnTies) {
  KeptSuite S;
  S.offer(1, {1, 2}, false);
  S.offer(2, {3, 4}, false);
  S.offer(3, {2, 3, 5}, false);
  EXPECT_FALSE(S.offer(4, {1, 4}, false));
  // 3 first (three items), then 1 ({1}) and 2 ({4}) gain one each.
  EXPECT_EQ(S.minimal(), (std::vector<uint64_t>{1, 2, 3}));
}

TEST(KeptSuiteTest, TheMinimalSuiteCoversEveryItemOfTheKeptTests) {
  KeptSuite S;
  std::map<uint64_t, std::vector<uint64_t>> Kept;
  std::set<uint64_t> All;
  for (uint64_t N = 1; N <= 200; ++N) {
    std::set<uint64_t> Items;
    for (uint64_t K = 0; K < 5; ++K)
      Items.insert((N * 7 + K * K * 13) % 97);
    std::vector<uint64_t> I(Items.begin(), Items.end());
    if (S.offer(N, I, false))
      Kept[N] = I;
    All.insert(I.begin(), I.end());
  }
  std::vector<uint64_t> Min = S.minimal();
  EXPECT_LT(Min.size(), Kept.size());
  std::set<uint64_t> Covered;
  for (uint64_t N : Min) {
    ASSERT_TRUE(Kept.count(N)) << "test " << N << " was not kept";
    Covered.insert(Kept[N].begin(), Kept[N].end());
  }
  EXPECT_EQ(Covered, All);
}

} // namespace
