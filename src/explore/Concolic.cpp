//===- Concolic.cpp - Dynamic symbolic execution driver -------------------===//
#include "explore/Concolic.h"

#include "expr/Rewrite.h"

#include "llvm/IR/Function.h"

#include <array>
#include <numeric>
#include <queue>
#include <thread>

namespace theseus {

namespace {
/// How many sides of the tree's decisions are in each state.
std::array<uint64_t, 9> countSides(const PathNode *Root) {
  std::array<uint64_t, 9> Count{};
  std::vector<const PathNode *> Work = {Root};
  while (!Work.empty()) {
    const PathNode *N = Work.back();
    Work.pop_back();
    if (N->Alternative)
      Work.push_back(N->Alternative.get());
    if (!N->Cond)
      continue;
    for (int Dir = 0; Dir < 2; ++Dir) {
      ++Count[static_cast<size_t>(N->Side[Dir])];
      if (N->Child[Dir])
        Work.push_back(N->Child[Dir].get());
    }
  }
  return Count;
}
/// How many of the program's decisions (pins left out) lie on the way from
/// the root to `N`: the index of N's decision in a path's explanation.
uint64_t decisionsBefore(const PathNode *N) {
  uint64_t Count = 0;
  for (const PathNode *P = N; P->Parent; P = P->Parent)
    Count += P->Parent->Kind != BranchKind::Pin;
  return Count;
}
} // namespace

/// What one run did: its decisions, in order, and how much it covered anew.
struct ConcolicExplorer::RunRecord {
  std::vector<std::pair<PathNode *, bool>> Decisions;
  uint32_t Bound = 0; ///< Generational: only decisions at this depth or
                      ///< deeper are negated.
  unsigned NewCoverage = 0;
  uint64_t Sequence = 0;
};

bool ConcolicExplorer::ExpandsLater::operator()(
    const std::shared_ptr<RunRecord> &A,
    const std::shared_ptr<RunRecord> &B) const {
  if (A->NewCoverage != B->NewCoverage)
    return A->NewCoverage < B->NewCoverage;
  return A->Sequence > B->Sequence;
}

/// Follows a run through the path tree and collects coverage.
class ConcolicExplorer::Recorder : public Explorer::Observer {
public:
  Recorder(ConcolicExplorer &E, std::shared_ptr<Assignment> Input, RunRecord &R,
           InputStream *Stream)
      : Observer(E), E(E), Input(std::move(Input)), R(R),
        Current(E.Tree.root()), Stream(Stream) {}

  const Array *makeInput(const InputRequest &Req,
                         std::vector<uint8_t> &Bytes) override {
    const Array *A = E.Ctx.array(Req.Name, Req.Size);
    if (Stream) {
      Bytes = Stream->take(Req.Size);
      Input->set(A, Bytes);
    } else if (const auto *Known = Input->get(A)) {
      Bytes = *Known;
    } else {
      // New to this input: start like the entry's inputs do.
      bool Random = E.Opts.RandomStart || E.Opts.Strat == Strategy::DART;
      for (uint8_t &B : Bytes)
        B = Random ? static_cast<uint8_t>(E.Rng()) : 0;
      Input->set(A, Bytes);
    }
    Created.push_back({A, Req});
    return A;
  }

