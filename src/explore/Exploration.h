//===- Exploration.h - What both drivers share ----------------------------===//
//
// Options, budgets, statistics and the listener interface of the concolic
// and forking drivers, and the bookkeeping of everything that keeps a run
// from being a complete exploration.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_EXPLORATION_H
#define THESEUS_EXPLORE_EXPLORATION_H

#include "exec/Interpreter.h"
#include "explore/Coverage.h"
#include "explore/Inputs.h"
#include "solver/Solver.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace theseus {

/// Search orders (see explore/Search.h). Generational and DART are
/// concolic-only.
enum class Strategy {
  CovInterleaved,
  BFS,
  DFS,
  Generational,
  DART,
  RandomPath,
  CoverageNew,
  TargetDistance
};
/// Every strategy with its name on the command line and in summaries.
inline constexpr std::pair<const char *, Strategy> StrategyNames[] = {
    {"cov-interleaved", Strategy::CovInterleaved},
    {"bfs", Strategy::BFS},
    {"dfs", Strategy::DFS},
    {"generational", Strategy::Generational},
    {"dart", Strategy::DART},
    {"random-path", Strategy::RandomPath},
    {"coverage-new", Strategy::CoverageNew},
    {"target-distance", Strategy::TargetDistance}};
const char *toString(Strategy S);

struct ExploreOptions {
  Strategy Strat = Strategy::CovInterleaved;
  uint64_t MaxIterations = 0; ///< Runs; 0: unlimited.
  double MaxTime = 0;         ///< Seconds; 0: unlimited.
  unsigned MaxDepth = 0;      ///< Recorded decisions per path; 0: unlimited.
  uint64_t Seed = 0;          ///< For random inputs.
  bool RandomStart = false;   ///< Start from a random input (dart implies it).
  std::string SeedInput;      ///< "name=value,..." start values.
  unsigned SolverTimeoutMs = 10'000;
  SolverChainOptions SolverChain; ///< The solver's optional stages.
  /// dart: stop after this many restarts in a row found no new path.
  unsigned MaxFruitlessRestarts = 100;
  BufferSizes Buffers; ///< Behind pointer parameters.
  InputOptions Inputs; ///< Command line and --concrete values.
  /// Forking mode: iterations of a loop a path may start (0: unlimited),
  /// and states kept waiting at most (0: unlimited).
  unsigned LoopBound = 0;
  uint64_t MaxStates = 0;
  /// Forking mode: waiting states that keep their execution state at most
  /// (0: no limit but memory's); the others wait as their input alone and
  /// run again from the entry when picked. Copying a state costs about as
  /// much as running its path again, and memory besides (bench/apc).
  uint64_t MaxResidentStates = 1024;
  /// Forking mode: source variables are recorded at tree nodes while the
  /// tree is smaller than this.
  size_t TreeDetailNodes = 10'000;
  /// Forking mode: keep each leaf's input in the tree (for the self-check).
  bool KeepLeafModels = false;
  /// Return values of a path whose return value depends on the input
  /// enumerated when there are at most this many (0: none enumerated).
  unsigned ReturnValues = 16;
  /// Resident memory the run may use, in MiB (0: no limit).
  uint64_t MaxMemoryMB = 0;
  /// When the time budget started (the command line sets the process's
  /// start, so compiling the program counts); unset: when the run starts.
  std::optional<std::chrono::steady_clock::time_point> Started;
  ExecOptions Exec;
};

/// Set from a signal handler: stop at the next opportunity, keep results.
std::atomic<bool> &stopRequested();

double secondsSince(std::chrono::steady_clock::time_point T);

/// Resident set size of this process now, and its peak so far, in bytes.
uint64_t currentRssBytes();
uint64_t peakRssBytes();

