//===- Searchers.h - The search strategies --------------------------------===//
//
// The Searcher of each strategy, built by makeSearcher (Search.h); declared
// here for the interleaving searcher and the unit tests.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_SEARCHERS_H
#define THESEUS_EXPLORE_SEARCHERS_H

#include "explore/Search.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <random>

namespace theseus {

/// bfs: the item waiting longest.
class OldestFirst : public Searcher {
public:
  const SearchNode *select(const WaitingItems &W) override {
    return W.oldest();
  }
};

/// dfs (and the drivers' own orders, generational and dart): the newest.
class NewestFirst : public Searcher {
public:
  const SearchNode *select(const WaitingItems &W) override {
    return W.newest();
  }
};

/// KLEE's random-path: from the root, a child chosen at random among those
/// with an item below, down to an item. Items high in the tree, which few
/// forks share, are favoured, so no deep subtree can starve the others.
class RandomPath : public Searcher {
public:
  RandomPath(uint64_t Seed, const SearchNode *(*ParentOf)(const SearchNode *))
      : Rng(Seed), ParentOf(ParentOf) {}
  void added(const SearchNode *Leaf, const WaitingItems::Item &I) override;
  void removed(const SearchNode *Leaf, const WaitingItems::Item &I) override;
  const SearchNode *select(const WaitingItems &W) override;

private:
  std::mt19937_64 Rng;
  const SearchNode *(*ParentOf)(const SearchNode *);
  /// Each node's children with an item below them. Tree roots (the
  /// concolic tree may have several, see PathTree) hang below null.
  llvm::DenseMap<const SearchNode *, llvm::SmallVector<const SearchNode *, 2>>
      LiveChildren;
};

/// Distances in the program's reversed control flow graph, with a call
/// leading to the callee's entry and the callee's returns back to the
/// calling block, so that distances cross function boundaries (not matching
/// calls and returns: a block's distance is that of its nearest context).
class BlockDistances {
public:
  using DistanceMap = llvm::DenseMap<const llvm::BasicBlock *, unsigned>;
  using OriginMap =
      llvm::DenseMap<const llvm::BasicBlock *, const llvm::BasicBlock *>;
  explicit BlockDistances(const llvm::Module &M);
  /// Breadth-first backwards from the blocks `Dist` holds (at distance 0);
  /// `Origin`, if given, gets each block's nearest block of distance 0.
  void spread(DistanceMap &Dist, OriginMap *Origin = nullptr) const;
  /// Every block with a predecessor, and the predecessors.
  const llvm::DenseMap<const llvm::BasicBlock *,
                       llvm::SmallVector<const llvm::BasicBlock *, 4>> &
  predecessors() const {
    return Predecessors;
  }

private:
  llvm::DenseMap<const llvm::BasicBlock *,
                 llvm::SmallVector<const llvm::BasicBlock *, 4>>
      Predecessors;
  /// Each block's index in program order.
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> BlockOrder;
};

/// The newest item heading closest to a block of distance 0 in `Dist`, or
/// null when no item's block can reach any.
const SearchNode *nearestItem(const WaitingItems &W,
                              const BlockDistances::DistanceMap &Dist);

/// target-distance: the item heading closest to a target block.
class TargetDistance : public Searcher {
public:
  explicit TargetDistance(std::shared_ptr<const BlockDistances> Graph)
      : Graph(std::move(Graph)) {}
  void setTargets(const std::vector<const llvm::BasicBlock *> &T) override;
  const SearchNode *select(const WaitingItems &W) override {
    return nearestItem(W, ToTarget);
  }
  bool hasTargets() const { return !ToTarget.empty(); }

private:
  std::shared_ptr<const BlockDistances> Graph;
  BlockDistances::DistanceMap ToTarget;
};

/// coverage-new: first an item taking a branch edge no path has taken,
/// then the item nearest to uncovered code, charged to the block of
/// uncovered code it heads for (its seed).
class NearestUncovered : public Searcher {
public:
  NearestUncovered(std::shared_ptr<const BlockDistances> Graph,
                   const Coverage &Cov)
      : Graph(std::move(Graph)), Cov(Cov) {}
  void added(const SearchNode *Leaf, const WaitingItems::Item &I) override;
  void removed(const SearchNode *Leaf, const WaitingItems::Item &I) override {
    Fresh.erase(I.Seq);
  }
  const SearchNode *select(const WaitingItems &W) override;

private:
  /// How often the items of one uncovered edge are tried first before the
  /// edge loses its priority (it may be infeasible).
  static constexpr unsigned MaxEdgeTries = 8;
  /// How many picks the distance to one block of uncovered code guides in a
  /// round before the block stops attracting (it may be unreachable, and
  /// every path may pass next to it); a round ends when no block attracts.
  static constexpr unsigned MaxSeedPicks = 32;
  using Edge = std::pair<const llvm::Instruction *, unsigned>;

