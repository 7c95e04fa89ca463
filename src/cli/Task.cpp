//===- Task.cpp - `theseus task`: sv-benchmarks verification tasks --------===//
#include "cli/Task.h"

#include "program/Program.h"
#include "report/TestComp.h"
#include "report/TestFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

namespace theseus {
namespace {

/// The properties Theseus checks, as their .prp files state them with the
/// blanks removed.
const std::pair<const char *, const char *> KnownProperties[] = {
    {"CHECK(init(main()),LTL(G!call(reach_error())))", "unreach-call"},
    {"COVER(init(main()),FQL(COVEREDGES(@CALL(reach_error))))",
     "coverage-error-call"},
    {"COVER(init(main()),FQL(COVEREDGES(@DECISIONEDGE)))",
     "coverage-branches"}};

/// `Name` resolved against the directory of the task file `Task`.
std::string besideTask(const std::string &Task, const std::string &Name) {
  if (llvm::sys::path::is_absolute(Name))
    return Name;
  llvm::SmallString<256> P(llvm::sys::path::parent_path(Task));
  llvm::sys::path::append(P, Name);
  return std::string(P);
}

std::string readFileOf(const std::string &Task, const std::string &What,
                       const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    throw InputError{fmt::format("{}: cannot read {} {}", Task, What, Path)};
  return (*Buf)->getBuffer().str();
}

/// A YAML node that must be a string, or a list of them.
std::vector<std::string> strings(const std::string &Task, const char *Key,
                                 const YAML::Node &N) {
  std::vector<std::string> List;
  if (N.IsScalar())
    List.push_back(N.as<std::string>());
  for (size_t I = 0; N.IsSequence() && I < N.size(); ++I)
    if (N[I].IsScalar())
      List.push_back(N[I].as<std::string>());
  if (List.empty())
    throw InputError{fmt::format("{}: '{}' names no file", Task, Key)};
  return List;
}

TaskProperty readProperty(const std::string &Task, const YAML::Node &N) {
  if (!N.IsMap() || !N["property_file"] || !N["property_file"].IsScalar())
    throw InputError{
        fmt::format("{}: a property without a 'property_file'", Task)};
  TaskProperty P;
  P.File = besideTask(Task, N["property_file"].as<std::string>());
  P.Text =
      llvm::StringRef(readFileOf(Task, "property file", P.File)).trim().str();
  P.Name = propertyName(P.Text);
  return P;
}

YAML::Node loadYaml(const std::string &Path) {
  if (!llvm::sys::fs::is_regular_file(Path))
    throw InputError{fmt::format("no such task file: {}", Path)};
  try {
    return YAML::LoadFile(Path);
  } catch (const YAML::Exception &E) {
    throw InputError{fmt::format("{}: not valid YAML: {}", Path, E.what())};
  }
}

/// The property to run: the one `--property` names, else the first one
/// Theseus checks.
const TaskProperty &chooseProperty(const TaskDefinition &T,
                                   const std::string &Wanted) {
  std::string Names;
  for (const TaskProperty &P : T.Properties) {
    if (!P.Name.empty() && (Wanted.empty() || P.Name == Wanted))
      return P;
    Names += fmt::format("{}{}", Names.empty() ? "" : ", ",
                         P.Name.empty() ? P.File : P.Name);
  }
  if (!Wanted.empty())
    throw InputError{
        fmt::format("{}: no property {} (it has {})", T.File, Wanted, Names)};
  throw InputError{fmt::format(
      "{}: no supported property (it has {}); Theseus checks unreach-call, "
      "coverage-error-call and coverage-branches",
      T.File, Names)};
}

/// "max-time (3), concretization (2)", or the stop reason alone.
std::string cutsText(const nlohmann::json &Summary) {
  std::string Text;
  // A named copy: the range must not iterate a temporary that is gone.
  nlohmann::json Because =
      Summary.value("incomplete_because", nlohmann::json::object());
  for (const auto &[Why, Count] : Because.items())
    Text +=
        fmt::format("{}{} ({})", Text.empty() ? "" : ", ", Why, Count.dump());
  return Text.empty() ? Summary.value("stop_reason", "unknown") : Text;
}

/// The search for reach_error() (--target): its verdict, test and why.
void reachResult(const nlohmann::json &Summary, nlohmann::json &R) {
  nlohmann::json Target = Summary.value("target", nlohmann::json::object());
  std::string Verdict = Target.value("verdict", "unknown");
  R["test"] = Target.value("test", nlohmann::json());
  if (Verdict == "reached") {
    R["reason"] = fmt::format(
        "reach_error() reached by {}{}", R["test"].get<std::string>(),
        Target.value("evidence", "") == "native"
            ? ", a native run the fuzzer found, confirmed by native replay"
            : "");
    R["reached"] = true;
    return;
  }
  R["reached"] = false;
  if (Target.contains("divergence") &&
      Target["divergence"].value("evidence", "") == "native")
    R["reason"] = fmt::format(
        "the fuzzer reached reach_error() natively ({}), but the test's "
        "native replay did not confirm it ({}): no verdict",
        Target["divergence"].value("test", ""),
        Target["divergence"].value("native", ""));
  else if (Target.contains("divergence"))
    R["reason"] = fmt::format(
        "reach_error() was reached in the engine by {}, but not by its "
        "native run ({}): a divergence, not a verdict",
        Target["divergence"].value("test", ""),
        Target["divergence"].value("native", ""));
  else if (Verdict == "unreachable" && Target.contains("reason"))
    R["reason"] = Target["reason"]; // Decided by the program itself.
  else if (Verdict == "unreachable")
    R["reason"] = std::string(Target.value("decided_by", "") == "apc"
                                  ? "the apc of reach_error() is unsatisfiable"
                                  : "every path was explored and none "
                                    "reaches reach_error()") +
                  (Target.value("under_assumptions", false)
                       ? ", under the input assumptions the summary lists"
                       : "");
  else
    R["reason"] = "the run was cut: " + cutsText(Summary);
  R["proved_unreachable"] = Verdict == "unreachable";
}

/// The property's result in the competition's terms.
nlohmann::json taskResult(const TaskDefinition &T, const TaskProperty &P,
                          const Options &O, const nlohmann::json &Summary) {
  nlohmann::json R = {{"file", T.File},
                      {"property", P.Name},
                      {"property_file", P.File},
                      {"specification", P.Text},
                      {"data_model", T.DataModel},
                      {"suite", O.TestCompSuite}};
  if (P.Name == "coverage-branches") {
    // TestCov scores every branch of the program, reachable from main or
    // not.
    R["branches"] = Summary.at("coverage").at("all_functions").at("branches");
    return R;
  }
  reachResult(Summary, R);
  if (P.Name == "coverage-error-call")
    R["covered"] = R["reached"];
  else
    R["verdict"] = R["reached"].get<bool>()              ? "false"
                   : R["proved_unreachable"].get<bool>() ? "true"
                                                         : "unknown";
  return R;
}

void printResult(const nlohmann::json &R, size_t Testcases) {
  std::string Result;
  if (R.contains("branches"))
    Result = fmt::format(
        "branches {:.1f}% ({}/{})", R["branches"]["percent"].get<double>(),
        R["branches"]["covered"].dump(), R["branches"]["total"].dump());
  else if (R.contains("covered"))
    Result = fmt::format("{} ({})",
                         R["covered"].get<bool>() ? "covered" : "not covered",
                         R["reason"].get<std::string>());
  else
    Result = fmt::format("{} ({})", R["verdict"].get<std::string>(),
                         R["reason"].get<std::string>());
  fmt::print("theseus: task {}, {}: {}\n", R["file"].get<std::string>(),
             R["property"].get<std::string>(), Result);
  fmt::print("  test suite       {} ({} testcases), {}.zip\n",
             R["suite"].get<std::string>(), Testcases,
             R["suite"].get<std::string>());
}

/// The suite of a run that wrote none (the apc answered without a search):
/// converted from the run directory, so every task leaves one.
size_t ensureSuite(const Options &O, const TestCompSuiteOptions &Suite) {
  if (!llvm::sys::fs::exists(O.TestCompSuite + "/metadata.xml"))
    return exportTestComp(O.OutDir, O.TestCompSuite, Suite, /*Zip=*/true);
  size_t Count = 0;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(O.TestCompSuite, EC), End;
       It != End && !EC; It.increment(EC))
    Count += llvm::StringRef(It->path()).ends_with(".xml");
  return Count - 1; // metadata.xml
}

} // namespace

