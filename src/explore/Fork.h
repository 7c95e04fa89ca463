//===- Fork.h - Forking (static, online) symbolic execution driver --------===//
//
// Steinhöfel's static, online symbolic interpreter as a second driver over
// the same interpreter, which alone knows the instructions' semantics. Each
// state carries a model of its path condition, so its concrete values are those
// of a real input. At a decision whose other side is satisfiable, the state is
// copied (memory is shared copy-on-write), moved back to the start of the
// deciding instruction, recomputed under a model of the other side, and queued;
// the running state goes on. Every way a path ends becomes a leaf of the
// ExecutionTree and a test.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_FORK_H
#define THESEUS_EXPLORE_FORK_H

#include "explore/ExecutionTree.h"
#include "explore/Explorer.h"

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class Loop;
class LoopInfo;
} // namespace llvm

namespace theseus {

class EarlierRoutes;
class Route;

/// The --loop-bound rule (Steinhöfel's loop_unrolling_threshold): a path may
/// start at most `Bound` iterations of a loop each time it enters it; the
/// edge that would start one more cuts the path. Shared by the forking run
/// and the self-check's concrete runs, so both cut at the same place.
class LoopCounter {
public:
  /// Counts the edge from `Term` to its successor `Index` at stack depth
  /// `Depth`; returns the loop whose bound it exceeds, or null.
  const llvm::Loop *take(llvm::LoopInfo &LI, const llvm::Instruction *Term,
                         unsigned Index, size_t Depth, unsigned Bound);

private:
  std::map<std::pair<size_t, const llvm::Loop *>, unsigned> Counts;
};

/// Folds a taken edge into a path's fingerprint.
inline uint64_t mixEdgeKey(const llvm::Instruction *Term, unsigned Index) {
  return reinterpret_cast<uintptr_t>(Term) * 31 + Index;
}
inline uint64_t mixEdge(uint64_t Hash, const llvm::Instruction *Term,
                        unsigned Index) {
  return foldEdgeKey(Hash, mixEdgeKey(Term, Index));
}
/// The fingerprint mixEdge folds every edge of `Edges` into.
inline EdgeFingerprint mixEdgeFingerprint(llvm::ArrayRef<EdgeRef> Edges,
                                          uint64_t &Hash) {
  EdgeFingerprint F{&Hash, {}, std::vector<bool>(Edges.size(), true)};
  for (const auto &[Term, Index] : Edges)
    F.Keys.push_back(mixEdgeKey(Term, Index));
  return F;
}

class ForkExplorer : public Explorer {
public:
  ForkExplorer(const Program &P, const llvm::Function &Entry,
               const ExploreOptions &Opts);
  ~ForkExplorer() override;

  bool step() override;
  /// -j: runs the input of a waiting state another worker handed over,
  /// without forking up to the state's decision, and forks on from there.
  void runShared(const SharedWork &W) override;

  const ExecutionTree &tree() const { return Tree; }
  /// -j: this worker's part of the run's tree.
  TreePart treePart() const { return {&Tree, &HandedOut, &TakenIn}; }
  llvm::LoopInfo &loopsOf(const llvm::Function &F);
  /// "loop bound K reached at file:line".
  std::string loopBoundMessage(const llvm::Loop &L) const;

private:
  struct State;
  class Stepper;
  struct RebuiltPath;

  void begin() override;
  bool restore(const ResumePoint &From) override;
  /// Resuming: runs earlier test `Test` (an index in the tests resumed
  /// from) from the entry, and then, depth first, the copies forked onto
  /// the other earlier tests; false when a signal cut that short.
  bool rebuildFrom(size_t Test);
  /// Resuming: keeps the earlier test the ending state `St` ran, to hand
  /// to the listener once the tree is rebuilt.
  void keepRebuilt(State &St, PathResult R, const PathOutcome &Outcome);
  void handRebuiltPaths();
  void end() override;
  /// A state at the entry, running input `In`.
  std::unique_ptr<State> rootState(Assignment In);
  std::unique_ptr<State> initialState();
  void runState(std::unique_ptr<State> St);
  /// Whether a state forked now keeps its execution state while it waits:
  /// not past --max-resident-states waiting states, nor once the process
  /// uses a quarter of --max-memory. A state that does not runs again from
  /// the entry when picked, so the search's order does not depend on memory
  /// (the same states wait either way).
  bool keepsResident() const;
  /// The state that runs `Waiting`, a state waiting without its execution
  /// state, from the entry to its place.
  std::unique_ptr<State> fromEntry(std::unique_ptr<State> Waiting);
  void endPath(State &St, const PathOutcome &Outcome);
  /// A run that followed a seed ended without the target: the sides it
  /// left wait until no other state does (SeededFirst).
  void demoteIfMissed(const State &St, const PathOutcome &Outcome);
  void markLeaf(State &St, const PathOutcome &Outcome);
  bool budgetLeft() { return Explorer::budgetLeft(/*CheckMemory=*/false); }
  Searcher &searcher() override { return Pending.searcher(); }
  /// --target: drops `St` as a pruned leaf when its path condition
  /// contradicts the apc.
  bool prunedByApc(State &St);
  /// --target: a new model of the apc goes to the waiting state whose
  /// path condition it satisfies, which runs next.
  void takeSeed();
  /// Moves `St` onto its model overlaid with `M`, a model of its path
  /// condition.
  void moveOnto(State &St, const Assignment &M);
  /// Moves `St` onto `M` and makes it the seed `St` follows.
  void follow(State &St, const Assignment &M);
  /// Decides the side of a state forked without a query; false when the
  /// side is closed instead.
  bool settled(State &St);
  /// Side `Dir` of the decision at `Inst` after `Prefix`, which the solver
  /// found not satisfiable (`R`), becomes leaf `N`.
  void closeSide(TreeNode *N, const llvm::Instruction *Inst, BranchKind Kind,
                 bool Dir, SatResult R, const std::vector<ExprRef> &Prefix,
                 ExprRef Side, const Assignment &Hint);
  void dropHalfOfPending();
  void handOver(std::unique_ptr<State> St);
  void writeInterruptedStates();
  std::vector<VariableValue> variablesOf(const ExecutionState &S);

  ExecutionTree Tree;
  /// -j: the nodes of the states handed to other workers, and of those
  /// taken in from them, by the state's key.
  NodesByKey HandedOut, TakenIn;
  Frontier<std::unique_ptr<State>> Pending;
  struct LoopData;
  llvm::DenseMap<const llvm::Function *, std::unique_ptr<LoopData>> Loops;
  /// Sides whose query a stop interrupted: neither explored nor decided.
  uint64_t UnfinishedSides = 0;
  /// Resuming, while the earlier tree is rebuilt: the tests resumed from,
  /// their routes, what the routes say, the copies forked onto earlier
  /// tests that wait to run, and the earlier tests rebuilt so far (by
  /// their index), handed to the listener in number order at the end.
  const ResumePoint *Resuming = nullptr;
  std::vector<Route> Routes;
  std::unique_ptr<EarlierRoutes> Earlier;
  std::vector<std::unique_ptr<State>> Rebuilding;
  std::vector<RebuiltPath> Rebuilt;
  std::vector<bool> RebuiltTests;
};

} // namespace theseus

#endif
