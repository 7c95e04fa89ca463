//===- Show.cpp - `theseus show`: a test or a run, for a person -----------===//
#include "report/Show.h"

#include "program/Program.h"
#include "report/SourceText.h"
#include "report/StoredTests.h"
#include "report/Summary.h"
#include "report/TestRecord.h"
#include "store/RunDatabase.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

namespace theseus {

namespace {

nlohmann::json readJson(const std::string &Path) {
  std::ifstream In(Path);
  if (!In)
    throw InputError{fmt::format("show: cannot read {}", Path)};
  try {
    return nlohmann::json::parse(In);
  } catch (const nlohmann::json::exception &) {
    throw InputError{fmt::format("show: {} is not JSON, so neither a "
                                 "Theseus test nor a run's summary",
                                 Path)};
  }
}

/// The test's path as the replay command can use it from anywhere.
std::string realPath(const std::string &Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return Path;
  return std::string(Real);
}

std::string baseName(const std::string &Path) {
  return llvm::sys::path::filename(Path).str();
}

std::string inputsText(const TestRecord &Test) {
  std::string Text;
  for (const TestInput &In : Test.Inputs)
    Text += (Text.empty() ? "" : ", ") + inputText(In);
  return Text.empty() ? "none" : Text;
}

std::string outcomeText(const RecordedOutcome &O) {
  std::string Where =
      O.HasLocation ? fmt::format(" at {}:{}", O.File, O.Line) : "";
  std::string Message = O.Message.value_or("");
  if (O.Kind == "return")
    return O.Value == "void" ? "returns" : "returns " + O.Value;
  if (O.Kind == "exit")
    return fmt::format("exit({})", O.Code);
  if (O.Kind == "bug")
    return fmt::format("bug {}{}: {}", O.Bug, Where, Message);
  return fmt::format("{}{}: {}", O.Kind, Where, Message);
}

/// The source file `File` (as the debug information names it, relative to
/// where the program was compiled) among the program's sources.
std::string sourcePath(const std::string &File,
                       const ProgramDescription &Program) {
  if (llvm::sys::path::is_absolute(File))
    return File;
  for (llvm::StringRef Path : Program.Sources)
    if (Path.ends_with("/" + File))
      return Path.str();
  return File;
}

/// "max4.c:5  if (a > b)  -> true".
std::string decisionText(const RecordedDecision &D,
                         const ProgramDescription &Program,
                         SourceFiles &Sources) {
  std::string Condition = D.Condition;
  if (const std::string *Text =
          Sources.line(sourcePath(D.File, Program), D.Line))
    Condition = statementOf(*Text, Condition);
  std::string Where = D.File.empty()
                          ? "(no source)"
                          : fmt::format("{}:{}", baseName(D.File), D.Line);
  std::string Taken = D.IsSwitch ? D.Case : D.Taken ? "true" : "false";
  return fmt::format("{}  {}  -> {}{}", Where, Condition, Taken,
                     D.Kind == "branch" ? "" : "  (" + D.Kind + ")");
}

void printDecisions(const TestRecord &Test, std::FILE *Out) {
  if (!Test.Explanation) {
    fmt::print(Out, "  decisions  not recorded in this test\n");
    return;
  }
  const std::vector<RecordedDecision> &Steps = *Test.Explanation;
  uint64_t Omitted = Test.ExplanationTruncated;
  fmt::print(Out, "  decisions  {}{}\n", Steps.size() + Omitted,
             Steps.empty() ? " (the path depends on no input)" : "");
  SourceFiles Sources;
  for (size_t I = 0; I < Steps.size(); ++I)
    fmt::print(Out, "    [{}] {}\n", I,
               decisionText(Steps[I], Test.Program, Sources));
  if (Omitted)
    fmt::print(Out, "    ... and {} more, not recorded\n", Omitted);
}

/// Where the test came from: the decision negated, or the path of which it
/// is a further return value (the first input and forked states: nothing).
void printOrigin(const TestRecord &Test, std::FILE *Out) {
  std::string Line;
  if (Test.VariantOf)
    Line = fmt::format("another return value of the path of {}",
                       testFileName(*Test.VariantOf));
  else if (Test.Negated)
    Line = fmt::format("decision [{}] of {} negated", Test.Negated->Decision,
                       testFileName(Test.Negated->Test));
  if (Test.Diverged)
    Line += " (the run diverged: it missed the side it was solved for)";
  if (Line.empty())
    return;
  fmt::print(Out, "  found as   {}\n", Line);
}

void showTest(const std::string &Path, const TestRecord &Test, std::FILE *Out) {
  const ProgramDescription &Program = Test.Program;
  fmt::print(Out, "{}: test {} of {} (entry {})\n", baseName(Path), Test.Number,
             llvm::join(Program.Sources, " "), Program.Entry);
  fmt::print(Out, "  inputs     {}\n", inputsText(Test));
  if (Test.CommandLine) {
    std::string Args;
    for (const TestArgument &A : Test.Argv)
      Args += fmt::format("{}\"{}\"", Args.empty() ? "" : " ", A.Escaped);
    fmt::print(Out, "  argv       {}\n", Args);
  }
  if (!Test.StdinEscaped.empty())
    fmt::print(Out, "  stdin      \"{}\"\n", Test.StdinEscaped);
  printDecisions(Test, Out);
  printOrigin(Test, Out);
  fmt::print(Out, "  outcome    {}\n", outcomeText(Test.Outcome));
  if (!Test.Stdout.empty()) {
    fmt::print(Out, "  stdout\n");
    llvm::SmallVector<llvm::StringRef> Lines;
    llvm::StringRef(Test.Stdout).rtrim('\n').split(Lines, '\n');
    for (llvm::StringRef L : Lines)
      fmt::print(Out, "    | {}\n", L.str());
  }
  fmt::print(Out, "  replay     theseus replay {}\n", realPath(Path));
}

void showRun(const std::string &Dir, std::FILE *Out) {
  std::string Summary = Dir + "/summary.json";
  if (!llvm::sys::fs::exists(Summary))
    throw InputError{fmt::format(
        "show: {} is not a Theseus run directory (no summary.json)", Dir)};
  nlohmann::json J = readJson(Summary);
  if (!J.is_object() || !J.contains("paths"))
    throw InputError{
        fmt::format("show: {} is not the summary of an exploration", Summary)};
  printSummary(Out, J);
  printStoredTree(Dir, J.value("tree_nodes", 0), Out);
  if (J.contains("fuzz"))
    printFuzzing(Out, J);
  if (J.contains("self_check"))
    printSelfCheck(Out, J["self_check"]);
}

} // namespace

void printStoredTree(const std::string &Dir, uint64_t Total, std::FILE *Out) {
  std::string Path = Dir + "/" + RunDatabaseName;
  if (!llvm::sys::fs::exists(Path))
    return;
  std::vector<TreeNodeRow> Nodes;
  try {
    Nodes = RunDatabase::open(Path)->tree();
  } catch (const StoreError &) {
    return; // The summary said what there is to say.
  }
  if (Nodes.empty())
    return;
  std::map<std::string, uint64_t> Leaves;
  for (const TreeNodeRow &N : Nodes)
    if (!N.Leaf.empty())
      ++Leaves[N.Leaf];
  std::string Kinds;
  for (const auto &[Kind, Count] : Leaves)
    Kinds += fmt::format("{}{} {}", Kinds.empty() ? "" : ", ", Count, Kind);
  std::string Count = Nodes.size() < Total ? fmt::format("the first {} of {}",
                                                         Nodes.size(), Total)
                                           : std::to_string(Nodes.size());
  fmt::print(Out, "  tree             {} nodes in {} (leaves: {})\n", Count,
             RunDatabaseName, Kinds);
}

void show(const std::string &Path, std::FILE *Out) {
  if (!llvm::sys::fs::is_directory(Path)) {
    if (llvm::sys::fs::exists(Path))
      return showTest(Path, readTest(readJson(Path), Path, "show"), Out);
    // A test of the run's database that is not in its suite.
    if (std::optional<std::string> Stored = storedTestText(Path))
      return showTest(Path, parseTest(*Stored, Path, "show"), Out);
    throw InputError{fmt::format("show: no such file or directory: {}", Path)};
  }
  try {
    showRun(Path, Out);
  } catch (const nlohmann::json::exception &E) {
    throw InputError{
        fmt::format("show: {} has a field missing or of the wrong type: {}",
                    Path, E.what())};
  }
}

} // namespace theseus
