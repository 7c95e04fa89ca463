//===- Resume.h - Going on with a run that stopped ------------------------===//
//
// `theseus --resume DIR` continues the run of a run directory where it
// stopped (a budget, Ctrl-C, a kill): the run database holds every test
// with its input and the sides the run closed without a run, so the new
// part runs the earlier tests again (rebuilding the concolic path tree or
// the fork tree, their open sides or waiting states, and the coverage;
// a forking run forks most of them from one run, see ForkExplorer::restore),
// closes those sides again, and explores on, numbering its tests after
// theirs. Each part is a row of `parts`.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_ENGINE_RESUME_H
#define THESEUS_ENGINE_RESUME_H

#include "engine/RunOptions.h"
#include "explore/Explorer.h"
#include "report/TestFile.h"
#include "store/RunDatabase.h"

#include <nlohmann/json.hpp>
#include <string>

namespace theseus {

/// What the earlier parts of a run leave for the next one.
struct EarlierParts {
  ResumePoint From;
  /// Each earlier part for the summary: part, started, ended, stop_reason,
  /// seconds, tests.
  nlohmann::json Parts = nlohmann::json::array();
  /// The summary of the last part, when it ended (a killed part has none).
  std::string LastSummary;
};

/// Checks that the run in `O.OutDir` can go on with the program compiled
/// as `ModuleHash`; throws InputError saying why not.
void checkResumable(const RunOptions &O, const std::string &ModuleHash);

/// Reads the earlier parts of the run in `Dir` from its database `Db`:
/// their tests into `Writer`'s counts and files and, with their inputs
/// made in `Ctx`, into the resume point. Test files the database does not
/// hold (a killed part wrote them after its last commit) are removed.
/// Throws InputError on a damaged database.
EarlierParts readEarlierParts(const std::string &Dir, RunDatabase &Db,
                              TestWriter &Writer, ExprContext &Ctx);

/// What running the earlier tests again took.
struct RestoreFigures {
  uint64_t Tests = 0;
  double Seconds = 0; ///< From the start of the part to the last one.
};

/// The parts of the run so far and this one (`Part`, its statistics `S`,
/// `Tests` tests in all, and `Restored`), into the summary: `parts`, and
/// the time of all parts as `time.all_parts`.
void addParts(nlohmann::json &Summary, const EarlierParts &Earlier,
              int64_t Part, const ExplorationStats &S, uint64_t Tests,
              const RestoreFigures &Restored);

} // namespace theseus

#endif
