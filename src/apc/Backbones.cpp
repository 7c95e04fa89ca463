//===- Backbones.cpp - Acyclic complete paths of a flowgraph --------------===//
#include "apc/Backbones.h"

#include <algorithm>
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
    for (unsigned S : next(R, Path)) {
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

std::vector<unsigned> Backbones::next(const Region &R,
                                      const std::vector<unsigned> &Path) const {
  unsigned N = Path.back();
  int L = R.GivenUp ? (*R.GivenUp)[N] : -1;
  if (L < 0)
    return G.successors(N);
  const std::vector<int> &Loop = *R.GivenUp;
  auto Outside = [&](unsigned M) { return Loop[M] != L; };
  std::vector<unsigned> Next;
  // Where the path comes in, it may leave from any node of the loop.
  if (Path.size() < 2 || Outside(Path[Path.size() - 2]))
    for (unsigned M = 0; M < G.size(); ++M)
      if (M != N && !Outside(M) &&
          std::any_of(G.successors(M).begin(), G.successors(M).end(), Outside))
        Next.push_back(M);
  for (unsigned S : G.successors(N))
    if (Outside(S))
      Next.push_back(S);
  return Next;
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

std::vector<std::vector<unsigned>> Backbones::loops() const {
  // Kosaraju: nodes by finishing time of a forward depth-first search,
  // then components of the reversed graph in reverse finishing order.
  std::vector<unsigned> Finished;
  std::vector<bool> Seen(G.size(), false);
  for (unsigned Root = 0; Root < G.size(); ++Root) {
    if (Seen[Root])
      continue;
    Seen[Root] = true;
    std::vector<std::pair<unsigned, size_t>> Stack{{Root, 0}};
    while (!Stack.empty()) {
      auto &[N, Next] = Stack.back();
      if (Next < G.successors(N).size()) {
        unsigned M = G.successors(N)[Next++];
        if (!Seen[M]) {
          Seen[M] = true;
          Stack.push_back({M, 0});
        }
        continue;
      }
      Finished.push_back(N);
      Stack.pop_back();
    }
  }
  std::vector<int> Component(G.size(), -1);
  std::vector<std::vector<unsigned>> Loops;
  for (auto It = Finished.rbegin(); It != Finished.rend(); ++It) {
    if (Component[*It] >= 0)
      continue;
    std::vector<unsigned> Nodes, Work{*It};
    Component[*It] = 0;
    while (!Work.empty()) {
      unsigned N = Work.back();
      Work.pop_back();
      Nodes.push_back(N);
      for (unsigned M : Preds[N])
        if (Component[M] < 0) {
          Component[M] = 0;
          Work.push_back(M);
        }
    }
    const std::vector<unsigned> &Succ = G.successors(Nodes[0]);
    bool Cycle = Nodes.size() > 1 ||
                 std::find(Succ.begin(), Succ.end(), Nodes[0]) != Succ.end();
    if (!Cycle)
      continue;
    std::sort(Nodes.begin(), Nodes.end());
    Loops.push_back(std::move(Nodes));
  }
  return Loops;
}

} // namespace theseus
