//===- TargetRace.h - The apc of a target, raced against the search -------===//
//
// --target: Strejček and Trtík's abstract path condition (apc) of the
// target, a necessary condition on the inputs for reaching it, is built and
// decided on a thread of its own, in an expression context of its own,
// while the explorer searches. Whichever answers first wins: an
// unsatisfiable apc proves the target unreachable and stops the search; a
// satisfiable one prunes the search and seeds it from then on; a test that
// reaches the target interrupts the apc. --apc-only decides the apc alone.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_ENGINE_TARGETRACE_H
#define THESEUS_ENGINE_TARGETRACE_H

#include "apc/Solve.h"
#include "engine/RunOptions.h"
#include "explore/Explorer.h"
#include "report/TestFile.h"

#include <future>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

namespace theseus {

struct TargetApc;
class ApcThread;

class TargetRace {
public:
  /// Reads the target specs of `O` in the program (an InputError names one
  /// that matches nothing); `Queries` are the apc's Z3 contexts, made ahead.
  TargetRace(const RunOptions &O, const Program &Prog,
             const llvm::Function &Entry,
             std::future<std::unique_ptr<ApcQueries>> Queries);
  ~TargetRace();

  /// Starts the apc beside `E`'s search and guides `E` with its answers.
  /// With --apc-first the search waits for the apc; when it is
  /// unsatisfiable, the verdict is written without a search and the exit
  /// status returned.
  std::optional<int> start(Explorer &E);
  /// A rank of a run that spans processes: guides `E` by an apc decided
  /// here too, without deciding the run, which rank 0 does (an
  /// unsatisfiable apc prunes every side rather than ending the search).
  void guideOnly(Explorer &E);
  /// False when no call of the target is left in the program: the verdict
  /// needs no search.
  bool needsSearch() const;

  /// After the search: stops the apc, prints the verdict and adds
  /// summary.json's `target`. A test that reached the target counts only
  /// when its native run confirmed it; a run whose claim of exhaustion was
  /// withdrawn proves nothing.
  void report(const ExplorationStats &S, const TestWriter &Writer,
              nlohmann::json &Summary);

private:
  /// The guide of a search, its apc started on a thread of its own.
  TargetGuide launch();

  const RunOptions &O;
  const Program &Prog;
  const llvm::Function &Entry;
  std::unique_ptr<TargetApc> T;
  std::unique_ptr<ApcThread> Apc; ///< Fills T until it ends.
};

/// --apc-only: the apc decided on this thread; the verdict on stdout and in
/// summary.json's `target`. Exit status 0 whatever the verdict.
int decideApcOnly(const RunOptions &O, const llvm::Function &Entry,
                  std::future<std::unique_ptr<ApcQueries>> Queries);

} // namespace theseus

#endif