/// The budgets both drivers share: --max-iterations, --max-time,
/// --max-memory, and the stop flag set by signals.
class RunBudget {
public:
  explicit RunBudget(const ExploreOptions &O)
      : MaxIterations(O.MaxIterations), MaxTime(O.MaxTime),
        MaxMemoryBytes(O.MaxMemoryMB << 20), Started(O.Started) {
    start();
  }
  void start() {
    StartTicks = Started.value_or(std::chrono::steady_clock::now())
                     .time_since_epoch()
                     .count();
  }
  double elapsed() const {
    using Clock = std::chrono::steady_clock;
    return secondsSince(Clock::time_point(Clock::duration(StartTicks.load())));
  }
  bool timeUp() const {
    return MaxTime > 0 && !TimeHeld && elapsed() >= MaxTime;
  }
  /// While held, the time budget ends no run (a resumed run rebuilding its
  /// state runs every earlier test to its end); its time still counts.
  void holdTime(bool Held) { TimeHeld = Held; }
  /// --max-iterations counts the runs after the first `Runs` (those of the
  /// earlier parts of a resumed run).
  void countRunsAfter(uint64_t Runs) { RunsBefore = Runs; }
  /// True once the process uses more than the memory budget, or more than
  /// a quarter of it (the resident memory is read at most every few
  /// milliseconds).
  bool memoryFull() const { return memoryOver(MaxMemoryBytes); }
  bool memoryQuarterFull() const { return memoryOver(MaxMemoryBytes / 4); }
  /// Whether the run should end now: a signal or the time budget. Safe to
  /// call from any thread.
  bool mustStop() const { return stopped() || timeUp() || halted(); }
  /// Ends the run as a signal does, but this run only.
  void stop() { StopAsked = true; }
  /// --target: the run also ends once `*Flag` is set (the apc proved the
  /// target unreachable), with the stop reason "apc-unreachable".
  void haltWhen(const std::atomic<bool> *Flag) { Halt = Flag; }
  /// Whether exploring may go on after `Runs` runs; if not, sets why. The
  /// memory budget only counts where `CheckMemory` (the concolic driver;
  /// the forking one drops states instead).
  bool left(uint64_t Runs, std::string &StopReason,
            bool CheckMemory = false) const;
  /// `X` with a stop poll that also ends a run at the time budget or on a
  /// signal.
  ExecOptions withStop(ExecOptions X) const;
  /// Solver queries end at the deadline too.
  std::function<bool()> solverStop() const {
    return [this] { return mustStop(); };
  }

private:
  uint64_t MaxIterations;
  uint64_t RunsBefore = 0;
  std::atomic<bool> TimeHeld = false;
  double MaxTime;
  uint64_t MaxMemoryBytes;
  std::optional<std::chrono::steady_clock::time_point> Started;
  const std::atomic<bool> *Halt = nullptr;
  std::atomic<bool> StopAsked = false;
  bool halted() const { return Halt && Halt->load(); }
  bool stopped() const { return stopRequested() || StopAsked; }
  /// Read by the solver's watchdog thread.
  std::atomic<std::chrono::steady_clock::rep> StartTicks;
  mutable std::chrono::steady_clock::time_point LastMemoryCheck;
  mutable uint64_t LastResidentBytes = 0;
  bool memoryOver(uint64_t Bytes) const;
};

/// What keeps a run from being a complete exploration: each a way a
/// feasible path can go unexplored or unfinished.
enum class Cut : uint8_t {
  Interrupted,    ///< A signal stopped the run.
  MaxTime,        ///< The time budget ran out.
  MaxIterations,  ///< --max-iterations.
  MaxMemory,      ///< The memory budget: the run stopped or states dropped.
  StepLimit,      ///< Paths cut by --max-steps.
  LoopBound,      ///< Paths cut by --loop-bound.
  MaxDepth,       ///< Runs with decisions beyond --max-depth.
  MaxStates,      ///< Forks refused by --max-states.
  SolverUnknown,  ///< Sides the solver could not decide.
  Unsupported,    ///< Paths ended by something the engine cannot run.
  ExternalDenied, ///< Paths ended at a call the policy did not allow.
  Concretization, ///< Values fixed to one concrete value (e.g. pins).
  Divergence,     ///< Concolic: a run missed the side it was solved for.
  ApcPruned,      ///< --target: states the apc proved cannot reach it.
  TargetReached,  ///< --target: the run stopped at the first path to it.
  NativeMismatch, ///< Tests whose native run ended otherwise: the claim of
                  ///< exhaustion is withdrawn.
};
const char *toString(Cut C);