  void onBranch(const BranchEvent &Ev) override {
    if (Suspended)
      return; // On its way to the branch's edge, where it is cut.
    Explanation.add(Ev);
    if (E.Opts.MaxDepth && R.Decisions.size() >= E.Opts.MaxDepth) {
      DepthLimited = true;
      return;
    }
    PathNode *N = E.Tree.nodeFor(Current, Ev.Cond);
    if (!N->Cond) {
      N->Cond = Ev.Cond;
      N->Kind = Ev.Kind;
      N->Inst = Ev.Inst;
      N->Input = Input;
      N->Key = Key;
      // The side taken is this worker's: another worker that finds the
      // node must not take it for an open one.
      E.claim(N, Ev.Taken, Ours);
    }
    if (Ev.Kind == BranchKind::Branch && E.workWaiting()) {
      // A model of the apc or an error the fuzzer found arrived: it is
      // taken first, and the side this run was taking waits, open, for a
      // run of its own (if it is not open, and offered, already).
      Suspended = true;
      if (N->Side[Ev.Taken] == SideState::Unseen) {
        N->Side[Ev.Taken] = SideState::Open;
        NewOpen.push_back({N, Ev.Taken});
      }
      return;
    }
    N->Side[Ev.Taken] = SideState::Explored;
    SideState &Other = N->Side[!Ev.Taken];
    if (Other == SideState::Unseen) {
      // Pins cannot be negated; an assumption that holds is never undone.
      bool Closed = Ev.Kind == BranchKind::Pin ||
                    (Ev.Kind == BranchKind::Assume && Ev.Taken);
      Other = Closed ? SideState::Closed : SideState::Open;
      if (Other == SideState::Open && !E.claim(N, !Ev.Taken, Ours))
        Other = SideState::Elsewhere;
      if (Other == SideState::Open)
        NewOpen.push_back({N, !Ev.Taken});
    }
    if (E.Share) {
      Key = E.sideKey(N, Ev.Taken);
      ReachedExpected |= E.Receiving && Key == E.Receiving->Side;
      if (E.RunningSeed)
        Ours = E.Share->partAt(Key).value_or(Ours);
    }
    R.Decisions.push_back({N, Ev.Taken});
    Current = E.Tree.child(N, Ev.Taken);
  }

  void onBlockExecuted(const llvm::BasicBlock *BB,
                       const llvm::Instruction *Last) override {
    R.NewCoverage += markBlock(BB, Last, ReachedTarget, E.PathCovered);
  }

  void onConcretization(const llvm::Instruction *I,
                        const char *Reason) override {
    Observer::onConcretization(I, Reason);
    Concretized = true;
  }

  void onEdge(const llvm::Instruction *Term, unsigned Index) override {
    R.NewCoverage += E.Cov.markEdge(Term, Index, &PathId, &E.PathCovered);
  }
  const char *cutPath() override {
    return Suspended ? "stopped for waiting work" : nullptr;
  }
  bool edgeFingerprints(llvm::ArrayRef<EdgeRef> Edges,
                        llvm::SmallVectorImpl<EdgeFingerprint> &Out) override {
    Out.push_back(E.Cov.pathFingerprint(Edges, PathId));
    return true;
  }
  void onEdgeCounts(llvm::ArrayRef<EdgeRef> Edges,
                    llvm::ArrayRef<uint64_t> Counts) override {
    R.NewCoverage += E.Cov.markEdgeCounts(Edges, Counts, &E.PathCovered);
  }

