//===- KeptSuite.h - The tests a run keeps as files -----------------------===//
//
// A run explores far more paths than anybody reads: a parser gives
// hundreds of thousands in a minute. The suite keeps a test file only for a
// path that adds something no kept test has: a line or branch edge, a bug,
// the target, a return value, an exit code or a kind of end. At the end it
// is reduced to a minimal set that keeps all of that, by greedy set cover
// (as afl-cmin and libFuzzer's -merge reduce a corpus). Every path stays in
// the run database either way.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_KEPTSUITE_H
#define THESEUS_REPORT_KEPTSUITE_H

#include "llvm/ADT/DenseSet.h"

#include <cstdint>
#include <vector>

namespace theseus {

class KeptSuite {
public:
  /// Offers test `Number`, which has `Items` (coverage and features, as
  /// numbers; any order, no repeats). A `Required` test is kept whatever
  /// the others cover (a file names it). Returns whether it is kept: it is
  /// required or has an item no kept test has.
  bool offer(uint64_t Number, std::vector<uint64_t> Items, bool Required);
  /// Whether an earlier kept test has `Item`.
  bool has(uint64_t Item) const { return Covered.contains(Item); }
  /// The tests kept so far.
  size_t size() const { return Kept.size(); }
  /// The kept tests a minimal cover needs, by number: the required ones,
  /// then at each step the one with most items not yet covered (the lower
  /// number on a tie), until every item is.
  std::vector<uint64_t> minimal() const;

private:
  struct Test {
    uint64_t Number;
    std::vector<uint64_t> Items;
    bool Required;
  };
  std::vector<Test> Kept;
  llvm::DenseSet<uint64_t> Covered;
};

} // namespace theseus

#endif
