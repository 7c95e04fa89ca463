//===- SearchTest.cpp - The order of waiting work -------------------------===//
#include "explore/Search.h"
#include "explore/Searchers.h"
#include "program/Program.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <gtest/gtest.h>

#include <deque>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace theseus {
namespace {

struct Node : SearchNode {
  const Node *Parent = nullptr;
};

const SearchNode *parentOf(const SearchNode *N) {
  return static_cast<const Node *>(N)->Parent;
}

/// The waiting items of one strategy's searcher, over leaves of a tree of
/// Nodes, picked as Frontier picks them but left in until removed.
class Queue {
public:
  Queue(Strategy S, const llvm::Module &M, const Coverage &Cov,
        uint64_t Seed = 0)
      : Search(makeSearcher({S, Seed, parentOf}, M, Cov)) {}
  void add(const Node *Leaf, const Node *Parent, Heading To) {
    Search->added(Leaf, Waiting.add(Leaf, Parent, To));
  }
  void remove(const SearchNode *Leaf) {
    Search->removed(Leaf, Waiting.remove(Leaf));
  }
  const SearchNode *next() {
    const SearchNode *N = Search->select(Waiting);
    return N ? N : Waiting.newest();
  }
  void setTargets(const std::vector<const llvm::BasicBlock *> &T) {
    Search->setTargets(T);
  }
  size_t size() const { return Waiting.size(); }

private:
  WaitingItems Waiting;
  std::unique_ptr<Searcher> Search;
};

/// A tree, and a queue over its leaves, for a program without code.
class SearchTest : public ::testing::Test {
protected:
  SearchTest() : M("empty", Ctx), Cov(M) {}

  Queue index(Strategy S, uint64_t Seed = 0) { return Queue(S, M, Cov, Seed); }
  const Node *node(const Node *Parent) {
    Nodes.emplace_back().Parent = Parent;
    return &Nodes.back();
  }
  /// Adds a chain of `Depth` nodes below `At` and an item at its end.
  const Node *addChain(Queue &I, const Node *At, unsigned Depth) {
    for (unsigned D = 0; D < Depth; ++D)
      At = node(At);
    const Node *Leaf = node(At);
    I.add(Leaf, At, {});
    return Leaf;
  }

