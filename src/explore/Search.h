//===- Search.h - Which waiting work runs next ----------------------------===//
//
// Both drivers keep their waiting work at leaves of a tree: the forking
// driver's states at leaves of the execution tree, the concolic driver's
// open sides in the path tree. A Frontier holds that work; a Searcher picks
// the next item, after KLEE's searchers: insertion order (bfs, dfs), a
// random walk down the tree (random-path), the item closest to code no path
// has run yet (coverage-new), the item closest to a target block
// (target-distance, KLEE's md2u towards one location), or, by default,
// coverage-new and random-path in turn (cov-interleaved, in the spirit of
// KLEE's default), with a third turn for target-distance under --target.
// The random choices come from a seeded generator, so a run is
// reproducible.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_SEARCH_H
#define THESEUS_EXPLORE_SEARCH_H

#include "explore/Coverage.h"
#include "explore/Exploration.h"

#include "llvm/ADT/DenseMap.h"

#include <map>
#include <memory>
#include <set>
#include <vector>

namespace theseus {

/// A position in a driver's tree as searchers see it: known by identity,
/// its parent given by the driver (SearchSettings::ParentOf). The drivers'
/// tree nodes derive from it.
struct SearchNode {};

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

/// The waiting items' positions, in the order they were added, with what
/// every searcher reads: each item's parent and heading, and the items by
/// the block they head for.
class WaitingItems {
public:
  struct Item {
    uint64_t Seq;
    const SearchNode *Parent;
    Heading To;
  };
  /// Adds an item at the new leaf `Leaf` below node `Parent` (null: the
  /// leaf is the root).
  const Item &add(const SearchNode *Leaf, const SearchNode *Parent, Heading To);
  /// Adds `I` at `Leaf` as it is, sequence number included: for a view of
  /// some of another WaitingItems' items.
  const Item &insert(const SearchNode *Leaf, const Item &I);
  /// Removes `Leaf`'s item and returns it.
  Item remove(const SearchNode *Leaf);

  const Item &item(const SearchNode *Leaf) const { return Items.at(Leaf); }
  const SearchNode *bySeq(uint64_t Seq) const { return Order.at(Seq); }
  const SearchNode *oldest() const { return Order.begin()->second; }
  const SearchNode *newest() const { return Order.rbegin()->second; }
  size_t size() const { return Items.size(); }
  /// The items' sequence numbers by the block they head for.
  const llvm::DenseMap<const llvm::BasicBlock *, std::set<uint64_t>> &
  byBlock() const {
    return ByBlock;
  }

private:
  uint64_t NextSeq = 0;
  llvm::DenseMap<const SearchNode *, Item> Items;
  std::map<uint64_t, const SearchNode *> Order;
  llvm::DenseMap<const llvm::BasicBlock *, std::set<uint64_t>> ByBlock;
};

/// One search strategy. It sees every item come and go, and picks from the
/// waiting items; it may decline (null), and the newest item runs then.
class Searcher {
public:
  virtual ~Searcher();
  virtual void added(const SearchNode *Leaf, const WaitingItems::Item &I) {}
  virtual void removed(const SearchNode *Leaf, const WaitingItems::Item &I) {}
  /// The item to run next among `W` (not empty), or null.
  virtual const SearchNode *select(const WaitingItems &W) = 0;
  /// The blocks a target-directed strategy heads for.
  virtual void setTargets(const std::vector<const llvm::BasicBlock *> &) {}
  /// Waiting item `Leaf` follows a seed (SeededFirst runs it first).
  virtual void prefer(const SearchNode *Leaf, const WaitingItems::Item &I) {}
  /// Waiting item `Leaf` was left by a seed that missed the target
  /// (SeededFirst runs it once no other item waits).
  virtual void demote(const SearchNode *Leaf, const WaitingItems::Item &I,
                      const WaitingItems &W) {}
};

struct SearchSettings {
  Strategy Strat = Strategy::CovInterleaved;
  uint64_t Seed = 0;
  /// A tree node's parent, null at the root.
  const SearchNode *(*ParentOf)(const SearchNode *) = nullptr;
};

/// The searcher of strategy `S.Strat` over program `M`.
std::unique_ptr<Searcher> makeSearcher(const SearchSettings &S,
                                       const llvm::Module &M,
                                       const Coverage &Cov);

/// The waiting items themselves, in the order a Searcher picks them.
template <typename Item> class Frontier {
public:
  explicit Frontier(std::unique_ptr<Searcher> S) : Search(std::move(S)) {}

  void push(const SearchNode *Leaf, const SearchNode *Parent, Heading To,
            Item I) {
    Items.try_emplace(Leaf, std::move(I));
    Search->added(Leaf, Waiting.add(Leaf, Parent, To));
  }
  Item pop() {
    const SearchNode *Next = Search->select(Waiting);
    return take(Next ? Next : Waiting.newest());
  }
  /// Item `Leaf` follows a seed: picked before the others.
  void prefer(const SearchNode *Leaf) {
    Search->prefer(Leaf, Waiting.item(Leaf));
  }
  /// Item `Leaf`, if it waits, runs after every other item.
  void demote(const SearchNode *Leaf) {
    if (Items.count(Leaf))
      Search->demote(Leaf, Waiting.item(Leaf), Waiting);
  }
  Item popOldest() { return take(Waiting.oldest()); }
  Item popNewest() { return take(Waiting.newest()); }
  Searcher &searcher() { return *Search; }
  size_t size() const { return Items.size(); }
  bool empty() const { return Items.empty(); }
  template <typename Fn> void forEach(Fn F) {
    for (auto &[K, I] : Items)
      F(I);
  }

private:
  Item take(const SearchNode *Leaf) {
    Search->removed(Leaf, Waiting.remove(Leaf));
    auto It = Items.find(Leaf);
    Item I = std::move(It->second);
    Items.erase(It);
    return I;
  }

  WaitingItems Waiting;
  std::unique_ptr<Searcher> Search;
  llvm::DenseMap<const SearchNode *, Item> Items;
};

} // namespace theseus

#endif
