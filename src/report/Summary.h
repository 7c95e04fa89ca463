//===- Summary.h - summary.json, lcov and the console summary -------------===//
#ifndef THESEUS_REPORT_SUMMARY_H
#define THESEUS_REPORT_SUMMARY_H

#include "explore/Assumptions.h"
#include "explore/Exploration.h"
#include "explore/SelfCheck.h"
#include "report/TestFile.h"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace theseus {

/// The run's progress over time, sampled for summary.json's `timeline`.
struct TimelinePoint {
  double Seconds = 0;
  uint64_t Paths = 0;
  uint64_t Tests = 0;
  uint64_t Bugs = 0;
  unsigned LinesCovered = 0;
  unsigned BranchesCovered = 0;
};

/// At most `MaxPoints` (+1) samples spread over the whole run however long
/// it is: a sample is kept at most once per interval, and when the list is
/// full every second sample is dropped and the interval doubled.
class Timeline {
public:
  static constexpr size_t MaxPoints = 256;

  /// Whether a sample at `Seconds` would be kept, so callers can skip
  /// gathering it.
  bool wants(double Seconds) const {
    return Points.empty() || Seconds - Points.back().Seconds >= Interval;
  }
  void sample(const TimelinePoint &P);
  /// The last sample, kept whatever the interval.
  void finish(const TimelinePoint &P) { Points.push_back(P); }
  const std::vector<TimelinePoint> &points() const { return Points; }

  /// Called at every progress report, sampled or not, so that the moment
  /// the final coverage was reached is exact, not rounded to a sample.
  void noteCoverage(const TimelinePoint &P);
  /// The first report with as many lines (branches) covered as the last.
  const TimelinePoint &linesReached() const { return LinesReached; }
  const TimelinePoint &branchesReached() const { return BranchesReached; }

private:
  std::vector<TimelinePoint> Points;
  TimelinePoint LinesReached, BranchesReached;
  double Interval = 0.05;
};

struct RunReport {
  const ExplorationStats &Stats;
  const TestWriter &Tests;
  const Coverage &Cov;
  std::string Mode;
  std::string Strategy;
  std::string OutDir;
  uint64_t MaxMemoryMB = 0;
  const Timeline *Progress = nullptr; ///< summary.json's `timeline`, if set.
  /// What the run assumed about the inputs (summary.json's `assumptions`).
  const std::vector<InputAssumption> *Assumptions = nullptr;
};

nlohmann::json summaryJson(const RunReport &R);
/// lcov tracefile, readable by genhtml.
void writeLcov(const std::string &Path, const Coverage &Cov);
/// "; 1 more only beyond the assumptions": the branch edges only the
/// input assumptions kept paths from (summary.json's
/// coverage.branches_beyond_assumptions; "only" when the run is
/// `Complete`), or "" when there are none.
std::string beyondAssumptionsText(const nlohmann::json &Coverage,
                                  bool Complete);
/// The console's summary of a run, from its summary.json (so that the end
/// of a run and `theseus show DIR` print the same).
void printSummary(std::FILE *Out, const nlohmann::json &Summary);

nlohmann::json selfCheckJson(const SelfCheckReport &R);
/// The self-check's line, from its summary.json object.
void printSelfCheck(std::FILE *Out, const nlohmann::json &SelfCheck);
/// The fuzzing phase's lines, from summary.json's `fuzz` (and the run's
/// bugs and stop reason).
void printFuzzing(std::FILE *Out, const nlohmann::json &Summary);

} // namespace theseus

#endif
