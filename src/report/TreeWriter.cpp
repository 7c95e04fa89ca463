//===- TreeWriter.cpp - tree.json and tree.dot of a forking run -----------===//
#include "report/TreeWriter.h"

#include "expr/Printer.h"
#include "program/Program.h"
#include "report/TestFile.h"
#include "support/Process.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"

#include <algorithm>
#include <fmt/format.h>
#include <fstream>
#include <map>

namespace theseus {

namespace {

/// Source lines by file, read once.
class SourceText {
public:
  std::string line(const SourceLoc &L) {
    if (!L.known())
      return "";
    auto [It, New] = Files.try_emplace(L.fullPath());
    if (New) {
      std::ifstream In(It->first);
      for (std::string Line; std::getline(In, Line);)
        It->second.push_back(Line);
    }
    const auto &Lines = It->second;
    if (L.Line > Lines.size())
      return "";
    std::string Text = Lines[L.Line - 1];
    size_t First = Text.find_first_not_of(" \t");
    return First == std::string::npos ? "" : Text.substr(First);
  }

private:
  std::map<std::string, std::vector<std::string>> Files;
};

SourceLoc nodeLoc(const TreeNode &N) {
  if (N.Leaf != LeafKind::None && N.Leaf != LeafKind::Infeasible &&
      N.Outcome.Loc.known())
    return N.Outcome.Loc;
  return N.At ? sourceLocOf(N.At) : SourceLoc{};
}

nlohmann::json outcomeJson(const TreeNode &N, const ReturnFormatter &Return) {
  const PathOutcome &O = N.Outcome;
  nlohmann::json J = {{"end", toString(O.End)}};
  if (O.End == PathEnd::Return && O.HasValue)
    J["value"] = Return(O);
  if (O.End == PathEnd::Exit)
    J["code"] = O.Value;
  if (!O.BugKind.empty())
    J["bug"] = O.BugKind;
  if (!O.Message.empty())
    J["message"] = O.Message;
  return J;
}

/// Nodes in id order, so a parent always comes before its children.
std::vector<const TreeNode *> nodesById(const ExecutionTree &T) {
  std::vector<const TreeNode *> Nodes(T.size());
  std::vector<const TreeNode *> Work = {T.root()};
  while (!Work.empty()) {
    const TreeNode *N = Work.back();
    Work.pop_back();
    Nodes[N->Id] = N;
    for (const auto &C : N->Children)
      Work.push_back(C.get());
  }
  return Nodes;
}

/// What a node records is capped so that the tree stays readable and its
/// files small whatever the program: expressions are elided past
/// `ExprChars`, and a path condition shows its last `PathConjuncts`
/// conjuncts (the rest are on the ancestors' edges).
constexpr size_t ExprChars = 240;
constexpr size_t PathConjuncts = 12;

/// A label Graphviz always parses: quotes and backslashes escaped, and
/// anything but printable ASCII (tabs, control bytes, invalid UTF-8 from
/// the program's source) replaced, within `MaxChars`.
std::string escapeDot(const std::string &S, size_t MaxChars = ExprChars) {
  std::string Out;
  for (size_t I = 0; I < S.size() && I < MaxChars; ++I) {
    char C = S[I];
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += (C >= 0x20 && C < 0x7f) ? C : '?';
  }
  if (S.size() > MaxChars)
    Out += "...";
  return Out;
}

} // namespace

nlohmann::json treeJson(const ExecutionTree &T, const ReturnFormatter &Return) {
  SourceText Source;
  nlohmann::json Nodes = nlohmann::json::array();
  for (const TreeNode *N : nodesById(T)) {
    SourceLoc L = nodeLoc(*N);
    nlohmann::json J = {{"id", N->Id}};
    J["parent"] = N->Parent ? nlohmann::json(N->Parent->Id) : nullptr;
    if (L.known()) {
      J["file"] = L.File.str();
      J["line"] = L.Line;
      J["source"] = Source.line(L);
    }
    if (N->Added)
      J["condition"] = toString(N->Added, ExprChars);
    std::vector<ExprRef> Conds = ExecutionTree::pathCondition(N);
    size_t First =
        Conds.size() > PathConjuncts ? Conds.size() - PathConjuncts : 0;
    nlohmann::json PC = nlohmann::json::array();
    for (size_t I = First; I < Conds.size(); ++I)
      PC.push_back(toString(Conds[I], ExprChars));
    J["path_condition"] = PC;
    if (First)
      J["path_condition_omitted"] = First;
    if (!N->Variables.empty()) {
      nlohmann::json Vars = nlohmann::json::object();
      for (const VariableValue &V : N->Variables)
        Vars[V.Name] = V.Value;
      J["variables"] = Vars;
    }
    if (N->Leaf != LeafKind::None) {
      J["leaf"] = toString(N->Leaf);
      if (N->Leaf != LeafKind::Infeasible)
        J["outcome"] = outcomeJson(*N, Return);
      if (N->TestIndex)
        J["test"] = testFileName(N->TestIndex);
    }
    Nodes.push_back(std::move(J));
  }
  return {{"format", "theseus-tree-1"},
          {"limits",
           {{"expression_chars", ExprChars},
            {"path_condition_conjuncts", PathConjuncts}}},
          {"nodes", Nodes}};
}

std::string treeDot(const ExecutionTree &T, const ReturnFormatter &Return) {
  SourceText Source;
  std::string Out = "digraph SET {\n  node [shape=box, fontname=\"monospace\", "
                    "fontsize=10];\n  edge [fontname=\"monospace\", "
                    "fontsize=9];\n";
  for (const TreeNode *N : nodesById(T)) {
    SourceLoc L = nodeLoc(*N);
    std::vector<std::string> Lines;
    if (L.known())
      Lines.push_back(fmt::format("{}: {}", L.Line, Source.line(L)));
    else if (N->Id == 0)
      Lines.push_back("entry");
    for (const VariableValue &V : N->Variables)
      Lines.push_back(fmt::format("{} = {}", V.Name, V.Value));
    std::string Style;
    switch (N->Leaf) {
    case LeafKind::Error:
      Lines.push_back(N->Outcome.BugKind);
      Style = ", style=filled, fillcolor=red";
      break;
    case LeafKind::Infeasible:
      Lines = {"infeasible"};
      Style = ", style=filled, fillcolor=lightgreen";
      break;
    case LeafKind::Normal:
      Lines.push_back(N->Outcome.End == PathEnd::Return && N->Outcome.HasValue
                          ? "return " + Return(N->Outcome).dump()
                          : toString(N->Outcome.End));
      Style = ", style=filled, fillcolor=lightblue";
      break;
    case LeafKind::BoundReached:
      Lines.push_back("bound reached");
      Style = ", style=filled, fillcolor=grey";
      break;
    case LeafKind::Unsupported:
    case LeafKind::Unknown:
      Lines.push_back(toString(N->Leaf));
      Style = ", style=filled, fillcolor=yellow";
      break;
    case LeafKind::Dropped:
    case LeafKind::Interrupted:
      Lines.push_back(toString(N->Leaf));
      Style = ", style=\"filled,dashed\", fillcolor=orange";
      break;
    case LeafKind::Pruned:
      Lines.push_back("pruned by apc");
      Style = ", style=\"filled,dashed\", fillcolor=plum";
      break;
    case LeafKind::None:
      break;
    }
    std::string Label;
    for (const std::string &Line : Lines)
      Label += (Label.empty() ? "" : "\\n") + escapeDot(Line);
    Out += fmt::format("  n{} [label=\"{}\"{}];\n", N->Id, Label, Style);
    if (N->Parent)
      Out += fmt::format("  n{} -> n{} [label=\"{}\"];\n", N->Parent->Id, N->Id,
                         N->Added ? escapeDot(toString(N->Added, ExprChars))
                                  : std::string());
  }
  return Out + "}\n";
}

namespace {

/// The fork tree's leaf kind of a path that ended this way.
LeafKind leafOf(PathEnd E) {
  switch (E) {
  case PathEnd::Return:
  case PathEnd::Exit:
    return LeafKind::Normal;
  case PathEnd::Bug:
    return LeafKind::Error;
  case PathEnd::StepLimit:
  case PathEnd::BoundReached:
    return LeafKind::BoundReached;
  case PathEnd::Interrupted:
    return LeafKind::Interrupted;
  case PathEnd::Unsupported:
  case PathEnd::ExternalDenied:
  case PathEnd::AssumeViolated:
    return LeafKind::Unsupported;
  }
  return LeafKind::Unsupported;
}

/// What became of a side no run took, as a leaf kind; null when the side
/// has not been reached.
const char *sideLeaf(SideState S) {
  switch (S) {
  case SideState::Infeasible:
    return "infeasible";
  case SideState::Unknown:
    return "unknown";
  case SideState::Open:
    return "open";
  case SideState::Diverged:
    return "diverged";
  case SideState::Closed:
    return "closed";
  case SideState::Pruned:
    return "pruned";
  case SideState::Elsewhere:
    return "elsewhere";
  case SideState::Unseen:
  case SideState::Explored:
    return nullptr;
  }
  return nullptr;
}

/// Numbers the path tree's nodes breadth first (parents before children)
/// as it emits them.
class PathTreeEmitter {
public:
  /// The entry is a node of its own, since a run may have reached a
  /// different first decision (an alternative of the root).
  nlohmann::json run(const PathNode *Root) {
    add(nullptr, "");
    for (const PathNode *N = Root; N; N = N->Alternative.get())
      Work.push_back({N, 0, ""});
    for (size_t I = 0; I < Work.size(); ++I)
      emit(Work[I]);
    return Nodes;
  }

private:
  struct Item {
    const PathNode *N;
    nlohmann::json Parent;
    std::string Condition;
  };

