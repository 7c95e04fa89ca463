//===- SearchDistance.cpp - Searchers guided by distances -----------------===//
#include "explore/Searchers.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <deque>
#include <limits>

namespace theseus {

namespace {
constexpr unsigned Unreachable = std::numeric_limits<unsigned>::max();
} // namespace

BlockDistances::BlockDistances(const llvm::Module &M) {
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

void BlockDistances::spread(DistanceMap &Dist, OriginMap *Origin) const {
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

const SearchNode *nearestItem(const WaitingItems &W,
                              const BlockDistances::DistanceMap &Dist) {
  unsigned Best = Unreachable;
  uint64_t BestSeq = 0;
  for (const auto &[BB, Seqs] : W.byBlock()) {
    auto It = BB ? Dist.find(BB) : Dist.end();
    unsigned D = It == Dist.end() ? Unreachable : It->second;
    uint64_t Seq = *Seqs.rbegin();
    if (D < Best || (D == Best && D != Unreachable && Seq > BestSeq)) {
      Best = D;
      BestSeq = Seq;
    }
  }
  return Best == Unreachable ? nullptr : W.bySeq(BestSeq);
}

void TargetDistance::setTargets(
    const std::vector<const llvm::BasicBlock *> &Targets) {
  ToTarget.clear();
  for (const llvm::BasicBlock *BB : Targets)
    ToTarget[BB] = 0;
  Graph->spread(ToTarget);
}

void NearestUncovered::added(const SearchNode *, const WaitingItems::Item &I) {
  if (I.To.Term && Cov.edgeUncovered(I.To.Term, I.To.Index))
    Fresh.insert(I.Seq);
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
void NearestUncovered::refreshDistances() {
  uint64_t Generation = Cov.blocksCovered() + Cov.allBranchesCovered();
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
  for (const auto &[BB, Preds] : Graph->predecessors()) {
    Seed(BB);
    for (const llvm::BasicBlock *P : Preds)
      Seed(P);
  }
  Graph->spread(Distance, &NearestSeed);
}

const SearchNode *NearestUncovered::freshEdge(const WaitingItems &W) {
  for (auto It = Fresh.rbegin(); It != Fresh.rend();) {
    const SearchNode *N = W.bySeq(*It);
    const Heading &To = W.item(N).To;
    unsigned &Tries = EdgeTries[{To.Term, To.Index}];
    if (Tries < MaxEdgeTries && Cov.edgeUncovered(To.Term, To.Index)) {
      ++Tries;
      return N;
    }
    It = std::make_reverse_iterator(Fresh.erase(std::next(It).base()));
  }
  return nullptr;
}

/// Code that no path reaches (dead code, or code behind conditions on
/// concrete values) would otherwise attract every pick, as every path may
/// run right next to it: each seed guides MaxSeedPicks picks per round, and
/// a round ends when no item can reach a seed that has picks left.
const SearchNode *NearestUncovered::select(const WaitingItems &W) {
  if (const SearchNode *N = freshEdge(W))
    return N;
  refreshDistances();
  const SearchNode *N = nearestItem(W, Distance);
  if (!N && !SeedPicks.empty()) {
    SeedPicks.clear(); // A new round.
    DistanceGeneration = ~uint64_t(0);
    refreshDistances();
    N = nearestItem(W, Distance);
  }
  if (!N)
    return nullptr;
  const llvm::BasicBlock *Seed = NearestSeed.lookup(W.item(N).To.Block);
  if (++SeedPicks[Seed] >= MaxSeedPicks)
    DistanceGeneration = ~uint64_t(0); // Retired: recompute without it.
  return N;
}

} // namespace theseus
