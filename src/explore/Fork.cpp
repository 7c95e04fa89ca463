//===- Fork.cpp - Forking symbolic execution driver -----------------------===//
#include "explore/Fork.h"

#include "explore/Route.h"
#include "explore/Searchers.h"
#include "expr/Printer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

#include <fmt/format.h>
#include <malloc.h>
#include <optional>

namespace theseus {

struct ForkExplorer::LoopData {
  llvm::DominatorTree DT;
  llvm::LoopInfo LI;
  explicit LoopData(llvm::Function &F) : DT(F), LI(DT) {}
};

/// A path in progress: its interpreter state, a model of its path
/// condition, and where it sits in the tree.
struct ForkExplorer::State {
  std::unique_ptr<ExecutionState> Exec;
  std::shared_ptr<Assignment> Model;
  std::vector<ExprRef> PathCond;
  /// Decisions the first instruction re-emits when a forked state resumes;
  /// they are already in PathCond.
  std::vector<std::pair<ExprRef, bool>> Replay;
  size_t ReplayPos = 0;
  TreeNode *Node = nullptr;
  LoopCounter Loops;
  std::vector<std::pair<const Array *, InputRequest>> Created;
  uint64_t EdgeHash = 0;
  uint64_t PathId = PathIdBasis;
  unsigned Decisions = 0;
  PathExplanation Explanation;
  bool ReachedTarget = false;
  PathCoverage Covered;
  /// It, or the state it was forked from, ran a line or edge first.
  bool NewCoverage = false;
  /// A value was fixed without a constraint: the path condition is looser.
  bool Concretized = false;
  /// --target, KLEE's seeds: inputs that satisfy the path condition, each
  /// the state's model overlaid with a model of the apc. The state runs
  /// under the first; a seed taking the other side of a decision goes to
  /// the copy forked there.
  std::vector<Assignment> Seeds;
  /// Forked by a run that follows a seed, before its side (the last
  /// condition of PathCond) was decided: the decision, and the side.
  struct Deferred {
    const llvm::Instruction *Inst;
    bool Dir;
  };
  std::optional<Deferred> Undecided;
  /// The nodes of the states a run following a seed left undecided: the
  /// seed's neighbourhood, demoted when the run misses the target.
  std::vector<const TreeNode *> SeedSides;
  /// -j: the decisions so far as a key, and for a state another worker
  /// handed over, the key of its place, up to which the run does not fork
  /// (the sides off its way are the other worker's).
  TreeKey Key;
  std::optional<TreeKey> HandedOverAt;
  /// A state waiting without its interpreter state (keepsResident) runs from
  /// the entry on its model when picked, forking nowhere up to the decision it
  /// was forked at: the decision's number (the size of Sides there),
  /// instruction and side. Its model takes the same sides up to there, so the
  /// run arrives at the state's node.
  struct Place {
    size_t Index;
    const llvm::Instruction *Inst;
    bool Dir;
  };
  std::optional<Place> RunsTo;
  /// The decisions so far: the sides taken, and the other sides found
  /// infeasible.
  Route Sides;
  /// Resuming: the earlier test this run runs again, and its route.
  const StoredTest *Restoring = nullptr;
  const Route *Recorded = nullptr;
};

/// An earlier test, rebuilt, as the listener is to have it: what its
/// result points to is kept with it.
struct ForkExplorer::RebuiltPath {
  PathResult R;
  PathOutcome Outcome;
  std::shared_ptr<Assignment> Input;
  PathCoverage Covered;
};

const llvm::Loop *LoopCounter::take(llvm::LoopInfo &LI,
                                    const llvm::Instruction *Term,
                                    unsigned Index, size_t Depth,
                                    unsigned Bound) {
  const llvm::BasicBlock *From = Term->getParent();
  const llvm::BasicBlock *To = Term->getSuccessor(Index);
  if (const llvm::Loop *L = LI.getLoopFor(To);
      L && L->getHeader() == To && !L->contains(From))
    Counts.erase({Depth, L}); // Entered anew.
  for (const llvm::Loop *L = LI.getLoopFor(From); L; L = L->getParentLoop()) {
    if (!L->contains(To))
      continue; // Leaving L is always allowed.
    unsigned &Count = Counts[{Depth, L}];
    bool BackEdge = To == L->getHeader();
    Count += BackEdge;
    if (Count > Bound || (!BackEdge && Count >= Bound))
      return L;
  }
  return nullptr;
}

/// Follows one state through the interpreter, forking at decisions.
class ForkExplorer::Stepper : public Explorer::Observer {
public:
  Stepper(ForkExplorer &E, State &St) : Observer(E), E(E), St(St) {}

  const Array *makeInput(const InputRequest &R,
                         std::vector<uint8_t> &Bytes) override {
    const Array *A = E.Ctx.array(R.Name, R.Size);
    if (const auto *Known = St.Model->get(A))
      Bytes = *Known;
    else
      St.Model->set(A, Bytes);
    for (Assignment &Seed : St.Seeds)
      if (!Seed.has(A)) // The apc knows no created inputs.
        Seed.set(A, Bytes);
    St.Created.push_back({A, R});
    return A;
  }

  void onBranch(const BranchEvent &Ev) override;

  void onConcretization(const llvm::Instruction *I,
                        const char *Reason) override {
    Observer::onConcretization(I, Reason);
    St.Concretized = true;
  }

