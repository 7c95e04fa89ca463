//===- SourceText.h - Decisions of a path in the program's own words -----===//
//
// A path's decisions are instructions; a person reads conditions. This
// unit finds the source text a decision tested: the parenthesised
// condition of an `if`, `while`, `for`, `switch` or `do ... while`, the
// operand of `&&` / `||` a sub-branch tests, the part of `?:` before the
// `?`, or a short description of a check ("b != 0"). Without the source,
// the LLVM condition is printed with the source variables' names.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_SOURCETEXT_H
#define THESEUS_REPORT_SOURCETEXT_H

#include "explore/Exploration.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace theseus {

/// The condition tested by a branch whose debug location is `Column`
/// (1-based) of the source line `Line`, or "" when the line shows none
/// there. A condition that goes on past the line ends in "...".
std::string conditionAt(llvm::StringRef Line, unsigned Column);

/// The arguments of a call whose name starts at `Column` ("x > 0" for
/// `assert(x > 0)`), or "".
std::string callArgumentsAt(llvm::StringRef Line, unsigned Column);

/// The operand right of the operator at `Column` ("b" for `a / b`), or "".
std::string rightOperandAt(llvm::StringRef Line, unsigned Column);

/// `Line` without leading and trailing blanks.
std::string trimmedLine(llvm::StringRef Line);

/// "if (a > b)" when `Line` shows `Condition` as the condition of an `if`,
/// `while` or `switch`, else `Condition`.
std::string statementOf(llvm::StringRef Line, const std::string &Condition);

/// Source files read once each, by path.
class SourceFiles {
public:
  /// Line `N` (1-based) of the file at `Path`; null when the file cannot
  /// be read or is shorter.
  const std::string *line(const std::string &Path, unsigned N);

private:
  std::map<std::string, std::optional<std::vector<std::string>>> Files;
};

/// One decision of a path as a person reads it. The steps of a switch
/// (one per case tested) are one decision, taking a case or the default.
/// Its texts belong to the PathExplainer that made it (no copies per path).
struct ExplainedDecision {
  llvm::StringRef File; ///< As in the debug information.
  unsigned Line = 0;
  llvm::StringRef Condition;
  BranchKind Kind = BranchKind::Branch;
  bool Taken = false; ///< For two-way decisions.
  bool IsSwitch = false;
  std::string Case; ///< Switch: the case value taken, or "default".
  size_t First = 0; ///< Index of its first PathDecision.
};

/// Words the decisions of paths in source terms, each decision's text
/// worked out once.
class PathExplainer {
public:
  std::vector<ExplainedDecision>
  explain(const std::vector<PathDecision> &Decisions);

private:
  struct Worded {
    std::string File;
    unsigned Line = 0;
    std::string Condition;
    bool Reversed = false; ///< The side taken is the condition's negation.
  };
  const Worded &word(const PathDecision &D, bool Overflow);

  SourceFiles Sources;
  std::map<std::tuple<const llvm::Instruction *, BranchKind, bool>, Worded>
      Words;
};

/// "branch", "check" or "assume".
const char *decisionKindName(BranchKind K);

} // namespace theseus

#endif