/// Counts of each reason a run is incomplete; empty means complete.
using CutCounts = std::map<Cut, uint64_t>;

/// The cut that ends a run with this stop reason ("max-time", ...), if any.
std::optional<Cut> cutForStopReason(const std::string &StopReason);

/// One decision of a path, in program terms: the instruction that decided,
/// what kind of decision it was and the side taken. A switch decides in
/// one two-way step per case, in case order (see Run::switchInst).
struct PathDecision {
  const llvm::Instruction *Inst = nullptr;
  BranchKind Kind = BranchKind::Branch;
  bool Taken = false;
};

/// The decisions of a path in order, pins left out (they are not the
/// program's decisions), the first `Cap` kept and the rest counted.
class PathExplanation {
public:
  static constexpr size_t Cap = 500;
  PathExplanation() = default;
  /// The explanation of a path another process ran.
  PathExplanation(std::vector<PathDecision> Decisions, uint64_t Omitted)
      : Decisions(std::move(Decisions)), Omitted(Omitted) {}
  void add(const BranchEvent &Ev) {
    if (Ev.Kind == BranchKind::Pin)
      return;
    if (Decisions.size() < Cap)
      Decisions.push_back({Ev.Inst, Ev.Kind, Ev.Taken});
    else
      ++Omitted;
  }
  /// Takes the other side of the decision added last.
  void flipLast() {
    if (!Omitted && !Decisions.empty())
      Decisions.back().Taken = !Decisions.back().Taken;
  }
  const std::vector<PathDecision> &decisions() const { return Decisions; }
  uint64_t omitted() const { return Omitted; }

private:
  std::vector<PathDecision> Decisions;
  uint64_t Omitted = 0;
};

/// The id of a path that took no branch edge, from which each edge taken is
/// folded in (FNV-1a's offset basis): never 0, which an edge of key 0 would
/// leave unchanged.
constexpr uint64_t PathIdBasis = 0xcbf29ce484222325ULL;

/// What became of one side of a decision in the concolic path tree.
enum class SideState : uint8_t {
  Unseen,     ///< No run has reached this node yet.
  Open,       ///< Not taken yet; a candidate to negate.
  Explored,   ///< Some run took it.
  Infeasible, ///< The solver proved it unreachable from this prefix.
  Unknown,    ///< The solver gave up.
  Diverged,   ///< A run meant to take it went elsewhere.
  Closed,     ///< Not negatable (pins).
  Pruned,     ///< --target: contradicts the apc, cannot reach the target.
  Elsewhere,  ///< -j: another worker of the run negates it.
};
const char *toString(SideState S);
/// The state `Name` names (toString); none for another name.
std::optional<SideState> parseSideState(llvm::StringRef Name);

/// A side of a decision that no run took and none will: the solver proved
/// it infeasible or gave up, the run meant to take it went elsewhere, or
/// the apc pruned it. The decision is the one `Depth` decisions (pins
/// included) from the start of test `Test`'s path.
struct ClosedSide {
  uint64_t Test = 0;
  uint32_t Depth = 0;
  bool Side = false;
  SideState State = SideState::Infeasible;
};