  void onBlockExecuted(const llvm::BasicBlock *BB,
                       const llvm::Instruction *Last) override {
    St.NewCoverage |= markBlock(BB, Last, St.ReachedTarget, St.Covered) > 0;
  }
  void onEdge(const llvm::Instruction *Term, unsigned Index) override;
  bool edgeFingerprints(llvm::ArrayRef<EdgeRef> Edges,
                        llvm::SmallVectorImpl<EdgeFingerprint> &Out) override {
    if (E.Opts.LoopBound) // Counts loop iterations edge by edge.
      return false;
    Out.push_back(E.Cov.pathFingerprint(Edges, St.PathId));
    Out.push_back(mixEdgeFingerprint(Edges, St.EdgeHash));
    return true;
  }
  void onEdgeCounts(llvm::ArrayRef<EdgeRef> Edges,
                    llvm::ArrayRef<uint64_t> Counts) override {
    St.NewCoverage |= E.Cov.markEdgeCounts(Edges, Counts, &St.Covered) > 0;
  }
  /// --tree-statements: a node per statement, chained.
  void onStatement(const llvm::Instruction *I) override {
    if (St.ReplayPos < St.Replay.size())
      return; // Re-executing the instruction the parent forked at.
    if (St.Node->At)
      St.Node = E.Tree.addChild(St.Node, nullptr);
    St.Node->At = I;
  }
  const char *cutPath() override {
    if (Suspended)
      return "suspended";
    return CutMessage.empty() ? nullptr : CutMessage.c_str();
  }
  /// The run stopped at a decision and waits again as a state.
  bool suspended() const { return Suspended; }

private:
  /// Queues a copy of the running state that takes the other side of the
  /// decision just reported, under `Model` (which satisfies it), following
  /// `Seeds` (those of the running state that take that side). A copy
  /// `Undecided` keeps the running state's model until it is picked.
  void fork(const BranchEvent &Ev, ExprRef Other, const Assignment &Model,
            TreeNode *Node, std::vector<Assignment> Seeds = {},
            bool Undecided = false);
  /// A copy of the running state that takes the other side (`Other`) of
  /// the decision just reported, at tree node `Node`, still on the running
  /// state's model.
  std::unique_ptr<State> otherSide(const BranchEvent &Ev, ExprRef Other,
                                   TreeNode *Node);
  /// The same side as a state without its interpreter state, which runs
  /// from the entry when picked.
  std::unique_ptr<State> waitingSide(const BranchEvent &Ev, ExprRef Other,
                                     TreeNode *Node);
  /// A state running from the entry to its place (State::RunsTo): follows
  /// the decision just reported, and forks from the next one on once it is
  /// the place's; cuts the run if it went elsewhere.
  void arriveAt(const BranchEvent &Ev);
  /// Resuming, where an earlier path took the other side: a copy that
  /// takes it on the input of an earlier test whose route goes there
  /// waits to rebuild that subtree (unless one has been forked there).
  void forkOntoEarlier(const BranchEvent &Ev, ExprRef Other, TreeNode *Node);
  bool replayed(const BranchEvent &Ev);
  /// A copy of the running state at the start of the deciding instruction,
  /// which re-emits the instruction's decisions so far.
  std::unique_ptr<State> copyAtDecision(const BranchEvent &Ev);
  /// Queues a copy of the running state at the decision just reported, on
  /// its side, and ends the run at the branch's edge.
  void suspend(const BranchEvent &Ev);
  /// Queues `C`, heading `To`; first among the others if it follows a seed.
  void queue(std::unique_ptr<State> C, Heading To);
  /// Removes from the running state the seeds that break `Holds`, and
  /// returns them: they take the other side.
  std::vector<Assignment> seedsAgainst(ExprRef Holds);
  /// Resuming: at a place an earlier test's run decided already, follows
  /// the tree it built (holding `Holds`); false at a place no run reached.
  bool rejoin(const BranchEvent &Ev, ExprRef Holds);
  /// What the earlier run knew of the other side of the decision just
  /// reported: taken by another earlier path (Sat), infeasible (Unsat), or
  /// nothing.
  std::optional<SatResult> earlierAnswer();

