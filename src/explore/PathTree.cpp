//===- PathTree.cpp - The tree of explored path conditions ----------------===//
#include "explore/PathTree.h"
#include "explore/TreeTeardown.h"

#include <algorithm>

namespace theseus {

PathTree::~PathTree() {
  destroyTree(std::move(Root), [](PathNode &N, auto &Stack) {
    for (auto &C : N.Child)
      Stack.push_back(std::move(C));
    Stack.push_back(std::move(N.Alternative));
  });
}

ExprRef PathTree::edgeConstraint(ExprContext &Ctx, const PathNode *N,
                                 bool Dir) {
  return Dir ? N->Cond : Ctx.logicalNot(N->Cond);
}

std::vector<ExprRef> PathTree::prefixOf(ExprContext &Ctx, const PathNode *N) {
  std::vector<ExprRef> Prefix;
  for (const PathNode *P = N; P->Parent; P = P->Parent) {
    Prefix.push_back(edgeConstraint(Ctx, P->Parent, P->DirFromParent));
  }
  std::reverse(Prefix.begin(), Prefix.end());
  return Prefix;
}

PathNode *PathTree::nodeFor(PathNode *At, ExprRef Cond) {
  PathNode *N = At;
  while (N->Cond && N->Cond != Cond) {
    if (!N->Alternative) {
      auto Alt = std::make_unique<PathNode>();
      Alt->Parent = N->Parent;
      Alt->DirFromParent = N->DirFromParent;
      Alt->Depth = N->Depth;
      N->Alternative = std::move(Alt);
      ++Nodes;
    }
    N = N->Alternative.get();
  }
  return N;
}

PathNode *PathTree::child(PathNode *N, bool Dir) {
  auto &C = N->Child[Dir];
  if (!C) {
    C = std::make_unique<PathNode>();
    C->Parent = N;
    C->DirFromParent = Dir;
    C->Depth = N->Depth + 1;
    ++Nodes;
  }
  return C.get();
}

} // namespace theseus
