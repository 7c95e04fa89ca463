//===- Summary.cpp - summary.json, lcov and the console summary -----------===//
#include "report/Summary.h"

#include <fmt/format.h>
#include <fstream>

namespace theseus {

namespace {

double percent(unsigned Part, unsigned Whole) {
  return Whole ? 100.0 * Part / Whole : 100.0;
}

nlohmann::json returnValues(const TestWriter &T) {
  nlohmann::json A = nlohmann::json::array();
  for (int64_t V : T.signedReturns())
    A.push_back(V);
  for (uint64_t V : T.unsignedReturns())
    A.push_back(V);
  return A;
}

nlohmann::json cutsJson(const CutCounts &C) {
  nlohmann::json J = nlohmann::json::object();
  for (const auto &[Why, Count] : C)
    J[toString(Why)] = Count;
  return J;
}

/// "max-time (12), step-limit (1)".
std::string cutsText(const CutCounts &C) {
  std::string Text;
  for (const auto &[Why, Count] : C)
    Text += fmt::format("{}{} ({})", Text.empty() ? "" : ", ", toString(Why),
                        Count);
  return Text;
}

uint64_t totalConcretizations(const ExplorationStats &S) {
  uint64_t N = 0;
  for (const SiteCount &C : S.Concretizations)
    N += C.Count;
  return N;
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
                    {"found_after",
                     {{"seconds", B.FoundSeconds}, {"paths", B.FoundPaths}}}});
  nlohmann::json Sites = nlohmann::json::array();
  for (const SiteCount &C : S.Concretizations)
    Sites.push_back(
        {{"site", C.Site}, {"reason", C.Reason}, {"count", C.Count}});
  const Coverage &Cov = R.Cov;
  nlohmann::json J = {
      {"entry", R.Tests.program().Entry},
      {"mode", R.Mode},
      {"strategy", R.Strategy},
      {"bound_reached", S.BoundReached},
      {"states_dropped", S.StatesDropped},
      {"paths", S.Paths},
      {"tests", R.Tests.tests()},
      {"runs", S.Runs},
      {"bugs", Bugs},
      {"outcomes", R.Tests.outcomes()},
      {"return_values", returnValues(R.Tests)},
      {"return_value_variants", S.ReturnVariants},
      {"coverage",
       {{"lines",
         {{"covered", Cov.linesCovered()},
          {"total", Cov.linesTotal()},
          {"percent", percent(Cov.linesCovered(), Cov.linesTotal())}}},
        {"branches",
         {{"covered", Cov.branchesCovered()},
          {"total", Cov.branchesTotal()},
          {"percent", percent(Cov.branchesCovered(), Cov.branchesTotal())}}}}},
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
      {"restarts", S.Restarts},
      {"assume_violations", S.AssumeViolations},
      {"depth_limited_runs", S.DepthLimited},
      {"open_branches", S.OpenSides},
      {"tree_nodes", S.TreeNodes},
      {"instructions", S.Instructions},
      {"complete", S.Complete},
      {"incomplete_because", cutsJson(S.Incomplete)},
      {"stop_reason", S.StopReason},
      {"interrupted_paths", S.InterruptedPaths},
      {"step_limited_paths", S.StepLimited},
      {"memory_dropped", S.MemoryDropped},
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
        {"constraints_before_slicing", S.Solver.ConstraintsIn},
        {"constraints_after_slicing", S.Solver.ConstraintsOut}}}};
  if (R.Progress)
    J["timeline"] = timelineJson(*R.Progress);
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