  nlohmann::json &add(const nlohmann::json &Parent, const std::string &Cond) {
    nlohmann::json J = {{"id", Nodes.size()}, {"parent", Parent}};
    if (!Cond.empty())
      J["condition"] = Cond;
    Nodes.push_back(std::move(J));
    return Nodes.back();
  }

  void emit(const Item &It) {
    const PathNode *N = It.N;
    nlohmann::json &J = add(It.Parent, It.Condition);
    uint64_t Id = J["id"];
    if (N->Inst) {
      SourceLoc L = sourceLocOf(N->Inst);
      if (L.known()) {
        J["file"] = L.File.str();
        J["line"] = L.Line;
        J["source"] = Source.line(L);
      }
    }
    if (N->EndsPath && !N->Cond)
      return markEnd(J, *N);
    if (N->EndsPath)
      markEnd(add(Id, ""), *N);
    if (!N->Cond) {
      J["leaf"] = "unfinished"; // A run stopped or was cut short here.
      return;
    }
    std::string Text = toString(N->Cond, ExprChars);
    for (bool Dir : {false, true}) {
      std::string Edge = Dir ? Text : "!(" + Text + ")";
      if (!N->Child[Dir]) {
        if (const char *Leaf = sideLeaf(N->Side[Dir]))
          add(Id, Edge)["leaf"] = Leaf;
        continue;
      }
      for (const PathNode *C = N->Child[Dir].get(); C; C = C->Alternative.get())
        Work.push_back({C, Id, Edge});
    }
  }

