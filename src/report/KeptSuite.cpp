//===- KeptSuite.cpp - The tests a run keeps as files ---------------------===//
#include "report/KeptSuite.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <queue>

namespace theseus {

bool KeptSuite::offer(uint64_t Number, std::vector<uint64_t> Items,
                      bool Required) {
  bool Adds =
      Required || llvm::any_of(Items, [&](uint64_t I) { return !has(I); });
  if (!Adds)
    return false;
  Covered.insert(Items.begin(), Items.end());
  Kept.push_back({Number, std::move(Items), Required});
  return true;
}

std::vector<uint64_t> KeptSuite::minimal() const {
  llvm::DenseSet<uint64_t> Done;
  std::vector<uint64_t> Chosen;
  auto Take = [&](const Test &T) {
    Chosen.push_back(T.Number);
    Done.insert(T.Items.begin(), T.Items.end());
  };
  for (const Test &T : Kept)
    if (T.Required)
      Take(T);
  auto Gain = [&](const Test &T) {
    return llvm::count_if(T.Items,
                          [&](uint64_t I) { return !Done.contains(I); });
  };
  // Lazy greedy: a test's gain only shrinks, so a stale gain at the top of
  // the queue is recomputed and pushed back until the top is current.
  using Entry = std::pair<size_t, size_t>; // gain, index into Kept
  auto Worse = [&](const Entry &A, const Entry &B) {
    if (A.first != B.first)
      return A.first < B.first;
    return Kept[A.second].Number > Kept[B.second].Number;
  };
  std::priority_queue<Entry, std::vector<Entry>, decltype(Worse)> Queue(Worse);
  for (size_t K = 0; K < Kept.size(); ++K)
    if (!Kept[K].Required)
      if (size_t G = Gain(Kept[K]))
        Queue.push({G, K});
  while (!Queue.empty()) {
    auto [Stale, K] = Queue.top();
    Queue.pop();
    size_t G = Gain(Kept[K]);
    if (G == 0)
      continue;
    if (G < Stale) {
      Queue.push({G, K});
      continue;
    }
    Take(Kept[K]);
  }
  llvm::sort(Chosen);
  return Chosen;
}

} // namespace theseus
