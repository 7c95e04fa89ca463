//===- SharingTest.cpp - Workers of one run sharing a path tree -----------===//
#include "explore/Sharing.h"
#include "explore/ExecutionTree.h"
#include "explore/PathTree.h"
#include "explore/Wire.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <memory>
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

/// A worker's path tree with one decision on `x < 5` at its root, on
/// `Ctx`'s byte x: side `Ran` taken by a path ending with test `Test`,
/// the other side in state `Other`.
std::unique_ptr<PathTree> oneDecision(ExprContext &Ctx, bool Ran, uint64_t Test,
                                      SideState Other) {
  auto Tree = std::make_unique<PathTree>();
  PathTree &T = *Tree;
  ExprRef X = Ctx.read(Ctx.array("x", 1), 0);
  PathNode *Root = T.root();
  Root->Cond = Ctx.ult(X, Ctx.constant(5, 8));
  Root->Side[Ran] = SideState::Explored;
  Root->Side[!Ran] = Other;
  PathNode *End = T.child(Root, Ran);
  End->EndsPath = true;
  End->TestIndex = Test;
  return Tree;
}

TEST(JoinedTreesTest, PathTreesMergeDecisionByDecision) {
  ExprContext First, Second;
  auto A = oneDecision(First, true, 1, SideState::Elsewhere);
  auto B = oneDecision(Second, false, 2, SideState::Open);
  PathTree Joined;
  auto Tagged = [](uint64_t N) { return N + 100; };
  Joined.add(*A, Tagged);
  Joined.add(*B, Tagged);
  // One decision with both sides explored: the root and two ends.
  EXPECT_EQ(Joined.numNodes(), 3u);
  const PathNode *Root = Joined.root();
  EXPECT_FALSE(Root->Alternative);
  EXPECT_EQ(Root->Side[0], SideState::Explored);
  EXPECT_EQ(Root->Side[1], SideState::Explored);
  EXPECT_EQ(Root->Child[1]->TestIndex, 101u);
  EXPECT_EQ(Root->Child[0]->TestIndex, 102u);
  EXPECT_TRUE(Root->Child[0]->EndsPath);

  // A side one worker left open and no other took stays open, over
  // another's Elsewhere.
  auto C = oneDecision(Second, true, 0, SideState::Open);
  PathTree OpenJoined;
  OpenJoined.add(*A, Tagged);
  OpenJoined.add(*C, Tagged);
  EXPECT_EQ(OpenJoined.root()->Side[0], SideState::Open);
  EXPECT_EQ(OpenJoined.root()->Child[1]->TestIndex, 101u);
}

TEST(JoinedTreesTest, ADecisionOnAnotherConditionIsAnAlternative) {
  ExprContext Ctx;
  auto A = oneDecision(Ctx, true, 1, SideState::Open);
  PathTree B;
  ExprRef X = Ctx.read(Ctx.array("x", 1), 0);
  B.root()->Cond = Ctx.ult(X, Ctx.constant(9, 8));
  B.root()->Side[0] = SideState::Infeasible;
  PathTree Joined;
  auto Same = [](uint64_t N) { return N; };
  Joined.add(*A, Same);
  Joined.add(B, Same);
  ASSERT_TRUE(Joined.root()->Alternative);
  EXPECT_EQ(Joined.root()->Alternative->Side[0], SideState::Infeasible);
  EXPECT_EQ(Joined.numNodes(), 3u);
}

TEST(JoinedTreesTest, AHandedOverStateGoesOnWithTheTakersSubtree) {
  ExprContext Ctx;
  ExprRef C = Ctx.ult(Ctx.read(Ctx.array("x", 1), 0), Ctx.constant(5, 8));
  TreeKey Handed = TreeKey().then(1, 0, false);
  // The giver forked at the root and handed its false side over.
  ExecutionTree Giver;
  TreeNode *Taken = Giver.addChild(Giver.root(), C);
  Taken->Leaf = LeafKind::Normal;
  Taken->TestIndex = 1;
  TreeNode *Given = Giver.addChild(Giver.root(), Ctx.logicalNot(C));
  NodesByKey GiverOut = {{Handed, Given}}, GiverIn;
  // The taker went on with it from one edge below its root, and forked
  // into two leaves there.
  ExecutionTree Taker;
  TreeNode *In = Taker.addChild(Taker.root(), Ctx.logicalNot(C));
  for (uint64_t Test : {2, 3}) {
    TreeNode *Leaf = Taker.addChild(In, Ctx.constant(1, 1));
    Leaf->Leaf = LeafKind::Error;
    Leaf->TestIndex = Test;
  }
  NodesByKey TakerOut, TakerIn = {{Handed, In}};
  std::vector<TreePart> Parts = {{&Giver, &GiverOut, &GiverIn},
                                 {&Taker, &TakerOut, &TakerIn}};

  auto Joined = joinTrees(
      Parts, [](uint64_t N) { return N * 10; }, 100);
  ASSERT_EQ(Joined->size(), 5u);
  EXPECT_EQ(joinedSize(Parts), 5u);
  const TreeNode *Root = Joined->root();
  ASSERT_EQ(Root->Children.size(), 2u);
  EXPECT_EQ(Root->Children[0]->TestIndex, 10u);
  const TreeNode &GoesOn = *Root->Children[1];
  EXPECT_EQ(GoesOn.Added, Ctx.logicalNot(C)); // The giver's edge.
  ASSERT_EQ(GoesOn.Children.size(), 2u);
  EXPECT_EQ(GoesOn.Children[0]->Leaf, LeafKind::Error);
  EXPECT_EQ(GoesOn.Children[0]->TestIndex, 20u);
  EXPECT_EQ(GoesOn.Children[1]->TestIndex, 30u);
  EXPECT_EQ(GoesOn.Children[1]->Parent, &GoesOn);
  // Breadth first: parents before children.
  EXPECT_EQ(GoesOn.Children[1]->Id, 4u);

  // Capped: the first nodes only, however many there are in all.
  EXPECT_EQ(joinTrees(
                Parts, [](uint64_t N) { return N; }, 3)
                ->size(),
            3u);
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
