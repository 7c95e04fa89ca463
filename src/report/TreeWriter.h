//===- TreeWriter.h - tree.json and tree.dot of a forking run -------------===//
#ifndef THESEUS_REPORT_TREEWRITER_H
#define THESEUS_REPORT_TREEWRITER_H

#include "explore/ExecutionTree.h"

#include <nlohmann/json.hpp>
#include <string>

namespace theseus {

/// Every node with its location, source line, added condition, path
/// condition, variables and, for leaves, the outcome (format theseus-tree-1).
nlohmann::json treeJson(const ExecutionTree &T);
/// Graphviz with the seed's colours: red errors, green infeasible, blue
/// normal ends, grey bound reached.
std::string treeDot(const ExecutionTree &T);
/// Writes tree.json and tree.dot into `Dir`, and tree.svg when Graphviz's
/// `dot` is installed and the tree has at most 1000 nodes. Returns whether
/// tree.svg was written.
bool writeTree(const ExecutionTree &T, const std::string &Dir);

} // namespace theseus

#endif
