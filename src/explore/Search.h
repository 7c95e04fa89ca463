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
#include <map>
#include <random>
#include <set>

namespace theseus {

/// The block that side `Dir` of the decision at `I` leads to: a
/// conditional branch's successor, else the decision's own block.
const llvm::BasicBlock *headingOf(const llvm::Instruction *I, bool Dir);

/// The order of the waiting items, by their tree positions (opaque keys).
class SearchIndex {
public:
  using Key = const void *;
  /// `ParentOf` gives a tree node's parent, null at the root.
  SearchIndex(Strategy S, const llvm::Module &M, const Coverage &Cov,
              uint64_t Seed, std::function<Key(Key)> ParentOf);
  /// The blocks target-distance heads for.
  void setTargets(const std::vector<const llvm::BasicBlock *> &Targets);

  /// Adds an item at the new leaf `Leaf` below node `Parent` (null: the
  /// leaf is the root), which runs block `Heading` next (null: unknown).
  void add(Key Leaf, Key Parent, const llvm::BasicBlock *Heading);
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
    const llvm::BasicBlock *Heading;
  };
  Key randomPath();
  using DistanceMap = llvm::DenseMap<const llvm::BasicBlock *, unsigned>;
  /// The newest item heading closest to a block of distance 0 in `Dist`,
  /// or null when no item's block can reach any.
  Key nearest(const DistanceMap &Dist) const;
  Key nearestToUncovered();
  void refreshDistances();
  /// Breadth-first backwards from the blocks `Dist` holds (at distance 0).
  void spread(DistanceMap &Dist) const;
  void unlink(Key Child, Key Parent);

  Strategy Strat;
  const Coverage &Cov;
  std::mt19937_64 Rng;
  std::function<Key(Key)> ParentOf;
  uint64_t NextSeq = 0;
  uint64_t Picks = 0;
  llvm::DenseMap<Key, Entry> Entries;
  std::map<uint64_t, Key> Order;
  /// For random-path: each node's children with an item below them.
  llvm::DenseMap<Key, llvm::SmallVector<Key, 2>> LiveChildren;
  /// For coverage-new: the items by the block they head for, and each
  /// block's distance (in blocks, calls and returns) to uncovered code.
  llvm::DenseMap<const llvm::BasicBlock *, std::set<uint64_t>> ByBlock;
  llvm::DenseMap<const llvm::BasicBlock *,
                 llvm::SmallVector<const llvm::BasicBlock *, 4>>
      Predecessors;
  DistanceMap Distance;
  uint64_t DistanceGeneration = ~uint64_t(0);
  /// For target-distance: each block's distance to a target block.
  DistanceMap ToTarget;
};

/// The waiting items themselves, in the order of a SearchIndex.
template <typename Item> class Frontier {
public:
  using Key = SearchIndex::Key;
  explicit Frontier(SearchIndex Index) : Index(std::move(Index)) {}

  void push(Key Leaf, Key Parent, const llvm::BasicBlock *Heading, Item I) {
    Items.try_emplace(Leaf, std::move(I));
    Index.add(Leaf, Parent, Heading);
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
