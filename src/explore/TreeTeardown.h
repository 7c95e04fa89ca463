//===- TreeTeardown.h - Freeing deep trees without recursion --------------===//
#ifndef THESEUS_EXPLORE_TREETEARDOWN_H
#define THESEUS_EXPLORE_TREETEARDOWN_H

#include <memory>
#include <vector>

namespace theseus {

/// Frees a tree of unique_ptr-owned nodes with an explicit stack: a path of
/// millions of decisions would overflow the call stack through nested
/// destructors. `TakeChildren(Node &, Stack &)` moves a node's children onto
/// the stack.
template <typename Node, typename Fn>
void destroyTree(std::unique_ptr<Node> Root, Fn TakeChildren) {
  std::vector<std::unique_ptr<Node>> Stack;
  Stack.push_back(std::move(Root));
  while (!Stack.empty()) {
    std::unique_ptr<Node> N = std::move(Stack.back());
    Stack.pop_back();
    if (N)
      TakeChildren(*N, Stack);
  }
}

} // namespace theseus

#endif