/// A run that found a path no earlier run took.
struct PathResult {
  uint64_t Index = 0; ///< 1-based test number.
  uint64_t Run = 0;   ///< 1-based run number.
  const Assignment *Input = nullptr;
  const PathOutcome *Outcome = nullptr;
  unsigned Decisions = 0; ///< Recorded decisions on the path.
  bool Diverged = false;  ///< It was meant to follow another path.
  /// Why the path exists: its decisions in order.
  PathExplanation Explanation;
  /// Concolic: the test whose path this run was solved from (0: none), and
  /// the index of the decision negated, in that path's explanation.
  uint64_t NegatedTest = 0;
  uint64_t NegatedDecision = 0;
  /// Inputs the program created while running (klee_make_symbolic,
  /// __VERIFIER_nondet_*), in creation order.
  std::vector<std::pair<const Array *, InputRequest>> Created;
  std::string Stdout; ///< What the program printed on the path.
  /// The branch edges the path took, hashed (Coverage::markEdge).
  uint64_t PathId = 0;
  /// A forking run's: the path's decisions but pins (Route::encode);
  /// empty otherwise.
  std::string Route;
  /// The lines and edges the path ran (null for a further return value of
  /// a path), and whether it ran one no earlier path had.
  const PathCoverage *Covered = nullptr;
  bool NewCoverage = false;
  /// --target: the path reached the target.
  bool ReachedTarget = false;
  /// A further input of test `VariantOf`'s path that returns another value
  /// (0: the path's own test).
  uint64_t VariantOf = 0;
  /// When the path ended: seconds since the start, and paths ended so far.
  double Seconds = 0;
  uint64_t PathsDone = 0;
  /// Who found the input when not the engine (e.g. "fuzzer").
  std::string Origin;
  /// The outcome is a native run's (Exchange.h's NativeError), not the
  /// engine's: no decisions, path or coverage.
  bool Native = false;
  /// A test of an earlier part of the run, run again to resume it: the
  /// listener has it on record already.
  bool Restored = false;
};

struct SiteCount {
  std::string Site; ///< file:line
  std::string Reason;
  uint64_t Count = 0;
};

/// --fuzz: an input that went between the search and the fuzzer.
struct ExchangedTest {
  bool ToFuzzer = false; ///< The engine offered it; else the fuzzer found it.
  /// The test whose input was offered, or the test the engine's run of the
  /// fuzzer's input made (0: it ran no new path).
  uint64_t Test = 0;
  double Seconds = 0; ///< Since the start of the run.
  /// A fuzzer's input that made no test, as the fuzzer gave it (an input
  /// stream, Exchange.h).
  std::vector<uint8_t> Stream;
};

/// How the search for every return value settled the paths whose return
/// value depends on the input (ReturnValueSearch).
/// How the search for the other return values of one path ended.
enum class ReturnValueSet : uint8_t {
  Enumerated,    ///< All values found, proved to be all.
  MoreThanLimit, ///< More than --return-values values.
  NotEnumerated, ///< Not settled either way.
};
/// "enumerated", "more-than-limit", "not-enumerated".
const char *toString(ReturnValueSet S);
std::optional<ReturnValueSet> parseReturnValueSet(llvm::StringRef Name);

struct ReturnValueCounts {
  unsigned Limit = 0;         ///< --return-values.
  uint64_t Enumerated = 0;    ///< All values found, proved to be all.
  uint64_t MoreThanLimit = 0; ///< More than `Limit` values.
  uint64_t NotEnumerated = 0; ///< Not settled either way.
  void count(ReturnValueSet S) {
    ++(S == ReturnValueSet::Enumerated      ? Enumerated
       : S == ReturnValueSet::MoreThanLimit ? MoreThanLimit
                                            : NotEnumerated);
  }
};

/// What one worker of a parallel run did.
struct WorkerFigures {
  uint64_t Runs = 0;
  uint64_t Tests = 0;
  uint64_t Donated = 0;   ///< Sides it solved for another worker.
  uint64_t Received = 0;  ///< Inputs it ran for another worker.
  double IdleSeconds = 0; ///< Waiting for work.
};

