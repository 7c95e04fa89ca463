//===- TreeWriter.h - tree.json and tree.dot of a forking run -------------===//
#ifndef THESEUS_REPORT_TREEWRITER_H
#define THESEUS_REPORT_TREEWRITER_H

#include "explore/ExecutionTree.h"
#include "explore/PathTree.h"
#include "store/RunDatabase.h"

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

namespace theseus {

/// Shows a returned value as the entry's C type reads it.
using ReturnFormatter = std::function<nlohmann::json(const PathOutcome &O)>;

/// Every node with its location, source line, added condition, path
/// condition, variables and, for leaves, the outcome (format theseus-tree-1).
nlohmann::json treeJson(const ExecutionTree &T, const ReturnFormatter &Return);
/// Graphviz with Steinhöfel's colours: red errors, green infeasible, blue
/// normal ends, grey bound reached, yellow unsupported or unknown, orange
/// (dashed) dropped or interrupted.
std::string treeDot(const ExecutionTree &T, const ReturnFormatter &Return);
/// Writes tree.json and tree.dot into `Dir`, and tree.svg when Graphviz's
/// `dot` is installed, the tree has at most 1000 nodes and `RenderSvg`.
/// Returns a problem to tell the user, or "".
std::string writeTree(const ExecutionTree &T, const std::string &Dir,
                      const ReturnFormatter &Return, bool RenderSvg = true);
/// Replaces the tree in the run database `Db` with the first `MaxNodes`
/// nodes of `T` by id (parents first): each with its parent, the condition
/// on its edge (as tree.json prints it), where it ends, and a leaf's kind
/// and test.
void recordTree(const ExecutionTree &T, RunDatabase &Db, size_t MaxNodes);

/// The concolic path tree in tree.json's family (format
/// theseus-path-tree-1): a node per decision point with its location and
/// the condition on the edge from its parent; a leaf per path end (with its
/// test and, as `leaf`, the fork tree's kind of its outcome) and per side
/// that was not run: infeasible, unknown, open, diverged, pruned or closed.
nlohmann::json pathTreeJson(const PathTree &T);
/// Writes pathTreeJson's tree as `Dir`/tree.json.
void writePathTree(const PathTree &T, const std::string &Dir);

} // namespace theseus

#endif
