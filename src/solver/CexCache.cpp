//===- CexCache.cpp - Answers by constraint set, exact and related --------===//
#include "solver/CexCache.h"

#include <algorithm>

namespace theseus {

size_t CexCache::hashOf(const Key &K) {
  size_t H = K.size();
  for (uint32_t V : K)
    H ^= V + 0x9e3779b97f4a7c15ULL + (H << 6) + (H >> 2);
  return H;
}

const CexCache::Entry *CexCache::exact(const Key &K) const {
  auto [First, Last] = ByHash.equal_range(hashOf(K));
  for (auto It = First; It != Last; ++It)
    if (Entries[It->second].Constraints == K)
      return &Entries[It->second];
  return nullptr;
}

CexCache::Related CexCache::related(const Key &K) const {
  Related R;
  if (K.empty())
    return R;
  // Subsets: scan the entries whose largest id is one of K's, newest first.
  size_t Scanned = 0;
  for (auto Id = K.rbegin(); Id != K.rend() && Scanned < MaxScanned; ++Id) {
    auto It = ByLargest.find(*Id);
    if (It == ByLargest.end())
      continue;
    for (auto E = It->second.rbegin();
         E != It->second.rend() && Scanned < MaxScanned; ++E, ++Scanned) {
      const Entry &Sub = Entries[*E];
      if (!std::includes(K.begin(), K.end(), Sub.Constraints.begin(),
                         Sub.Constraints.end()))
        continue;
      if (!Sub.Sat) {
        R.UnsatSubset = &Sub;
        return R;
      }
      if (R.SatSubsets.size() < MaxSubsetModels)
        R.SatSubsets.push_back(&Sub);
    }
  }
  // Supersets: every one is in the shortest list of an id of K.
  const std::vector<uint32_t> *Shortest = nullptr;
  for (uint32_t Id : K) {
    auto It = Containing.find(Id);
    if (It == Containing.end())
      return R; // No stored set contains this constraint.
    if (!Shortest || It->second.size() < Shortest->size())
      Shortest = &It->second;
  }
  Scanned = 0;
  for (auto E = Shortest->rbegin();
       E != Shortest->rend() && Scanned < MaxScanned; ++E, ++Scanned) {
    const Entry &Super = Entries[*E];
    if (Super.Sat &&
        std::includes(Super.Constraints.begin(), Super.Constraints.end(),
                      K.begin(), K.end())) {
      R.SatSuperset = &Super;
      break;
    }
  }
  return R;
}

void CexCache::store(Key K, bool Sat, ByteModel Model) {
  if (K.empty() || exact(K))
    return;
  if (Entries.size() >= MaxEntries)
    clear();
  auto Index = static_cast<uint32_t>(Entries.size());
  ByHash.emplace(hashOf(K), Index);
  ByLargest[K.back()].push_back(Index);
  for (uint32_t Id : K)
    Containing[Id].push_back(Index);
  Entries.push_back({std::move(K), Sat, std::move(Model)});
}

void CexCache::clear() {
  Entries.clear();
  ByHash.clear();
  ByLargest.clear();
  Containing.clear();
}

} // namespace theseus
