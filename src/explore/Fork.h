//===- Fork.h - Forking (static, online) symbolic execution driver --------===//
//
// The seed's static symbolic interpreter as a second driver over the same
// interpreter (architecture principle 1). Each state carries a model of its
// path condition, so its concrete values are those of a real input. At a
// decision whose other side is satisfiable, the state is copied (memory is
// shared copy-on-write), moved back to the start of the deciding instruction,
// recomputed under a model of the other side, and queued; the running state
// goes on. Every way a path ends becomes a leaf of the ExecutionTree and a
// test.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_FORK_H
#define THESEUS_EXPLORE_FORK_H

#include "explore/Concolic.h"
#include "explore/ExecutionTree.h"

#include "llvm/ADT/DenseMap.h"

#include <deque>

namespace llvm {
class LoopInfo;
} // namespace llvm

namespace theseus {

class ForkExplorer {
public:
  ForkExplorer(const Program &P, const llvm::Function &Entry,
               const ExploreOptions &Opts);
  ~ForkExplorer();

  /// Explores until every state ended or a budget ran out.
  ExplorationStats run(ExplorationListener &L);

  const EntryInputs &inputs() const { return Inputs; }
  const Coverage &coverage() const { return Cov; }
  const ExecutionTree &tree() const { return Tree; }
  Interpreter &interpreter() { return Interp; }

private:
  struct State;
  class Stepper;

  std::unique_ptr<State> initialState();
  std::unique_ptr<State> pickNext();
  void runState(std::unique_ptr<State> St);
  void endPath(State &St, const PathOutcome &Outcome);
  bool budgetLeft();
  llvm::LoopInfo &loopsOf(const llvm::Function &F);
  std::vector<VariableValue> variablesOf(const ExecutionState &S);
  void finishStats();

  const llvm::Function &Entry;
  ExploreOptions Opts;
  ExplorationListener *Listener = nullptr;
  ExprContext Ctx;
  EntryInputs Inputs;
  Interpreter Interp;
  Solver Solv;
  Coverage Cov;
  ExecutionTree Tree;
  std::mt19937_64 Rng;
  std::deque<std::unique_ptr<State>> Pending;
  struct LoopData;
  llvm::DenseMap<const llvm::Function *, std::unique_ptr<LoopData>> Loops;
  ExplorationStats Stats;
  std::map<std::pair<std::string, std::string>, uint64_t> Concretized;
  std::chrono::steady_clock::time_point Start;
};

} // namespace theseus

#endif