  ConcolicExplorer &E;
  std::shared_ptr<Assignment> Input;
  std::vector<std::pair<const Array *, InputRequest>> Created;
  RunRecord &R;
  PathExplanation Explanation;
  PathNode *Current;
  InputStream *Stream;
  uint64_t PathId = PathIdBasis;
  std::vector<Target> NewOpen;
  /// -j: the key of the decisions so far, and whether the run took the
  /// side the input it runs was solved for.
  TreeKey Key;
  bool ReachedExpected = false;
  /// Whether the decisions so far lie in this process's part of the tree.
  bool Ours = !E.RunningSeed || !E.Share || E.Share->holdsRoot();
  bool DepthLimited = false;
  bool Concretized = false;
  bool ReachedTarget = false;
  /// Stopped at a decision for waiting work (workWaiting()).
  bool Suspended = false;
};

ConcolicExplorer::ConcolicExplorer(const Program &P,
                                   const llvm::Function &Entry,
                                   const ExploreOptions &Opts)
    : Explorer(P, Entry, Opts), PathCovered(Cov.pathCoverage()), Rng(Opts.Seed),
      OpenSides(makeSearcher({Opts.Strat, Opts.Seed, PathTree::parentOf},
                             P.module(), Cov)) {}

ConcolicExplorer::~ConcolicExplorer() = default;

bool ConcolicExplorer::workWaiting() {
  // Runs that rebuild, import or take over work run to their end, and
  // generational search expands whole runs.
  if (RunningSeed || Share || Importing || Restoring ||
      Opts.Strat == Strategy::Generational)
    return false;
  if (Watch && Watch->seedWaiting())
    return true;
  // The fuzzer's errors are files: looked for as often as imports are.
  if (!Exchange || Budget.elapsed() - LastErrorPoll < 0.25)
    return false;
  LastErrorPoll = Budget.elapsed();
  return Exchange->errorWaiting();
}

bool ConcolicExplorer::takeApcAnswer() {
  if (!Watch || !Watch->takeAnswer(Ctx) || !budgetLeft())
    return false;
  // The first worker of each process runs the seed; the others prune by
  // it. Of a run that spans processes, the one whose part the seed's path
  // lies in reports it.
  if (Share && !Share->firstHere(WorkerIndex))
    return false;
  // The apc's model heads for the target: run it as soon as it is there.
  Assignment Seeded = initialInput();
  RunningSeed = true;
  execute(std::move(Seeded), {}, 0);
  RunningSeed = false;
  return true;
}

Assignment ConcolicExplorer::initialInput() {
  return startInput((Opts.RandomStart || Opts.Strat == Strategy::DART)
                        ? Inputs.random(Rng)
                        : Inputs.zeros());
}

std::shared_ptr<ConcolicExplorer::RunRecord>
ConcolicExplorer::execute(Assignment In, Target T, uint32_t Bound,
                          InputStream *Stream) {
  auto Input = std::make_shared<Assignment>(std::move(In));
  auto Record = std::make_shared<RunRecord>();
  Record->Bound = Bound;
  Record->Sequence = ++Stats.Runs;
  PathCovered.clear();
  Recorder Rec(*this, Input, *Record, Stream);

  auto State = Interp.createState(Entry, Inputs.bind(*Input));
  // The program crashed natively on this input: its error may lie past
  // any instruction limit (the run's time budget still applies).
  if ((Importing && Importing->Crashed && !Importing->Native) ||
      (Restoring && !Restoring->StepLimited))
    State->MaxSteps = 0;
  auto ExecStart = std::chrono::steady_clock::now();
  PathOutcome Outcome = Interp.run(*State, Rec);
  Stats.ExecSeconds += secondsSince(ExecStart);
  Stats.Instructions += State->Steps;
  Stats.DepthLimited += Rec.DepthLimited;

  if (Rec.Suspended) {
    // No path ended: the sides it opened, and the one it was taking (or
    // the one it was run for, if it stopped before), wait for runs.
    if (T.Node && T.Node->Side[T.Dir] == SideState::Open)
      Rec.NewOpen.push_back(T);
    for (Target S : Rec.NewOpen)
      offer(S);
    return Record;
  }
  bool Diverged = false;
  if (T.Node && T.Node->Side[T.Dir] != SideState::Explored) {
    closeSide(T.Node, T.Dir, SideState::Diverged);
    Diverged = true;
  } else if (Receiving && !Rec.ReachedExpected) {
    ++Stats.Divergences; // The side is not in this worker's tree.
    Diverged = true;
  }
  // While resuming, most sides a run opens a later earlier test takes:
  // only those still open at the end go to the searcher.
  if (Restoring)
    RestoredOpen.insert(RestoredOpen.end(), Rec.NewOpen.begin(),
                        Rec.NewOpen.end());
  else if (Opts.Strat != Strategy::Generational)
    for (Target T : Rec.NewOpen)
      offer(T);

  PathNode *Leaf = Rec.Current;
  if (Outcome.End == PathEnd::AssumeViolated) {
    ++Stats.AssumeViolations; // Not a path of the program: no test.
  } else if (Share && !Leaf->EndsPath &&
             (!Rec.Ours || (Outcome.End != PathEnd::Interrupted &&
                            !Share->claimPath(Rec.Key)))) {
    // Another worker ended it first, and wrote it, or the path lies in
    // another process's part.
    Leaf->EndsPath = true;
  } else if (!Leaf->EndsPath || Restoring) {
    // A run cut short still leaves its input as a test of its outcome
    // (interrupted), but its path stays open for a later run.
    bool NewPath = !Leaf->EndsPath && !(Restoring && Restoring->VariantOf);
    if (NewPath) {
      Leaf->EndsPath = Outcome.End != PathEnd::Interrupted;
      countPathEnd(Stats, Outcome.End);
      Stats.Paths += Leaf->EndsPath;
    }
    PathResult R;
    R.Index = Restoring ? Restoring->Number : newTestNumber();
    if (NewPath && Leaf->EndsPath) {
      Leaf->TestIndex = R.Index;
      Leaf->End = Outcome.End;
    }
    R.ReachedTarget =
        Watch && (Rec.ReachedTarget || Watch->reachedAtEnd(Outcome));
    if (R.ReachedTarget && !Stats.TargetTest)
      Stats.TargetTest = R.Index;
    R.Run = Stats.Runs;
    R.Input = Input.get();
    R.Outcome = &Outcome;
    R.Decisions = static_cast<unsigned>(Record->Decisions.size());
    R.Diverged = Diverged;
    R.Explanation = std::move(Rec.Explanation);
    if (T.Node) {
      R.NegatedTest = T.Node->Test;
      R.NegatedDecision = decisionsBefore(T.Node);
    } else if (Receiving) {
      R.NegatedTest = Receiving->NegatedTest;
      R.NegatedDecision = Receiving->NegatedDecision;
    }
    R.Created = std::move(Rec.Created);
    R.PathId = Rec.PathId;
    R.Covered = &PathCovered;
    R.NewCoverage = Record->NewCoverage > 0;
    R.Stdout = std::move(State->Stdout);
    R.Seconds = Budget.elapsed();
    R.PathsDone = Stats.Paths;
    if (Restoring)
      markRestored(R);
    bool Offered = false;
    if (Importing) {
      R.Origin = Importing->Origin;
      ImportedTest = R.Index;
      ++Stats.FuzzNewPaths;
    } else if (Exchange && Leaf->EndsPath) {
      std::vector<const Array *> Created;
      for (const auto &[Arr, Req] : R.Created)
        Created.push_back(Arr);
      Exchange->offer(Inputs.toStream(*Input, Created));
      ++Stats.FuzzOffered;
      Offered = true;
    }
    Listener->onNewPath(R);
    if (Offered)
      Listener->onExchange({true, R.Index, Budget.elapsed(), {}});
    for (Target Opened : Rec.NewOpen)
      Opened.Node->Test = R.Index;
    // Decisions past --max-depth are missing from the path condition.
    if (Leaf->EndsPath && !Restoring)
      ReturnValues.explore(R, PathTree::prefixOf(Ctx, Leaf),
                           !Rec.DepthLimited && !Rec.Concretized, Stats,
                           *Listener);
  }
  Stats.Seconds = Budget.elapsed();
  Stats.TreeNodes = Tree.numNodes();
  Stats.Solver = Solv.stats();
  Stats.OpenSides = OpenSides.size(); // For the status line; exact at the end.
  Listener->onProgress(Stats);
  return Record;
}

/// Solves for the input that takes side `Dir` at `N`, and runs it.
std::shared_ptr<ConcolicExplorer::RunRecord>
ConcolicExplorer::negate(PathNode *N, bool Dir, bool MayDefer) {
  std::optional<Assignment> Next = solveSide(N, Dir, MayDefer);
  if (!Next)
    return nullptr;
  return execute(std::move(*Next), {N, Dir}, N->Depth + 1);
}

std::optional<Assignment> ConcolicExplorer::solveSide(PathNode *N, bool Dir,
                                                      bool MayDefer) {
  std::vector<ExprRef> Prefix = PathTree::prefixOf(Ctx, N);
  ExprRef Goal = PathTree::edgeConstraint(Ctx, N, Dir);
  if (Opts.MaxTime > 0) { // Never let one query outlive the time budget.
    double Left = Opts.MaxTime - Budget.elapsed();
    unsigned LeftMs = static_cast<unsigned>(std::max(Left, 0.001) * 1000);
    Solv.setTimeout(
        Opts.SolverTimeoutMs ? std::min(Opts.SolverTimeoutMs, LeftMs) : LeftMs);
  }
  if (auto Guided = solveWithApc(N, Dir, Prefix, Goal))
    return *Guided;
  if (MayDefer && Watch && Watch->prunes() && Watch->checking()) {
    // The apc could not rule on this side in time: the sides it found
    // consistent with the target (run already) come first.
    Undecided.push_back({N, Dir});
    return std::nullopt;
  }
  // A float model found by evaluation is exact, where the next fallback
  // is not.
  SolverResponse R = querySide(Prefix, Goal, *N->Input);
  if (R.Result == SatResult::Unknown) {
    // Past the solver's budget: replace non-linear terms by their values on
    // the input that reached N, and try the simpler query (PyExZ3, Ball and
    // Daniel §1.2).
    std::vector<ExprRef> Sliced = sliceForGoal(Prefix, Goal);
    unsigned Replaced = 0;
    for (ExprRef &C : Sliced)
      C = concretizeNonlinear(Ctx, C, *N->Input, Replaced);
    if (Replaced) {
      Concretized.note(N->Inst, "nonlinear arithmetic after solver timeout",
                       true);
      R = Solv.check(Sliced, *N->Input);
      // The simplified query only covers the concrete values chosen, so
      // unsat there proves nothing about the side.
      if (R.Result == SatResult::Unsat)
        R.Result = SatResult::Unknown;
    }
  }
  if (R.Result == SatResult::Unsat) {
    closeSide(N, Dir, SideState::Infeasible);
    return std::nullopt;
  }
  if (R.Result == SatResult::Unknown && !budgetLeft())
    return std::nullopt; // Interrupted: the side stays open.
  if (R.Result == SatResult::Unknown) {
    closeSide(N, Dir, SideState::Unknown);
    return std::nullopt;
  }
  Assignment Next = *N->Input;
  Next.overlay(R.Model);
  return Next;
}

/// --target: prefix ∧ side ∧ apc. Unsat prunes the side (no input taking
/// it reaches the target: no input); a model is the input, along the side
/// and heading for the target. Nothing when the check is undecided or there
/// is no apc: the plain query decides then.
std::optional<std::optional<Assignment>>
ConcolicExplorer::solveWithApc(PathNode *N, bool Dir,
                               std::vector<ExprRef> Prefix, ExprRef Goal) {
  if (!Watch || !Watch->prunes())
    return std::nullopt;
  Prefix.push_back(Goal);
  SolverResponse R = Watch->withApc(Prefix);
  if (R.Result == SatResult::Unsat) {
    closeSide(N, Dir, SideState::Pruned);
    return std::optional<Assignment>();
  }
  if (R.Result == SatResult::Unknown)
    return std::nullopt;
  Assignment Next = *N->Input;
  Next.overlay(R.Model);
  ++Stats.SeededInputs;
  return std::optional<Assignment>(std::move(Next));
}

bool ConcolicExplorer::claim(PathNode *N, bool Dir, bool Ours) {
  if (!Share)
    return true;
  // A handed-over run's decisions down to the side it was solved for are
  // its donor's, in this process or another: the claim tells the workers
  // here so.
  if (!Ours || (Receiving && N->Depth <= Receiving->Depth)) {
    Share->claimSide(ForeignWorker, sideKey(N, Dir));
    return false;
  }
  return Share->claimSide(WorkerIndex, sideKey(N, Dir));
}

TreeKey ConcolicExplorer::sideKey(const PathNode *N, bool Dir) const {
  return keyAfter(N->Key, N->Inst, N->Cond, Dir);
}

/// -j: an idle worker waits; the side is solved here, and the input goes
/// to it. The side is its from now on.
void ConcolicExplorer::donate(PathNode *N, bool Dir) {
  std::optional<Assignment> Next = solveSide(N, Dir, /*MayDefer=*/false);
  if (!Next)
    return;
  N->Side[Dir] = SideState::Elsewhere;
  ++Stats.Donated;
  Share->give({encodeAssignment(*Next), sideKey(N, Dir), N->Depth, N->Test,
               decisionsBefore(N)});
}

void ConcolicExplorer::runShared(const SharedWork &W) {
  std::optional<Assignment> In = decodeAssignment(Ctx, W.Input);
  if (!In)
    throw std::logic_error("a shared input does not decode");
  Receiving = &W;
  std::shared_ptr<RunRecord> Record = execute(std::move(*In), {}, W.Depth + 1);
  Receiving = nullptr;
  if (Opts.Strat == Strategy::Generational)
    Generations.push(Record);
}

/// True when no side is left that another input could reach: each was
/// taken or proven infeasible, and no decision went unrecorded.
bool ConcolicExplorer::treeComplete() const {
  auto C = countSides(Tree.root());
  return Stats.DepthLimited == 0 &&
         C[size_t(SideState::Explored)] + C[size_t(SideState::Infeasible)] +
                 C[size_t(SideState::Elsewhere)] ==
             std::accumulate(C.begin(), C.end(), uint64_t(0));
}

void ConcolicExplorer::importExchanged(bool Now) {
  if (!Exchange || (!Now && Budget.elapsed() - LastImport < 0.25))
    return;
  LastImport = Budget.elapsed();
  for (const ExchangedInput &X : Exchange->take()) {
    if (!budgetLeft())
      return;
    if (X.Native)
      reportNativeError(X);
    if (!budgetLeft())
      return; // The native run reached the target.
    InputStream Stream(X.Bytes);
    Assignment In = Inputs.fromStream(Stream);
    ++Stats.FuzzImported;
    Importing = &X;
    ImportedTest = 0;
    execute(std::move(In), {}, 0, &Stream);
    Importing = nullptr;
    Listener->onExchange({false, ImportedTest, Budget.elapsed(),
                          ImportedTest ? std::vector<uint8_t>() : X.Bytes});
  }
}

/// Nothing is left to negate but the run is not complete (sides the
/// solver could not decide, runs cut short, paths ended by an operation the
/// engine cannot run or a call it denied, which the native fuzzer runs):
/// wait for what the fuzzer finds while it runs, and take what it found
/// last once it ended. False when there is nothing to wait for.
bool ConcolicExplorer::waitForExchange() {
  bool PathsCut =
      Stats.StepLimited + Stats.UnsupportedPaths + Stats.DeniedPaths > 0;
  if (!Exchange || (treeComplete() && !PathsCut))
    return false;
  bool Running = Exchange->running();
  if (Running)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  uint64_t Before = Stats.FuzzImported;
  importExchanged(/*Now=*/true);
  return Running || Stats.FuzzImported > Before;
}

bool ConcolicExplorer::stepFrontier() {
  if (!budgetLeft())
    return false;
  if (takeApcAnswer())
    return true; // Its run may have reached the target.
  importExchanged();
  if (OpenSides.empty() && !Undecided.empty()) {
    Target T = Undecided.front();
    Undecided.pop_front();
    negate(T.Node, T.Dir, /*MayDefer=*/false);
    return true;
  }
  if (OpenSides.empty() && waitForExchange())
    return true;
  if (Share && OpenSides.size() > 1 && Share->wanted()) {
    Target T = OpenSides.popOldest(); // The largest part of the tree.
    if (T.Node->Side[T.Dir] == SideState::Open)
      donate(T.Node, T.Dir);
    return true;
  }
  if (OpenSides.empty()) {
    if (Opts.Strat != Strategy::DART ||
        FruitlessRestarts >= Opts.MaxFruitlessRestarts || treeComplete())
      return false;
    // DART: nothing new can be derived; restart from a random input.
    ++Stats.Restarts;
    uint64_t Before = Stats.Paths;
    execute(Inputs.random(Rng), {}, 0);
    FruitlessRestarts = Stats.Paths > Before ? 0 : FruitlessRestarts + 1;
    return true;
  }
  Target T = OpenSides.pop();
  if (T.Node->Side[T.Dir] == SideState::Open)
    negate(T.Node, T.Dir, /*MayDefer=*/true);
  return true;
}

bool ConcolicExplorer::stepGenerational() {
  for (;;) {
    if (!Expanding) {
      if (Generations.empty() || !budgetLeft())
        return false;
      takeApcAnswer();
      importExchanged();
      Expanding = Generations.top();
      Generations.pop();
      NextDecision = 0;
    }
    // Expanding a run negates each of its decisions at or below its bound.
    while (NextDecision < Expanding->Decisions.size()) {
      auto [N, Taken] = Expanding->Decisions[NextDecision++];
      if (N->Depth < Expanding->Bound || N->Side[!Taken] != SideState::Open)
        continue;
      if (!budgetLeft())
        return false;
      bool MoreHere =
          !Generations.empty() || NextDecision < Expanding->Decisions.size();
      if (Share && MoreHere && Share->wanted())
        donate(N, !Taken);
      else if (auto Child = negate(N, !Taken))
        Generations.push(Child);
      return true;
    }
    Expanding.reset();
  }
}

bool ConcolicExplorer::step() {
  return Opts.Strat == Strategy::Generational ? stepGenerational()
                                              : stepFrontier();
}

void ConcolicExplorer::begin() {
  if (Share && WorkerIndex > 0)
    return; // The first worker runs the first input; the others wait.
  if (Opts.Strat == Strategy::Generational)
    Generations.push(execute(initialInput(), {}, 0));
  else
    execute(initialInput(), {}, 0);
}

void ConcolicExplorer::closeSide(PathNode *N, bool Dir, SideState State) {
  N->Side[Dir] = State;
  switch (State) {
  case SideState::Infeasible:
    ++Stats.Infeasible;
    noteInfeasible(N->Inst, N->Kind, Dir, PathTree::prefixOf(Ctx, N),
                   PathTree::edgeConstraint(Ctx, N, Dir), *N->Input);
    break;
  case SideState::Unknown:
    ++Stats.SolverUnknown;
    break;
  case SideState::Diverged:
    ++Stats.Divergences;
    break;
  case SideState::Pruned:
    ++Stats.ApcPruned;
    break;
  default:
    break;
  }
  // A node some test's run opened is found again by running that test.
  if (N->Test && !Restoring)
    Listener->onSideClosed({N->Test, N->Depth, Dir, State});
}

/// The run of an earlier test keeps the number, run and time it has on
/// record.
void ConcolicExplorer::markRestored(PathResult &R) {
  Stats.Tests = R.Index;
  Stats.ReturnVariants += Restoring->VariantOf != 0;
  R.Run = Restoring->Run;
  R.Seconds = Restoring->Seconds;
  R.VariantOf = Restoring->VariantOf;
  R.Restored = true;
}

/// Runs each earlier test again, in order: the path tree, its open sides
/// and the coverage grow as they did, and the sides the earlier parts
/// closed without a run are closed again as each test's run reaches them.
bool ConcolicExplorer::restore(const ResumePoint &From) {
  std::map<uint64_t, std::vector<const ClosedSide *>> ClosedByTest;
  for (const ClosedSide &C : From.Closed)
    ClosedByTest[C.Test].push_back(&C);
  for (const StoredTest &T : From.Tests) {
    if (stopRequested() || Budget.mustStop())
      return false;
    Restoring = &T;
    ++Stats.EntryRunsAgain;
    std::shared_ptr<RunRecord> Record = execute(T.Input, {}, 0);
    auto It = ClosedByTest.find(T.Number);
    if (It != ClosedByTest.end())
      for (const ClosedSide *C : It->second)
        if (C->Depth < Record->Decisions.size()) {
          PathNode *N = Record->Decisions[C->Depth].first;
          if (N->Side[C->Side] == SideState::Open)
            closeSide(N, C->Side, C->State); // On record already.
        }
    Restoring = nullptr;
    if (Opts.Strat == Strategy::Generational)
      Generations.push(Record);
  }
  if (Opts.Strat != Strategy::Generational)
    for (Target T : RestoredOpen)
      if (T.Node->Side[T.Dir] == SideState::Open)
        offer(T);
  RestoredOpen.clear();
  RestoredOpen.shrink_to_fit();
  return true;
}

void ConcolicExplorer::offer(Target T) {
  OpenSides.push(&T.Node->Waiting[T.Dir], T.Node,
                 headingOf(T.Node->Inst, T.Dir), T);
}

void ConcolicExplorer::end() {
  finishStats(Tree.numNodes());
  Stats.OpenSides = countSides(Tree.root())[size_t(SideState::Open)];
  settleCompleteness(Stats, Stats.OpenSides);
  if (Exchange)
    Exchange->searchEnded(Stats.StopReason == "exhausted");
}

} // namespace theseus
