//===- Concolic.h - Dynamic symbolic execution driver ---------------------===//
//
// Runs the entry function on an input, records its input-dependent
// decisions in the path tree, picks an open side, solves prefix ∧ ¬branch,
// runs the new input, and repeats (the seed's Figure 1 with the tree of
// section 4.4). Strategies decide which open side comes next.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_CONCOLIC_H
#define THESEUS_EXPLORE_CONCOLIC_H

#include "exec/Interpreter.h"
#include "explore/Coverage.h"
#include "explore/Inputs.h"
#include "explore/PathTree.h"
#include "solver/Solver.h"

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <string>

namespace theseus {

/// Search orders. Generational and DART are concolic-only; random-path and
/// coverage-new are forking-only.
enum class Strategy { BFS, DFS, Generational, DART, RandomPath, CoverageNew };
const char *toString(Strategy S);

struct ExploreOptions {
  Strategy Strat = Strategy::BFS;
  uint64_t MaxIterations = 0; ///< Runs; 0: unlimited.
  double MaxTime = 0;         ///< Seconds; 0: unlimited.
  unsigned MaxDepth = 0;      ///< Recorded decisions per path; 0: unlimited.
  uint64_t Seed = 0;          ///< For random inputs.
  bool RandomStart = false;   ///< Start from a random input (dart implies it).
  std::string SeedInput;      ///< "name=value,..." start values.
  unsigned SolverTimeoutMs = 10'000;
  /// dart: stop after this many restarts in a row found no new path.
  unsigned MaxFruitlessRestarts = 100;
  BufferSizes Buffers; ///< Behind pointer parameters.
  InputOptions Inputs; ///< Command line and --concrete values.
  /// Forking mode: iterations of a loop a path may start (0: unlimited),
  /// and states kept waiting at most (0: unlimited).
  unsigned LoopBound = 0;
  uint64_t MaxStates = 0;
  /// Forking mode: source variables are recorded at tree nodes while the
  /// tree is smaller than this.
  size_t TreeDetailNodes = 10'000;
  /// Forking mode: keep each leaf's input in the tree (for the self-check).
  bool KeepLeafModels = false;
  ExecOptions Exec;
};

/// Set from a signal handler: stop at the next opportunity, keep results.
std::atomic<bool> &stopRequested();

double secondsSince(std::chrono::steady_clock::time_point T);

/// The budgets both drivers share: --max-iterations, --max-time, and the
/// stop flag set by signals.
class RunBudget {
public:
  explicit RunBudget(const ExploreOptions &O)
      : MaxIterations(O.MaxIterations), MaxTime(O.MaxTime),
        Start(std::chrono::steady_clock::now()) {}
  void start() { Start = std::chrono::steady_clock::now(); }
  double elapsed() const { return secondsSince(Start); }
  bool timeUp() const { return MaxTime > 0 && elapsed() >= MaxTime; }
  /// Whether exploring may go on after `Runs` runs; if not, sets why.
  bool left(uint64_t Runs, std::string &StopReason) const;
  /// `X` with a stop poll that also ends a run at the time budget or on a
  /// signal.
  ExecOptions withStop(ExecOptions X) const;

private:
  uint64_t MaxIterations;
  double MaxTime;
  std::chrono::steady_clock::time_point Start;
};

/// A run that found a path no earlier run took.
struct PathResult {
  uint64_t Index = 0; ///< 1-based test number.
  uint64_t Run = 0;   ///< 1-based run number.
  const Assignment *Input = nullptr;
  const PathOutcome *Outcome = nullptr;
  unsigned Decisions = 0; ///< Recorded decisions on the path.
  bool Diverged = false;  ///< It was meant to follow another path.
  /// Inputs the program created while running (klee_make_symbolic,
  /// __VERIFIER_nondet_*), in creation order.
  std::vector<std::pair<const Array *, InputRequest>> Created;
  std::string Stdout; ///< What the program printed on the path.
  /// The branch edges the path took, hashed (Coverage::markEdge).
  uint64_t PathId = 0;
};

struct SiteCount {
  std::string Site; ///< file:line
  std::string Reason;
  uint64_t Count = 0;
};

struct ExplorationStats {
  uint64_t Runs = 0;
  uint64_t Paths = 0;
  uint64_t Divergences = 0;
  uint64_t Infeasible = 0;
  uint64_t SolverUnknown = 0;
  uint64_t Restarts = 0;
  uint64_t DepthLimited = 0;     ///< Runs with decisions beyond --max-depth.
  uint64_t BoundReached = 0;     ///< Forking: paths cut by --loop-bound.
  uint64_t StatesDropped = 0;    ///< Forking: forks refused by --max-states.
  uint64_t AssumeViolations = 0; ///< Runs whose input broke an assumption.
  uint64_t OpenSides = 0;        ///< Still unexplored at the end.
  uint64_t TreeNodes = 0;
  uint64_t Instructions = 0;
  double Seconds = 0;
  double ExecSeconds = 0;
  bool Complete = false; ///< Every feasible side of the tree was explored.
  std::string StopReason;
  std::vector<SiteCount> Concretizations;
  std::map<std::string, uint64_t> ExternalCalls;
  SolverStats Solver;
};

class ExplorationListener {
public:
  virtual ~ExplorationListener();
  /// Called as soon as a new path is found, so its test can be written.
  virtual void onNewPath(const PathResult &R) = 0;
  /// Called after every run.
  virtual void onProgress(const ExplorationStats &S) {}
};

class ConcolicExplorer {
public:
  ConcolicExplorer(const Program &P, const llvm::Function &Entry,
                   const ExploreOptions &Opts);
  ~ConcolicExplorer();

  /// Explores until done or a budget ends, telling `L` about each new path.
  ExplorationStats run(ExplorationListener &L);

  const EntryInputs &inputs() const { return Inputs; }
  const Coverage &coverage() const { return Cov; }

private:
  struct Target {
    PathNode *Node = nullptr;
    bool Dir = false;
  };
  struct RunRecord;
  class Recorder;

  std::shared_ptr<RunRecord> execute(Assignment Input, Target T,
                                     uint32_t Bound);
  std::shared_ptr<RunRecord> negate(PathNode *N, bool Dir);
  bool budgetLeft();
  bool treeComplete() const;
  Assignment initialInput();
  void exploreFrontier();
  void exploreGenerational();
  void finishStats();
  void noteConcretization(const llvm::Instruction *I, const char *Reason);

  const llvm::Function &Entry;
  ExploreOptions Opts;
  ExplorationListener *Listener = nullptr;
  ExprContext Ctx;
  EntryInputs Inputs;
  RunBudget Budget; ///< Before Interp, which polls it.
  Interpreter Interp;
  Solver Solv;
  PathTree Tree;
  Coverage Cov;
  std::mt19937_64 Rng;
  std::deque<Target> Frontier;
  ExplorationStats Stats;
  std::map<std::pair<std::string, std::string>, uint64_t> Concretized;
};

} // namespace theseus

#endif
