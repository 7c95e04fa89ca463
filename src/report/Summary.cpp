//===- Summary.cpp - summary.json, lcov and the console summary -----------===//
#include "report/Summary.h"

#include "report/NativeCheck.h"
#include "report/SourceText.h"

#include "llvm/ADT/StringExtras.h"

#include <fmt/format.h>
#include <fstream>

namespace theseus {

namespace {

double percent(unsigned Part, unsigned Whole) {
  return Whole ? 100.0 * Part / Whole : 100.0;
}

nlohmann::json counted(unsigned Covered, unsigned Total) {
  return {{"covered", Covered},
          {"total", Total},
          {"percent", percent(Covered, Total)}};
}

nlohmann::json returnValues(const TestWriter &T) {
  nlohmann::json A = nlohmann::json::array();
  for (int64_t V : T.signedReturns())
    A.push_back(V);
  for (uint64_t V : T.unsignedReturns())
    A.push_back(V);
  for (const std::string &V : T.jsonReturns())
    A.push_back(nlohmann::json::parse(V));
  return A;
}

nlohmann::json returnValueSearchJson(const ReturnValueCounts &C) {
  return {{"limit", C.Limit},
          {"enumerated", C.Enumerated},
          {"more_than_limit", C.MoreThanLimit},
          {"not_enumerated", C.NotEnumerated}};
}

nlohmann::json nativeLoopsJson(const NativeLoopStats &N) {
  nlohmann::json J = {{"regions", N.Regions},
                      {"compiled", N.Compiled},
                      {"runs", N.Runs},
                      {"instructions", N.Instructions},
                      {"symbolic_entries", N.SymbolicEntries},
                      {"disabled", N.Disabled},
                      {"bails", N.Bails},
                      {"compile_seconds", N.CompileSeconds}};
  if (!N.CompileError.empty())
    J["compile_error"] = N.CompileError;
  return J;
}

nlohmann::json unsupportedJson(const TestWriter &T) {
  nlohmann::json Sites = nlohmann::json::array();
  for (const auto &[What, Site] : T.unsupported())
    Sites.push_back(
        {{"what", What}, {"paths", Site.Paths}, {"test", Site.Test}});
  return Sites;
}

nlohmann::json cutsJson(const CutCounts &C) {
  nlohmann::json J = nlohmann::json::object();
  for (const auto &[Why, Count] : C)
    J[toString(Why)] = Count;
  return J;
}

uint64_t totalConcretizations(const ExplorationStats &S) {
  uint64_t N = 0;
  for (const SiteCount &C : S.Concretizations)
    N += C.Count;
  return N;
}

nlohmann::json assumptionsJson(const std::vector<InputAssumption> &All) {
  nlohmann::json Out = nlohmann::json::array();
  for (const InputAssumption &A : All) {
    nlohmann::json J = {{"kind", A.Kind},
                        {"input", A.Input},
                        {"text", A.Text},
                        {"option", A.Option.empty()
                                       ? nlohmann::json()
                                       : nlohmann::json(A.Option)}};
    if (A.Min)
      J["min"] = *A.Min;
    if (A.Max)
      J["max"] = *A.Max;
    if (!A.Buffer.empty())
      J["buffer"] = A.Buffer;
    if (!A.Value.empty())
      J["value"] = A.Value;
    Out.push_back(std::move(J));
  }
  return Out;
}

/// The branch sides only the assumptions keep paths from, in source terms.
nlohmann::json beyondAssumptionsJson(const std::vector<PathDecision> &Sides) {
  PathExplainer Explainer;
  nlohmann::json Sites = nlohmann::json::array();
  for (const PathDecision &Side : Sides) {
    ExplainedDecision D = Explainer.explain({Side}).front();
    Sites.push_back({{"file", D.File.str()},
                     {"line", D.Line},
                     {"condition", D.Condition.str()},
                     {"taken", D.Taken}});
  }
  return {{"count", Sides.size()}, {"sites", Sites}};
}

nlohmann::json timelineJson(const Timeline &T) {
  nlohmann::json A = nlohmann::json::array();
  for (const TimelinePoint &P : T.points())
    A.push_back({{"seconds", P.Seconds},
                 {"paths", P.Paths},
                 {"tests", P.Tests},
                 {"bugs", P.Bugs},
                 {"lines_covered", P.LinesCovered},
                 {"branches_covered", P.BranchesCovered}});
  return A;
}

} // namespace

void Timeline::sample(const TimelinePoint &P) {
  if (!wants(P.Seconds))
    return;
  Points.push_back(P);
  if (Points.size() <= MaxPoints)
    return;
  // Thin: keep the first sample and every second one after it.
  size_t Kept = 1;
  for (size_t I = 2; I < Points.size(); I += 2)
    Points[Kept++] = Points[I];
  Points.resize(Kept);
  Interval *= 2;
}

void Timeline::noteCoverage(const TimelinePoint &P) {
  if (P.LinesCovered > LinesReached.LinesCovered)
    LinesReached = P;
  if (P.BranchesCovered > BranchesReached.BranchesCovered)
    BranchesReached = P;
}

/// -j: each worker's share, the parallel efficiency (the part of the
/// workers' time spent on work rather than waiting for it), and the time
/// the single listener took with their paths.
static nlohmann::json workersJson(const ExplorationStats &S) {
  nlohmann::json Each = nlohmann::json::array();
  double Idle = 0;
  for (const WorkerFigures &W : S.Workers) {
    Each.push_back({{"runs", W.Runs},
                    {"tests", W.Tests},
                    {"sides_handed_over", W.Donated},
                    {"inputs_taken_over", W.Received},
                    {"idle_seconds", W.IdleSeconds}});
    Idle += W.IdleSeconds;
  }
  double Busy = S.Seconds * static_cast<double>(S.Workers.size());
  nlohmann::json J = {
      {"count", S.Workers.size()},
      {"each", Each},
      {"efficiency", Busy > 0 ? std::max(0.0, 1 - Idle / Busy) : 1.0},
      {"listener_seconds", S.ListenerSeconds},
      {"claims", S.Claims}};
  if (S.Ranks.Exploring)
    J["ranks"] = {{"exploring", S.Ranks.Exploring},
                  {"failed", S.Ranks.Failed},
                  {"work_run_again", S.Ranks.WorkRunAgain},
                  {"paths_found_twice", S.Ranks.PathsFoundTwice},
                  {"work_routed", S.Ranks.WorkRouted},
                  {"asked_for_work", S.Ranks.Asked}};
  return J;
}

nlohmann::json summaryJson(const RunReport &R) {
  const ExplorationStats &S = R.Stats;
  nlohmann::json Bugs = nlohmann::json::array();
  for (const BugRecord &B : R.Tests.bugs())
    Bugs.push_back({{"kind", B.Kind},
                    {"file", B.File},
                    {"line", B.Line},
                    {"message", B.Message},
                    {"test", B.Test},
                    {"count", B.Count},
                    {"confirmed", B.Confirmation},
                    {"replay", B.Replay},
                    {"evidence", B.Native ? "native" : "engine"},
                    {"found_after",
                     {{"seconds", B.FoundSeconds}, {"paths", B.FoundPaths}}}});
  nlohmann::json Sites = nlohmann::json::array();
  for (const SiteCount &C : S.Concretizations)
    Sites.push_back(
        {{"site", C.Site}, {"reason", C.Reason}, {"count", C.Count}});
  const Coverage &Cov = R.Cov;
  static const std::vector<InputAssumption> NoAssumptions;
  const std::vector<InputAssumption> &Assumptions =
      R.Assumptions ? *R.Assumptions : NoAssumptions;
  nlohmann::json J = {
      {"entry", R.Tests.program().Entry},
      {"return_type", R.Tests.program().Return.IsVoid
                          ? "void"
                          : R.Tests.program().Return.BaseCType},
      {"output", R.OutDir},
      {"mode", R.Mode},
      {"strategy", R.Strategy},
      {"bound_reached", S.BoundReached},
      {"states_dropped", S.StatesDropped},
      {"paths", S.Paths},
      {"tests", R.Tests.tests()},
      {"test_files", R.Tests.files().size()},
      {"test_file_policy", R.Tests.keepsSuite() ? "suite" : "all"},
      {"runs", S.Runs},
      {"bugs", Bugs},
      {"outcomes", R.Tests.outcomes()},
      {"unsupported", unsupportedJson(R.Tests)},
      {"return_values", returnValues(R.Tests)},
      {"return_value_variants", S.ReturnVariants},
      {"return_value_search", returnValueSearchJson(S.ReturnValueSets)},
      {"coverage",
       {{"lines", counted(Cov.linesCovered(), Cov.linesTotal())},
        {"branches", counted(Cov.branchesCovered(), Cov.branchesTotal())},
        {"branches_beyond_assumptions",
         beyondAssumptionsJson(S.BeyondAssumptions)},
        {"functions",
         {{"reachable", Cov.functionsReachable()},
          {"total", Cov.functionsTotal()}}},
        {"all_functions",
         {{"lines", counted(Cov.allLinesCovered(), Cov.allLinesTotal())},
          {"branches",
           counted(Cov.allBranchesCovered(), Cov.allBranchesTotal())}}}}},
      {"time",
       {{"total", S.Seconds},
        {"solver", S.Solver.Seconds},
        {"interpreter", S.ExecSeconds}}},
      {"divergences", S.Divergences},
      {"concretizations",
       {{"total", totalConcretizations(S)}, {"sites", Sites}}},
      {"externals", S.ExternalCalls},
      {"infeasible", S.Infeasible},
      {"solver_unknown", S.SolverUnknown},
      {"float_search_models", S.FloatSearchModels},
      {"restarts", S.Restarts},
      {"assume_violations", S.AssumeViolations},
      {"depth_limited_runs", S.DepthLimited},
      {"open_branches", S.OpenSides},
      {"tree_nodes", S.TreeNodes},
      {"instructions", S.Instructions},
      {"native_loops", nativeLoopsJson(S.NativeLoops)},
      {"complete", S.Complete},
      {"complete_under_assumptions", S.Complete && !Assumptions.empty()},
      {"assumptions", assumptionsJson(Assumptions)},
      {"incomplete_because", cutsJson(S.Incomplete)},
      {"stop_reason", S.StopReason},
      {"interrupted_paths", S.InterruptedPaths},
      {"step_limited_paths", S.StepLimited},
      {"memory_dropped", S.MemoryDropped},
      {"states_run_from_entry", S.StatesRunAgain},
      {"memory",
       {{"peak_rss_mb", S.PeakRssMB}, {"max_memory_mb", R.MaxMemoryMB}}},
      {"solver",
       {{"queries", S.Solver.Queries},
        {"trivial", S.Solver.TrivialAnswers},
        {"cache_hits", S.Solver.CacheHits},
        {"cex_cache_hits", S.Solver.CexSatHits + S.Solver.CexUnsatHits},
        {"cex_cache_sat", S.Solver.CexSatHits},
        {"cex_cache_unsat", S.Solver.CexUnsatHits},
        {"model_reuses", S.Solver.ModelReuses},
        {"single_byte", S.Solver.SingleByteAnswers},
        {"z3_calls", S.Solver.BackendCalls},
        {"z3_seconds", S.Solver.BackendSeconds},
        {"unknown", S.Solver.Unknowns},
        {"validated", S.Solver.Validated},
        {"constraints_before_slicing", S.Solver.ConstraintsIn},
        {"constraints_after_slicing", S.Solver.ConstraintsOut},
        {"float",
         {{"queries", S.Solver.FloatQueries},
          {"stage_answers", S.Solver.FloatStageAnswers},
          {"z3_calls", S.Solver.FloatBackendCalls},
          {"seconds", S.Solver.FloatSeconds}}}}}};
  if (!S.Workers.empty())
    J["workers"] = workersJson(S);
  if (R.Progress) {
    J["timeline"] = timelineJson(*R.Progress);
    const TimelinePoint &Lines = R.Progress->linesReached();
    const TimelinePoint &Branches = R.Progress->branchesReached();
    J["coverage"]["lines"]["reached_after"] = {{"seconds", Lines.Seconds},
                                               {"paths", Lines.Paths}};
    J["coverage"]["branches"]["reached_after"] = {{"seconds", Branches.Seconds},
                                                  {"paths", Branches.Paths}};
  }
  return J;
}

void writeLcov(const std::string &Path, const Coverage &Cov) {
  std::ofstream OS(Path);
  OS << "TN:theseus\n";
  for (const Coverage::File &F : Cov.files()) {
    OS << "SF:" << F.Path << "\n";
    unsigned Hit = 0, BrHit = 0;
    for (const Coverage::Branch &B : F.Branches) {
      OS << fmt::format("BRDA:{},{},{},{}\n", B.Line, B.Block, B.Index,
                        B.Hits ? std::to_string(B.Hits) : "-");
      BrHit += B.Hits > 0;
    }
    OS << "BRF:" << F.Branches.size() << "\nBRH:" << BrHit << "\n";
    for (const auto &[Line, Hits] : F.Lines) {
      OS << fmt::format("DA:{},{}\n", Line, Hits);
      Hit += Hits > 0;
    }
    OS << "LF:" << F.Lines.size() << "\nLH:" << Hit << "\nend_of_record\n";
  }
}

namespace {

/// "max-time (12), step-limit (1)", in the order of the cuts' declaration.
std::string cutsText(const nlohmann::json &Cuts) {
  std::string Text;
  for (int C = 0; C <= static_cast<int>(Cut::NativeMismatch); ++C) {
    const char *Name = toString(static_cast<Cut>(C));
    if (Cuts.contains(Name))
      Text += fmt::format("{}{} ({})", Text.empty() ? "" : ", ", Name,
                          Cuts[Name].get<uint64_t>());
  }
  return Text;
}

/// The first `Shown` return values, and how many there are past those.
std::string returnValuesText(const nlohmann::json &All) {
  const size_t Shown = 32; // summary.json has all of them.
  std::string Values;
  for (size_t I = 0; I < All.size() && I < Shown; ++I) // Floats unquoted.
    Values += (I ? ", " : "") +
              (All[I].is_string() ? All[I].get<std::string>() : All[I].dump());
  if (All.size() > Shown)
    Values += fmt::format(", ... ({} distinct)", All.size());
  return Values;
}

/// "1 path", "8 paths".
std::string nouns(uint64_t N, const char *Noun) {
  return fmt::format("{} {}{}", N, Noun, N == 1 ? "" : "s");
}

/// What the listed values may leave out: "and more: 8 paths return more
/// than 16 values each", from summary.json's `return_value_search` (absent
/// from runs before it: nothing to add then).
std::string unlistedValuesText(const nlohmann::json &Search) {
  if (!Search.is_object())
    return "";
  uint64_t Limit = Search.value("limit", uint64_t(0));
  uint64_t More = Search.value("more_than_limit", uint64_t(0));
  uint64_t Unsettled = Search.value("not_enumerated", uint64_t(0));
  std::string Text;
  if (More)
    Text = fmt::format("{} {} more than {}{}", nouns(More, "path"),
                       More == 1 ? "returns" : "return", nouns(Limit, "value"),
                       More == 1 ? "" : " each");
  if (Unsettled)
    Text += fmt::format("{}the values of {} were not enumerated{}",
                        More ? "; " : "", nouns(Unsettled, "path"),
                        Limit ? "" : " (--return-values 0)");
  if (Text.empty())
    return "";
  return (More ? " and more: " : " and maybe more: ") + Text;
}

/// "lines 75.0% (3/4), branches 50.0% (1/2)", and what lies beyond the
/// assumptions.
std::string coverageText(const nlohmann::json &C, bool Complete = false) {
  auto Part = [&C](const char *Name, const std::string &More) {
    const nlohmann::json &P = C.at(Name);
    return fmt::format(
        "{} {:.1f}% ({}/{}{})", Name, P.at("percent").get<double>(),
        P.at("covered").get<uint64_t>(), P.at("total").get<uint64_t>(), More);
  };
  return Part("lines", "") + ", " +
         Part("branches", beyondAssumptionsText(C, Complete));
}

/// The assumptions, one a line, the first on the `assumptions` line.
std::string assumptionsText(const nlohmann::json &All) {
  std::string Text;
  for (const nlohmann::json &A : All)
    Text += fmt::format(
        "{}{}\n", Text.empty() ? "  assumptions      " : "                   ",
        A.at("text").get<std::string>());
  return Text;
}

/// Paths, runs, tests and test files, and how they relate.
std::string pathsText(const nlohmann::json &J) {
  auto U = [&J](const char *Key) { return J.value(Key, uint64_t(0)); };
  std::vector<std::string> Extra;
  if (uint64_t V = U("return_value_variants"))
    Extra.push_back(fmt::format("{} further return values", V));
  uint64_t Interrupted = J.value("outcomes", nlohmann::json::object())
                             .value("interrupted", uint64_t(0));
  if (Interrupted)
    Extra.push_back(fmt::format("{} interrupted", Interrupted));
  std::string Text =
      fmt::format("{} (runs {}); tests {}", U("paths"), U("runs"), U("tests"));
  if (!Extra.empty())
    Text += " (" + llvm::join(Extra, ", ") + ")";
  // Summaries of older runs have no test_files: every test was a file.
  if (!J.contains("test_files") || J.value("test_file_policy", "") == "all")
    return Text + ", each a test file";
  return Text + fmt::format(" in run.db; test files {} (the suite: the same "
                            "coverage, bugs and return values)",
                            U("test_files"));
}

double share(double Part, double Whole) {
  return Whole > 0 ? 100 * Part / Whole : 0;
}

/// A resumed run's parts: "1: 30.0 s, max-time, 44305 tests; 2: 30.0 s,
/// exhausted, 520 tests (44305 earlier tests run again in 2.1 s, 12 runs
/// from the entry)".
std::string partsText(const nlohmann::json &Parts) {
  std::string Text;
  for (const nlohmann::json &P : Parts) {
    const nlohmann::json &Seconds = P.at("seconds");
    Text += fmt::format(
        "{}{}: {}, {}, {}", Text.empty() ? "" : "; ", P.at("part").get<int>(),
        Seconds.is_number() ? fmt::format("{:.1f} s", Seconds.get<double>())
                            : std::string("time not recorded"),
        P.at("stop_reason").get<std::string>(),
        nouns(P.at("tests").get<uint64_t>(), "test"));
    if (P.contains("tests_run_again"))
      Text += fmt::format(
          " ({} run again in {:.1f} s{})",
          nouns(P.at("tests_run_again").get<uint64_t>(), "earlier test"),
          P.at("seconds_running_them_again").get<double>(),
          P.contains("runs_from_entry_again")
              ? ", " +
                    nouns(P.at("runs_from_entry_again").get<uint64_t>(),
                          "run") +
                    " from the entry"
              : "");
  }
  return Text;
}

} // namespace

std::string beyondAssumptionsText(const nlohmann::json &Coverage,
                                  bool Complete) {
  if (!Coverage.contains("branches_beyond_assumptions"))
    return "";
  uint64_t Count =
      Coverage["branches_beyond_assumptions"].value("count", uint64_t(0));
  if (!Count)
    return "";
  std::string Probed;
  if (Coverage.contains("assumption_probe")) {
    const nlohmann::json &Probe = Coverage["assumption_probe"];
    if (uint64_t Sides = Probe.value("branch_sides", uint64_t(0)))
      Probed = fmt::format(" ({} taken by a probe of {} runs)", Sides,
                           Probe.value("runs", uint64_t(0)));
  }
  return fmt::format("; {} more {}beyond the assumptions{}", Count,
                     Complete ? "only " : "", Probed);
}

/// "2 (runs 120 + 98; efficiency 93%)".
static std::string workersText(const nlohmann::json &W) {
  std::string Runs;
  for (const nlohmann::json &E : W.at("each"))
    Runs += (Runs.empty() ? "" : " + ") +
            std::to_string(E.at("runs").get<uint64_t>());
  std::string Text = fmt::format("{} (runs {}; efficiency {:.0f}%)",
                                 W.at("count").get<uint64_t>(), Runs,
                                 100 * W.at("efficiency").get<double>());
  if (!W.contains("ranks"))
    return Text;
  const nlohmann::json &R = W.at("ranks");
  Text += fmt::format(" in {} exploring processes",
                      R.at("exploring").get<uint64_t>());
  if (uint64_t Failed = R.at("failed").get<uint64_t>())
    Text += fmt::format(", {} failed: {} items of its work run again, {} "
                        "paths found twice reported once",
                        Failed, R.at("work_run_again").get<uint64_t>(),
                        R.at("paths_found_twice").get<uint64_t>());
  return Text;
}

void printSummary(std::FILE *Out, const nlohmann::json &J) {
  auto P = [Out](const std::string &Line) { std::fputs(Line.c_str(), Out); };
  auto U = [&J](const char *Key) { return J.value(Key, uint64_t(0)); };
  const nlohmann::json &Time = J.at("time");
  double Total = Time.at("total").get<double>();
  P(fmt::format("theseus: explored {} ({}, {}) in {:.2f} s, stopped: {}\n",
                J.at("entry").get<std::string>(),
                J.at("mode").get<std::string>(),
                J.at("strategy").get<std::string>(), Total,
                J.at("stop_reason").get<std::string>()));
  if (J.value("complete_under_assumptions", false))
    P("  complete         yes: every feasible path ran to its end, under the "
      "assumptions below\n");
  else if (J.value("complete", false))
    P("  complete         yes: every feasible path ran to its end\n");
  else
    P(fmt::format("  complete         no: {}\n",
                  cutsText(J.at("incomplete_because"))));
  P(assumptionsText(J.value("assumptions", nlohmann::json::array())));
  if (J.contains("native_check"))
    P(fmt::format("  native check     {}\n",
                  nativeCheckText(J.at("native_check"))));
  P(fmt::format("  paths            {}\n", pathsText(J)));
  if (J.contains("parts"))
    P(fmt::format("  parts            {}\n", partsText(J.at("parts"))));
  if (J.contains("workers"))
    P(fmt::format("  workers          {}\n", workersText(J.at("workers"))));
  P(fmt::format("  bugs             {}\n", J.at("bugs").size()));
  for (const nlohmann::json &B : J.at("bugs")) {
    std::string Replay = B.value("replay", "");
    if (B.value("confirmed", "") == "unconfirmed")
      Replay += "; a divergence between the engine and the native run, not "
                "a finding";
    bool Native = B.value("evidence", "") == "native";
    P(fmt::format(
        "    {} at {}:{}: {} ({}{}) [{}{}{}]\n",
        B.at("kind").get<std::string>(), B.at("file").get<std::string>(),
        B.value("line", 0u), B.at("message").get<std::string>(),
        B.at("test").get<std::string>(),
        Native ? ", found natively by the fuzzer" : "",
        B.value("confirmed", "unchecked"), Replay.empty() ? "" : ": ", Replay));
  }
  if (J.value("return_type", "void") != "void")
    P(fmt::format(
        "  return values    {{{}}}{}\n",
        returnValuesText(J.at("return_values")),
        unlistedValuesText(J.value("return_value_search", nlohmann::json()))));
  const nlohmann::json &Cov = J.at("coverage");
  std::string Coverage = coverageText(Cov, J.value("complete", false));
  // The files' totals only differ when the entry cannot reach a function.
  const nlohmann::json &Functions = Cov.value("functions", nlohmann::json());
  if (Functions.is_object() &&
      Functions.value("reachable", 0) != Functions.value("total", 0))
    Coverage += "; all functions in the files: " +
                coverageText(Cov.at("all_functions"));
  P(fmt::format("  coverage         {}\n", Coverage));
  P(fmt::format("  divergences      {}\n", U("divergences")));
  const nlohmann::json &Concretized = J.at("concretizations");
  P(fmt::format("  concretizations  {}\n",
                Concretized.at("total").get<uint64_t>()));
  for (const nlohmann::json &C : Concretized.at("sites"))
    P(fmt::format("    {}: {} (x{})\n", C.at("site").get<std::string>(),
                  C.at("reason").get<std::string>(),
                  C.at("count").get<uint64_t>()));
  // What ended paths as unsupported (long double, inline assembly, ...),
  // so that the console says why the run is not complete; the first few.
  const nlohmann::json Unsupported =
      J.value("unsupported", nlohmann::json::array());
  const size_t ShownUnsupported = 8;
  for (size_t I = 0; I < Unsupported.size() && I < ShownUnsupported; ++I)
    P(fmt::format("  unsupported      {} ({}, {})\n",
                  Unsupported[I].at("what").get<std::string>(),
                  nouns(Unsupported[I].at("paths").get<uint64_t>(), "path"),
                  Unsupported[I].at("test").get<std::string>()));
  if (Unsupported.size() > ShownUnsupported)
    P(fmt::format("  unsupported      ... and {} more (summary.json)\n",
                  Unsupported.size() - ShownUnsupported));
  const nlohmann::json &Externals = J.at("externals");
  if (!Externals.empty()) {
    std::string Calls;
    for (const auto &[Name, Count] : Externals.items())
      Calls += fmt::format("{}{} (x{})", Calls.empty() ? "" : ", ", Name,
                           Count.get<uint64_t>());
    P(fmt::format("  native calls     {}\n", Calls));
  }
  if (U("bound_reached") || U("states_dropped") || U("memory_dropped"))
    P(fmt::format("  bound reached    {} paths, {} forks dropped "
                  "(--max-states), {} states dropped (memory)\n",
                  U("bound_reached"), U("states_dropped"),
                  U("memory_dropped")));
  if (U("infeasible") || U("solver_unknown"))
    P(fmt::format("  infeasible       {}, solver unknown {}\n", U("infeasible"),
                  U("solver_unknown")));
  if (U("float_search_models"))
    P(fmt::format("  float search     {} of the float queries the solver left "
                  "undecided solved by evaluation\n",
                  U("float_search_models")));
  double Solver = Time.at("solver").get<double>();
  double Interp = Time.at("interpreter").get<double>();
  double Other = Total - Solver - Interp;
  P(fmt::format("  time             solver {:.2f} s ({:.0f}%), interpreter "
                "{:.2f} s ({:.0f}%), other {:.2f} s\n",
                Solver, share(Solver, Total), Interp, share(Interp, Total),
                Other > 0 ? Other : 0));
  const nlohmann::json &Q = J.at("solver");
  P(fmt::format(
      "  solver queries   {} (cache hits {}, cex cache hits {}, "
      "model reuses {}, z3 calls {})\n",
      Q.at("queries").get<uint64_t>(), Q.at("cache_hits").get<uint64_t>(),
      Q.at("cex_cache_hits").get<uint64_t>(),
      Q.at("model_reuses").get<uint64_t>(), Q.at("z3_calls").get<uint64_t>()));
  P(fmt::format("  output           {}/\n", J.at("output").get<std::string>()));
  if (J.contains("report"))
    P(fmt::format("  report           {}\n", J["report"].get<std::string>()));
}

nlohmann::json selfCheckJson(const SelfCheckReport &R) {
  nlohmann::json Mismatches = nlohmann::json::array();
  for (const SelfCheckMismatch &M : R.Mismatches)
    Mismatches.push_back({{"check", M.Check},
                          {"input", M.Input},
                          {"expected", M.Expected},
                          {"actual", M.Actual}});
  return {{"passed", R.passed()},
          {"leaves_checked", R.LeavesChecked},
          {"leaves_precise", R.LeavesPrecise},
          {"exhaustiveness_checked", R.Exhausted},
          {"cut_short_by_time", R.CutShort},
          {"samples", R.Samples},
          {"samples_matched", R.SamplesMatched},
          {"samples_outside_assumptions", R.SamplesOutside},
          {"mismatches", Mismatches}};
}

namespace {

/// "30.0 s (cpu 29.1 s) of its 30.0 s; its budget ran out".
std::string fuzzerTimeText(const nlohmann::json &F,
                           const std::string &RunStopReason) {
  std::string Text = fmt::format("{:.1f} s", F.at("seconds").get<double>());
  if (F.contains("cpu_seconds"))
    Text += fmt::format(" (cpu {:.1f} s)", F["cpu_seconds"].get<double>());
  if (double Budget = F.value("budget_seconds", 0.0))
    Text += fmt::format(" of its {:.1f} s", Budget);
  else if (uint64_t Runs = F.value("budget_runs", uint64_t(0)))
    Text += fmt::format(", up to {} runs a start", Runs);
  std::string Stopped = F.value("stopped", "");
  if (Stopped == "engine-exhausted")
    Text += "; stopped early: the engine had run every feasible path";
  else if (Stopped == "run-ended")
    Text += fmt::format("; stopped as the run ended ({})", RunStopReason);
  else if (Stopped == "budget")
    Text += "; its budget ran out";
  else if (Stopped == "crashed")
    Text += fmt::format("; crashed after {} restarts",
                        F.value("restarts", uint64_t(0)));
  else if (Stopped == "not-started")
    Text += "; it could not be started";
  return Text;
}

} // namespace

void printFuzzing(std::FILE *Out, const nlohmann::json &Summary) {
  const nlohmann::json &F = Summary.at("fuzz");
  // The fuzzer's crashes are its own; the run's bugs, the engine's
  // included, are the summary's, and the line must not hide them.
  size_t Bugs = Summary.value("bugs", nlohmann::json::array()).size();
  std::string Found = Bugs ? fmt::format("the run found {} bug{}, listed above",
                                         Bugs, Bugs == 1 ? "" : "s")
                           : "the run found no bugs";
  fmt::print(Out,
             "  fuzzing          {}\n"
             "                   {} executions, corpus {}, fuzzer crashes {} "
             "({}); engine ran {} of its inputs ({} new paths), gave it {}\n",
             fuzzerTimeText(F, Summary.value("stop_reason", "")),
             F.at("executions").get<uint64_t>(), F.at("corpus").get<uint64_t>(),
             F.at("crashes").get<uint64_t>(), Found,
             F.at("imported").get<uint64_t>(),
             F.at("imported_new_paths").get<uint64_t>(),
             F.at("offered").get<uint64_t>());
}

void printSelfCheck(std::FILE *Out, const nlohmann::json &J) {
  uint64_t Samples = J.at("samples").get<uint64_t>();
  uint64_t Outside = J.at("samples_outside_assumptions").get<uint64_t>();
  std::string Exhaustive =
      J.at("exhaustiveness_checked").get<bool>()
          ? fmt::format("exhaustiveness {}/{} random inputs ({} "
                        "outside assumptions)",
                        J.at("samples_matched").get<uint64_t>(),
                        Samples - Outside, Outside)
          : "exhaustiveness not checked (exploration stopped early)";
  std::fputs(
      fmt::format("  self-check       {}: precision {}/{} leaves, {}{}\n",
                  J.at("passed").get<bool>() ? "passed" : "FAILED",
                  J.at("leaves_precise").get<uint64_t>(),
                  J.at("leaves_checked").get<uint64_t>(), Exhaustive,
                  J.at("cut_short_by_time").get<bool>()
                      ? " (cut short by --max-time)"
                      : "")
          .c_str(),
      Out);
  for (const nlohmann::json &M : J.at("mismatches"))
    std::fputs(fmt::format("    {} mismatch on {}: expected {}, got {}\n",
                           M.at("check").get<std::string>(),
                           M.at("input").get<std::string>(),
                           M.at("expected").get<std::string>(),
                           M.at("actual").get<std::string>())
                   .c_str(),
               Out);
}

} // namespace theseus