struct ExplorationStats {
  uint64_t Runs = 0;
  uint64_t Paths = 0; ///< Paths that ran to their end (or were cut by a bound).
  uint64_t Tests = 0; ///< Tests handed to the listener (paths + interrupted).
  uint64_t ReturnVariants = 0; ///< Tests of further return values of a path.
  ReturnValueCounts ReturnValueSets;
  uint64_t Divergences = 0;
  uint64_t Infeasible = 0;
  uint64_t SolverUnknown = 0;
  /// Sides whose float query the solver left undecided, taken with a model
  /// found by evaluation (solver/FloatSearch.h).
  uint64_t FloatSearchModels = 0;
  uint64_t Restarts = 0;
  uint64_t DepthLimited = 0;  ///< Runs with decisions beyond --max-depth.
  uint64_t BoundReached = 0;  ///< Forking: paths cut by --loop-bound.
  uint64_t StatesDropped = 0; ///< Forking: forks refused by --max-states.
  uint64_t MemoryDropped = 0; ///< Forking: states dropped for memory.
  /// Forking: states that waited without their execution state
  /// (ForkExplorer::keepsResident) and ran from the entry.
  uint64_t StatesRunAgain = 0;
  uint64_t StepLimited = 0;      ///< Paths cut by --max-steps.
  uint64_t UnsupportedPaths = 0; ///< Ended by something the engine cannot run.
  uint64_t DeniedPaths = 0;      ///< Ended at an external call not allowed.
  uint64_t InterruptedPaths = 0; ///< In flight when the run stopped.
  uint64_t Pinned = 0; ///< Concretisations that narrowed the explored inputs.
  uint64_t AssumeViolations = 0; ///< Runs whose input broke an assumption.
  uint64_t OpenSides = 0;        ///< Still unexplored at the end.
  uint64_t TreeNodes = 0;
  /// --target: the first test whose path reached it (0: none), states or
  /// sides the apc pruned, and inputs taken from a model of the apc.
  uint64_t TargetTest = 0;
  uint64_t ApcPruned = 0;
  uint64_t SeededInputs = 0;
  /// Fork mode: runs following a seed that ended without reaching the
  /// target (the sides they left wait until no other state does).
  uint64_t SeedsMissed = 0;
  /// --target: Z3 checks of a path condition against the apc, and their
  /// time.
  uint64_t ApcChecks = 0;
  uint64_t ApcChecksValidated = 0; ///< Their answers re-checked.
  double ApcCheckSeconds = 0;
  /// --fuzz: inputs of the native fuzzer the engine ran, those that ran a
  /// path no run had taken, and the engine's inputs handed to the fuzzer.
  uint64_t FuzzImported = 0;
  uint64_t FuzzNewPaths = 0;
  uint64_t FuzzOffered = 0;
  /// Errors of fuzzer inputs written as tests from their native runs.
  uint64_t FuzzNativeErrors = 0;
  /// -j: sides this worker solved and handed to an idle one.
  uint64_t Donated = 0;
  /// Resuming: runs of earlier tests from the entry (a forking run forks
  /// the other earlier tests from them; a concolic run runs each).
  uint64_t EntryRunsAgain = 0;
  /// -j: each worker's share of the run (empty for one worker), and the
  /// time the run's listener (tests, run.db, summary) took with their
  /// paths, one at a time: the single part of a parallel run.
  std::vector<WorkerFigures> Workers;
  double ListenerSeconds = 0;
  uint64_t Claims = 0; ///< -j: claims of sides and paths the workers made.
  /// --distributed=mpi: the exploring processes, those that fell silent
  /// (their work was run again by others), the items of work run again,
  /// and the paths found twice since, reported once.
  struct RankFigures {
    uint64_t Exploring = 0;
    uint64_t Failed = 0;
    uint64_t WorkRunAgain = 0;
    uint64_t PathsFoundTwice = 0;
    /// Work items rank 0 passed from one rank to another, and (with
    /// WorkBalance::Steal) the times it asked a rank for one.
    uint64_t WorkRouted = 0;
    uint64_t Asked = 0;
  } Ranks;
  uint64_t Instructions = 0;
  double Seconds = 0;
  double ExecSeconds = 0;
  bool Complete = false; ///< Every feasible path was explored to its end.
  CutCounts Incomplete;  ///< Why not, when not complete.
  std::string StopReason;
  uint64_t PeakRssMB = 0;
  std::vector<SiteCount> Concretizations;
  /// Branch sides no path took that the solver proved infeasible under the
  /// length links and feasible without them (AssumptionExclusions).
  std::vector<PathDecision> BeyondAssumptions;
  std::map<std::string, uint64_t> ExternalCalls;
  SolverStats Solver;
  NativeLoopStats NativeLoops;
};

