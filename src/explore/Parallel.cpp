//===- Parallel.cpp - Concolic exploration on several threads (-j N) ------===//
#include "explore/Parallel.h"

#include "expr/Transfer.h"
#include "program/Program.h"

#include "llvm/IR/Function.h"

#include <cassert>
#include <exception>

namespace theseus {

namespace {
/// `A` with its arrays made in `Ctx` by name and size.
Assignment inContext(ExprContext &Ctx, const Assignment &A) {
  Assignment Out;
  for (const auto &[Arr, Bytes] : A.values())
    Out.set(Ctx.array(Arr->Name, Arr->Size), Bytes);
  return Out;
}

/// How often the run's listener hears of the workers' progress.
constexpr double ProgressInterval = 0.1;
} // namespace

/// One worker's listener: its events go to the team's, one at a time.
class ParallelExplorer::Relay : public ExplorationListener {
public:
  Relay(ParallelExplorer &Team, unsigned Worker) : Team(Team), Worker(Worker) {}
  void onNewPath(const PathResult &R) override { Team.onWorkerPath(R); }
  void onProgress(const ExplorationStats &S) override {
    Team.onWorkerProgress(Worker, S);
  }
  void onSideClosed(const ClosedSide &C) override {
    std::lock_guard<std::mutex> Lock(Team.ListenerUse);
    ClosedSide Out = C;
    Out.Test = Team.runNumber(C.Test);
    Team.Listener->onSideClosed(Out);
  }
  void onReturnValuesSettled(uint64_t Test, ReturnValueSet How) override {
    std::lock_guard<std::mutex> Lock(Team.ListenerUse);
    Team.Listener->onReturnValuesSettled(Team.runNumber(Test), How);
  }
  void onExchange(const ExchangedTest &X) override {
    std::lock_guard<std::mutex> Lock(Team.ListenerUse);
    ExchangedTest Out = X;
    Out.Test = Team.runNumber(X.Test);
    Out.Seconds = Team.Budget.elapsed();
    Team.Listener->onExchange(Out);
  }

private:
  ParallelExplorer &Team;
  unsigned Worker;
};

/// The rest of a run that spans processes, as the workers see it: work
/// going there names its test by the run's number, not by a worker's tag,
/// which means nothing in another process.
class ParallelExplorer::Outward : public Upstream {
public:
  Outward(ParallelExplorer &Team, Upstream &Out) : Team(Team), Out(Out) {}
  bool wanted() const override { return Out.wanted(); }
  void give(SharedWork W) override {
    {
      std::lock_guard<std::mutex> Lock(Team.ListenerUse);
      W.NegatedTest = Team.runNumber(W.NegatedTest);
    }
    Out.give(std::move(W));
  }
  std::optional<SharedWork> wait() override { return Out.wait(); }

private:
  ParallelExplorer &Team;
  Upstream &Out;
};

ParallelExplorer::ParallelExplorer(const Program &P,
                                   const llvm::Function &Entry,
                                   const ExploreOptions &Opts, unsigned Workers,
                                   bool Forking, const ProcessShare &Part)
    : Explorer(P, Entry, Opts),
      Elsewhere(Part.Elsewhere
                    ? std::make_unique<Outward>(*this, *Part.Elsewhere)
                    : nullptr),
      Coord(std::make_unique<Coordinator>(Workers, Elsewhere.get(),
                                          Part.FirstWorker)),
      Forking(Forking), Figures(Workers), Last(Workers),
      CoverageLearned(Workers), LastTest(Part.TestBase),
      MaxIterations(Opts.MaxIterations),
      Unused(makeSearcher({Opts.Strat, Opts.Seed, nullptr}, P.module(), Cov)) {
  ExploreOptions Own = Opts;
  Own.MaxIterations = 0; // Counted over all workers, by the team.
  for (unsigned I = 0; I < Workers; ++I) {
    unsigned Index = Part.FirstWorker + I;
    Own.Seed = Opts.Seed + Index; // Random choices of their own.
    if (Forking)
      Team.push_back(std::make_unique<ForkExplorer>(P, Entry, Own));
    else
      Team.push_back(std::make_unique<ConcolicExplorer>(P, Entry, Own));
    Team.back()->shareWith(*Coord, Index);
    Relays.push_back(std::make_unique<Relay>(*this, I));
  }
  if (Part.FirstWork)
    Coord->give(*Part.FirstWork);
}

ParallelExplorer::~ParallelExplorer() {
  stopAll("interrupted");
  for (std::thread &T : Threads)
    T.join();
}

void ParallelExplorer::exchangeWith(InputExchange &X) {
  assert(!Forking && "the fuzzing phase feeds the concolic search");
  static_cast<ConcolicExplorer &>(*Team.front()).exchangeWith(X);
}

std::vector<ForkExplorer *> ParallelExplorer::forkWorkers() const {
  if (!Forking)
    throw std::logic_error("a concolic team has no execution trees");
  std::vector<ForkExplorer *> Out;
  for (const auto &W : Team)
    Out.push_back(static_cast<ForkExplorer *>(W.get()));
  return Out;
}

/// The workers' parts of a forking team's tree.
static std::vector<TreePart> treeParts(llvm::ArrayRef<ForkExplorer *> Team) {
  std::vector<TreePart> Parts;
  for (const ForkExplorer *W : Team)
    Parts.push_back(W->treePart());
  return Parts;
}

std::unique_ptr<ExecutionTree>
ParallelExplorer::joinedTree(llvm::function_ref<uint64_t(uint64_t)> Number,
                             size_t MaxNodes) const {
  auto InRun = [&](uint64_t N) { return Number(runNumber(N)); };
  return joinTrees(treeParts(forkWorkers()), InRun, MaxNodes);
}

size_t ParallelExplorer::joinedTreeSize() const {
  return joinedSize(treeParts(forkWorkers()));
}

std::unique_ptr<PathTree>
ParallelExplorer::joinedPathTree(llvm::function_ref<uint64_t(uint64_t)> Number,
                                 size_t MaxNodes) const {
  if (Forking)
    throw std::logic_error("a forking team has no path tree");
  std::vector<const PathTree *> Trees;
  for (const auto &W : Team) {
    Trees.push_back(&static_cast<const ConcolicExplorer &>(*W).tree());
    if (Trees.back()->numNodes() > MaxNodes)
      return nullptr;
  }
  auto InRun = [&](uint64_t N) { return Number(runNumber(N)); };
  auto Joined = std::make_unique<PathTree>();
  for (const PathTree *T : Trees)
    Joined->add(*T, InRun);
  return Joined;
}

void ParallelExplorer::runShared(const SharedWork &) {
  throw std::logic_error("a parallel run is not a worker of another");
}

void ParallelExplorer::guide(const TargetGuide &G) {
  for (auto &W : Team) {
    TargetGuide Own = G;
    ExprTransfer Into(W->context());
    if (G.Apc)
      Own.Apc = Into.copy(G.Apc);
    Own.Seed = Into.copy(G.Seed);
    W->guide(Own);
  }
}

/// Resuming: the first worker runs the earlier tests again, on this thread
/// and before any other worker starts, so it holds the whole rebuilt tree
/// and claims every open side; the others then take work from it as from
/// any worker.
bool ParallelExplorer::restore(const ResumePoint &From) {
  LastTest = std::max(LastTest, From.LastTest);
  EarlierRuns = From.Runs;
  if (From.Tests.empty())
    return true; // start() begins as a new run does.
  ResumePoint Own = From;
  ExprTransfer Into(Team.front()->context());
  for (StoredTest &T : Own.Tests)
    T.Input = Into.copy(T.Input);
  Team.front()->start(*Relays.front(), &Own);
  FirstStarted = true;
  begin();
  return Team.front()->restored();
}

void ParallelExplorer::begin() {
  for (unsigned I = 0; I < Team.size(); ++I)
    Threads.emplace_back([this, I] { work(I); });
}

bool ParallelExplorer::step() {
  for (std::thread &T : Threads)
    T.join();
  Threads.clear();
  if (Failure)
    std::rethrow_exception(Failure);
  return false;
}

/// A worker's thread: its own search until it runs out of sides, then the
/// inputs the others hand over, until no worker has anything left or the
/// run ends.
void ParallelExplorer::work(unsigned I) {
  Explorer &W = *Team[I];
  try {
    if (I > 0 || !FirstStarted)
      W.start(*Relays[I]);
    for (;;) {
      while (W.step()) {
      }
      if (!W.stats().StopReason.empty()) { // A budget, a signal, the target.
        stopAll(W.stats().StopReason);
        break;
      }
      auto Began = std::chrono::steady_clock::now();
      std::optional<SharedWork> Item = Coord->wait();
      {
        std::lock_guard<std::mutex> Lock(ListenerUse);
        Figures[I].IdleSeconds += secondsSince(Began);
        Figures[I].Received += Item.has_value();
      }
      if (!Item)
        break;
      W.runShared(*Item);
    }
    W.finish();
  } catch (...) {
    std::lock_guard<std::mutex> Lock(StopUse);
    if (!Failure)
      Failure = std::current_exception();
    stopAllLocked("interrupted");
  }
}

void ParallelExplorer::onWorkerPath(const PathResult &R) {
  std::lock_guard<std::mutex> Lock(ListenerUse);
  PathResult Out = R;
  Assignment In = inContext(Ctx, *R.Input);
  Out.Input = &In;
  for (auto &[Arr, Req] : Out.Created)
    Arr = Ctx.array(Arr->Name, Arr->Size);
  // Numbered as they reach the listener, which writes them in this order.
  if (R.Index & WorkerTest)
    Out.Index = Numbers[R.Index] = ++LastTest;
  Out.NegatedTest = runNumber(R.NegatedTest);
  Out.VariantOf = runNumber(R.VariantOf);
  if (R.ReachedTarget && !TargetTest)
    TargetTest = Out.Index;
  // New to the run, not only to the worker.
  if (R.Covered)
    Out.NewCoverage = Cov.markPath(*R.Covered) > 0;
  Out.Seconds = Budget.elapsed();
  Out.PathsDone = Reported += !R.VariantOf;
  Listener->onNewPath(Out);
  ListenerSeconds += Budget.elapsed() - Out.Seconds;
}

void ParallelExplorer::onWorkerProgress(unsigned Worker,
                                        const ExplorationStats &S) {
  std::lock_guard<std::mutex> Lock(ListenerUse);
  Last[Worker] = S;
  // On the worker's thread: its coverage is its own to change.
  if (Budget.elapsed() - CoverageLearned[Worker] >= ProgressInterval) {
    Team[Worker]->learnCoverage(Cov);
    CoverageLearned[Worker] = Budget.elapsed();
  }
  uint64_t Runs = 0;
  for (const ExplorationStats &L : Last)
    Runs += L.Runs;
  if (MaxIterations && Runs >= EarlierRuns + MaxIterations)
    stopAll("max-iterations");
  if (Budget.elapsed() - LastProgress < ProgressInterval)
    return;
  LastProgress = Budget.elapsed();
  ExplorationStats Sum;
  for (const ExplorationStats &L : Last)
    addStats(Sum, L);
  Sum.Seconds = LastProgress;
  Sum.TargetTest = TargetTest;
  Sum.Workers = Figures;
  Sum.ListenerSeconds = ListenerSeconds;
  Listener->onProgress(Sum);
  ListenerSeconds += Budget.elapsed() - LastProgress;
}

void ParallelExplorer::stopAll(const std::string &Reason) {
  std::lock_guard<std::mutex> Lock(StopUse);
  stopAllLocked(Reason);
}

void ParallelExplorer::stopAllLocked(const std::string &Reason) {
  if (FirstStop.empty())
    FirstStop = Reason;
  for (auto &W : Team)
    W->stop();
  Coord->stop();
}

/// The run's statistics are the workers' summed; its coverage takes what
/// their runs covered without a path to report (e.g. a broken assumption).
void ParallelExplorer::end() {
  ExplorationStats Sum;
  for (unsigned I = 0; I < Team.size(); ++I) {
    const ExplorationStats &W = Team[I]->stats();
    addStats(Sum, W);
    Cov.include(Team[I]->coverage());
    Figures[I].Runs = W.Runs;
    Figures[I].Tests = W.Tests;
    Figures[I].Donated = W.Donated;
  }
  llvm::erase_if(Sum.BeyondAssumptions, [&](const PathDecision &D) {
    return !Cov.edgeUncovered(D.Inst, D.Taken ? 0 : 1);
  });
  Sum.OpenSides += Coord->unrun();
  Sum.StopReason = FirstStop; // None when the workers ran out of work.
  Sum.Seconds = Budget.elapsed();
  Sum.Workers = Figures;
  Sum.ListenerSeconds = ListenerSeconds;
  Sum.Claims = Coord->claims();
  Sum.TargetTest = TargetTest;
  settleCompleteness(Sum, Sum.OpenSides);
  Stats = std::move(Sum);
}

} // namespace theseus
