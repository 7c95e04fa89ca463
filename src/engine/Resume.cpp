//===- Resume.cpp - Going on with a run that stopped ----------------------===//
#include "engine/Resume.h"

#include "program/Program.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <map>

namespace theseus {

namespace {

std::unique_ptr<RunDatabase> openEarlierRun(const std::string &Dir) {
  std::string Path = Dir + "/" + RunDatabaseName;
  try {
    return RunDatabase::open(Path);
  } catch (const StoreError &E) {
    throw InputError{fmt::format("--resume: {}", E.what())};
  }
}

/// Removes the test files of tests the database does not hold: written
/// by a killed part after its last commit. The new part numbers its tests
/// after the last one held.
void removeUnrecordedTests(const std::string &Dir, uint64_t LastTest) {
  std::error_code Error;
  for (llvm::sys::fs::directory_iterator It(Dir, Error), End;
       It != End && !Error; It.increment(Error)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    uint64_t Number = 0;
    if (Name.consume_front("test") && Name.consume_back(".json") &&
        !Name.getAsInteger(10, Number) && Number > LastTest)
      llvm::sys::fs::remove(It->path());
  }
}

} // namespace

void checkResumable(const RunOptions &O, const std::string &ModuleHash) {
  // Statement nodes chain below the decisions; a resumed run rebuilds the
  // tree from the decisions alone.
  if (O.Explore.Exec.ReportStatements)
    throw InputError{"--resume: a run with --tree-statements cannot be "
                     "resumed"};
  std::unique_ptr<RunDatabase> Db = openEarlierRun(O.OutDir);
  if (Db->version() != RunDatabaseSchemaVersion)
    throw InputError{fmt::format(
        "--resume: {}/{} has schema version {}; this Theseus continues "
        "version {} (start a new run instead)",
        O.OutDir, RunDatabaseName, Db->version(), RunDatabaseSchemaVersion)};
  std::vector<PartRow> Parts = Db->parts();
  if (Parts.empty())
    throw InputError{fmt::format("--resume: {}/{} records no run", O.OutDir,
                                 RunDatabaseName)};
  const std::string &Earlier = Parts.front().ModuleHash;
  if (Earlier != ModuleHash)
    throw InputError{fmt::format(
        "--resume: the program has changed since the run in {} started "
        "(its compiled module's hash was {}, now {}); start a new run "
        "instead",
        O.OutDir, Earlier.empty() ? "not recorded" : Earlier, ModuleHash)};
}

EarlierParts readEarlierParts(const std::string &Dir, RunDatabase &Db,
                              TestWriter &Writer, ExprContext &Ctx) {
  EarlierParts E;
  std::vector<PartRow> Parts = Db.parts();
  std::map<int64_t, uint64_t> TestsByPart;
  for (const PartRow &P : Parts)
    if (!P.Summary.empty())
      E.LastSummary = P.Summary;
  Writer.continueSites(Db.sites());
  Db.forEachPath(
      [&](const PathRow &P) {
        Writer.noteEarlierTest(P);
        ++TestsByPart[P.Part];
        E.From.LastTest = P.Number;
        E.From.Runs = std::max(E.From.Runs, P.Run);
        if (P.Outcome == "interrupted") // Its path is open again.
          return;
        if (std::optional<ReturnValueSet> How =
                parseReturnValueSet(P.ReturnValues))
          E.From.ReturnValueSets.count(*How);
        std::optional<Assignment> Input = decodeAssignment(Ctx, P.Input);
        if (!Input)
          throw InputError{fmt::format(
              "--resume: the input of test {} in run.db is damaged", P.Number)};
        E.From.Tests.push_back({P.Number, std::move(*Input), P.Run, P.Seconds,
                                P.VariantOf, P.Outcome == "step-limit",
                                P.Route});
      },
      RunDatabase::PathColumns::NoText);
  removeUnrecordedTests(Dir, E.From.LastTest);
  for (const ClosedSideRow &C : Db.closedSides())
    if (std::optional<SideState> State = parseSideState(C.State))
      E.From.Closed.push_back({C.Test, C.Depth, C.Side, *State});
  if (!E.LastSummary.empty()) {
    uint64_t Runs = nlohmann::json::parse(E.LastSummary).value("runs", 0);
    E.From.Runs = std::max(E.From.Runs, Runs);
  }
  for (const PartRow &P : Parts) {
    nlohmann::json Seconds = nullptr;
    if (!P.Summary.empty())
      Seconds = nlohmann::json::parse(P.Summary).at("time").at("total");
    E.Parts.push_back(
        {{"part", P.Id},
         {"started", P.Started},
         {"ended",
          P.Ended.empty() ? nlohmann::json(nullptr) : nlohmann::json(P.Ended)},
         {"stop_reason", P.StopReason.empty() ? nlohmann::json("killed")
                                              : nlohmann::json(P.StopReason)},
         {"seconds", Seconds},
         {"tests", TestsByPart[P.Id]}});
  }
  return E;
}

void addParts(nlohmann::json &Summary, const EarlierParts &Earlier,
              int64_t Part, const ExplorationStats &S, uint64_t Tests,
              const RestoreFigures &Restored) {
  nlohmann::json Parts = Earlier.Parts;
  double AllParts = S.Seconds;
  uint64_t EarlierTests = 0;
  for (const nlohmann::json &P : Parts) {
    if (P["seconds"].is_number())
      AllParts += P["seconds"].get<double>();
    EarlierTests += P["tests"].get<uint64_t>();
  }
  Parts.push_back({{"part", Part},
                   {"seconds", S.Seconds},
                   {"stop_reason", S.StopReason},
                   {"tests", Tests - EarlierTests},
                   {"tests_run_again", Restored.Tests},
                   {"runs_from_entry_again", S.EntryRunsAgain},
                   {"seconds_running_them_again", Restored.Seconds}});
  Summary["parts"] = Parts;
  Summary["time"]["all_parts"] = AllParts;
}

} // namespace theseus
