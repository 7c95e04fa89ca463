//===- ExecutionTree.h - The symbolic execution tree of a forking run -----===//
//
// Steinhöfel's symbolic execution tree (SET): one node per branch point a path
// reached (straight-line code between branch points is collapsed into the
// node), a child per side of the branch that a path took or that the solver
// proved infeasible, and a leaf per way a path ended. A path condition is the
// conjunction of the conditions added on the way from the root.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_EXECUTIONTREE_H
#define THESEUS_EXPLORE_EXECUTIONTREE_H

#include "exec/ExecutionState.h"
#include "explore/Search.h"
#include "explore/Sharing.h"
#include "expr/Assignment.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <string>
#include <vector>

namespace theseus {

enum class LeafKind : uint8_t {
  None,         ///< Not a leaf (yet).
  Normal,       ///< Returned or exited.
  Error,        ///< A bug: abrupt completion.
  Infeasible,   ///< The solver proved this side unsatisfiable.
  BoundReached, ///< Loop bound or depth bound.
  Unsupported,  ///< Theseus could not execute the path.
  Unknown,      ///< The solver could not decide this side.
  Dropped,      ///< Not explored: --max-states or the memory budget.
  Interrupted,  ///< The run stopped (time, signal) before the path ended.
  Pruned,       ///< --target: the apc proved no path from here reaches it.
};
const char *toString(LeafKind K);

/// A named source variable's value at a node, as text.
struct VariableValue {
  std::string Name;
  std::string Value;
};

struct TreeNode : SearchNode {
  uint32_t Id = 0;
  TreeNode *Parent = nullptr;
  /// The condition added on the edge from the parent; null at the root
  /// and for statement nodes (--tree-statements).
  ExprRef Added = nullptr;
  /// Where the node's straight-line run ends: its branch point, or where
  /// the path ended for a leaf.
  const llvm::Instruction *At = nullptr;
  /// A branch point's decision: its index on the route of every path
  /// through it (Route.h).
  uint32_t RouteIndex = 0;
  std::vector<std::unique_ptr<TreeNode>> Children;
  std::vector<VariableValue> Variables; ///< At `At`.

  LeafKind Leaf = LeafKind::None;
  PathOutcome Outcome;    ///< For Normal, Error, BoundReached, Unsupported.
  uint64_t TestIndex = 0; ///< The test written for the leaf; 0: none.
  /// A leaf's input and the fingerprint of the edges its path took, kept
  /// for the self-check.
  std::shared_ptr<const Assignment> Model;
  uint64_t EdgeHash = 0;
};

class ExecutionTree {
public:
  ExecutionTree();
  ~ExecutionTree();

  TreeNode *root() { return Root.get(); }
  const TreeNode *root() const { return Root.get(); }
  TreeNode *addChild(TreeNode *Parent, ExprRef Added);
  /// A node's parent for the searcher (SearchSettings::ParentOf).
  static const SearchNode *parentOf(const SearchNode *N) {
    return static_cast<const TreeNode *>(N)->Parent;
  }
  size_t size() const { return Count; }

  /// The conditions from the root down to `N`, in order.
  static std::vector<ExprRef> pathCondition(const TreeNode *N);
  /// Every leaf, depth first.
  std::vector<const TreeNode *> leaves() const;

private:
  std::unique_ptr<TreeNode> Root;
  size_t Count = 1;
};

/// Nodes of a worker's tree by the key of their state (TreeKey).
using NodesByKey = llvm::DenseMap<TreeKey, const TreeNode *>;

/// A worker's part of the tree of a run with several workers (-j): its own
/// tree, the nodes whose states it handed to another worker, and the nodes
/// where it went on with a state another worker handed it (the child of its
/// root on an edge that joins the way there).
struct TreePart {
  const ExecutionTree *Tree = nullptr;
  const NodesByKey *HandedOut = nullptr;
  const NodesByKey *TakenIn = nullptr;
};

/// The tree the workers built together: the first part's tree, each
/// handed-over node continued by the subtree of the worker that took its
/// state in. Nodes are numbered breadth first, and only the first
/// `MaxNodes` are copied; test numbers are mapped through `TestNumber`.
/// The expressions stay those of the parts' contexts.
std::unique_ptr<ExecutionTree>
joinTrees(llvm::ArrayRef<TreePart> Parts,
          llvm::function_ref<uint64_t(uint64_t)> TestNumber, size_t MaxNodes);
/// The number of nodes of joinTrees' tree, however many it copies.
size_t joinedSize(llvm::ArrayRef<TreePart> Parts);

} // namespace theseus

#endif
