//===- RunRecord.h - What a run keeps on disk as it goes ------------------===//
//
// The run directory of an exploration: cleared of an earlier run's files,
// summary.json kept current while the run goes on (so a killed run still
// leaves one), each bug's test replayed natively when it is found, and the
// claim of exhaustion checked natively before it is made.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_ENGINE_RUNRECORD_H
#define THESEUS_ENGINE_RUNRECORD_H

#include "engine/RunOptions.h"
#include "explore/Coverage.h"
#include "report/Replay.h"
#include "report/Summary.h"
#include "report/TestFile.h"
#include "store/RunDatabase.h"

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace theseus {

/// Removes files of an earlier run so the directory describes this one.
void prepareOutDir(const std::string &Dir);

/// Keeps summary.json current while the run goes on, so a killed run still
/// leaves a valid summary of what it had found: written at the start, every
/// few seconds, and at each new bug (atomically, by rename). The run
/// database's bugs and paths are committed at the same moments.
class SummaryKeeper {
public:
  SummaryKeeper(const RunOptions &O, const TestWriter &Tests,
                const Coverage &Cov,
                const std::vector<InputAssumption> &Assumptions,
                RunDatabase &Db)
      : O(O), Tests(Tests), Cov(Cov), Assumptions(Assumptions), Db(Db),
        Start(std::chrono::steady_clock::now()) {
    write(ExplorationStats());
  }

  void onNewPath() {
    if (Tests.bugs().size() != BugsWritten)
      write(Last);
  }
  void onProgress(const ExplorationStats &S) {
    Last = S;
    TimelinePoint P = point(S);
    Samples.noteCoverage(P);
    if (Samples.wants(S.Seconds))
      Samples.sample(P);
    if (secondsSince(LastWrite) >= 2.0)
      write(S);
  }
  /// The timeline with the run's final state as its last sample.
  const Timeline &finish(const ExplorationStats &S) {
    TimelinePoint P = point(S);
    Samples.noteCoverage(P);
    Samples.finish(P);
    return Samples;
  }

private:
  TimelinePoint point(const ExplorationStats &S) const {
    return {S.Seconds,          S.Paths,
            Tests.tests(),      Tests.bugs().size(),
            Cov.linesCovered(), Cov.branchesCovered()};
  }

  void write(ExplorationStats S) {
    S.Seconds = secondsSince(Start);
    S.StopReason = "running";
    S.PeakRssMB = peakRssBytes() >> 20;
    RunReport Report{S,
                     Tests,
                     Cov,
                     toString(O.Mode),
                     toString(O.Explore.Strat),
                     O.OutDir,
                     O.Explore.MaxMemoryMB,
                     &Samples,
                     &Assumptions};
    // The database first: it then holds at least what the summary counts.
    Tests.recordBugs();
    Db.commit();
    writeJsonFile(O.OutDir + "/summary.json", summaryJson(Report));
    BugsWritten = Tests.bugs().size();
    LastWrite = std::chrono::steady_clock::now();
  }

  const RunOptions &O;
  const TestWriter &Tests;
  const Coverage &Cov;
  const std::vector<InputAssumption> &Assumptions;
  RunDatabase &Db;
  std::chrono::steady_clock::time_point Start, LastWrite;
  ExplorationStats Last;
  Timeline Samples;
  size_t BugsWritten = 0;
};

/// Replays each new bug's test natively as soon as it is found, so that a
/// reported bug says whether a real run of the program confirms it.
class BugConfirmer {
public:
  BugConfirmer(TestWriter &Tests, Replayer &Replay, std::string OutDir,
               bool Enabled)
      : Tests(Tests), Replay(Replay), OutDir(std::move(OutDir)),
        Enabled(Enabled) {}

  void onNewPath() {
    while (Checked < Tests.bugs().size())
      confirm(Checked++);
  }

  /// Replays the first test of bug `Bug` natively.
  void confirm(size_t Bug) {
    if (!Enabled)
      return Tests.setConfirmation(Bug, "unchecked", "--no-confirm");
    try {
      TestReplay R = Replay.replay(OutDir + "/" + Tests.bugs()[Bug].Test);
      switch (R.Verdict) {
      case ReplayVerdict::Match:
        return Tests.setConfirmation(Bug, "confirmed", R.Native);
      case ReplayVerdict::Mismatch:
        return Tests.setConfirmation(Bug, "unconfirmed",
                                     "native run " + R.Native);
      case ReplayVerdict::Skipped:
        return Tests.setConfirmation(Bug, "unchecked", "no native counterpart");
      }
    } catch (const InputError &E) {
      Tests.setConfirmation(Bug, "unchecked", E.Message);
    }
  }

private:
  TestWriter &Tests;
  Replayer &Replay;
  std::string OutDir;
  bool Enabled;
  size_t Checked = 0;
};

/// Writes report.html from the run directory. The results are on disk
/// already, so a failure is only a warning; but `theseus report` (not
/// `EndOfRun`) stops with the InputError of a test it cannot read.
bool writeReport(const std::string &Dir, bool EndOfRun);

/// A run that claims it explored every path first replays the tests of
/// its paths natively; a mismatch withdraws the claim. Returns
/// summary.json's `native_check`, none when the run claims nothing.
std::optional<nlohmann::json> checkClaim(const RunOptions &O, Replayer &Replay,
                                         RunDatabase &Db, uint64_t Tests,
                                         ExplorationStats &Stats);

} // namespace theseus

#endif
