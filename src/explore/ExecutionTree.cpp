//===- ExecutionTree.cpp - The symbolic execution tree --------------------===//
#include "explore/ExecutionTree.h"
#include "explore/TreeTeardown.h"

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

} // namespace theseus