std::string propertyName(const std::string &Text) {
  std::string Compact;
  for (char C : Text)
    if (!llvm::isSpace(C))
      Compact.push_back(C);
  for (const auto &[Spec, Name] : KnownProperties)
    if (Compact == Spec)
      return Name;
  return "";
}

TaskDefinition readTask(const std::string &Path) {
  YAML::Node Root = loadYaml(Path);
  if (!Root.IsMap() || !Root["format_version"])
    throw InputError{
        fmt::format("{}: not a task definition (no 'format_version')", Path)};
  std::string Version = Root["format_version"].as<std::string>();
  if (Version != "2.0" && Version != "1.0" && Version != "1.1")
    throw InputError{fmt::format(
        "{}: task format version {} is not supported (1.0, 1.1 or 2.0)", Path,
        Version)};
  TaskDefinition T;
  T.File = Path;
  // Formats 1.x may have no options: C, in the data model of the command
  // line.
  YAML::Node Options = Root["options"];
  if (Version == "2.0" &&
      (!Options || !Options["language"] || !Options["data_model"]))
    throw InputError{fmt::format(
        "{}: 'options' must give 'language' and 'data_model'", Path)};
  std::string Language = Options && Options["language"]
                             ? Options["language"].as<std::string>()
                             : "C";
  if (Language != "C")
    throw InputError{fmt::format("{}: language {} is not supported (C only)",
                                 Path, Language)};
  if (Options && Options["data_model"]) {
    T.DataModel = Options["data_model"].as<std::string>();
    if (T.DataModel != "ILP32" && T.DataModel != "LP64")
      throw InputError{fmt::format("{}: data model {} is not ILP32 or LP64",
                                   Path, T.DataModel)};
  }
  for (const std::string &F :
       strings(Path, "input_files", Root["input_files"])) {
    T.InputFiles.push_back(besideTask(Path, F));
    if (!llvm::sys::fs::is_regular_file(T.InputFiles.back()))
      throw InputError{
          fmt::format("{}: no such input file: {}", Path, T.InputFiles.back())};
  }
  YAML::Node Props = Root["properties"];
  for (size_t I = 0; Props && Props.IsSequence() && I < Props.size(); ++I)
    T.Properties.push_back(readProperty(Path, Props[I]));
  if (T.Properties.empty())
    throw InputError{fmt::format("{}: no properties", Path)};
  return T;
}

