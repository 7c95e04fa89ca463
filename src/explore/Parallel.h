//===- Parallel.h - Concolic exploration on several threads (-j N) --------===//
//
// N workers, each a ConcolicExplorer or a ForkExplorer with its own
// expression context, interpreter and solver on a thread of its own, share
// one exploration through a Coordinator (Sharing.h): claims of open sides
// (concolic), the paths reported so far, test numbers, and inputs handed
// from a busy worker to an idle one. To the front end the team is one Explorer:
// its own context, inputs and coverage are the run's, every worker's paths
// reach its listener one at a time (their inputs copied into its context), and
// its statistics are the workers' summed.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_PARALLEL_H
#define THESEUS_EXPLORE_PARALLEL_H

#include "explore/Concolic.h"
#include "explore/Fork.h"

#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace theseus {

class Coordinator;

/// The workers of one process in a run that spans several
/// (--distributed=mpi).
struct ProcessShare {
  unsigned FirstWorker = 0; ///< Its first worker's index in the whole run.
  uint64_t TestBase = 0;    ///< Its test numbers start after this one.
  Upstream *Elsewhere = nullptr;
  /// The work its workers start with (when FirstWorker is not 0, which
  /// starts with the first input).
  std::optional<SharedWork> FirstWork;
};

class ParallelExplorer : public Explorer {
public:
  /// `Workers` workers, forking ones if `Forking`, sharing `P` (laid out
  /// for threads already: Program::prepareForThreads); with `Part`, the
  /// share of a run that spans processes.
  ParallelExplorer(const Program &P, const llvm::Function &Entry,
                   const ExploreOptions &Opts, unsigned Workers, bool Forking,
                   const ProcessShare &Part = {});
  ~ParallelExplorer() override;

  /// Waits for the workers: false once they all ended.
  bool step() override;
  /// Stops every worker.
  void stop() override { stopAll("interrupted"); }
  /// A team is not a worker of another.
  void runShared(const SharedWork &W) override;
  /// --target: guides every worker, `G` copied into its context; the first
  /// worker runs the apc's seeds.
  void guide(const TargetGuide &G) override;
  /// --fuzz (concolic): the first worker runs what `X` finds and feeds it.
  void exchangeWith(InputExchange &X);
  unsigned workers() const { return static_cast<unsigned>(Team.size()); }
  /// A forking team's workers, whose trees together are the run's.
  std::vector<ForkExplorer *> forkWorkers() const;
  /// The run's tree, joined from a forking team's workers' parts: its
  /// first `MaxNodes` nodes (joinTrees), with each test's number in the run
  /// mapped through `Number`; and how many nodes it has in all.
  std::unique_ptr<ExecutionTree>
  joinedTree(llvm::function_ref<uint64_t(uint64_t)> Number,
             size_t MaxNodes) const;
  size_t joinedTreeSize() const;
  /// A concolic team's path tree, joined from its workers' trees (PathTree::
  /// add), test numbers as joinedTree's; null when some worker's tree alone
  /// has more than `MaxNodes` nodes.
  std::unique_ptr<PathTree>
  joinedPathTree(llvm::function_ref<uint64_t(uint64_t)> Number,
                 size_t MaxNodes) const;

private:
  class Relay;
  class Outward;

  Searcher &searcher() override { return *Unused; }
  void begin() override;
  bool restore(const ResumePoint &From) override;
  void end() override;
  void work(unsigned Worker);
  /// Relay's side: one worker's events, passed on one at a time.
  void onWorkerPath(const PathResult &R);
  /// The run's number of a worker's test `N` (a tag, or an earlier part's
  /// number when resuming); 0 for none. ListenerUse held.
  uint64_t runNumber(uint64_t N) const {
    return N & WorkerTest ? Numbers.lookup(N) : N;
  }
  void onWorkerProgress(unsigned Worker, const ExplorationStats &S);
  /// Ends every worker's run; the first reason given is the run's.
  void stopAll(const std::string &Reason);
  void stopAllLocked(const std::string &Reason); ///< StopUse held.

  std::unique_ptr<Outward> Elsewhere; ///< Null when the run is here.
  std::unique_ptr<Coordinator> Coord;
  std::vector<std::unique_ptr<Explorer>> Team;
  bool Forking;
  std::vector<std::unique_ptr<Relay>> Relays;
  std::vector<std::thread> Threads;
  std::vector<WorkerFigures> Figures;
  std::vector<ExplorationStats> Last; ///< Each worker's, as last reported.
  /// When each worker last took over the run's coverage.
  std::vector<double> CoverageLearned;
  /// One event at a time; Figures, Last, LastProgress and Reported too.
  std::mutex ListenerUse;
  double LastProgress = 0;
  double ListenerSeconds = 0; ///< Spent in Listener's calls.
  uint64_t Reported = 0;      ///< Paths handed on.
  /// The run's numbers of the workers' tests (WorkerTest tags), given as
  /// they reach the listener; and the last one given.
  llvm::DenseMap<uint64_t, uint64_t> Numbers;
  uint64_t LastTest;
  uint64_t TargetTest = 0; ///< The first test that reached the target.
  std::mutex StopUse;      ///< For FirstStop and Failure.
  std::string FirstStop;
  std::exception_ptr Failure;       ///< What a worker threw, thrown by step().
  uint64_t MaxIterations = 0;       ///< The run's, counted over workers.
  uint64_t EarlierRuns = 0;         ///< Resuming: the earlier parts' runs.
  bool FirstStarted = false;        ///< Resuming: the first worker restored.
  std::unique_ptr<Searcher> Unused; ///< The team picks no work itself.
};

} // namespace theseus

#endif
