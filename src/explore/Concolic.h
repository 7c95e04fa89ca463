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
#include <random>

namespace theseus {

class ConcolicExplorer : public Explorer {
public:
  ConcolicExplorer(const Program &P, const llvm::Function &Entry,
                   const ExploreOptions &Opts);
  ~ConcolicExplorer() override;

  ExplorationStats run(ExplorationListener &L) override;

  /// --fuzz: runs the inputs `X` finds and hands it the inputs of new
  /// paths. `X` must outlive run().
  void exchangeWith(InputExchange &X) { Exchange = &X; }

  const PathTree &tree() const { return Tree; }

private:
  struct Target {
    PathNode *Node = nullptr;
    bool Dir = false;
  };
  struct RunRecord;
  class Recorder;

  /// Runs `Input`. With `Stream`, the inputs the program creates come
  /// from it (an exchanged input) instead of from `Input`.
  std::shared_ptr<RunRecord> execute(Assignment Input, Target T, uint32_t Bound,
                                     InputStream *Stream = nullptr);
  /// `MayDefer`: a side the apc cannot rule on waits in Undecided.
  std::shared_ptr<RunRecord> negate(PathNode *N, bool Dir,
                                    bool MayDefer = false);
  std::optional<std::shared_ptr<RunRecord>>
  negateWithApc(PathNode *N, bool Dir, std::vector<ExprRef> Prefix,
                ExprRef Goal);
  bool budgetLeft() { return Explorer::budgetLeft(/*CheckMemory=*/true); }
  /// --target: takes the apc's answer over when it arrives, and runs its
  /// seed; true when it did.
  bool takeApcAnswer();
  bool treeComplete() const;
  Assignment initialInput();
  void exploreFrontier();
  /// Runs what the exchange found since the last look (at most every
  /// few tenths of a second unless `Now`).
  void importExchanged(bool Now = false);
  bool waitForExchange();
  void exploreGenerational();

  Searcher &searcher() override { return OpenSides.searcher(); }

  PathTree Tree;
  std::mt19937_64 Rng;
  Frontier<Target> OpenSides; ///< Not generational.
  /// --target: open sides the apc could not rule on, negated once no
  /// other side is left (not generational).
  std::deque<Target> Undecided;
  InputExchange *Exchange = nullptr; ///< --fuzz; null without.
  double LastImport = 0;
  /// The exchanged input being run, and whether it crashed natively.
  const ExchangedInput *Importing = nullptr;
};

} // namespace theseus

#endif