  ForkExplorer &E;
  State &St;
  /// -j: the key of the other side of the decision being reported.
  TreeKey OtherKey;
  /// The decisions of the instruction being executed so far.
  uint64_t InstStep = ~uint64_t(0);
  std::vector<std::pair<ExprRef, bool>> InstEvents;
  std::string CutMessage;
  bool Suspended = false;
};

std::vector<Assignment> ForkExplorer::Stepper::seedsAgainst(ExprRef Holds) {
  std::vector<Assignment> Kept, Away;
  for (Assignment &S : St.Seeds)
    (evaluate(Holds, S) ? Kept : Away).push_back(std::move(S));
  St.Seeds = std::move(Kept);
  return Away;
}

bool ForkExplorer::Stepper::replayed(const BranchEvent &Ev) {
  if (St.ReplayPos >= St.Replay.size())
    return false;
  if (St.Replay[St.ReplayPos] == std::make_pair(Ev.Cond, Ev.Taken)) {
    ++St.ReplayPos;
    return true;
  }
  St.ReplayPos = St.Replay.size(); // Re-execution went elsewhere.
  return false;
}

void ForkExplorer::Stepper::onBranch(const BranchEvent &Ev) {
  if (St.Exec->Steps != InstStep) {
    InstStep = St.Exec->Steps;
    InstEvents.clear();
  }
  InstEvents.push_back({Ev.Cond, Ev.Taken});
  if (Suspended || replayed(Ev))
    return;
  St.Explanation.add(Ev);
  if (Ev.Kind != BranchKind::Pin)
    St.Sides.add(Ev.Taken);
  ExprContext &Ctx = E.Ctx;
  ExprRef Holds = Ev.Taken ? Ev.Cond : Ctx.logicalNot(Ev.Cond);
  ExprRef Other = Ev.Taken ? Ctx.logicalNot(Ev.Cond) : Ev.Cond;
  TreeKey Before = St.Key;
  if (E.Share)
    St.Key = E.keyAfter(Before, Ev.Inst, Ev.Cond, Ev.Taken);
  if (St.RunsTo) {
    arriveAt(Ev);
    return;
  }
  if (St.HandedOverAt) {
    St.PathCond.push_back(Holds);
    if (St.Key == *St.HandedOverAt) {
      St.HandedOverAt.reset(); // Forks from the next decision on.
      // The way here, which another worker forked along, is one edge of
      // this worker's tree, so its path conditions (the self-check's) are
      // whole.
      ExprRef Way = St.PathCond.front();
      for (ExprRef C : llvm::drop_begin(St.PathCond))
        Way = Ctx.logicalAnd(Way, C);
      St.Node = E.Tree.addChild(St.Node, Way);
      E.TakenIn[St.Key] = St.Node;
    }
    return;
  }
  OtherKey =
      E.Share ? E.keyAfter(Before, Ev.Inst, Ev.Cond, !Ev.Taken) : TreeKey();
  std::vector<Assignment> OtherSeeds = seedsAgainst(Holds);
  if (Ev.Kind == BranchKind::Pin ||
      (Ev.Kind == BranchKind::Assume && Ev.Taken)) {
    St.PathCond.push_back(Holds);
    return;
  }
  bool DepthLimited = E.Opts.MaxDepth && St.Decisions >= E.Opts.MaxDepth;
  if (DepthLimited || E.Budget.mustStop()) {
    // Past a budget: follow the path without forking until the interpreter
    // notices and ends it.
    E.Stats.DepthLimited += DepthLimited;
    St.PathCond.push_back(Holds);
    return;
  }
  if (St.Restoring && rejoin(Ev, Holds))
    return;
  std::optional<SatResult> Earlier = earlierAnswer();
  // A run that follows a seed is the seeded search's one path: like a
  // concolic run, it leaves its other sides to be decided when picked or
  // handed over (one query each, rather than one per decision along a
  // long seeded path).
  bool Defer =
      Ev.Kind == BranchKind::Branch && !St.Seeds.empty() && OtherSeeds.empty();
  SolverResponse R;
  if (Earlier)
    R.Result = *Earlier;
  else if (!OtherSeeds.empty())
    R = {SatResult::Sat, OtherSeeds.front()}; // A seed witnesses the side.
  else if (!Defer)
    R = E.querySide(St.PathCond, Other, *St.Model);
  // A query a stop interrupted decided nothing.
  if (R.Result == SatResult::Unsat && !E.Budget.mustStop())
    St.Sides.closeLast();
  if (Ev.Kind == BranchKind::Assume) {
    // The model breaks the assumption: this run ends, and a state that
    // satisfies it takes over at the same node.
    if (R.Result == SatResult::Sat)
      fork(Ev, Other, R.Model, St.Node, std::move(OtherSeeds));
    return;
  }
  if (Ev.Kind == BranchKind::Check && R.Result == SatResult::Unsat) {
    St.PathCond.push_back(Holds); // The check cannot fail: no branch point.
    return;
  }
  TreeNode *N = St.Node;
  N->At = Ev.Inst;
  N->RouteIndex = St.Sides.size() - 1;
  if (E.Tree.size() < E.Opts.TreeDetailNodes)
    N->Variables = E.variablesOf(*St.Exec);
  TreeNode *ThenSide = E.Tree.addChild(N, Ev.Cond);
  TreeNode *ElseSide = E.Tree.addChild(N, Ctx.logicalNot(Ev.Cond));
  TreeNode *OtherNode = Ev.Taken ? ElseSide : ThenSide;
  if (Earlier == SatResult::Sat) {
    forkOntoEarlier(Ev, Other, OtherNode);
  } else if (Defer || R.Result == SatResult::Sat) {
    fork(Ev, Other, R.Model, OtherNode, std::move(OtherSeeds), Defer);
  } else {
    E.closeSide(OtherNode, Ev.Inst, Ev.Kind, !Ev.Taken, R.Result, St.PathCond,
                Other, *St.Model);
  }
  St.Node = Ev.Taken ? ThenSide : ElseSide;
  St.PathCond.push_back(Holds);
  ++St.Decisions;
  // A model of the apc arrived: the run waits, here, for it to go to the
  // state it belongs to, which may be this one (each worker of -j takes
  // every answer to its own states). Not the search's own first run (the
  // first worker's): the seed would take its place, and with it the start
  // input's neighbourhood, where the search goes on when the seed misses.
  bool StartRun = E.Stats.Runs == 1 && !(E.Share && E.WorkerIndex > 0);
  if (Ev.Kind == BranchKind::Branch && E.Watch && !St.Restoring && !StartRun &&
      E.Watch->seedWaiting())
    suspend(Ev);
}

void ForkExplorer::Stepper::arriveAt(const BranchEvent &Ev) {
  const State::Place &P = *St.RunsTo;
  if (Ev.Kind == BranchKind::Pin || St.Sides.size() < P.Index)
    return; // Decided on the way here: the path condition has it.
  if (Ev.Inst == P.Inst && Ev.Taken == P.Dir)
    St.RunsTo.reset(); // Forks from the next decision on.
  else
    CutMessage = "the state's model went elsewhere when run from the entry";
}

bool ForkExplorer::Stepper::rejoin(const BranchEvent &Ev, ExprRef Holds) {
  TreeNode *N = St.Node;
  if (N->Children.empty())
    return false;
  St.PathCond.push_back(Holds);
  // A node decides at one place of its route; before it, only checks the
  // earlier run found could not fail.
  if (N->RouteIndex != St.Sides.size() - 1)
    return true;
  St.Node = N->Children[Ev.Taken ? 0 : 1].get();
  ++St.Decisions;
  return true;
}

std::optional<SatResult> ForkExplorer::Stepper::earlierAnswer() {
  if (!St.Restoring)
    return std::nullopt;
  // Most sides closed are checks that cannot fail: no path took them, and
  // the route says so without a lookup.
  uint32_t Index = St.Sides.size() - 1;
  if (Index < St.Recorded->size() && St.Recorded->closed(Index))
    return SatResult::Unsat;
  if (E.Earlier->bothTaken(St.Sides.placeBefore()))
    return SatResult::Sat; // An earlier test's run goes there.
  return std::nullopt;
}

std::unique_ptr<ForkExplorer::State>
ForkExplorer::Stepper::copyAtDecision(const BranchEvent &Ev) {
  auto C = std::make_unique<State>();
  C->Exec = std::make_unique<ExecutionState>(*St.Exec);
  C->PathCond = St.PathCond;
  C->Loops = St.Loops;
  C->Created = St.Created;
  C->EdgeHash = St.EdgeHash;
  C->PathId = St.PathId;
  C->ReachedTarget = St.ReachedTarget;
  C->Covered = St.Covered;
  C->NewCoverage = St.NewCoverage;
  C->Concretized = St.Concretized;
  C->Explanation = St.Explanation;
  C->Sides = St.Sides;
  StackFrame &F = C->Exec->Stack.back();
  assert(F.Block == Ev.Inst->getParent() && "decision outside the top frame");
  F.moveTo(Ev.Inst);
  --C->Exec->Steps;
  C->Model = St.Model;
  C->Replay = InstEvents;
  C->Node = St.Node;
  C->Decisions = St.Decisions;
  C->Key = St.Key;
  C->Seeds = St.Seeds;
  return C;
}

void ForkExplorer::Stepper::suspend(const BranchEvent &Ev) {
  Suspended = true;
  std::unique_ptr<State> C = copyAtDecision(Ev);
  // The run goes on to the branch's edge, where it is cut.
  C->Model = std::make_shared<Assignment>(*St.Model);
  C->SeedSides = std::move(St.SeedSides);
  queue(std::move(C), headingOf(Ev.Inst, Ev.Taken));
}

void ForkExplorer::Stepper::queue(std::unique_ptr<State> C, Heading To) {
  TreeNode *Node = C->Node;
  bool Seeded = !C->Seeds.empty();
  E.Pending.push(Node, Node->Parent, To, std::move(C));
  if (Seeded)
    E.Pending.prefer(Node);
}

void ForkExplorer::Stepper::fork(const BranchEvent &Ev, ExprRef Other,
                                 const Assignment &Model, TreeNode *Node,
                                 std::vector<Assignment> Seeds,
                                 bool Undecided) {
  bool TooMany = E.Opts.MaxStates && E.Pending.size() >= E.Opts.MaxStates;
  if (TooMany || E.Budget.memoryFull()) {
    ++(TooMany ? E.Stats.StatesDropped : E.Stats.MemoryDropped);
    Node->At = Ev.Inst;
    Node->Leaf = LeafKind::Dropped;
    Node->Outcome.Message = TooMany ? "fork dropped: --max-states reached"
                                    : "fork dropped: memory budget reached";
    return;
  }
  std::unique_ptr<State> C = E.keepsResident() ? otherSide(Ev, Other, Node)
                                               : waitingSide(Ev, Other, Node);
  if (Undecided) {
    C->Undecided = State::Deferred{Ev.Inst, !Ev.Taken};
    St.SeedSides.push_back(Node);
  } else
    E.moveOnto(*C, Model);
  C->Seeds = std::move(Seeds);
  queue(std::move(C), headingOf(Ev.Inst, !Ev.Taken));
}

std::unique_ptr<ForkExplorer::State>
ForkExplorer::Stepper::otherSide(const BranchEvent &Ev, ExprRef Other,
                                 TreeNode *Node) {
  std::unique_ptr<State> C = copyAtDecision(Ev);
  C->Explanation.flipLast();
  C->Sides.flipLast();
  C->PathCond.push_back(Other);
  C->Replay.back().second = !Ev.Taken;
  C->Node = Node;
  C->Decisions = St.Decisions + (Ev.Kind != BranchKind::Assume);
  C->Key = OtherKey;
  return C;
}

std::unique_ptr<ForkExplorer::State>
ForkExplorer::Stepper::waitingSide(const BranchEvent &Ev, ExprRef Other,
                                   TreeNode *Node) {
  auto C = std::make_unique<State>();
  C->Model = St.Model;
  C->PathCond = St.PathCond;
  C->PathCond.push_back(Other);
  C->Node = Node;
  C->Decisions = St.Decisions + (Ev.Kind != BranchKind::Assume);
  C->Key = OtherKey;
  C->NewCoverage = St.NewCoverage;
  C->Concretized = St.Concretized;
  C->RunsTo = State::Place{St.Sides.size(), Ev.Inst, !Ev.Taken};
  return C;
}

void ForkExplorer::Stepper::forkOntoEarlier(const BranchEvent &Ev,
                                            ExprRef Other, TreeNode *Node) {
  std::optional<size_t> Test =
      E.Earlier->claim(St.Sides.placeBefore(), !Ev.Taken);
  if (!Test)
    return;
  const StoredTest &T = E.Resuming->Tests[*Test];
  std::unique_ptr<State> C = otherSide(Ev, Other, Node);
  // The earlier test's input takes this side and the prefix (its route
  // shares it), so the copy runs on as that test's run did.
  E.moveOnto(*C, T.Input);
  C->Seeds.clear();
  C->Restoring = &T;
  C->Recorded = &E.Routes[*Test];
  E.Rebuilding.push_back(std::move(C));
}

void ForkExplorer::Stepper::onEdge(const llvm::Instruction *Term,
                                   unsigned Index) {
  St.NewCoverage |= E.Cov.markEdge(Term, Index, &St.PathId, &St.Covered);
  St.EdgeHash = mixEdge(St.EdgeHash, Term, Index);
  if (!E.Opts.LoopBound)
    return;
  llvm::LoopInfo &LI = E.loopsOf(*Term->getFunction());
  if (const llvm::Loop *L = St.Loops.take(
          LI, Term, Index, St.Exec->Stack.size(), E.Opts.LoopBound))
    CutMessage = E.loopBoundMessage(*L);
}

//===----------------------------------------------------------------------===//
// ForkExplorer
//===----------------------------------------------------------------------===//

ForkExplorer::ForkExplorer(const Program &P, const llvm::Function &Entry,
                           const ExploreOptions &Opts)
    : Explorer(P, Entry, Opts),
      Pending(std::make_unique<SeededFirst>(makeSearcher(
          {Opts.Strat, Opts.Seed, ExecutionTree::parentOf}, P.module(), Cov))) {
}

ForkExplorer::~ForkExplorer() = default;

std::vector<VariableValue> ForkExplorer::variablesOf(const ExecutionState &S) {
  std::vector<VariableValue> Out;
  for (const SourceVariable &V : Interp.sourceVariables(S)) {
    std::string Text = V.Value.Sym ? toString(V.Value.Sym, 240)
                       : V.Signed
                           ? std::to_string(signExtend(V.Value.Bits, V.Width))
                           : std::to_string(truncBits(V.Value.Bits, V.Width));
    Out.push_back({V.Name, std::move(Text)});
  }
  return Out;
}

llvm::LoopInfo &ForkExplorer::loopsOf(const llvm::Function &F) {
  auto &Slot = Loops[&F];
  if (!Slot)
    Slot = std::make_unique<LoopData>(const_cast<llvm::Function &>(F));
  return Slot->LI;
}

std::string ForkExplorer::loopBoundMessage(const llvm::Loop &L) const {
  return fmt::format("loop bound {} reached at {}", Opts.LoopBound,
                     sourceLocOf(L.getHeader()->getTerminator()).str());
}

bool ForkExplorer::prunedByApc(State &St) {
  if (!Watch || !Watch->prunes() || St.PathCond.empty())
    return false;
  // The state keeps its own model when a model of apc^K is at hand: a
  // weak apc's models lead away from the target (see bench/apc).
  if (Watch->withApc(St.PathCond).Result != SatResult::Unsat)
    return false; // Unknown keeps the state: only a proof prunes.
  St.Node->Leaf = LeafKind::Pruned;
  St.Node->Outcome.Message = "pruned: the path condition contradicts the "
                             "apc of the target";
  ++Stats.ApcPruned;
  return true;
}

void ForkExplorer::takeSeed() {
  if (!Watch || !Watch->takeAnswer(Ctx))
    return;
  // The waiting states' paths split the inputs no path ran yet, so at
  // most one satisfies the seed. None does when its path ran already, or
  // was cut: the search goes on as it would have.
  const Assignment &Seed = *apcSeed();
  State *Match = nullptr;
  Pending.forEach([&](std::unique_ptr<State> &St) {
    if (Match)
      return;
    Assignment Candidate = *St->Model;
    Candidate.overlay(Seed);
    if (satisfiesAll(Candidate, St->PathCond))
      Match = St.get();
  });
  if (!Match)
    return;
  follow(*Match, Seed);
  Pending.prefer(Match->Node);
}

void ForkExplorer::moveOnto(State &St, const Assignment &M) {
  auto Model = std::make_shared<Assignment>(*St.Model);
  Model->overlay(M);
  St.Model = std::move(Model);
  if (St.Exec)
    reconcretize(*St.Exec, *St.Model);
  St.Undecided.reset();
}

void ForkExplorer::follow(State &St, const Assignment &M) {
  moveOnto(St, M);
  St.Seeds.insert(St.Seeds.begin(), *St.Model);
  ++Stats.SeededInputs;
}

bool ForkExplorer::settled(State &St) {
  if (!St.Undecided)
    return true;
  State::Deferred D = *St.Undecided;
  std::vector<ExprRef> Prefix(St.PathCond.begin(), St.PathCond.end() - 1);
  SolverResponse R = querySide(Prefix, St.PathCond.back(), *St.Model);
  if (R.Result == SatResult::Sat) {
    moveOnto(St, R.Model);
    return true;
  }
  closeSide(St.Node, D.Inst, BranchKind::Branch, D.Dir, R.Result, Prefix,
            St.PathCond.back(), *St.Model);
  return false;
}

void ForkExplorer::closeSide(TreeNode *N, const llvm::Instruction *Inst,
                             BranchKind Kind, bool Dir, SatResult R,
                             const std::vector<ExprRef> &Prefix, ExprRef Side,
                             const Assignment &Hint) {
  N->At = Inst;
  if (R == SatResult::Unsat) {
    N->Leaf = LeafKind::Infeasible;
    ++Stats.Infeasible;
    noteInfeasible(Inst, Kind, Dir, Prefix, Side, Hint);
  } else if (Budget.mustStop()) {
    // The deadline or a signal interrupted the query: the side is not
    // undecidable, just not explored.
    N->Leaf = LeafKind::Interrupted;
    ++UnfinishedSides;
  } else {
    N->Leaf = LeafKind::Unknown;
    ++Stats.SolverUnknown;
  }
}

std::unique_ptr<ForkExplorer::State> ForkExplorer::rootState(Assignment In) {
  auto St = std::make_unique<State>();
  St->Model = std::make_shared<Assignment>(std::move(In));
  St->Exec = Interp.createState(Entry, Inputs.bind(*St->Model));
  St->Node = Tree.root();
  St->Covered = Cov.pathCoverage();
  return St;
}

std::unique_ptr<ForkExplorer::State> ForkExplorer::initialState() {
  std::unique_ptr<State> St = rootState(startInput(Inputs.zeros()));
  if (apcSeed())
    St->Seeds.push_back(*St->Model);
  return St;
}

void ForkExplorer::runState(std::unique_ptr<State> St) {
  ++Stats.Runs;
  Stepper Step(*this, *St);
  uint64_t StepsBefore = St->Exec->Steps;
  double SolverBefore = Solv.stats().Seconds;
  auto ExecStart = std::chrono::steady_clock::now();
  PathOutcome Outcome = Interp.run(*St->Exec, Step);
  // Forks query the solver from inside the run: that is solver time.
  Stats.ExecSeconds +=
      secondsSince(ExecStart) - (Solv.stats().Seconds - SolverBefore);
  Stats.Instructions += St->Exec->Steps - StepsBefore;
  if (!Step.suspended()) {
    endPath(*St, Outcome);
    demoteIfMissed(*St, Outcome);
  }
  Stats.Seconds = Budget.elapsed();
  Stats.TreeNodes = Tree.size();
  Stats.Solver = Solv.stats();
  Stats.OpenSides = Pending.size() + UnfinishedSides;
  Listener->onProgress(Stats);
}

void ForkExplorer::demoteIfMissed(const State &St, const PathOutcome &Outcome) {
  if (St.SeedSides.empty() || St.ReachedTarget || Watch->reachedAtEnd(Outcome))
    return;
  ++Stats.SeedsMissed;
  for (const TreeNode *N : St.SeedSides)
    Pending.demote(N);
}

/// Turns the state's node into a leaf and writes its test; the state is
/// finished with.
void ForkExplorer::endPath(State &St, const PathOutcome &Outcome) {
  if (St.HandedOverAt) {
    // The run of a handed-over state missed its place: its path is
    // another worker's.
    ++Stats.Divergences;
    return;
  }
  if (St.RunsTo) {
    // The run of a waiting state missed its place: the node stays open.
    ++Stats.Divergences;
    St.Node->Leaf = LeafKind::Interrupted;
    St.Node->Outcome = Outcome;
    St.Node->Outcome.Message =
        "the state's model went elsewhere when run from the entry";
    return;
  }
  if (Outcome.End == PathEnd::AssumeViolated) {
    ++Stats.AssumeViolations; // A satisfying state took over the node.
    return;
  }
  TreeNode *Leaf = St.Node;
  // Resuming: a further return value of an earlier path ends on the leaf
  // of that path, whose test ran again before it.
  bool OnRecord = St.Restoring && Leaf->Leaf != LeafKind::None;
  if (!OnRecord)
    markLeaf(St, Outcome);
  PathResult R;
  if (St.Restoring) {
    const StoredTest &T = *St.Restoring;
    R.Index = Stats.Tests = T.Number;
    R.Run = T.Run;
    R.Seconds = T.Seconds;
    R.VariantOf = T.VariantOf;
    R.Restored = true;
    Stats.ReturnVariants += T.VariantOf != 0;
  } else {
    R.Index = newTestNumber();
    R.Run = Stats.Runs;
    R.Seconds = Budget.elapsed();
  }
  if (!OnRecord)
    Leaf->TestIndex = R.Index;
  R.ReachedTarget = Watch && (St.ReachedTarget || Watch->reachedAtEnd(Outcome));
  // Resuming rebuilds the earlier tests out of their order.
  if (R.ReachedTarget && (!Stats.TargetTest || R.Index < Stats.TargetTest))
    Stats.TargetTest = R.Index;
  R.Input = St.Model.get();
  R.Outcome = &Outcome;
  R.Decisions = St.Decisions;
  // The state ends here: its record moves into the test.
  R.Explanation = std::move(St.Explanation);
  R.Created = std::move(St.Created);
  R.Stdout = std::move(St.Exec->Stdout);
  R.PathId = St.PathId;
  R.Route = St.Sides.encode();
  R.Covered = &St.Covered;
  R.NewCoverage = St.NewCoverage;
  R.PathsDone = Stats.Paths;
  if (St.Restoring)
    return keepRebuilt(St, std::move(R), Outcome);
  Listener->onNewPath(R);
  ReturnValues.explore(R, St.PathCond, !St.Concretized, Stats, *Listener);
}

void ForkExplorer::keepRebuilt(State &St, PathResult R,
                               const PathOutcome &Outcome) {
  RebuiltTests[St.Restoring - Resuming->Tests.data()] = true;
  // The listener has the test on record: its explanation and route go
  // unused, and would hold the memory of every earlier path at once.
  R.Explanation = PathExplanation();
  R.Route.clear();
  Rebuilt.push_back({std::move(R), Outcome, St.Model, std::move(St.Covered)});
}

/// The listener gets the earlier tests in number order, as the run found
/// them: the first test of each bug, of an unsupported construct or of
/// the target stays the first.
void ForkExplorer::handRebuiltPaths() {
  llvm::sort(Rebuilt, [](const RebuiltPath &A, const RebuiltPath &B) {
    return A.R.Index < B.R.Index;
  });
  uint64_t Paths = 0;
  for (RebuiltPath &P : Rebuilt) {
    P.R.Input = P.Input.get();
    P.R.Outcome = &P.Outcome;
    P.R.Covered = &P.Covered;
    Paths += !P.R.VariantOf && P.Outcome.End != PathEnd::Interrupted;
    P.R.PathsDone = Paths;
    Listener->onNewPath(P.R);
  }
}

/// Makes the state's node the leaf of its path's end.
void ForkExplorer::markLeaf(State &St, const PathOutcome &Outcome) {
  TreeNode *Leaf = St.Node;
  switch (Outcome.End) {
  case PathEnd::AssumeViolated: // endPath makes no leaf of it.
    return;
  case PathEnd::Interrupted:
    // The path did not end; its input is still a test of how far it got.
    Leaf->Leaf = LeafKind::Interrupted;
    break;
  case PathEnd::Return:
  case PathEnd::Exit:
    Leaf->Leaf = LeafKind::Normal;
    break;
  case PathEnd::Bug:
    Leaf->Leaf = LeafKind::Error;
    break;
  case PathEnd::Unsupported:
  case PathEnd::ExternalDenied:
    Leaf->Leaf = LeafKind::Unsupported;
    break;
  case PathEnd::BoundReached:
  case PathEnd::StepLimit:
    Leaf->Leaf = LeafKind::BoundReached;
    break;
  }
  countPathEnd(Stats, Outcome.End);
  Leaf->Outcome = Outcome;
  if (Opts.KeepLeafModels)
    Leaf->Model = St.Model;
  Leaf->EdgeHash = St.EdgeHash;
  Stats.Paths += Outcome.End != PathEnd::Interrupted;
}

/// Rebuilds the earlier tree in one forking pass: one earlier test runs
/// from the entry, and where the routes show that earlier paths went both
/// ways, a copy forked onto the input of a test that took the other side
/// rebuilds that subtree, so each decision of the earlier tree runs once.
/// A side the route says is infeasible is closed again without a query,
/// and every other side is decided and forked as it was, so the states
/// left waiting are those the earlier parts left unexplored. The tests the
/// pass does not end on (further return values of a path, which share its
/// route) run from the entry, following the tree.
bool ForkExplorer::restore(const ResumePoint &From) {
  for (const StoredTest &T : From.Tests) {
    std::optional<Route> Recorded = Route::decode(T.Route);
    if (!Recorded)
      throw InputError{fmt::format(
          "--resume: the route of test {} in run.db is damaged", T.Number)};
    Routes.push_back(std::move(*Recorded));
  }
  Resuming = &From;
  Earlier = std::make_unique<EarlierRoutes>(From.Tests);
  RebuiltTests.assign(From.Tests.size(), false);
  std::optional<size_t> First = Earlier->first();
  bool Whole = !First || rebuildFrom(*First);
  for (size_t I = 0; Whole && I < From.Tests.size(); ++I)
    if (!RebuiltTests[I])
      Whole = rebuildFrom(I);
  if (Whole)
    handRebuiltPaths();
  Rebuilding.clear();
  Rebuilt.clear();
  Rebuilt.shrink_to_fit();
  Earlier.reset();
  Routes.clear();
  Resuming = nullptr;
  return Whole;
}

bool ForkExplorer::rebuildFrom(size_t Test) {
  const StoredTest &T = Resuming->Tests[Test];
  std::unique_ptr<State> St = rootState(T.Input);
  St->Restoring = &T;
  St->Recorded = &Routes[Test];
  ++Stats.EntryRunsAgain;
  Rebuilding.push_back(std::move(St));
  while (!Rebuilding.empty()) {
    if (stopRequested() || Budget.mustStop())
      return false;
    std::unique_ptr<State> Next = std::move(Rebuilding.back());
    Rebuilding.pop_back();
    runState(std::move(Next));
  }
  return true;
}

void ForkExplorer::begin() {
  if (Share && WorkerIndex > 0)
    return; // The first worker runs the initial state; the others wait.
  Pending.push(Tree.root(), nullptr, {&Entry.getEntryBlock()}, initialState());
}

bool ForkExplorer::step() {
  // The budget first: a path the deadline cut must leave its reason.
  if (!budgetLeft() || Pending.empty())
    return false;
  if (Budget.memoryFull())
    dropHalfOfPending();
  if (Share && Pending.size() > 1 && Share->wanted()) {
    // The largest part of the tree left, settled and checked against the
    // apc as a state picked here is: a deferred side is decided before it
    // goes, since what goes is the state's model. This worker runs a state
    // of its own all the same, so that while the apc prunes what would go
    // (one check each), the state following a seed is not kept waiting.
    std::unique_ptr<State> Oldest = Pending.popOldest();
    if (settled(*Oldest) && !prunedByApc(*Oldest))
      handOver(std::move(Oldest));
  }
  // The search's own first run comes first: a seed is one more start.
  if (Stats.Runs)
    takeSeed();
  std::unique_ptr<State> St = Pending.pop();
  if (settled(*St) && !prunedByApc(*St))
    runState(St->Exec ? std::move(St) : fromEntry(std::move(St)));
  return true;
}

bool ForkExplorer::keepsResident() const {
  // Statement nodes are made as a run goes, so a run from the entry would
  // make them again.
  if (Opts.Exec.ReportStatements)
    return true;
  if (Opts.MaxResidentStates && Pending.size() >= Opts.MaxResidentStates)
    return false;
  return !Budget.memoryQuarterFull();
}

std::unique_ptr<ForkExplorer::State>
ForkExplorer::fromEntry(std::unique_ptr<State> Waiting) {
  ++Stats.StatesRunAgain;
  std::unique_ptr<State> St = rootState(*Waiting->Model);
  St->PathCond = std::move(Waiting->PathCond);
  St->Node = Waiting->Node;
  St->Decisions = Waiting->Decisions;
  St->NewCoverage = Waiting->NewCoverage;
  St->Concretized = Waiting->Concretized;
  St->Seeds = std::move(Waiting->Seeds);
  St->RunsTo = Waiting->RunsTo;
  return St;
}

/// -j: the state's input goes to an idle worker, which runs it to the
/// state's place and explores on from there.
void ForkExplorer::handOver(std::unique_ptr<State> St) {
  ++Stats.Donated;
  HandedOut[St->Key] = St->Node;
  Share->give({encodeAssignment(*St->Model), St->Key, St->Decisions, 0, 0});
}

void ForkExplorer::runShared(const SharedWork &W) {
  std::optional<Assignment> In = decodeAssignment(Ctx, W.Input);
  if (!In)
    throw std::logic_error("a shared input does not decode");
  std::unique_ptr<State> St = rootState(std::move(*In));
  St->Decisions = W.Depth;
  St->HandedOverAt = W.Side;
  runState(std::move(St));
}

void ForkExplorer::end() {
  Stats.OpenSides = Pending.size() + UnfinishedSides;
  writeInterruptedStates();
  finishStats(Tree.size());
  settleCompleteness(Stats, Stats.OpenSides);
}

/// Over the memory budget: the newest half of the waiting states become
/// `dropped` leaves (KLEE kills states the same way under --max-memory).
/// The oldest one always stays, so the run goes on with it.
void ForkExplorer::dropHalfOfPending() {
  size_t Keep = std::max<size_t>(Pending.size() / 2, 1);
  while (Pending.size() > Keep) {
    TreeNode *N = Pending.popNewest()->Node;
    N->Leaf = LeafKind::Dropped;
    N->Outcome.Message = "state dropped: memory budget reached";
    ++Stats.MemoryDropped;
  }
  malloc_trim(0); // Give the freed states back, so the RSS shows it.
}

/// When a budget stopped the run, each waiting state is written as a test
/// of its own (outcome `interrupted`), as KLEE does on halt, for as long as
/// the time budget's grace allows; the rest stay counted as unfinished.
void ForkExplorer::writeInterruptedStates() {
  if (Pending.empty() || !cutForStopReason(Stats.StopReason))
    return;
  // At a reached (or disproved) target, the waiting states are not what
  // the user asked.
  bool Answered = Stats.TargetTest || Stats.StopReason == "apc-unreachable";
  double Grace = Answered ? 0 : std::max(1.0, 0.1 * Opts.MaxTime) * 0.25;
  double Deadline = Budget.elapsed() + Grace;
  PathOutcome Outcome;
  Outcome.End = PathEnd::Interrupted;
  Outcome.Message = fmt::format("the run stopped ({}) before this path "
                                "ended",
                                Stats.StopReason);
  while (!Pending.empty() && Budget.elapsed() < Deadline) {
    std::unique_ptr<State> St = Pending.popOldest();
    // An undecided state's model is its parent's path's; a state waiting
    // without its interpreter state would have to run from the entry.
    if (St->Undecided || !St->Exec) {
      St->Node->Leaf = LeafKind::Interrupted;
      St->Node->Outcome = Outcome;
      continue;
    }
    Outcome.Loc = sourceLocOf(St->Exec->Stack.back().inst());
    endPath(*St, Outcome);
    --Stats.OpenSides;
  }
  Pending.forEach([&Outcome](std::unique_ptr<State> &St) {
    St->Node->Leaf = LeafKind::Interrupted;
    St->Node->Outcome = Outcome;
  });
}

} // namespace theseus
