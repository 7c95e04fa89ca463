//===- Concolic.h - Dynamic symbolic execution driver ---------------------===//
//
// Runs the entry function on an input, records its input-dependent
// decisions in the path tree, picks an open side, solves prefix ∧ ¬branch,
// runs the new input, and repeats (PyExZ3: Ball and Daniel's Figure 1 with the
// tree of section 4.4). Strategies decide which open side comes next.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_CONCOLIC_H
#define THESEUS_EXPLORE_CONCOLIC_H

#include "explore/Explorer.h"
#include "explore/PathTree.h"

#include <deque>
#include <memory>
#include <optional>
#include <queue>
#include <random>

namespace theseus {

class ConcolicExplorer : public Explorer {
public:
  ConcolicExplorer(const Program &P, const llvm::Function &Entry,
                   const ExploreOptions &Opts);
  ~ConcolicExplorer() override;

  bool step() override;

  /// --fuzz: runs the inputs `X` finds and hands it the inputs of new
  /// paths. `X` must outlive the exploration.
  void exchangeWith(InputExchange &X) { Exchange = &X; }

  const PathTree &tree() const { return Tree; }

  void runShared(const SharedWork &W) override;

private:
  struct Target {
    PathNode *Node = nullptr;
    bool Dir = false;
  };
  struct RunRecord;
  class Recorder;
  /// SAGE's order of generational search: the run that covered the most
  /// new code is expanded first, then the oldest.
  struct ExpandsLater {
    bool operator()(const std::shared_ptr<RunRecord> &A,
                    const std::shared_ptr<RunRecord> &B) const;
  };

  /// Runs `Input`. With `Stream`, the inputs the program creates come
  /// from it (an exchanged input) instead of from `Input`.
  std::shared_ptr<RunRecord> execute(Assignment Input, Target T, uint32_t Bound,
                                     InputStream *Stream = nullptr);
  /// `MayDefer`: a side the apc cannot rule on waits in Undecided.
  std::shared_ptr<RunRecord> negate(PathNode *N, bool Dir,
                                    bool MayDefer = false);
  /// The input that takes side `Dir` at `N`; none when the side was
  /// closed, deferred or the run must end.
  std::optional<Assignment> solveSide(PathNode *N, bool Dir, bool MayDefer);
  std::optional<std::optional<Assignment>>
  solveWithApc(PathNode *N, bool Dir, std::vector<ExprRef> Prefix,
               ExprRef Goal);
  /// -j: whether this worker negates side `Dir` of `N` (always without);
  /// never when the side lies in another process's part (`Ours` false).
  bool claim(PathNode *N, bool Dir, bool Ours);
  TreeKey sideKey(const PathNode *N, bool Dir) const;
  void donate(PathNode *N, bool Dir);
  bool budgetLeft() { return Explorer::budgetLeft(/*CheckMemory=*/true); }
  /// --target: takes the apc's answer over when it arrives, and runs its
  /// seed; true when it did.
  bool takeApcAnswer();
  bool treeComplete() const;
  Assignment initialInput();
  void begin() override;
  bool restore(const ResumePoint &From) override;
  void end() override;
  /// Marks side `Dir` of `N` closed as `State`, counting it and telling
  /// the listener.
  void closeSide(PathNode *N, bool Dir, SideState State);
  void markRestored(PathResult &R);
  /// Hands open side `T` to the searcher.
  void offer(Target T);
  bool stepFrontier();
  /// Runs what the exchange found since the last look (at most every
  /// few tenths of a second unless `Now`).
  void importExchanged(bool Now = false);
  /// Writes the test of an exchanged input's recorded native error
  /// (NativeEvidence.cpp).
  void reportNativeError(const ExchangedInput &X);
  bool waitForExchange();
  bool stepGenerational();

  Searcher &searcher() override { return OpenSides.searcher(); }

  PathTree Tree;
  /// What the run under way covers.
  PathCoverage PathCovered;
  std::mt19937_64 Rng;
  Frontier<Target> OpenSides; ///< Not generational.
  /// DART: random restarts in a row that found no new path.
  unsigned FruitlessRestarts = 0;
  /// Generational: the runs waiting to be expanded, the one being
  /// expanded, and its next decision to negate.
  std::priority_queue<std::shared_ptr<RunRecord>,
                      std::vector<std::shared_ptr<RunRecord>>, ExpandsLater>
      Generations;
  std::shared_ptr<RunRecord> Expanding;
  size_t NextDecision = 0;
  /// --target: open sides the apc could not rule on, negated once no
  /// other side is left (not generational).
  std::deque<Target> Undecided;
  InputExchange *Exchange = nullptr; ///< --fuzz; null without.
  double LastImport = 0;
  /// The exchanged input being run, and whether it crashed natively.
  const ExchangedInput *Importing = nullptr;
  /// The test the run of the input being imported made (0: none).
  uint64_t ImportedTest = 0;
  /// The earlier test being run again to resume the run, and the sides
  /// the earlier tests opened.
  const StoredTest *Restoring = nullptr;
  /// -j: the input from another worker being run.
  const SharedWork *Receiving = nullptr;
  /// An apc seed is being run: from the entry, across the parts of a run
  /// that spans processes.
  bool RunningSeed = false;
  /// Whether a model of the apc, or an error input of the fuzzer, waits
  /// and the run under way may stop for it (a run stopped so ends no
  /// path).
  bool workWaiting();
  double LastErrorPoll = 0;
  std::vector<Target> RestoredOpen;
};

} // namespace theseus

#endif
