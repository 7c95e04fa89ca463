//===- SharingTest.cpp - Workers of one run sharing a path tree -----------===//
#include "explore/Sharing.h"
#include "explore/Wire.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <thread>
#include <vector>

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

TEST(CoordinatorTest, TestNumbersAreTagsForTheTeamToNumber) {
  Coordinator C(2);
  EXPECT_EQ(C.nextTest(), WorkerTest | 1);
  EXPECT_EQ(C.nextTest(), WorkerTest | 2);
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

TEST(CoordinatorTest, AllOutOfWorkAsksElsewhereOnceAndHandsOnWhatComes) {
  struct Counting : Upstream {
    bool wanted() const override { return false; }
    void give(SharedWork W) override { Given.push_back(W.Input); }
    std::optional<SharedWork> wait() override {
      ++Asked;
      if (Asked > 1)
        return std::nullopt; // Nothing more anywhere.
      SharedWork W;
      W.Input = "from elsewhere";
      return W;
    }
    std::vector<std::string> Given;
    std::atomic<int> Asked = 0;
  } Elsewhere;
  Coordinator C(2, &Elsewhere);
  // Nobody here waits: the work goes elsewhere.
  SharedWork Mine;
  Mine.Input = "mine";
  C.give(Mine);
  EXPECT_EQ(Elsewhere.Given, std::vector<std::string>{"mine"});
  // The first idle worker waits here; the second, the last, asks
  // elsewhere.
  std::optional<SharedWork> First;
  std::thread Idle([&] { First = C.wait(); });
  while (!C.wanted())
    std::this_thread::yield();
  std::optional<SharedWork> Second = C.wait();
  ASSERT_TRUE(Second.has_value());
  EXPECT_EQ(Second->Input, "from elsewhere");
  EXPECT_EQ(Elsewhere.Asked.load(), 1);
  // Out of work again: asked once more, nothing comes, the run is over
  // for both.
  EXPECT_FALSE(C.wait().has_value());
  Idle.join();
  EXPECT_FALSE(First.has_value());
  EXPECT_EQ(Elsewhere.Asked.load(), 2);
}

TEST(CoordinatorTest, KnowsWhichPartsOfTheTreeAreItsProcesss) {
  struct OneItem : Upstream {
    bool wanted() const override { return false; }
    void give(SharedWork) override {}
    std::optional<SharedWork> wait() override {
      if (Sent)
        return std::nullopt;
      Sent = true;
      SharedWork W;
      W.Side = TreeKey().then(7, 1, true);
      return W;
    }
    bool Sent = false;
  } Elsewhere;
  TreeKey Away = TreeKey().then(3, 1, false);
  TreeKey Came = TreeKey().then(7, 1, true);
  // The first process holds the root, and gives a part away.
  Coordinator First(1, &Elsewhere, /*FirstWorker=*/0);
  EXPECT_TRUE(First.holdsRoot());
  EXPECT_TRUE(First.firstHere(0));
  SharedWork W;
  W.Side = Away;
  First.give(W);
  EXPECT_EQ(First.partAt(Away), std::optional<bool>(false));
  EXPECT_EQ(First.partAt(Came), std::nullopt);
  // Another takes a part over, and does not hold the root.
  Coordinator Other(1, &Elsewhere, /*FirstWorker=*/3);
  EXPECT_FALSE(Other.holdsRoot());
  EXPECT_TRUE(Other.firstHere(3));
  EXPECT_FALSE(Other.firstHere(4));
  ASSERT_TRUE(Other.wait().has_value()); // Its only worker asks elsewhere.
  EXPECT_EQ(Other.partAt(Came), std::optional<bool>(true));
  EXPECT_EQ(Other.partAt(Away), std::nullopt);
}

TEST(WorkRouterTest, WorkGoesToAWaitingProcessOrWaits) {
  WorkRouter R(3);
  EXPECT_TRUE(R.give("a").empty()); // Nobody waits: kept.
  EXPECT_EQ(R.kept(), 1u);
  auto D = R.idle(2); // Takes what was kept.
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].To, 2u);
  EXPECT_EQ(D[0].Work, std::optional<std::string>("a"));
  EXPECT_TRUE(R.idle(3).empty()); // Waits.
  EXPECT_TRUE(R.hungry());
  D = R.give("b");
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].To, 3u);
  EXPECT_FALSE(R.hungry());
}

TEST(WorkRouterTest, TheRunIsOverWhenEveryRunningProcessWaits) {
  WorkRouter R(3);
  EXPECT_TRUE(R.idle(1).empty());
  EXPECT_TRUE(R.idle(2).empty());
  // Process 3 stops on its own (a budget): the other two had no more.
  auto D = R.ended(3);
  ASSERT_EQ(D.size(), 2u);
  for (const WorkRouter::Delivery &Each : D)
    EXPECT_FALSE(Each.Work.has_value());
  EXPECT_FALSE(R.hungry());
}

TEST(WireTest, ValuesComeBackAsWrittenAndTruncationIsAnError) {
  llvm::BitVector Bits(70);
  Bits.set(3);
  Bits.set(69);
  WireWriter W;
  W.u64(0).u64(~uint64_t(0)).f64(-0.0).str(std::string("a\0b", 3)).bits(Bits);
  std::string Bytes = W.take();
  WireReader R(Bytes);
  EXPECT_EQ(R.u64(), 0u);
  EXPECT_EQ(R.u64(), ~uint64_t(0));
  double Zero = R.f64();
  EXPECT_TRUE(Zero == 0.0 && std::signbit(Zero));
  EXPECT_EQ(R.str(), std::string("a\0b", 3));
  EXPECT_EQ(R.bits(), Bits);
  EXPECT_TRUE(R.atEnd());
  for (size_t Cut = 0; Cut < Bytes.size(); ++Cut) {
    WireReader Short(std::string_view(Bytes).substr(0, Cut));
    EXPECT_THROW(
        {
          Short.u64();
          Short.u64();
          Short.f64();
          Short.str();
          Short.bits();
        },
        WireError)
        << "cut at " << Cut;
  }
}

TEST(WireTest, WorkAndClosedSidesTravelWhole) {
  SharedWork W;
  W.Input = "input";
  W.Side = TreeKey().then(3, 4, true);
  W.Depth = 9;
  W.NegatedTest = uint64_t(2) << 40 | 7;
  W.NegatedDecision = 5;
  SharedWork Back = WireFormat::decodeWork(WireFormat::encodeWork(W));
  EXPECT_EQ(Back.Input, W.Input);
  EXPECT_EQ(Back.Side, W.Side);
  EXPECT_EQ(Back.Depth, W.Depth);
  EXPECT_EQ(Back.NegatedTest, W.NegatedTest);
  EXPECT_EQ(Back.NegatedDecision, W.NegatedDecision);
  ClosedSide C{42, 3, true, SideState::Diverged};
  ClosedSide CBack =
      WireFormat::decodeClosedSide(WireFormat::encodeClosedSide(C));
  EXPECT_EQ(CBack.Test, 42u);
  EXPECT_EQ(CBack.Depth, 3u);
  EXPECT_TRUE(CBack.Side);
  EXPECT_EQ(CBack.State, SideState::Diverged);
}

} // namespace