  static void markEnd(nlohmann::json &J, const PathNode &N) {
    J["leaf"] = toString(leafOf(N.End));
    J["outcome"] = {{"end", toString(N.End)}};
    if (N.TestIndex)
      J["test"] = testFileName(N.TestIndex);
  }

  SourceText Source;
  nlohmann::json Nodes = nlohmann::json::array();
  std::vector<Item> Work;
};

} // namespace

nlohmann::json pathTreeJson(const PathTree &T) {
  return {{"format", "theseus-path-tree-1"},
          {"limits", {{"expression_chars", ExprChars}}},
          {"nodes", PathTreeEmitter().run(T.root())}};
}

void writePathTree(const PathTree &T, const std::string &Dir) {
  writeJsonFile(Dir + "/tree.json", pathTreeJson(T));
}

void recordTree(const ExecutionTree &T, RunDatabase &Db, size_t MaxNodes) {
  std::vector<const TreeNode *> Nodes = nodesById(T);
  Nodes.resize(std::min(Nodes.size(), MaxNodes));
  std::vector<TreeNodeRow> Rows;
  Rows.reserve(Nodes.size());
  for (const TreeNode *N : Nodes) {
    TreeNodeRow R;
    R.Id = N->Id;
    R.Parent = N->Parent ? int64_t(N->Parent->Id) : -1;
    if (N->Added)
      R.Condition = toString(N->Added, ExprChars);
    if (SourceLoc L = nodeLoc(*N); L.known()) {
      R.File = L.File.str();
      R.Line = L.Line;
    }
    if (N->Leaf != LeafKind::None)
      R.Leaf = toString(N->Leaf);
    R.Test = N->TestIndex;
    Rows.push_back(std::move(R));
  }
  Db.setTree(Rows);
}

std::string writeTree(const ExecutionTree &T, const std::string &Dir,
                      const ReturnFormatter &Return, bool RenderSvg) {
  writeJsonFile(Dir + "/tree.json", treeJson(T, Return));
  std::string DotPath = Dir + "/tree.dot";
  std::ofstream(DotPath) << treeDot(T, Return);
  // Graphviz needs tens of seconds to lay out trees of thousands of nodes.
  const size_t MaxRendered = 1000;
  auto Dot = llvm::sys::findProgramByName("dot");
  if (!Dot || T.size() > MaxRendered || !RenderSvg)
    return "";
  std::string Svg = Dir + "/tree.svg";
  ProcessOptions O;
  O.Argv = {*Dot, "-Tsvg", DotPath, "-o", Svg};
  // Graphviz's complaints stay out of the console; failure is reported by
  // the caller.
  O.Stdout = O.Stderr = ProcessOutput::discard();
  std::string Error;
  std::optional<ProcessResult> R =
      runProcess(O, Error, std::chrono::seconds(30));
  if (R && R->succeeded())
    return "";
  llvm::sys::fs::remove(Svg);
  return "Graphviz could not render tree.svg from tree.dot";
}

} // namespace theseus
