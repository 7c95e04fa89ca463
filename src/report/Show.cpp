//===- Show.cpp - `theseus show`: a test or a run, for a person -----------===//
#include "report/Show.h"

#include "program/Program.h"
#include "report/SourceText.h"
#include "report/Summary.h"
#include "report/TestRecord.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <fstream>
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

std::string inputsText(const nlohmann::json &Test) {
  std::string Text;
  for (const nlohmann::json &In : Test.at("inputs"))
    Text += (Text.empty() ? "" : ", ") + inputText(In);
  return Text.empty() ? "none" : Text;
}

std::string outcomeText(const nlohmann::json &O) {
  std::string Kind = O.at("kind").get<std::string>();
  std::string Where =
      O.contains("file")
          ? fmt::format(" at {}:{}", O["file"].get<std::string>(),
                        O.value("line", 0u))
          : "";
  if (Kind == "return")
    return O.contains("value") ? "returns " + O["value"].dump() : "returns";
  if (Kind == "exit")
    return fmt::format("exit({})", O.value("code", 0));
  if (Kind == "bug")
    return fmt::format("bug {}{}: {}", O.at("bug").get<std::string>(), Where,
                       O.value("message", ""));
  return fmt::format("{}{}: {}", Kind, Where, O.value("message", ""));
}

std::string takenText(const nlohmann::json &Taken) {
  if (Taken.is_string())
    return Taken.get<std::string>();
  return Taken.get<bool>() ? "true" : "false";
}

/// The source file `File` (as the debug information names it, relative to
/// where the program was compiled) among the program's sources.
std::string sourcePath(const std::string &File, const nlohmann::json &Program) {
  if (llvm::sys::path::is_absolute(File))
    return File;
  for (const nlohmann::json &S : Program.at("sources")) {
    llvm::StringRef Path = S.get_ref<const std::string &>();
    if (Path.ends_with("/" + File))
      return Path.str();
  }
  return File;
}

/// "max4.c:5  if (a > b)  -> true".
std::string decisionText(const nlohmann::json &D, const nlohmann::json &Program,
                         SourceFiles &Sources) {
  std::string File = D.at("file").get<std::string>();
  unsigned Line = D.value("line", 0u);
  std::string Condition = D.at("condition").get<std::string>();
  if (const std::string *Text = Sources.line(sourcePath(File, Program), Line))
    Condition = statementOf(*Text, Condition);
  std::string Kind = D.value("kind", "branch");
  std::string Where =
      File.empty() ? "(no source)" : fmt::format("{}:{}", baseName(File), Line);
  return fmt::format("{}  {}  -> {}{}", Where, Condition,
                     takenText(D.at("taken")),
                     Kind == "branch" ? "" : "  (" + Kind + ")");
}

void printDecisions(const nlohmann::json &Test, std::string &Out) {
  if (!Test.contains("explanation")) {
    Out += "  decisions  not recorded in this test\n";
    return;
  }
  const nlohmann::json &Steps = Test.at("explanation");
  uint64_t Omitted = Test.value("explanation_truncated", uint64_t(0));
  Out += fmt::format("  decisions  {}{}\n", Steps.size() + Omitted,
                     Steps.empty() ? " (the path depends on no input)" : "");
  SourceFiles Sources;
  for (size_t I = 0; I < Steps.size(); ++I)
    Out += fmt::format("    [{}] {}\n", I,
                       decisionText(Steps[I], Test.at("program"), Sources));
  if (Omitted)
    Out += fmt::format("    ... and {} more, not recorded\n", Omitted);
}

/// Where the test came from: the decision negated, or the path of which it
/// is a further return value (the first input and forked states: nothing).
void printOrigin(const nlohmann::json &Test, std::string &Out) {
  std::string Line;
  if (Test.contains("variant_of"))
    Line = fmt::format("another return value of the path of {}",
                       testFileName(Test["variant_of"].get<uint64_t>()));
  else if (Test.contains("negated"))
    Line =
        fmt::format("decision [{}] of {} negated",
                    Test["negated"].at("decision").get<uint64_t>(),
                    testFileName(Test["negated"].at("test").get<uint64_t>()));
  if (Test.value("diverged", false))
    Line += " (the run diverged: it missed the side it was solved for)";
  if (Line.empty())
    return;
  Out += fmt::format("  found as   {}\n", Line);
}

/// Into `Out`, so that a test with a bad field prints nothing.
void showTest(const std::string &Path, const nlohmann::json &Test,
              std::string &Out) {
  auto P = [&Out](const std::string &Line) { Out += Line; };
  const nlohmann::json &Program = Test.at("program");
  std::string Sources;
  for (const nlohmann::json &S : Program.at("sources"))
    Sources += (Sources.empty() ? "" : " ") + S.get<std::string>();
  P(fmt::format("{}: test {} of {} (entry {})\n", baseName(Path),
                Test.value("test", uint64_t(0)), Sources,
                Program.at("entry").get<std::string>()));
  P(fmt::format("  inputs     {}\n", inputsText(Test)));
  if (Test.contains("argv")) {
    std::string Args;
    for (const nlohmann::json &A : Test["argv"])
      Args += fmt::format("{}\"{}\"", Args.empty() ? "" : " ",
                          A.at("string").get<std::string>());
    P(fmt::format("  argv       {}\n", Args));
  }
  std::string Stdin =
      Test.value("stdin", nlohmann::json::object()).value("string", "");
  if (!Stdin.empty())
    P(fmt::format("  stdin      \"{}\"\n", Stdin));
  printDecisions(Test, Out);
  printOrigin(Test, Out);
  P(fmt::format("  outcome    {}\n", outcomeText(Test.at("outcome"))));
  std::string Stdout = Test.value("stdout", "");
  if (!Stdout.empty()) {
    P("  stdout\n");
    llvm::SmallVector<llvm::StringRef> Lines;
    llvm::StringRef(Stdout).rtrim('\n').split(Lines, '\n');
    for (llvm::StringRef L : Lines)
      P(fmt::format("    | {}\n", L.str()));
  }
  P(fmt::format("  replay     theseus replay {}\n", realPath(Path)));
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
  if (J.contains("fuzz"))
    printFuzzing(Out, J["fuzz"]);
  if (J.contains("self_check"))
    printSelfCheck(Out, J["self_check"]);
}

} // namespace

void show(const std::string &Path, std::FILE *Out) {
  if (!llvm::sys::fs::exists(Path))
    throw InputError{fmt::format("show: no such file or directory: {}", Path)};
  try {
    if (llvm::sys::fs::is_directory(Path))
      return showRun(Path, Out);
    nlohmann::json Test = readJson(Path);
    checkFormat(Test, Path, "show");
    std::string Text;
    showTest(Path, Test, Text);
    std::fputs(Text.c_str(), Out);
  } catch (const nlohmann::json::exception &E) {
    throw InputError{
        fmt::format("show: {} has a field missing or of the wrong type: {}",
                    Path, E.what())};
  }
}

} // namespace theseus
