//===- Search.h - Which waiting work runs next ----------------------------===//
//
// Both drivers keep their waiting work at leaves of a tree: the forking
// driver's states at leaves of the execution tree, the concolic driver's
// open sides in the path tree. A Frontier holds that work and hands out the
// next item by the search strategy: insertion order (bfs, dfs), a random
// walk down the tree (random-path), the item closest to code no path has run
// yet (coverage-new), or, by default, these two in turn (cov-interleaved, in
// the spirit of KLEE's default). With --target, the item closest to a target
// block (target-distance, KLEE's md2u towards one location) is a third turn
// of the default, or the whole order. The random choices come from a seeded
// generator, so a run is reproducible.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_SEARCH_H
#define THESEUS_EXPLORE_SEARCH_H

#include "explore/Coverage.h"
#include "explore/Exploration.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <limits>
#include <map>
#include <random>
#include <set>

namespace theseus {

/// Where a waiting item goes next: the block it runs, and the branch edge it
/// takes to get there (`Term` null when it is not a branch's side).
struct Heading {
  const llvm::BasicBlock *Block = nullptr;
  const llvm::Instruction *Term = nullptr;
  unsigned Index = 0;
};

/// Where side `Dir` of the decision at `I` leads: a conditional branch's
/// successor along that edge, else the decision's own block.
Heading headingOf(const llvm::Instruction *I, bool Dir);

/// The order of the waiting items, by their tree positions (opaque keys).
class SearchIndex {
public:
  using Key = const void *;
  /// `ParentOf` gives a tree node's parent, null at the root.
  SearchIndex(Strategy S, const llvm::Module &M, const Coverage &Cov,
              uint64_t Seed, std::function<Key(Key)> ParentOf);
  /// The blocks target-distance heads for.
  void setTargets(const std::vector<const llvm::BasicBlock *> &Targets);
  /// cov-interleaved: with more than `N` items waiting, its random-path
  /// turn takes the newest item instead, which drains a subtree before
  /// opening others (the forking driver's waiting states cost memory).
  void limitBreadth(size_t N) { BreadthLimit = N; }

  /// Adds an item at the new leaf `Leaf` below node `Parent` (null: the
  /// leaf is the root), which goes to `To` next (a null block: unknown).
  void add(Key Leaf, Key Parent, Heading To);
  void remove(Key Leaf);
  /// The item the strategy runs next; the index must not be empty.
  Key next();
  Key oldest() const { return Order.begin()->second; }
  Key newest() const { return Order.rbegin()->second; }
  size_t size() const { return Entries.size(); }

private:
  struct Entry {
    uint64_t Seq;
    Key Parent;
    Heading To;
  };
  using Edge = std::pair<const llvm::Instruction *, unsigned>;
  /// How often the items of one uncovered edge are tried first before the
  /// edge loses its priority (it may be infeasible).
  static constexpr unsigned MaxEdgeTries = 8;
  /// How many picks the distance to one block of uncovered code guides in a
  /// round before the block stops attracting (it may be unreachable, and
  /// every path may pass next to it); a round ends when no block attracts.
  static constexpr unsigned MaxSeedPicks = 32;

  Key randomPath();
  /// The newest item taking a branch edge no path has taken yet, or null.
  Key freshEdge();
  using DistanceMap = llvm::DenseMap<const llvm::BasicBlock *, unsigned>;
  /// The newest item heading closest to a block of distance 0 in `Dist`,
  /// or null when no item's block can reach any.
  Key nearest(const DistanceMap &Dist) const;
  Key nearestToUncovered();
  void refreshDistances();
  using OriginMap =
      llvm::DenseMap<const llvm::BasicBlock *, const llvm::BasicBlock *>;
  /// Breadth-first backwards from the blocks `Dist` holds (at distance 0);
  /// `Origin`, if given, gets each block's nearest block of distance 0.
  void spread(DistanceMap &Dist, OriginMap *Origin = nullptr) const;
  void unlink(Key Child, Key Parent);

  Strategy Strat;
  const Coverage &Cov;
  std::mt19937_64 Rng;
  std::function<Key(Key)> ParentOf;
  uint64_t NextSeq = 0;
  uint64_t Picks = 0;
  size_t BreadthLimit = std::numeric_limits<size_t>::max();
  llvm::DenseMap<Key, Entry> Entries;
  std::map<uint64_t, Key> Order;
  /// For random-path: each node's children with an item below them.
  llvm::DenseMap<Key, llvm::SmallVector<Key, 2>> LiveChildren;
  /// For coverage-new: the items whose edge was not covered when they were
  /// added, and how often each such edge was tried.
  std::set<uint64_t> Fresh;
  llvm::DenseMap<Edge, unsigned> EdgeTries;
  /// For coverage-new: the items by the block they head for, and each
  /// block's distance (in blocks, calls and returns) to uncovered code, the
  /// block of uncovered code it is nearest to (its seed), and how many picks
  /// each seed guided in this round.
  llvm::DenseMap<const llvm::BasicBlock *, std::set<uint64_t>> ByBlock;
  llvm::DenseMap<const llvm::BasicBlock *,
                 llvm::SmallVector<const llvm::BasicBlock *, 4>>
      Predecessors;
  DistanceMap Distance;
  OriginMap NearestSeed;
  /// Each block's index in program order.
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> BlockOrder;
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> SeedPicks;
  uint64_t DistanceGeneration = ~uint64_t(0);
  /// For target-distance: each block's distance to a target block.
  DistanceMap ToTarget;
};

/// The waiting items themselves, in the order of a SearchIndex.
template <typename Item> class Frontier {
public:
  using Key = SearchIndex::Key;
  explicit Frontier(SearchIndex Index) : Index(std::move(Index)) {}

  void push(Key Leaf, Key Parent, Heading To, Item I) {
    Items.try_emplace(Leaf, std::move(I));
    Index.add(Leaf, Parent, To);
  }
  Item pop() { return take(Index.next()); }
  SearchIndex &index() { return Index; }
  Item popOldest() { return take(Index.oldest()); }
  Item popNewest() { return take(Index.newest()); }
  size_t size() const { return Items.size(); }
  bool empty() const { return Items.empty(); }
  template <typename Fn> void forEach(Fn F) {
    for (auto &[K, I] : Items)
      F(I);
  }

private:
  Item take(Key K) {
    Index.remove(K);
    auto It = Items.find(K);
    Item I = std::move(It->second);
    Items.erase(It);
    return I;
  }

  SearchIndex Index;
  llvm::DenseMap<Key, Item> Items;
};

} // namespace theseus

#endif
