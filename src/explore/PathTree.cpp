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

/// The first node of `N`'s chain of alternatives from which `Same` holds,
/// or an alternative made at the chain's end; a node no run branched at
/// yet is taken as it is.
template <typename Pred>
static PathNode *findAlternative(PathNode *N, uint64_t &Nodes, Pred Same) {
  while (N->Cond && !Same(*N)) {
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

PathNode *PathTree::nodeFor(PathNode *At, ExprRef Cond) {
  return findAlternative(At, Nodes,
                         [Cond](const PathNode &N) { return N.Cond == Cond; });
}

PathNode *PathTree::sameDecision(PathNode *At, const PathNode &Other) {
  if (!Other.Cond) // A path ended here: no decision to tell apart.
    return At;
  uint64_t Shape = conditionShape(Other.Cond);
  PathNode *N = findAlternative(At, Nodes, [&](const PathNode &N) {
    return N.Inst == Other.Inst && conditionShape(N.Cond) == Shape;
  });
  if (!N->Cond) {
    N->Cond = Other.Cond;
    N->Kind = Other.Kind;
    N->Inst = Other.Inst;
    N->Key = Other.Key;
  }
  return N;
}

/// How much a side's state says, for joining workers' trees: what some
/// worker did with a side beats what another only expected of it.
static int weight(SideState S) {
  switch (S) {
  case SideState::Unseen:
    return 0;
  case SideState::Elsewhere:
    return 1;
  case SideState::Open:
    return 2;
  case SideState::Diverged:
  case SideState::Closed:
  case SideState::Pruned:
  case SideState::Unknown:
  case SideState::Infeasible:
    return 3;
  case SideState::Explored:
    return 4;
  }
  return 0;
}

/// The smaller of two test numbers, 0 standing for none.
static uint64_t firstTest(uint64_t A, uint64_t B) {
  return !A || !B ? A | B : std::min(A, B);
}

void PathTree::add(const PathTree &Other,
                   llvm::function_ref<uint64_t(uint64_t)> TestNumber) {
  auto Number = [&](uint64_t N) { return N ? TestNumber(N) : 0; };
  // Pairs of chains of alternatives at the same place.
  std::vector<std::pair<PathNode *, const PathNode *>> Work = {
      {root(), Other.root()}};
  while (!Work.empty()) {
    auto [Here, There] = Work.back();
    Work.pop_back();
    for (const PathNode *O = There; O; O = O->Alternative.get()) {
      PathNode *N = sameDecision(Here, *O);
      for (bool Dir : {false, true}) {
        if (weight(O->Side[Dir]) > weight(N->Side[Dir]))
          N->Side[Dir] = O->Side[Dir];
        if (O->Child[Dir])
          Work.push_back({child(N, Dir), O->Child[Dir].get()});
      }
      N->Test = firstTest(N->Test, Number(O->Test));
      if (!O->EndsPath)
        continue;
      // The end of the path that wrote the first test here.
      uint64_t Ended = Number(O->TestIndex);
      if (!N->EndsPath || (Ended && firstTest(N->TestIndex, Ended) == Ended)) {
        N->End = O->End;
        N->TestIndex = Ended;
      }
      N->EndsPath = true;
    }
  }
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
