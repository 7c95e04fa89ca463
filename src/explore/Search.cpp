//===- Search.cpp - Which waiting work runs next --------------------------===//
#include "explore/Search.h"
#include "explore/Searchers.h"

#include "llvm/IR/Instructions.h"

#include <algorithm>

namespace theseus {

Heading headingOf(const llvm::Instruction *I, bool Dir) {
  if (const auto *Br = llvm::dyn_cast<llvm::BranchInst>(I);
      Br && Br->isConditional()) {
    unsigned Index = Dir ? 0 : 1;
    return {Br->getSuccessor(Index), Br, Index};
  }
  return {I->getParent()};
}

const WaitingItems::Item &WaitingItems::add(const SearchNode *Leaf,
                                            const SearchNode *Parent,
                                            Heading To) {
  return insert(Leaf, {NextSeq++, Parent, To});
}

const WaitingItems::Item &WaitingItems::insert(const SearchNode *Leaf,
                                               const Item &I) {
  Order.emplace(I.Seq, Leaf);
  ByBlock[I.To.Block].insert(I.Seq);
  return Items[Leaf] = I;
}

WaitingItems::Item WaitingItems::remove(const SearchNode *Leaf) {
  auto It = Items.find(Leaf);
  Item I = It->second;
  Items.erase(It);
  Order.erase(I.Seq);
  auto Block = ByBlock.find(I.To.Block);
  Block->second.erase(I.Seq);
  if (Block->second.empty())
    ByBlock.erase(Block);
  return I;
}

Searcher::~Searcher() = default;

void RandomPath::added(const SearchNode *Leaf, const WaitingItems::Item &I) {
  // The leaf is live now; so is each ancestor up to the first that was.
  const SearchNode *Child = Leaf, *Parent = I.Parent;
  while (true) {
    auto &Kids = LiveChildren[Parent];
    bool WasLive = !Kids.empty();
    Kids.push_back(Child);
    if (WasLive || !Parent)
      return;
    Child = Parent;
    Parent = ParentOf(Parent);
  }
}

void RandomPath::removed(const SearchNode *Leaf, const WaitingItems::Item &I) {
  const SearchNode *Child = Leaf, *Parent = I.Parent;
  while (true) {
    auto It = LiveChildren.find(Parent);
    auto &Kids = It->second;
    Kids.erase(std::find(Kids.begin(), Kids.end(), Child));
    if (!Kids.empty())
      return;
    LiveChildren.erase(It);
    if (!Parent)
      return;
    Child = Parent;
    Parent = ParentOf(Parent);
  }
}

const SearchNode *RandomPath::select(const WaitingItems &) {
  const SearchNode *N = nullptr;
  for (auto It = LiveChildren.find(N); It != LiveChildren.end();
       It = LiveChildren.find(N))
    N = It->second[Rng() % It->second.size()];
  return N;
}

void Interleaved::added(const SearchNode *Leaf, const WaitingItems::Item &I) {
  Uncovered.added(Leaf, I);
  Random.added(Leaf, I);
}

void Interleaved::removed(const SearchNode *Leaf, const WaitingItems::Item &I) {
  Uncovered.removed(Leaf, I);
  Random.removed(Leaf, I);
}

const SearchNode *Interleaved::select(const WaitingItems &W) {
  ++Picks;
  if (Target.hasTargets() && Picks % 3 == 0)
    if (const SearchNode *N = Target.select(W))
      return N;
  if (Picks % 2)
    if (const SearchNode *N = Uncovered.select(W))
      return N;
  return Random.select(W);
}

void SeededFirst::added(const SearchNode *Leaf, const WaitingItems::Item &I) {
  if (Active)
    Active->insert(Leaf, I);
  Inner->added(Leaf, I);
}

void SeededFirst::removed(const SearchNode *Leaf, const WaitingItems::Item &I) {
  Seeded.erase(I.Seq);
  if (Demoted.erase(I.Seq))
    return; // `Inner` saw it go when it was demoted.
  if (Active)
    Active->remove(Leaf);
  Inner->removed(Leaf, I);
}

void SeededFirst::demote(const SearchNode *Leaf, const WaitingItems::Item &I,
                         const WaitingItems &W) {
  if (Demoted.count(I.Seq))
    return;
  if (!Active)
    Active = W;
  Active->remove(Leaf);
  Inner->removed(Leaf, I);
  Demoted.try_emplace(I.Seq, Leaf, I);
}

const SearchNode *SeededFirst::select(const WaitingItems &W) {
  if (!Seeded.empty())
    return Seeded.rbegin()->second;
  if (!Active)
    return Inner->select(W);
  if (Active->size() == 0) {
    // Only demoted items wait: they are the search's again.
    for (auto &[Seq, Item] : Demoted) {
      Active->insert(Item.first, Item.second);
      Inner->added(Item.first, Item.second);
    }
    Demoted.clear();
  }
  const SearchNode *N = Inner->select(*Active);
  return N ? N : Active->newest();
}

std::unique_ptr<Searcher> makeSearcher(const SearchSettings &S,
                                       const llvm::Module &M,
                                       const Coverage &Cov) {
  switch (S.Strat) {
  case Strategy::BFS:
    return std::make_unique<OldestFirst>();
  case Strategy::RandomPath:
    return std::make_unique<RandomPath>(S.Seed, S.ParentOf);
  case Strategy::CoverageNew:
    return std::make_unique<NearestUncovered>(
        std::make_shared<BlockDistances>(M), Cov);
  case Strategy::TargetDistance:
    return std::make_unique<TargetDistance>(
        std::make_shared<BlockDistances>(M));
  case Strategy::CovInterleaved:
    return std::make_unique<Interleaved>(S, std::make_shared<BlockDistances>(M),
                                         Cov);
  case Strategy::DFS:
  case Strategy::Generational:
  case Strategy::DART:
    break;
  }
  return std::make_unique<NewestFirst>();
}

} // namespace theseus
