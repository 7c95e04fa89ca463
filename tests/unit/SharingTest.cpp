//===- SharingTest.cpp - Workers of one run sharing a path tree -----------===//
#include "explore/Sharing.h"

#include <gtest/gtest.h>

#include <thread>

using namespace theseus;

namespace {

TEST(TreeKeyTest, NamesThePlaceByEveryDecisionOnTheWay) {
  TreeKey Root;
  TreeKey A = Root.then(7, 1, true);
  EXPECT_EQ(A, Root.then(7, 1, true));
  EXPECT_FALSE(A == Root.then(7, 1, false)); // The other side.
  EXPECT_FALSE(A == Root.then(8, 1, true));  // Another instruction.
  EXPECT_FALSE(A == Root.then(7, 2, true));  // Another condition.
  // The order of decisions counts.
  EXPECT_FALSE(A.then(8, 1, true) == Root.then(8, 1, true).then(7, 1, true));
}

TEST(TreeKeyTest, ConditionShapesTellPinnedValuesApart) {
  ExprContext Ctx;
  const Array *X = Ctx.array("x", 1);
  ExprRef Byte = Ctx.read(X, 0);
  EXPECT_EQ(conditionShape(Ctx.eq(Byte, Ctx.constant(5, 8))),
            conditionShape(Ctx.eq(Byte, Ctx.constant(5, 8))));
  EXPECT_NE(conditionShape(Ctx.eq(Byte, Ctx.constant(5, 8))),
            conditionShape(Ctx.eq(Byte, Ctx.constant(7, 8))));
  // The same in another context: keys are made alike in every worker.
  ExprContext Other;
  ExprRef There = Other.read(Other.array("x", 1), 0);
  EXPECT_EQ(conditionShape(Ctx.eq(Byte, Ctx.constant(5, 8))),
            conditionShape(Other.eq(There, Other.constant(5, 8))));
}

TEST(CoordinatorTest, TheFirstClaimOfASideWins) {
  Coordinator C(2);
  TreeKey Side = TreeKey().then(1, 0, false);
  EXPECT_TRUE(C.claimSide(0, Side));
  EXPECT_TRUE(C.claimSide(0, Side)); // Its own claim again.
  EXPECT_FALSE(C.claimSide(1, Side));
  EXPECT_TRUE(C.claimSide(1, TreeKey().then(1, 0, true)));
  EXPECT_EQ(C.claims(), 4u);
}

TEST(CoordinatorTest, APathIsNewOnce) {
  Coordinator C(2);
  TreeKey Leaf = TreeKey().then(3, 0, true);
  EXPECT_TRUE(C.claimPath(Leaf));
  EXPECT_FALSE(C.claimPath(Leaf));
}

TEST(CoordinatorTest, TestNumbersAreDense) {
  Coordinator C(2);
  EXPECT_EQ(C.nextTest(), 1u);
  EXPECT_EQ(C.nextTest(), 2u);
}

TEST(CoordinatorTest, AnIdleWorkerGetsWhatAnotherHandsOver) {
  Coordinator C(2);
  EXPECT_FALSE(C.wanted());
  std::optional<SharedWork> Got;
  std::thread Idle([&] { Got = C.wait(); });
  while (!C.wanted())
    std::this_thread::yield();
  SharedWork W;
  W.Input = "bytes";
  W.Depth = 3;
  C.give(W);
  Idle.join();
  ASSERT_TRUE(Got.has_value());
  EXPECT_EQ(Got->Input, "bytes");
  EXPECT_EQ(Got->Depth, 3u);
  EXPECT_FALSE(C.wanted());
  EXPECT_EQ(C.unrun(), 0u);
}

TEST(CoordinatorTest, TheRunIsOverWhenEveryWorkerWaits) {
  Coordinator C(2);
  std::optional<SharedWork> First = SharedWork();
  std::thread Idle([&] { First = C.wait(); });
  while (!C.wanted())
    std::this_thread::yield();
  // The second worker runs out too: nothing can come any more.
  EXPECT_FALSE(C.wait().has_value());
  Idle.join();
  EXPECT_FALSE(First.has_value());
}

TEST(CoordinatorTest, StopWakesTheWaitingAndKeepsWhatWasNotRun) {
  Coordinator C(3);
  C.give(SharedWork()); // Nobody waits for it yet.
  C.stop();
  EXPECT_FALSE(C.wait().has_value());
  EXPECT_EQ(C.unrun(), 1u);
}

} // namespace