  llvm::LLVMContext Ctx;
  llvm::Module M;
  Coverage Cov;
  std::deque<Node> Nodes;
};

TEST_F(SearchTest, BfsAndDfsFollowInsertionOrder) {
  for (Strategy S : {Strategy::BFS, Strategy::DFS}) {
    Queue I = index(S);
    const Node *Root = node(nullptr);
    const Node *A = addChain(I, Root, 0);
    const Node *B = addChain(I, Root, 3);
    const Node *First = S == Strategy::BFS ? A : B;
    EXPECT_EQ(I.next(), First);
    I.remove(First);
    EXPECT_EQ(I.next(), S == Strategy::BFS ? B : A);
  }
}

// A shallow item competes with a deep subtree of many items: random-path
// picks it about half the time (by the walk from the root), not 1 in 9.
TEST_F(SearchTest, RandomPathFavoursShallowItems) {
  unsigned Shallow = 0;
  for (uint64_t Seed = 0; Seed < 400; ++Seed) {
    Queue I = index(Strategy::RandomPath, Seed);
    const Node *Root = node(nullptr);
    const Node *A = addChain(I, Root, 0);
    const Node *Deep = node(node(Root));
    for (int K = 0; K < 8; ++K)
      addChain(I, Deep, 2);
    Shallow += I.next() == A;
  }
  EXPECT_GT(Shallow, 150u);
  EXPECT_LT(Shallow, 250u);
}

// Every item comes out once, in the same order for the same seed; the
// index empties completely and takes new items afterwards.
TEST_F(SearchTest, InterleavedIsReproducibleAndLosesNothing) {
  auto Drain = [&](uint64_t Seed) {
    Queue I = index(Strategy::CovInterleaved, Seed);
    const Node *Root = node(nullptr);
    const Node *Inner = node(node(Root));
    std::vector<const Node *> Leaves;
    for (unsigned D = 0; D < 20; ++D)
      Leaves.push_back(addChain(I, D % 2 ? Root : Inner, D % 5));
    std::vector<size_t> Order;
    while (I.size()) {
      const SearchNode *K = I.next();
      I.remove(K);
      Order.push_back(std::find(Leaves.begin(), Leaves.end(), K) -
                      Leaves.begin());
    }
    const Node *Again = addChain(I, Root, 1);
    EXPECT_EQ(I.next(), Again);
    return Order;
  };
  std::vector<size_t> First = Drain(7);
  EXPECT_EQ(First, Drain(7));
  std::vector<size_t> Sorted = First;
  std::sort(Sorted.begin(), Sorted.end());
  for (size_t K = 0; K < Sorted.size(); ++K)
    EXPECT_EQ(Sorted[K], K);
}

// target-distance picks the item heading closest to a target block, even
// an older one, and the newest item when none can reach a target.
TEST(TargetDistance, PicksTheItemClosestToATarget) {
  llvm::LLVMContext Ctx;
  llvm::Module M("m", Ctx);
  auto *F = llvm::Function::Create(
      llvm::FunctionType::get(llvm::Type::getVoidTy(Ctx), false),
      llvm::Function::ExternalLinkage, "f", M);
  auto *Entry = llvm::BasicBlock::Create(Ctx, "entry", F);
  auto *Far = llvm::BasicBlock::Create(Ctx, "far", F);
  auto *Near = llvm::BasicBlock::Create(Ctx, "near", F);
  auto *Target = llvm::BasicBlock::Create(Ctx, "target", F);
  auto *Away = llvm::BasicBlock::Create(Ctx, "away", F);
  llvm::IRBuilder<> B(Entry);
  B.CreateCondBr(B.getTrue(), Far, Away);
  B.SetInsertPoint(Far);
  B.CreateBr(Near);
  B.SetInsertPoint(Near);
  B.CreateBr(Target);
  B.SetInsertPoint(Target);
  B.CreateRetVoid();
  B.SetInsertPoint(Away);
  B.CreateRetVoid();
  Coverage Cov(M);
  Queue I(Strategy::TargetDistance, M, Cov);
  I.setTargets({Target});
  Node Root, A, Bn, C;
  A.Parent = Bn.Parent = C.Parent = &Root;
  I.add(&A, &Root, {Far});
  I.add(&Bn, &Root, {Near});
  I.add(&C, &Root, {Away});
  EXPECT_EQ(I.next(), &Bn);
  I.remove(&Bn);
  EXPECT_EQ(I.next(), &A);
  I.remove(&A);
  EXPECT_EQ(I.next(), &C);
}

// coverage-new first runs an item that takes a branch edge no path took,
// even an older one, until the edge is covered or has been tried often
// enough (it may be infeasible); then the usual order decides.
TEST(CoverageNew, PrefersItemsOnUncoveredEdges) {
  auto Dir = std::filesystem::temp_directory_path() /
             ("theseus-search-" + std::to_string(getpid()));
  std::filesystem::create_directories(Dir);
  std::ofstream(Dir / "f.c") << "int f(int x) {\n  if (x > 0)\n    return 1;\n"
                                "  return 2;\n}\n";
  CompileOptions Opts;
  Opts.Sources = {(Dir / "f.c").string()};
  std::unique_ptr<Program> Prog = Program::load(Opts);
  std::filesystem::remove_all(Dir);
  const llvm::Function &F = Prog->selectEntry("f");
  const llvm::Instruction *Br = F.getEntryBlock().getTerminator();
  ASSERT_TRUE(llvm::isa<llvm::BranchInst>(Br) && Br->getNumSuccessors() == 2);
  Coverage Cov(Prog->module());
  Node Root, Fresh, Old;
  Fresh.Parent = Old.Parent = &Root;
  auto Index = [&] {
    Queue I(Strategy::CoverageNew, Prog->module(), Cov);
    I.add(&Fresh, &Root, headingOf(Br, false));
    I.add(&Old, &Root, headingOf(Br, true));
    return I;
  };
  Cov.markEdge(Br, 0);
  Queue I = Index();
  for (int K = 0; K < 8; ++K)
    EXPECT_EQ(I.next(), &Fresh);
  EXPECT_EQ(I.next(), &Old); // Tried enough: the newest item comes first.

  Cov.markEdge(Br, 1); // Covered: no priority left.
  EXPECT_EQ(Index().next(), &Old);
}

// Code no path reaches must not attract coverage-new forever: the block of
// uncovered code an item is nearest to guides a bounded number of picks,
// then the item nearest to other uncovered code gets its turn; when no
// item can reach a block with picks left, a new round starts.
TEST(CoverageNew, SharesPicksAmongUncoveredCode) {
  auto Dir = std::filesystem::temp_directory_path() /
             ("theseus-search-share-" + std::to_string(getpid()));
  std::filesystem::create_directories(Dir);
  std::ofstream(Dir / "f.c") << "int g(int x) {\n  if (x == 1234)\n"
                                "    return 1;\n  return 0;\n}\n"
                                "int f(int x, int y) {\n  if (x > 0)\n"
                                "    y = y + 1;\n  if (y > 5)\n"
                                "    return 2;\n  return g(x);\n}\n";
  CompileOptions Opts;
  Opts.Sources = {(Dir / "f.c").string()};
  std::unique_ptr<Program> Prog = Program::load(Opts);
  std::filesystem::remove_all(Dir);
  const llvm::Module &M = Prog->module();
  std::vector<const llvm::BranchInst *> Branches;
  for (const char *Name : {"g", "f"})
    for (const llvm::BasicBlock &BB : *M.getFunction(Name))
      if (const auto *Br = llvm::dyn_cast<llvm::BranchInst>(BB.getTerminator());
          Br && Br->isConditional())
        Branches.push_back(Br);
  ASSERT_EQ(Branches.size(), 3u);
  const llvm::BranchInst *Dead = Branches[0], *Before = Branches[1],
                         *Live = Branches[2];
  // Every path ran all of the code but the true sides of `x == 1234` (which
  // stands for code that cannot be reached) and of `y > 5`.
  Coverage Cov(M);
  for (const llvm::Function &F : M)
    for (const llvm::BasicBlock &BB : F)
      if (&BB != Dead->getSuccessor(0) && &BB != Live->getSuccessor(0))
        Cov.markBlock(&BB, nullptr);
  for (const llvm::BranchInst *Br : Branches)
    for (unsigned S = 0; S < 2; ++S)
      if (!(S == 0 && (Br == Dead || Br == Live)))
        Cov.markEdge(Br, S);
  // NearLive is one block before `y > 5`; NearDead, newer, sits on the
  // branch that cannot be taken.
  Node Root, NearLive, NearDead;
  NearLive.Parent = NearDead.Parent = &Root;
  Queue I(Strategy::CoverageNew, M, Cov);
  I.add(&NearLive, &Root, {Before->getSuccessor(0)});
  I.add(&NearDead, &Root, {Dead->getParent()});
  unsigned Picks = 1;
  EXPECT_EQ(I.next(), &NearDead);
  while (I.next() == &NearDead && Picks < 1000)
    ++Picks;
  EXPECT_LT(Picks, 100u);
  I.remove(&NearLive);
  EXPECT_EQ(I.next(), &NearDead); // A new round.
}

// Seeded execution: the items following a seed run first, newest first;
// an item taken out otherwise (a hand-over, a drop) is forgotten, and once
// none is left the strategy's own order goes on.
TEST_F(SearchTest, SeededItemsRunFirstThenTheStrategysOrder) {
  Frontier<int> F(std::make_unique<SeededFirst>(
      makeSearcher({Strategy::BFS, 0, parentOf}, M, Cov)));
  const Node *Root = node(nullptr);
  std::vector<const Node *> Leaves;
  for (int I = 0; I < 5; ++I) {
    Leaves.push_back(node(Root));
    F.push(Leaves.back(), Root, {}, I);
  }
  F.prefer(Leaves[1]);
  F.prefer(Leaves[3]);
  F.prefer(Leaves[0]);
  EXPECT_EQ(F.pop(), 3);
  EXPECT_EQ(F.popOldest(), 0); // Preferred, but taken out otherwise.
  EXPECT_EQ(F.pop(), 1);
  EXPECT_EQ(F.pop(), 2); // No seed left: breadth-first.
  EXPECT_EQ(F.pop(), 4);
}

// A seed that missed the target: the sides it left run after every other
// item, in the strategy's order among themselves; an item added later
// still comes first, a seed may still pick a demoted item, and removing a
// demoted item (a hand-over) forgets it.
TEST_F(SearchTest, ItemsAMissedSeedLeftRunLast) {
  Frontier<int> F(std::make_unique<SeededFirst>(
      makeSearcher({Strategy::BFS, 0, parentOf}, M, Cov)));
  const Node *Root = node(nullptr);
  std::vector<const Node *> Leaves;
  auto Push = [&](int I) {
    Leaves.push_back(node(Root));
    F.push(Leaves.back(), Root, {}, I);
  };
  for (int I = 0; I < 6; ++I)
    Push(I);
  F.demote(Leaves[0]);
  F.demote(Leaves[2]);
  F.demote(Leaves[3]);
  F.demote(Leaves[3]); // Twice is once.
  Push(6);
  EXPECT_EQ(F.pop(), 1); // Breadth-first among the others.
  F.prefer(Leaves[3]);
  EXPECT_EQ(F.pop(), 3); // A seed goes to a demoted item.
  EXPECT_EQ(F.pop(), 4);
  EXPECT_EQ(F.popOldest(), 0); // Taken out otherwise.
  EXPECT_EQ(F.pop(), 5);
  EXPECT_EQ(F.pop(), 6);
  EXPECT_EQ(F.pop(), 2); // Only demoted items wait: their turn.
  EXPECT_TRUE(F.empty());
}

} // namespace
} // namespace theseus
