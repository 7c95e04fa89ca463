//===- Search.cpp - Which waiting work runs next --------------------------===//
#include "explore/Search.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <deque>

namespace theseus {

namespace {
constexpr unsigned Unreachable = std::numeric_limits<unsigned>::max();
} // namespace

Heading headingOf(const llvm::Instruction *I, bool Dir) {
  if (const auto *Br = llvm::dyn_cast<llvm::BranchInst>(I);
      Br && Br->isConditional()) {
    unsigned Index = Dir ? 0 : 1;
    return {Br->getSuccessor(Index), Br, Index};
  }
  return {I->getParent()};
}

SearchIndex::SearchIndex(Strategy S, const llvm::Module &M, const Coverage &Cov,
                         uint64_t Seed, std::function<Key(Key)> ParentOf)
    : Strat(S), Cov(Cov), Rng(Seed), ParentOf(std::move(ParentOf)) {
  if (S != Strategy::CoverageNew && S != Strategy::CovInterleaved &&
      S != Strategy::TargetDistance)
    return;
  // The reversed control flow graph of the program, with a call leading to
  // the callee's entry and the callee's returns back to the calling block,
  // so that distances cross function boundaries (not matching calls and
  // returns: a block's distance is that of its nearest context).
  for (const llvm::Function &F : M) {
    if (F.isDeclaration())
      continue;
    llvm::SmallVector<const llvm::BasicBlock *, 4> Returns;
    for (const llvm::BasicBlock &BB : F) {
      BlockOrder.try_emplace(&BB, BlockOrder.size());
      if (llvm::isa<llvm::ReturnInst>(BB.getTerminator()))
        Returns.push_back(&BB);
    }
    for (const llvm::BasicBlock &BB : F) {
      for (const llvm::BasicBlock *Succ : llvm::successors(&BB))
        Predecessors[Succ].push_back(&BB);
      for (const llvm::Instruction &I : BB) {
        const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
        const llvm::Function *Callee =
            Call ? Call->getCalledFunction() : nullptr;
        if (!Callee || Callee->isDeclaration())
          continue;
        Predecessors[&Callee->getEntryBlock()].push_back(&BB);
      }
    }
    for (const llvm::User *U : F.users())
      if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(U);
          Call && Call->getCalledFunction() == &F)
        for (const llvm::BasicBlock *R : Returns)
          Predecessors[Call->getParent()].push_back(R);
  }
}

void SearchIndex::setTargets(
    const std::vector<const llvm::BasicBlock *> &Targets) {
  ToTarget.clear();
  for (const llvm::BasicBlock *BB : Targets)
    ToTarget[BB] = 0;
  spread(ToTarget);
}