int runTask(Options &O, const std::function<int(Options &)> &Explore) {
  if (!O.Files.empty())
    throw InputError{"theseus task takes its program from the task file"};
  if (!O.Targets.empty() || !O.Entry.empty())
    throw InputError{"theseus task sets --entry and --target itself"};
  TaskDefinition T = readTask(O.TaskFile);
  const TaskProperty &P = chooseProperty(T, O.TaskProperty);
  O.Files = T.InputFiles;
  O.Entry = "main";
  if (T.DataModel.empty())
    T.DataModel = toString(O.Model);
  O.Model = *parseDataModel(T.DataModel);
  O.TestCompSpec = P.Text;
  if (O.TestCompSuite.empty())
    O.TestCompSuite = O.OutDir + "/test-suite";
  // Both reach_error properties are a search for its call; the apc may
  // prove it unreachable without one.
  if (P.Name != "coverage-branches")
    O.Targets = {"reach_error"};
  // Native speed for what the interpreter reaches too slowly (long loops).
  if (!O.Fuzz && !O.NoFuzz && O.Mode == ExploreMode::Concolic)
    O.Fuzz = O.FuzzIfPossible = true;
  int Status = Explore(O);

  TestCompSuiteOptions Suite{O.TestCompSuite, P.Text, T.DataModel,
                             T.InputFiles.front()};
  size_t Testcases = ensureSuite(O, Suite);
  std::string SummaryFile = O.OutDir + "/summary.json";
  std::ifstream In(SummaryFile);
  nlohmann::json Summary = nlohmann::json::parse(In, nullptr, false);
  if (Summary.is_discarded())
    throw std::runtime_error("cannot read " + SummaryFile);
  nlohmann::json Result = taskResult(T, P, O, Summary);
  Result["testcases"] = Testcases;
  printResult(Result, Testcases);
  Summary["task"] = Result;
  writeJsonFile(SummaryFile, Summary);
  return Status;
}

} // namespace theseus