void printSummary(std::FILE *Out, const RunReport &R) {
  const ExplorationStats &S = R.Stats;
  const Coverage &Cov = R.Cov;
  auto P = [Out](const std::string &Line) { std::fputs(Line.c_str(), Out); };
  P(fmt::format("theseus: explored {} ({}, {}) in {:.2f} s, stopped: {}\n",
                R.Tests.program().Entry, R.Mode, R.Strategy, S.Seconds,
                S.StopReason));
  if (S.Complete)
    P("  complete         yes: every feasible path ran to its end\n");
  else
    P(fmt::format("  complete         no: {}\n", cutsText(S.Incomplete)));
  P(fmt::format("  paths            {}  (runs {}, tests written {})\n", S.Paths,
                S.Runs, R.Tests.tests()));
  P(fmt::format("  bugs             {}\n", R.Tests.bugs().size()));
  for (const BugRecord &B : R.Tests.bugs())
    P(fmt::format("    {} at {}:{}: {} ({}) [{}{}{}]\n", B.Kind, B.File, B.Line,
                  B.Message, B.Test, B.Confirmation,
                  B.Replay.empty() ? "" : ": ", B.Replay));
  // A long list is summarised; summary.json has all of them.
  const size_t Shown = 32;
  nlohmann::json All = returnValues(R.Tests);
  std::string Values;
  for (size_t I = 0; I < All.size() && I < Shown; ++I)
    Values += (I ? ", " : "") + All[I].dump();
  if (All.size() > Shown)
    Values += fmt::format(", ... ({} distinct)", All.size());
  if (!R.Tests.program().Return.IsVoid)
    P(fmt::format("  return values    {{{}}}\n", Values));
  P(fmt::format("  coverage         lines {:.1f}% ({}/{}), branches {:.1f}% "
                "({}/{})\n",
                percent(Cov.linesCovered(), Cov.linesTotal()),
                Cov.linesCovered(), Cov.linesTotal(),
                percent(Cov.branchesCovered(), Cov.branchesTotal()),
                Cov.branchesCovered(), Cov.branchesTotal()));
  P(fmt::format("  divergences      {}\n", S.Divergences));
  P(fmt::format("  concretizations  {}\n", totalConcretizations(S)));
  for (const SiteCount &C : S.Concretizations)
    P(fmt::format("    {}: {} (x{})\n", C.Site, C.Reason, C.Count));
  if (!S.ExternalCalls.empty()) {
    std::string Calls;
    for (const auto &[Name, Count] : S.ExternalCalls)
      Calls +=
          fmt::format("{}{} (x{})", Calls.empty() ? "" : ", ", Name, Count);
    P(fmt::format("  native calls     {}\n", Calls));
  }
  if (S.BoundReached || S.StatesDropped || S.MemoryDropped)
    P(fmt::format("  bound reached    {} paths, {} forks dropped "
                  "(--max-states), {} states dropped (memory)\n",
                  S.BoundReached, S.StatesDropped, S.MemoryDropped));
  if (S.Infeasible || S.SolverUnknown)
    P(fmt::format("  infeasible       {}, solver unknown {}\n", S.Infeasible,
                  S.SolverUnknown));
  double Other = S.Seconds - S.Solver.Seconds - S.ExecSeconds;
  P(fmt::format(
      "  time             solver {:.2f} s ({:.0f}%), interpreter "
      "{:.2f} s ({:.0f}%), other {:.2f} s\n",
      S.Solver.Seconds, S.Seconds > 0 ? 100 * S.Solver.Seconds / S.Seconds : 0,
      S.ExecSeconds, S.Seconds > 0 ? 100 * S.ExecSeconds / S.Seconds : 0,
      Other > 0 ? Other : 0));
  P(fmt::format("  solver queries   {} (cache hits {}, cex cache hits {}, "
                "model reuses {}, z3 calls {})\n",
                S.Solver.Queries, S.Solver.CacheHits,
                S.Solver.CexSatHits + S.Solver.CexUnsatHits,
                S.Solver.ModelReuses, S.Solver.BackendCalls));
  P(fmt::format("  output           {}/\n", R.OutDir));
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

void printSelfCheck(std::FILE *Out, const SelfCheckReport &R) {
  std::string Exhaustive =
      R.Exhausted ? fmt::format("exhaustiveness {}/{} random inputs ({} "
                                "outside assumptions)",
                                R.SamplesMatched, R.Samples - R.SamplesOutside,
                                R.SamplesOutside)
                  : "exhaustiveness not checked (exploration stopped early)";
  std::fputs(
      fmt::format("  self-check       {}: precision {}/{} leaves, {}{}\n",
                  R.passed() ? "passed" : "FAILED", R.LeavesPrecise,
                  R.LeavesChecked, Exhaustive,
                  R.CutShort ? " (cut short by --max-time)" : "")
          .c_str(),
      Out);
  for (const SelfCheckMismatch &M : R.Mismatches)
    std::fputs(fmt::format("    {} mismatch on {}: expected {}, got {}\n",
                           M.Check, M.Input, M.Expected, M.Actual)
                   .c_str(),
               Out);
}

} // namespace theseus
