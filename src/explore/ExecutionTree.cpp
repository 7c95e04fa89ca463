//===- ExecutionTree.cpp - The symbolic execution tree --------------------===//
#include "explore/ExecutionTree.h"
#include "explore/TreeTeardown.h"

#include "llvm/ADT/DenseSet.h"

namespace theseus {

const char *toString(LeafKind K) {
  switch (K) {
  case LeafKind::None:
    return "none";
  case LeafKind::Normal:
    return "normal";
  case LeafKind::Error:
    return "error";
  case LeafKind::Infeasible:
    return "infeasible";
  case LeafKind::BoundReached:
    return "bound-reached";
  case LeafKind::Unsupported:
    return "unsupported";
  case LeafKind::Unknown:
    return "unknown";
  case LeafKind::Dropped:
    return "dropped";
  case LeafKind::Interrupted:
    return "interrupted";
  case LeafKind::Pruned:
    return "pruned";
  }
  return "?";
}

ExecutionTree::ExecutionTree() : Root(std::make_unique<TreeNode>()) {}

ExecutionTree::~ExecutionTree() {
  destroyTree(std::move(Root), [](TreeNode &N, auto &Stack) {
    for (auto &C : N.Children)
      Stack.push_back(std::move(C));
  });
}

TreeNode *ExecutionTree::addChild(TreeNode *Parent, ExprRef Added) {
  auto Child = std::make_unique<TreeNode>();
  Child->Id = static_cast<uint32_t>(Count++);
  Child->Parent = Parent;
  Child->Added = Added;
  Parent->Children.push_back(std::move(Child));
  return Parent->Children.back().get();
}

std::vector<ExprRef> ExecutionTree::pathCondition(const TreeNode *N) {
  std::vector<ExprRef> Conds;
  for (; N; N = N->Parent)
    if (N->Added)
      Conds.push_back(N->Added);
  return {Conds.rbegin(), Conds.rend()};
}

std::vector<const TreeNode *> ExecutionTree::leaves() const {
  std::vector<const TreeNode *> Out;
  std::vector<const TreeNode *> Work = {Root.get()};
  while (!Work.empty()) {
    const TreeNode *N = Work.back();
    Work.pop_back();
    if (N->Children.empty()) {
      Out.push_back(N);
      continue;
    }
    for (auto It = N->Children.rbegin(); It != N->Children.rend(); ++It)
      Work.push_back(It->get());
  }
  return Out;
}

namespace {

/// Everything but the node's place in the tree and its edge's condition.
void copyNode(TreeNode &To, const TreeNode &From,
              llvm::function_ref<uint64_t(uint64_t)> TestNumber) {
  To.At = From.At;
  To.RouteIndex = From.RouteIndex;
  To.Variables = From.Variables;
  To.Leaf = From.Leaf;
  To.Outcome = From.Outcome;
  To.TestIndex = From.TestIndex ? TestNumber(From.TestIndex) : 0;
  To.Model = From.Model;
  To.EdgeHash = From.EdgeHash;
}

} // namespace

std::unique_ptr<ExecutionTree>
joinTrees(llvm::ArrayRef<TreePart> Parts,
          llvm::function_ref<uint64_t(uint64_t)> TestNumber, size_t MaxNodes) {
  NodesByKey TakenIn;
  llvm::DenseSet<const TreeNode *> TakenInNodes;
  for (const TreePart &P : Parts)
    for (const auto &[Key, Node] : *P.TakenIn) {
      TakenIn[Key] = Node;
      TakenInNodes.insert(Node);
    }
  // A handed-over node goes on as the node its state was taken in at,
  // which is reached that way only (the first worker's root may hold
  // such nodes too).
  llvm::DenseMap<const TreeNode *, const TreeNode *> GoesOnAs;
  for (const TreePart &P : Parts)
    for (const auto &[Key, Node] : *P.HandedOut)
      if (const TreeNode *There = TakenIn.lookup(Key))
        GoesOnAs[Node] = There;
  auto Body = [&](const TreeNode *N) {
    const TreeNode *There = GoesOnAs.lookup(N);
    return There ? There : N;
  };

  auto Joined = std::make_unique<ExecutionTree>();
  const TreeNode *Root = Parts.front().Tree->root();
  copyNode(*Joined->root(), *Root, TestNumber);
  struct Item {
    const TreeNode *From;
    TreeNode *To;
  };
  std::vector<Item> Work = {{Root, Joined->root()}};
  for (size_t I = 0; I < Work.size(); ++I)
    for (const auto &C : Body(Work[I].From)->Children) {
      if (TakenInNodes.contains(C.get()))
        continue;
      if (Joined->size() >= MaxNodes)
        return Joined;
      TreeNode *To = Joined->addChild(Work[I].To, C->Added);
      copyNode(*To, *Body(C.get()), TestNumber);
      Work.push_back({C.get(), To});
    }
  return Joined;
}

size_t joinedSize(llvm::ArrayRef<TreePart> Parts) {
  // Each later worker's root only holds the states it took in, and each
  // state taken in is the node it was handed over at.
  size_t Size = 0;
  for (const TreePart &P : Parts)
    Size += P.Tree->size() - P.TakenIn->size();
  return Size - (Parts.size() - 1);
}

} // namespace theseus
