//===- Backbones.h - Acyclic complete paths of a flowgraph ----------------===//
//
// Strejček and Trtík's backbones: the simple paths from a program's start
// to a target, or, in the program a loop induces, back to the loop's entry
// node (through a fresh end node). A node of a backbone that starts a cycle
// avoiding the nodes before it is where a loop's summary goes.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_APC_BACKBONES_H
#define THESEUS_APC_BACKBONES_H

#include "apc/Flowgraph.h"

#include <vector>

namespace theseus {

/// The fresh end node v' of a program induced by a loop: where the edges
/// back to the loop's entry node go.
constexpr unsigned InducedEnd = ~0u;

/// A program: the whole flowgraph, or the one induced by a loop.
struct Region {
  std::vector<bool> In;
  unsigned Start = 0;
  bool Induced = false;
  /// Per node, the loop (an index of Backbones::loops()) it belongs to if
  /// that loop is given up, else -1; null when none is. A backbone passes
  /// a given-up loop as its entry node (where the path comes in), then the
  /// node it leaves from, if another, then the node outside it.
  const std::vector<int> *GivenUp = nullptr;
};

class Backbones {
public:
  Backbones(const Flowgraph &G, unsigned MaxBackbones);

  /// The backbones of `R`; `Over` is set, and the list incomplete, past
  /// MaxBackbones of them (or 64 times as many search steps).
  std::vector<std::vector<unsigned>> enumerate(const Region &R,
                                               bool &Over) const;
  /// The nodes of the loop at `Path[I]` within `R`: those on a cycle
  /// through it that avoids the path's earlier nodes. None when there is
  /// no such cycle.
  std::vector<bool> loopAt(const Region &R, const std::vector<unsigned> &Path,
                           size_t I) const;
  /// The loops of the whole flowgraph: its strongly connected components
  /// with a cycle, each as its nodes in increasing order.
  std::vector<std::vector<unsigned>> loops() const;

private:
  /// The nodes `Path` may go to next from its last one (see
  /// Region::GivenUp).
  std::vector<unsigned> next(const Region &R,
                             const std::vector<unsigned> &Path) const;

  const Flowgraph &G;
  unsigned MaxBackbones;
  std::vector<std::vector<unsigned>> Preds;
};

} // namespace theseus

#endif
