//===- CexCache.h - Answers by constraint set, exact and related ----------===//
//
// The counterexample cache (after KLEE's): answers stored by the set of
// constraints they were computed for. Besides the exact answer, a query is
// decided by related sets:
//   - a stored unsatisfiable subset makes it unsatisfiable;
//   - a stored satisfiable superset's model satisfies it;
//   - a stored satisfiable subset's model may satisfy it (the caller
//     evaluates it).
// Models are sparse: one value per input byte of the query's read set, so a
// model says nothing about bytes outside the cone it was computed for.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_SOLVER_CEXCACHE_H
#define THESEUS_SOLVER_CEXCACHE_H

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace theseus {

/// Values of input bytes, by Read node id, sorted.
using ByteModel = std::vector<std::pair<uint32_t, uint8_t>>;

class CexCache {
public:
  /// A constraint set: sorted, distinct expression ids.
  using Key = std::vector<uint32_t>;
  struct Entry {
    Key Constraints;
    bool Sat;
    ByteModel Model; ///< Empty when unsatisfiable.
  };
  /// What the stored sets related to a query say about it.
  struct Related {
    const Entry *UnsatSubset = nullptr;
    const Entry *SatSuperset = nullptr;
    /// Satisfiable subsets, most recent first, at most MaxSubsetModels.
    std::vector<const Entry *> SatSubsets;
  };

  /// Past this many answers the cache starts over: the answers are only a
  /// shortcut, and memory belongs to the states.
  explicit CexCache(size_t MaxEntries = 100'000) : MaxEntries(MaxEntries) {}

  const Entry *exact(const Key &K) const;
  Related related(const Key &K) const;
  void store(Key K, bool Sat, ByteModel Model);
  size_t size() const { return Entries.size(); }

  /// Bounds on the work of one lookup, so that a constraint shared by many
  /// stored sets does not make every query scan them all.
  static constexpr size_t MaxScanned = 256;
  static constexpr size_t MaxSubsetModels = 8;

  static size_t hashOf(const Key &K);

private:
  void clear();

  size_t MaxEntries;
  std::vector<Entry> Entries;
  std::unordered_multimap<size_t, uint32_t> ByHash;
  /// Entries by their largest constraint id: a subset of a query has its
  /// largest id among the query's ids.
  std::unordered_map<uint32_t, std::vector<uint32_t>> ByLargest;
  /// Entries by each of their constraint ids: a superset of a query is in
  /// the list of each of the query's ids.
  std::unordered_map<uint32_t, std::vector<uint32_t>> Containing;
};

} // namespace theseus

#endif
