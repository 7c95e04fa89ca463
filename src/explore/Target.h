//===- Target.h - What a --target exploration looks for -------------------===//
//
// With --target, exploration is a search for one path: the first path that
// executes a target instruction (or fails an assertion, for `assert`) ends
// the run unless --keep-going. The abstract path condition of the target
// (apc, computed by the apc module in the explorer's expression context)
// guides it: a waiting state or open side whose path condition contradicts
// the apc cannot reach the target (Strejček and Trtík, "Abstracting Path
// Conditions", section 7) and is pruned, and a model of path condition ∧ apc is
// an input heading for it. The apc is decided on a thread of its own while the
// search runs (an ApcChannel): the search takes its answer over when it
// arrives.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_TARGET_H
#define THESEUS_EXPLORE_TARGET_H

#include "exec/ExecutionState.h"
#include "expr/Assignment.h"
#include "solver/Quantified.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <atomic>
#include <chrono>
#include <deque>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace llvm {
class BasicBlock;
class Instruction;
} // namespace llvm

namespace theseus {

/// The apc decided on another thread while the search runs: the answers it
/// hands over, and the search's way of saying it no longer needs one.
class ApcChannel {
public:
  enum class Answer { Pending, Unreachable, Guides, Nothing };

  /// The apc's thread. A Guides answer (apc^K's candidate, say) may be
  /// followed by another (the apc's own model) or by Unreachable. With
  /// Guides: the formula states are checked against and a model of it, in
  /// that thread's expression context, whose nodes stay as they are.
  void publish(Answer A, ExprRef PruneBy = nullptr, Assignment Model = {});
  Answer answer() const { return State.load(std::memory_order_acquire); }
  /// Grows with each answer published.
  unsigned version() const { return Version.load(std::memory_order_acquire); }
  /// The latest Guides answer: its formula and model.
  std::pair<ExprRef, Assignment> guide() const;
  /// Set by an Unreachable answer; the search's budget polls it.
  const std::atomic<bool> &unreachable() const { return Unreachable; }

  /// The search's side: the answer is no longer needed.
  void cancel() { Cancelled = true; }
  const std::atomic<bool> &cancelled() const { return Cancelled; }

private:
  mutable std::mutex Mu; ///< Guards PruneBy and Model.
  ExprRef PruneBy = nullptr;
  Assignment Model;
  std::atomic<Answer> State{Answer::Pending};
  std::atomic<unsigned> Version{0};
  std::atomic<bool> Unreachable{false}, Cancelled{false};
};

struct TargetGuide {
  /// Instructions of the explored module whose execution reaches the target.
  std::vector<const llvm::Instruction *> Instructions;
  /// A failed assertion (assertion-failure, abort) reaches it too.
  bool FailingAsserts = false;
  /// The apc, in the explorer's context; null: nothing is pruned.
  ExprRef Apc = nullptr;
  /// Per check of a path condition against the apc.
  unsigned CheckTimeoutMs = 300;
  /// Inputs a model of the apc gives (overlaid on the start input).
  Assignment Seed;
  /// --apc-first: the search waited for the apc, whose answer is its start
  /// input.
  bool AnsweredFirst = false;
  bool KeepGoing = false;
  /// The apc still being decided (Apc and Seed come from it); null
  /// without one.
  std::shared_ptr<ApcChannel> Later;
  /// Whether an unsatisfiable apc ends the run. A rank of a run that spans
  /// processes only prunes by it: rank 0 decides the run.
  bool EndsRunWhenUnreachable = true;
};

/// The blocks of `G`'s target instructions (none without a guide), for
/// distances to them.
std::vector<const llvm::BasicBlock *> targetBlocks(const TargetGuide *G);

/// The guide of one run, with the state its checks share.
class TargetWatch {
public:
  explicit TargetWatch(TargetGuide G);
  ~TargetWatch();
  /// Re-check every answer of the path conditions' checks against the apc
  /// (--solver-validate), aborting on a wrong one.
  void validateChecks() { Query->validate(); }

  const TargetGuide &guide() const { return G; }
  /// Whether there is an apc to check path conditions against.
  bool prunes() const;
  /// Takes over each new answer of the apc (copied into `Ctx`); true when
  /// that gave a new seed to run.
  bool takeAnswer(ExprContext &Ctx);
  /// Whether an answer waits for takeAnswer().
  bool answerWaiting() const {
    return G.Later && G.Later->version() != TakenVersion;
  }
  /// Whether that answer is a model to run: a run under way stops for it,
  /// not for an unsatisfiable apc (which ends the search, and the run's
  /// test is kept).
  bool seedWaiting() const {
    return answerWaiting() && G.Later->answer() == ApcChannel::Answer::Guides;
  }
  /// Whether executing `BB` up to `Last` (null: all of it) ran a target.
  bool reachedIn(const llvm::BasicBlock *BB,
                 const llvm::Instruction *Last) const;
  /// Whether a path that ended so reached the target.
  bool reachedAtEnd(const PathOutcome &O) const;
  /// Whether a native run that ended so reached it (NativeEvidence.cpp):
  /// a failed assertion for `assert`, or a call of reach_error or
  /// __VERIFIER_error at the line of a target instruction. A native run
  /// says nothing of the other instructions it ran.
  bool reachedNatively(const PathOutcome &O) const;
  /// Satisfiability of the conjunction of `PathCond` and the apc, within
  /// the check timeout. Unsat proves no extension of the path reaches the
  /// target; a model is an input along the path that may. A recent model
  /// (or the seed) that satisfies `PathCond` answers without Z3. After a few
  /// undecided checks in a row the apc is too hard for Z3 next to path
  /// conditions, and later checks answer Unknown at once.
  SolverResponse withApc(const std::vector<ExprRef> &PathCond);
  /// Whether checks still go to Z3: not after a few undecided ones in a
  /// row, nor while they have taken more than a third of the time since
  /// the apc arrived.
  bool checking() const;
  /// Checks withApc() made with Z3 (not answered by a model), and their
  /// time.
  uint64_t checks() const { return Checks; }
  double checkSeconds() const { return CheckSeconds; }
  /// Answers of the checks re-checked (validateChecks()).
  uint64_t validated() const { return Query->stats().Validated; }

private:
  /// The apc in the explorer's context, copied on first use.
  ExprRef apc();

  TargetGuide G;
  ExprContext *Receiver = nullptr; ///< Of the channel's formula, once taken.
  ExprRef Published = nullptr;     ///< That formula, in the apc's context.
  llvm::DenseMap<const llvm::BasicBlock *,
                 llvm::SmallVector<const llvm::Instruction *, 1>>
      ByBlock;
  std::unique_ptr<QuantifiedQuery> Query;
  static constexpr unsigned GiveUpAfter = 8;
  unsigned UnknownsInARow = 0;
  unsigned TakenVersion = 0; ///< Of the channel's answers.
  uint64_t Checks = 0;
  double CheckSeconds = 0;
  std::chrono::steady_clock::time_point ApcSince =
      std::chrono::steady_clock::now();
  std::deque<Assignment> Models; ///< Of the apc, newest first.
};

} // namespace theseus

#endif