void SearchIndex::add(Key Leaf, Key Parent, Heading To) {
  uint64_t Seq = NextSeq++;
  Entries[Leaf] = {Seq, Parent, To};
  Order.emplace(Seq, Leaf);
  ByBlock[To.Block].insert(Seq);
  if (To.Term && Cov.edgeUncovered(To.Term, To.Index))
    Fresh.insert(Seq);
  // The leaf is live now; so is each ancestor up to the first that was.
  // Tree roots (the concolic tree may have several, see PathTree) hang
  // below the null key.
  Key Child = Leaf;
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

void SearchIndex::unlink(Key Child, Key Parent) {
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

void SearchIndex::remove(Key Leaf) {
  auto It = Entries.find(Leaf);
  Entry E = It->second;
  Entries.erase(It);
  Order.erase(E.Seq);
  Fresh.erase(E.Seq);
  auto Block = ByBlock.find(E.To.Block);
  Block->second.erase(E.Seq);
  if (Block->second.empty())
    ByBlock.erase(Block);
  unlink(Leaf, E.Parent);
}

/// KLEE's random-path: from the root, a child chosen at random among those
/// with an item below, down to an item. Items high in the tree, which few
/// forks share, are favoured, so no deep subtree can starve the others.
SearchIndex::Key SearchIndex::randomPath() {
  Key K = nullptr;
  for (auto It = LiveChildren.find(K); It != LiveChildren.end();
       It = LiveChildren.find(K))
    K = It->second[Rng() % It->second.size()];
  return K;
}

void SearchIndex::spread(DistanceMap &Dist, OriginMap *Origin) const {
  std::deque<const llvm::BasicBlock *> Work;
  for (const auto &[BB, D] : Dist) {
    Work.push_back(BB);
    if (Origin)
      (*Origin)[BB] = BB;
  }
  // In program order, so that a block as near to two origins gets the same
  // one in every run.
  std::sort(Work.begin(), Work.end(),
            [&](const llvm::BasicBlock *A, const llvm::BasicBlock *B) {
              return BlockOrder.lookup(A) < BlockOrder.lookup(B);
            });
  while (!Work.empty()) {
    const llvm::BasicBlock *BB = Work.front();
    Work.pop_front();
    unsigned D = Dist[BB] + 1;
    for (const llvm::BasicBlock *P : Predecessors.lookup(BB)) {
      if (!Dist.try_emplace(P, D).second)
        continue;
      Work.push_back(P);
      if (Origin)
        (*Origin)[P] = Origin->lookup(BB);
    }
  }
}

/// True when some branch edge out of `BB` was never taken.
static bool hasUncoveredEdge(const Coverage &Cov, const llvm::BasicBlock *BB) {
  const llvm::Instruction *T = BB->getTerminator();
  for (unsigned S = 0, N = T->getNumSuccessors(); S < N; ++S)
    if (Cov.edgeUncovered(T, S))
      return true;
  return false;
}

/// Distances backwards from the blocks no path ran to the end and from those
/// with a branch edge no path took (a path reaching such a branch opens the
/// side that takes it), leaving out the seeds that guided their share of
/// picks in this round; redone when coverage grew or a seed retired.
void SearchIndex::refreshDistances() {
  uint64_t Generation = Cov.blocksCovered() + Cov.branchesCovered();
  if (Generation == DistanceGeneration)
    return;
  DistanceGeneration = Generation;
  Distance.clear();
  NearestSeed.clear();
  auto Seed = [&](const llvm::BasicBlock *BB) {
    if ((Cov.blockUncovered(BB) || hasUncoveredEdge(Cov, BB)) &&
        SeedPicks.lookup(BB) < MaxSeedPicks)
      Distance.try_emplace(BB, 0);
  };
  for (const auto &[BB, Preds] : Predecessors) {
    Seed(BB);
    for (const llvm::BasicBlock *P : Preds)
      Seed(P);
  }
  spread(Distance, &NearestSeed);
}

SearchIndex::Key SearchIndex::freshEdge() {
  for (auto It = Fresh.rbegin(); It != Fresh.rend();) {
    Key K = Order.at(*It);
    const Heading &To = Entries.at(K).To;
    unsigned &Tries = EdgeTries[{To.Term, To.Index}];
    if (Tries < MaxEdgeTries && Cov.edgeUncovered(To.Term, To.Index)) {
      ++Tries;
      return K;
    }
    It = std::make_reverse_iterator(Fresh.erase(std::next(It).base()));
  }
  return nullptr;
}

SearchIndex::Key SearchIndex::nearest(const DistanceMap &Dist) const {
  unsigned Best = Unreachable;
  uint64_t BestSeq = 0;
  for (const auto &[BB, Seqs] : ByBlock) {
    auto It = BB ? Dist.find(BB) : Dist.end();
    unsigned D = It == Dist.end() ? Unreachable : It->second;
    uint64_t Seq = *Seqs.rbegin();
    if (D < Best || (D == Best && D != Unreachable && Seq > BestSeq)) {
      Best = D;
      BestSeq = Seq;
    }
  }
  return Best == Unreachable ? nullptr : Order.at(BestSeq);
}

/// The item nearest to uncovered code, charged to the seed it heads for.
/// Code that no path reaches (dead code, or code behind conditions on
/// concrete values) would otherwise attract every pick, as every path may
/// run right next to it: each seed guides MaxSeedPicks picks per round, and
/// a round ends when no item can reach a seed that has picks left.
SearchIndex::Key SearchIndex::nearestToUncovered() {
  if (Key K = freshEdge())
    return K;
  refreshDistances();
  Key K = nearest(Distance);
  if (!K && !SeedPicks.empty()) {
    SeedPicks.clear(); // A new round.
    DistanceGeneration = ~uint64_t(0);
    refreshDistances();
    K = nearest(Distance);
  }
  if (!K)
    return nullptr;
  const llvm::BasicBlock *Seed = NearestSeed.lookup(Entries.at(K).To.Block);
  if (++SeedPicks[Seed] >= MaxSeedPicks)
    DistanceGeneration = ~uint64_t(0); // Retired: recompute without it.
  return K;
}

SearchIndex::Key SearchIndex::next() {
  ++Picks;
  switch (Strat) {
  case Strategy::BFS:
    return oldest();
  case Strategy::RandomPath:
    return randomPath();
  case Strategy::CoverageNew:
    if (Key K = nearestToUncovered())
      return K;
    return newest();
  case Strategy::TargetDistance:
    if (Key K = nearest(ToTarget))
      return K;
    return newest();
  case Strategy::CovInterleaved:
    // With a target: every third pick heads for it.
    if (!ToTarget.empty() && Picks % 3 == 0)
      if (Key K = nearest(ToTarget))
        return K;
    if (Picks % 2)
      if (Key K = nearestToUncovered())
        return K;
    return Entries.size() > BreadthLimit ? newest() : randomPath();
  default:
    return newest();
  }
}

} // namespace theseus
