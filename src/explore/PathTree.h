//===- PathTree.h - The tree of explored path conditions ------------------===//
//
// PyExZ3's path-condition tree (Ball and Daniel, section 4.4): each
// root-to-node path is a sequence of decisions in execution order. A node is
// one decision point, identified by its prefix and its condition; if a later
// run reaches the same prefix with a different condition (a pinned value that
// changed, or an unsound concretisation), that condition gets its own node,
// chained as an alternative, so every node's prefix is exactly what some run
// executed.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_PATHTREE_H
#define THESEUS_EXPLORE_PATHTREE_H

#include "exec/Interpreter.h"
#include "explore/Search.h"
#include "explore/Sharing.h"
#include "expr/Assignment.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <vector>

namespace theseus {

struct PathNode : SearchNode {
  PathNode *Parent = nullptr;
  bool DirFromParent = false;
  uint32_t Depth = 0;
  ExprRef Cond = nullptr; ///< Null until a run branches here.
  BranchKind Kind = BranchKind::Branch;
  const llvm::Instruction *Inst = nullptr;
  /// -j: the decisions before this one, from which its sides' keys follow.
  TreeKey Key;
  SideState Side[2] = {SideState::Unseen, SideState::Unseen};
  /// Where open side D waits in the search (Concolic's frontier).
  SearchNode Waiting[2];
  std::unique_ptr<PathNode> Child[2];
  std::unique_ptr<PathNode> Alternative; ///< Same prefix, other condition.
  /// The input of the first run that reached this node: the hint for
  /// solving its open side.
  std::shared_ptr<const Assignment> Input;
  /// The test that run wrote (0: none yet, or it wrote none).
  uint64_t Test = 0;
  bool EndsPath = false; ///< Some run ended here.
  /// The test of the run that ended here (0: none) and how it ended, for
  /// the tree a report draws.
  uint64_t TestIndex = 0;
  PathEnd End = PathEnd::Return;
};

class PathTree {
public:
  PathTree() : Root(std::make_unique<PathNode>()) {}
  ~PathTree();
  PathNode *root() { return Root.get(); }
  const PathNode *root() const { return Root.get(); }

  /// The constraint of following `Dir` at `N`.
  static ExprRef edgeConstraint(ExprContext &Ctx, const PathNode *N, bool Dir);
  /// The constraints on the way from the root to `N` (not including N).
  static std::vector<ExprRef> prefixOf(ExprContext &Ctx, const PathNode *N);

  /// The node for a decision on `Cond` at `At`, creating it (or an
  /// alternative) when needed.
  PathNode *nodeFor(PathNode *At, ExprRef Cond);
  PathNode *child(PathNode *N, bool Dir);
  /// A node's parent for the searcher (SearchSettings::ParentOf).
  static const SearchNode *parentOf(const SearchNode *N) {
    return static_cast<const PathNode *>(N)->Parent;
  }

  uint64_t numNodes() const { return Nodes; }

  /// -j: adds another worker's tree `Other` to this one. Nodes are the same
  /// decision when their prefixes are and they decide at one instruction
  /// on conditions of one shape (conditionShape); of a side's states, the
  /// one saying most wins (a side one worker explored is explored).
  /// `Other`'s test numbers are mapped through `TestNumber`; its
  /// expressions stay those of its context.
  void add(const PathTree &Other,
           llvm::function_ref<uint64_t(uint64_t)> TestNumber);

private:
  /// The node of `At`'s chain of alternatives that is `Other`'s decision,
  /// made when there is none.
  PathNode *sameDecision(PathNode *At, const PathNode &Other);

  std::unique_ptr<PathNode> Root;
  uint64_t Nodes = 1;
};

} // namespace theseus

#endif