/// The counters and times of ExplorationStats that add up over the workers
/// of a run (addStats), member by member: what the wire format carries too.
struct SummedCounts {
  std::vector<uint64_t ExplorationStats::*> Counts;
  std::vector<double ExplorationStats::*> Seconds;
  std::vector<uint64_t ReturnValueCounts::*> ReturnValueSets;
  std::vector<uint64_t SolverStats::*> SolverCounts;
  std::vector<double SolverStats::*> SolverSeconds;
  std::vector<uint64_t NativeLoopStats::*> NativeLoopCounts;
  std::vector<double NativeLoopStats::*> NativeLoopSeconds;
};
const SummedCounts &summedCounts();

/// Adds the counts of `Part`, one worker's share of a parallel run, to
/// `Sum` (not the stop reason, completeness, times or memory, which are
/// the run's as a whole).
void addStats(ExplorationStats &Sum, const ExplorationStats &Part);

/// Counts what an ended path says about completeness.
void countPathEnd(ExplorationStats &S, PathEnd End);

/// Fills `S.Incomplete` and `S.Complete` from the counters, with
/// `Unfinished` the paths or sides left when a budget stopped the run. When
/// no budget stopped it, the stop reason becomes "exhausted" if nothing was
/// cut, else "bounded" (every state explored within the cuts).
void settleCompleteness(ExplorationStats &S, uint64_t Unfinished);

/// Whether the run claims to have explored every path that matters: it is
/// complete, or only the apc's proofs cut it (the target is unreachable).
bool claimsExhaustion(const ExplorationStats &S);

/// Withdraws the claim of exhaustion for `N` reasons `Why`: the run is no
/// longer complete, and "exhausted" becomes "bounded".
void withdrawClaim(ExplorationStats &S, Cut Why, uint64_t N);

/// Concretisations by site and reason, for the summary.
class ConcretizationLog {
public:
  /// `Narrows`: the value was fixed in the path condition (or replaced by
  /// its concrete value), so inputs that differ there go unexplored.
  void note(const llvm::Instruction *I, const char *Reason, bool Narrows);
  /// Copies the sites and the count of narrowing ones into `S`.
  void fill(ExplorationStats &S) const;

private:
  std::map<std::pair<std::string, std::string>, uint64_t> Sites;
  uint64_t Narrowing = 0;
};

class ExplorationListener {
public:
  virtual ~ExplorationListener();
  /// Called as soon as a new path is found, so its test can be written.
  virtual void onNewPath(const PathResult &R) = 0;
  /// Called after every run.
  virtual void onProgress(const ExplorationStats &S) {}
  /// Concolic: a side was closed without a run (kept so that a resumed
  /// run does not ask again).
  virtual void onSideClosed(const ClosedSide &C) {}
  /// The search for the other return values of test `Test`'s path ended
  /// as `How` (kept so that a resumed run counts it without searching).
  virtual void onReturnValuesSettled(uint64_t Test, ReturnValueSet How) {}
  /// --fuzz: an input went to the fuzzer or came from it.
  virtual void onExchange(const ExchangedTest &X) {}
};

} // namespace theseus

#endif
