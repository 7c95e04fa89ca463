//===- Backbones.cpp - Acyclic complete paths of a flowgraph --------------===//
#include "apc/Backbones.h"

#include <functional>

namespace theseus {

Backbones::Backbones(const Flowgraph &G, unsigned MaxBackbones)
    : G(G), MaxBackbones(MaxBackbones), Preds(G.size()) {
  for (unsigned N = 0; N < G.size(); ++N)
    for (unsigned S : G.successors(N))
      Preds[S].push_back(N);
}

std::vector<std::vector<unsigned>> Backbones::enumerate(const Region &R,
                                                        bool &Over) const {
  std::vector<std::vector<unsigned>> Paths;
  std::vector<unsigned> Path{R.Start};
  std::vector<bool> OnPath(G.size(), false);
  OnPath[R.Start] = true;
  unsigned Steps = 0;
  const unsigned MaxSteps = 64 * MaxBackbones;
  // Depth-first over simple paths: a target ends one; in an induced
  // program, so does the edge back to the start (to InducedEnd).
  std::function<void()> Visit = [&] {
    if (Over || ++Steps > MaxSteps) {
      Over = true;
      return;
    }
    unsigned N = Path.back();
    if (G.isTarget(N) && !R.Induced) {
      Paths.push_back(Path);
      Over = Paths.size() > MaxBackbones;
      return;
    }
    for (unsigned S : G.successors(N)) {
      if (R.Induced && S == R.Start) {
        Path.push_back(InducedEnd);
        Paths.push_back(Path);
        Path.pop_back();
        Over = Over || Paths.size() > MaxBackbones;
        continue;
      }
      if (!R.In[S] || OnPath[S])
        continue;
      OnPath[S] = true;
      Path.push_back(S);
      Visit();
      Path.pop_back();
      OnPath[S] = false;
    }
  };
  Visit();
  return Paths;
}

std::vector<bool> Backbones::loopAt(const Region &R,
                                    const std::vector<unsigned> &Path,
                                    size_t I) const {
  unsigned V = Path[I];
  std::vector<bool> Allowed = R.In;
  for (size_t J = 0; J < I; ++J)
    Allowed[Path[J]] = false;
  // Nodes on a cycle through V that avoids the prefix: reachable from V and
  // reaching V within the allowed nodes.
  auto Reach = [&](unsigned From, bool Forward) {
    std::vector<bool> Seen(G.size(), false);
    std::vector<unsigned> Work{From};
    while (!Work.empty()) {
      unsigned N = Work.back();
      Work.pop_back();
      for (unsigned M : Forward ? G.successors(N) : Preds[N])
        if (Allowed[M] && !Seen[M]) {
          Seen[M] = true;
          Work.push_back(M);
        }
    }
    return Seen;
  };
  std::vector<bool> Fwd = Reach(V, true);
  std::vector<bool> C(G.size(), false);
  if (!Fwd[V])
    return C;
  std::vector<bool> Bwd = Reach(V, false);
  for (unsigned N = 0; N < G.size(); ++N)
    C[N] = Fwd[N] && Bwd[N];
  return C;
}

} // namespace theseus