  /// The newest item taking a branch edge no path has taken yet, or null.
  const SearchNode *freshEdge(const WaitingItems &W);
  void refreshDistances();

  std::shared_ptr<const BlockDistances> Graph;
  const Coverage &Cov;
  /// The items whose edge was not covered when they were added, and how
  /// often each such edge was tried.
  std::set<uint64_t> Fresh;
  llvm::DenseMap<Edge, unsigned> EdgeTries;
  /// Each block's distance (in blocks, calls and returns) to uncovered
  /// code, the block of uncovered code it is nearest to (its seed), and how
  /// many picks each seed guided in this round.
  BlockDistances::DistanceMap Distance;
  BlockDistances::OriginMap NearestSeed;
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> SeedPicks;
  uint64_t DistanceGeneration = ~uint64_t(0);
};

/// cov-interleaved: coverage-new and random-path in turn, and with targets
/// every third pick by target-distance.
class Interleaved : public Searcher {
public:
  Interleaved(const SearchSettings &S,
              std::shared_ptr<const BlockDistances> Graph, const Coverage &Cov)
      : Uncovered(Graph, Cov), Random(S.Seed, S.ParentOf), Target(Graph) {}
  void added(const SearchNode *Leaf, const WaitingItems::Item &I) override;
  void removed(const SearchNode *Leaf, const WaitingItems::Item &I) override;
  const SearchNode *select(const WaitingItems &W) override;
  void setTargets(const std::vector<const llvm::BasicBlock *> &T) override {
    Target.setTargets(T);
  }

private:
  NearestUncovered Uncovered;
  RandomPath Random;
  TargetDistance Target;
  uint64_t Picks = 0;
};

/// KLEE's seeded execution: the items following a seed (prefer()) run
/// first, the newest of them first; once none is left, `Inner` picks, as
/// it has seen every item come and go. A seed's model comes from an
/// over-approximation, the apc: when its path misses the target, the
/// sides it left (demote()) say nothing of where the target is, and run
/// only once no other item waits, so that a wrong seed does not pull the
/// search into its neighbourhood. `Inner` then picks from a view of the
/// waiting items without them.
class SeededFirst : public Searcher {
public:
  explicit SeededFirst(std::unique_ptr<Searcher> Inner)
      : Inner(std::move(Inner)) {}
  void added(const SearchNode *Leaf, const WaitingItems::Item &I) override;
  void removed(const SearchNode *Leaf, const WaitingItems::Item &I) override;
  const SearchNode *select(const WaitingItems &W) override;
  void setTargets(const std::vector<const llvm::BasicBlock *> &T) override {
    Inner->setTargets(T);
  }
  void prefer(const SearchNode *Leaf, const WaitingItems::Item &I) override {
    Seeded.emplace(I.Seq, Leaf);
  }
  void demote(const SearchNode *Leaf, const WaitingItems::Item &I,
              const WaitingItems &W) override;

private:
  std::unique_ptr<Searcher> Inner;
  /// The items following a seed, by sequence number.
  std::map<uint64_t, const SearchNode *> Seeded;
  /// The items a missed seed left, by sequence number.
  std::map<uint64_t, std::pair<const SearchNode *, WaitingItems::Item>> Demoted;
  /// The waiting items but the demoted ones, once any was (before, `Inner`
  /// picks from all of them at no cost).
  std::optional<WaitingItems> Active;
};

} // namespace theseus

#endif
