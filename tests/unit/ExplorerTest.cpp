//===- ExplorerTest.cpp - The exploration interface both drivers share ----===//
//
// An explorer can be run to its end or driven one step at a time, and
// stopped from outside; both drivers behave alike through the interface.
//
//===----------------------------------------------------------------------===//
#include "explore/Concolic.h"
#include "explore/Fork.h"
#include "explore/Parallel.h"
#include "explore/Wire.h"
#include "program/Program.h"

#include <algorithm>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <unistd.h>

namespace theseus {
namespace {

const char *const Source = R"C(
int classify(int x, int y) {
  if (x > 100) {
    if (y < 0)
      return 1;
    return 2;
  }
  if (x == 7)
    return 3;
  if (y == 5)
    return 4;
  return 0;
}
int count_ones(const int *a, int n) {
  if (n > 16)
    return -1;
  int ones = 0;
  for (int i = 0; i < n; i++)
    if (a[i] == 1)
      ones++;
  if (n > 3) {
    if (n < 2)
      return 9;
  }
  return ones > 0;
}
int ranges(int x) {
  if (x > 10) {
    if (x < 5)
      return 9;
    return 1;
  }
  if (x == 3)
    return 2;
  return 0;
}
float f(float x) {
  return x - (x * x * x) / 6.0f + (x * x * x * x * x) / 120.0f +
         (x * x * x * x * x * x * x) / 5040.0f;
}
float fp(float x) {
  return 1 - (x * x) / 2.0f + (x * x * x * x) / 24.0f +
         (x * x * x * x * x * x) / 720.0f;
}
int newton(float in) {
  if (!(in > -1.2f && in < 1.2f))
    return 0;
  float x = in - f(in) / fp(in);
  x = x - f(x) / fp(x);
  x = x - f(x) / fp(x);
  if (!(x < 0.1))
    return 1;
  return 2;
}
)C";

/// The source line of the first occurrence of `Text`.
unsigned lineOf(const char *Text) {
  std::string S = Source;
  return 1 + std::count(S.begin(), S.begin() + S.find(Text), '\n');
}

/// Collects the ids of new paths and the tests' numbers; stops the
/// explorer at the `StopAt`th.
struct PathIds : ExplorationListener {
  void onNewPath(const PathResult &R) override {
    if (!R.VariantOf)
      Ids.insert(R.PathId);
    Numbers.insert(R.Index);
    if (++Count == StopAt)
      E->stop();
  }
  std::set<uint64_t> Ids, Numbers;
  uint64_t Count = 0;
  uint64_t StopAt = 0;
  Explorer *E = nullptr;
};

/// Keeps what the run database keeps for resuming: each test's input and
/// route, the sides closed without a run; stops the explorer once it has
/// closed a side when `StopAtClosed` (the concolic driver reports the side,
/// the forking driver keeps it in the route of the path that ends).
struct Record : ExplorationListener {
  void onNewPath(const PathResult &R) override {
    Results.push_back({R.Index, R.Restored, R.PathId});
    if (R.Restored || R.Outcome->End == PathEnd::Interrupted)
      return;
    if (StopAtClosed && E->stats().Infeasible)
      E->stop();
    StoredTest T;
    T.Number = R.Index;
    T.Input = *R.Input;
    T.Run = R.Run;
    T.VariantOf = R.VariantOf;
    T.Route = R.Route;
    From.Tests.push_back(T);
  }
  void onSideClosed(const ClosedSide &C) override {
    From.Closed.push_back(C);
    if (StopAtClosed)
      E->stop();
  }
  struct Result {
    uint64_t Index;
    bool Restored;
    uint64_t PathId;
  };
  std::vector<Result> Results;
  ResumePoint From;
  bool StopAtClosed = false;
  Explorer *E = nullptr;
};

/// The parameter: whether the forking driver is under test.
class ExplorerTest : public ::testing::TestWithParam<bool> {
protected:
  void SetUp() override {
    Dir = std::filesystem::temp_directory_path() /
          ("theseus-explorer-" + std::to_string(getpid()));
    std::filesystem::create_directories(Dir);
    std::ofstream(Dir / "classify.c") << Source;
    CompileOptions Opts;
    Opts.Sources = {(Dir / "classify.c").string()};
    Prog = Program::load(Opts);
  }
  void TearDown() override { std::filesystem::remove_all(Dir); }

  std::unique_ptr<Explorer> explorer(const char *Entry = "classify",
                                     const ExploreOptions &Opts = {}) {
    const llvm::Function &F = Prog->selectEntry(Entry);
    if (GetParam())
      return std::make_unique<ForkExplorer>(*Prog, F, Opts);
    return std::make_unique<ConcolicExplorer>(*Prog, F, Opts);
  }
  std::unique_ptr<Explorer> team(unsigned Workers, const char *Entry,
                                 const ExploreOptions &Opts) {
    Prog->prepareForThreads();
    return std::make_unique<ParallelExplorer>(*Prog, Prog->selectEntry(Entry),
                                              Opts, Workers, GetParam());
  }

  std::filesystem::path Dir;
  std::unique_ptr<Program> Prog;
};

TEST_P(ExplorerTest, StepByStepExploresWhatARunExplores) {
  PathIds ByRun;
  ExplorationStats Run = explorer()->run(ByRun);
  EXPECT_EQ(Run.StopReason, "exhausted");
  EXPECT_EQ(ByRun.Ids.size(), 5u);

  std::unique_ptr<Explorer> E = explorer();
  PathIds BySteps;
  E->start(BySteps);
  unsigned Steps = 0;
  while (E->step()) {
    ++Steps;
    EXPECT_LE(BySteps.Count, 5u);
  }
  EXPECT_GE(Steps, 4u);    // At least one step per path after the first.
  EXPECT_FALSE(E->step()); // Done stays done.
  ExplorationStats Stepped = E->finish();
  EXPECT_EQ(BySteps.Ids, ByRun.Ids);
  EXPECT_EQ(Stepped.Paths, Run.Paths);
  EXPECT_EQ(Stepped.StopReason, "exhausted");
  EXPECT_TRUE(Stepped.Complete);
}

TEST_P(ExplorerTest, WorkersOnThreadsFindWhatOneFinds) {
  ExploreOptions Opts;
  Opts.Buffers.Elements = 6;
  PathIds One;
  std::unique_ptr<Explorer> Single = explorer("count_ones", Opts);
  ExplorationStats Alone = Single->run(One);
  ASSERT_TRUE(Alone.Complete);
  ASSERT_GT(One.Ids.size(), 50u);

  PathIds Three;
  std::unique_ptr<Explorer> E = team(3, "count_ones", Opts);
  ExplorationStats Together = E->run(Three);
  EXPECT_TRUE(Together.Complete);
  EXPECT_EQ(Together.StopReason, "exhausted");
  EXPECT_EQ(Three.Ids, One.Ids);
  EXPECT_EQ(Together.Paths, Alone.Paths);
  EXPECT_EQ(Together.Infeasible, Alone.Infeasible);
  EXPECT_EQ(Together.Divergences, 0u);
  EXPECT_EQ(E->coverage().branchesCovered(),
            Single->coverage().branchesCovered());
  EXPECT_EQ(E->coverage().linesCovered(), Single->coverage().linesCovered());
  // Numbers 1..N, each once.
  EXPECT_EQ(Three.Numbers.size(), Together.Tests);
  EXPECT_EQ(*Three.Numbers.rbegin(), Together.Tests);
  ASSERT_EQ(Together.Workers.size(), 3u);
  uint64_t Runs = 0;
  for (const WorkerFigures &W : Together.Workers)
    Runs += W.Runs;
  EXPECT_EQ(Runs, Together.Runs);
}

// Fork mode: past --max-resident-states waiting states, a forked state
// waits as its input alone and runs from the entry when picked. With one
// kept, the run finds the paths of a run that keeps every copy, in the
// same order (the search sees the same states), and each state run from
// the entry arrives at its node.
TEST_P(ExplorerTest, StatesWaitingAsTheirInputFindWhatCopiesFind) {
  if (!GetParam())
    GTEST_SKIP() << "fork mode only";
  ExploreOptions Opts;
  Opts.Buffers.Elements = 6;
  Opts.MaxResidentStates = 0; // No limit.
  PathIds Copies;
  ExplorationStats Kept = explorer("count_ones", Opts)->run(Copies);
  ASSERT_TRUE(Kept.Complete);
  ASSERT_GT(Copies.Ids.size(), 50u);
  EXPECT_EQ(Kept.StatesRunAgain, 0u);

  Opts.MaxResidentStates = 1;
  PathIds Inputs;
  ExplorationStats Rerun = explorer("count_ones", Opts)->run(Inputs);
  EXPECT_TRUE(Rerun.Complete);
  EXPECT_EQ(Inputs.Ids, Copies.Ids);
  EXPECT_EQ(Inputs.Numbers, Copies.Numbers);
  EXPECT_EQ(Rerun.Paths, Kept.Paths);
  EXPECT_EQ(Rerun.Infeasible, Kept.Infeasible);
  EXPECT_EQ(Rerun.TreeNodes, Kept.TreeNodes);
  EXPECT_EQ(Rerun.Divergences, 0u);
  EXPECT_GT(Rerun.StatesRunAgain, Rerun.Runs / 2);
}

/// Teams of workers as the processes of a --distributed=mpi run see each
/// other, in this one: each team keeps its own claims, work travels
/// between them as bytes through a WorkRouter (rank 0's), and what they
/// find reaches a listener that decodes it for a program loaded apart.
class RouterLink : public Upstream {
public:
  struct Shared {
    std::mutex Use;
    std::condition_variable Delivered;
    WorkRouter Router{2};
    std::map<unsigned, std::optional<std::string>> Mail;

    void deliver(const std::vector<WorkRouter::Delivery> &Ds) {
      for (const WorkRouter::Delivery &D : Ds)
        Mail[D.To] = D.Work;
      Delivered.notify_all();
    }
  };
  RouterLink(Shared &S, unsigned Me) : S(S), Me(Me) {}
  bool wanted() const override {
    std::lock_guard<std::mutex> Lock(S.Use);
    return S.Router.hungry();
  }
  void give(SharedWork W) override {
    std::lock_guard<std::mutex> Lock(S.Use);
    S.deliver(S.Router.give(WireFormat::encodeWork(W)));
  }
  std::optional<SharedWork> wait() override {
    std::unique_lock<std::mutex> Lock(S.Use);
    if (Waiting) {
      ADD_FAILURE() << "two workers of one team ask at once";
      return std::nullopt;
    }
    Waiting = true;
    S.deliver(S.Router.idle(Me));
    S.Delivered.wait(Lock, [&] { return S.Mail.count(Me) > 0; });
    Waiting = false;
    std::optional<std::string> Work = S.Mail[Me];
    S.Mail.erase(Me);
    if (!Work)
      return std::nullopt;
    ++Received;
    return WireFormat::decodeWork(*Work);
  }
  void end() {
    std::lock_guard<std::mutex> Lock(S.Use);
    S.deliver(S.Router.ended(Me));
  }
  unsigned Received = 0;

private:
  Shared &S;
  unsigned Me;
  bool Waiting = false;
};

/// Decodes each path for another load of the program, as rank 0 does.
struct DecodingListener : ExplorationListener {
  DecodingListener(const Program &P) : Format(P, Ctx), Cov(P.module()) {}
  void onNewPath(const PathResult &R) override {
    std::lock_guard<std::mutex> Lock(Use);
    std::unique_ptr<ReceivedPath> In = Format.decodePath(Format.encodePath(R));
    EXPECT_EQ(In->Result.PathId, R.PathId);
    EXPECT_EQ(In->Result.Explanation.decisions().size(),
              R.Explanation.decisions().size());
    if (!In->Result.VariantOf)
      Ids.insert(In->Result.PathId);
    Numbers.insert(In->Result.Index);
    if (In->Result.Covered)
      Cov.markPath(*In->Result.Covered);
  }
  std::mutex Use;
  ExprContext Ctx;
  WireFormat Format;
  Coverage Cov;
  std::set<uint64_t> Ids, Numbers;
};

TEST_P(ExplorerTest, TeamsThatShareOnlyWorkFindWhatOneFinds) {
  ExploreOptions Opts;
  Opts.Buffers.Elements = 6;
  PathIds One;
  std::unique_ptr<Explorer> Single = explorer("count_ones", Opts);
  ExplorationStats Alone = Single->run(One);
  ASSERT_TRUE(Alone.Complete);

  CompileOptions Load;
  Load.Sources = {(Dir / "classify.c").string()};
  std::unique_ptr<Program> Rank0 = Program::load(Load);
  DecodingListener Found(*Rank0);
  RouterLink::Shared Router;
  std::vector<std::unique_ptr<RouterLink>> Links;
  std::vector<std::unique_ptr<Explorer>> Teams;
  Prog->prepareForThreads();
  for (unsigned T = 1; T <= 2; ++T) {
    Links.push_back(std::make_unique<RouterLink>(Router, T));
    Teams.push_back(std::make_unique<ParallelExplorer>(
        *Prog, Prog->selectEntry("count_ones"), Opts, 2, GetParam(),
        ProcessShare{2 * (T - 1), uint64_t(T) << 40, Links.back().get(),
                     std::nullopt}));
  }
  std::vector<ExplorationStats> Stats(2);
  std::vector<std::thread> Running;
  for (unsigned T = 0; T < 2; ++T)
    Running.emplace_back([&, T] {
      Stats[T] = Teams[T]->run(Found);
      Links[T]->end();
    });
  for (std::thread &R : Running)
    R.join();

  EXPECT_EQ(Found.Ids, One.Ids);
  EXPECT_EQ(Stats[0].Paths + Stats[1].Paths, Alone.Paths);
  EXPECT_EQ(Stats[0].Divergences + Stats[1].Divergences, 0u);
  EXPECT_GT(Links[1]->Received, 0u); // The second team ran handed work.
  EXPECT_EQ(Router.Router.kept(), 0u);
  EXPECT_TRUE(Stats[0].Complete && Stats[1].Complete);
  // Numbers of one team each, never repeated.
  EXPECT_EQ(Found.Numbers.size(), Stats[0].Tests + Stats[1].Tests);
  // Coverage numbered alike in both loads of the program.
  EXPECT_EQ(Found.Cov.branchesCovered(), Single->coverage().branchesCovered());
  EXPECT_EQ(Found.Cov.linesCovered(), Single->coverage().linesCovered());
}

TEST_P(ExplorerTest, StoppingATeamStopsEveryWorker) {
  ExploreOptions Opts;
  Opts.Buffers.Elements = 6;
  std::unique_ptr<Explorer> E = team(2, "count_ones", Opts);
  PathIds Listener;
  Listener.StopAt = 3;
  Listener.E = E.get();
  ExplorationStats S = E->run(Listener);
  EXPECT_EQ(S.StopReason, "interrupted");
  EXPECT_FALSE(S.Complete);
  EXPECT_EQ(Listener.Count, S.Tests);
}

TEST_P(ExplorerTest, StopEndsTheRunAsASignalDoes) {
  std::unique_ptr<Explorer> E = explorer();
  PathIds Listener;
  Listener.StopAt = 2;
  Listener.E = E.get();
  ExplorationStats S = E->run(Listener);
  EXPECT_EQ(S.StopReason, "interrupted");
  EXPECT_FALSE(S.Complete);
  EXPECT_EQ(S.Paths, 2u);
  EXPECT_EQ(E->stats().Paths, 2u);
  // The forking driver writes each state still waiting as a test of its
  // own, marked interrupted.
  EXPECT_EQ(Listener.Count, S.Tests);
  EXPECT_EQ(S.Tests - S.Paths, S.InterruptedPaths);
}

TEST_P(ExplorerTest, ASideOnlyTheLengthLinkExcludesIsToldApart) {
  PathIds Listener;
  ExploreOptions Opts;
  Opts.Buffers.Elements = 4;
  std::unique_ptr<Explorer> E = explorer("count_ones", Opts);
  ExplorationStats S = E->run(Listener);
  EXPECT_TRUE(S.Complete);
  // n > 16 is infeasible for n <= 4 only; n < 2 after n > 3 is infeasible
  // for any n.
  ASSERT_EQ(S.BeyondAssumptions.size(), 1u);
  EXPECT_EQ(sourceLocOf(S.BeyondAssumptions[0].Inst).Line,
            lineOf("if (n > 16)"));
  EXPECT_TRUE(S.BeyondAssumptions[0].Taken);
  EXPECT_TRUE(llvm::any_of(E->assumptions(), [](const InputAssumption &A) {
    return A.Kind == "length-link" && A.Input == "n" && A.Max == 4;
  }));

  Opts.Buffers.LinkLengths = false;
  Opts.MaxIterations = 20;
  E = explorer("count_ones", Opts);
  S = E->run(Listener);
  EXPECT_TRUE(S.BeyondAssumptions.empty());
  EXPECT_FALSE(llvm::any_of(E->assumptions(), [](const InputAssumption &A) {
    return A.Kind == "length-link";
  }));
}

// Stopped once it has closed a side (proved infeasible), the run resumes
// from its tests and closed sides (or routes): the earlier tests come back
// restored with their numbers, the side is closed again without the
// solver, and the run ends exhausted with the paths of a run from the
// start, its new tests numbered after the earlier ones.
TEST_P(ExplorerTest, AResumedRunGoesOnWhereItStopped) {
  PathIds Full;
  ExplorationStats Whole = explorer("ranges")->run(Full);
  ASSERT_EQ(Whole.Infeasible, 1u);

  std::unique_ptr<Explorer> First = explorer("ranges");
  Record Part1;
  Part1.StopAtClosed = true;
  Part1.E = First.get();
  ExplorationStats S1 = First->run(Part1);
  ASSERT_EQ(S1.StopReason, "interrupted");
  ASSERT_EQ(Part1.From.Closed.size(), GetParam() ? 0u : 1u);
  Part1.From.LastTest = S1.Tests;
  Part1.From.Runs = S1.Runs;

  std::unique_ptr<Explorer> Second = explorer("ranges");
  Record Part2;
  ExplorationStats S2 = Second->run(Part2, &Part1.From);
  EXPECT_TRUE(Second->restored());
  EXPECT_EQ(S2.StopReason, "exhausted");
  EXPECT_TRUE(S2.Complete);
  EXPECT_EQ(S2.Paths, Whole.Paths);
  EXPECT_EQ(S2.Infeasible, 1u);
  EXPECT_TRUE(Part2.From.Closed.empty()); // Not asked again.
  std::set<uint64_t> Ids;
  size_t Restored = 0;
  for (const Record::Result &R : Part2.Results) {
    Ids.insert(R.PathId);
    if (R.Restored) {
      EXPECT_EQ(R.Index, Part1.From.Tests[Restored++].Number);
    } else {
      EXPECT_GT(R.Index, S1.Tests);
    }
  }
  EXPECT_EQ(Restored, Part1.From.Tests.size());
  EXPECT_EQ(Ids, Full.Ids);
  EXPECT_EQ(S2.Runs, S1.Runs + (Part2.Results.size() - Restored));
}

/// Records the values the paths return.
struct ReturnedValues : ExplorationListener {
  void onNewPath(const PathResult &R) override {
    if (R.Outcome->HasValue)
      Values.insert(R.Outcome->Value);
  }
  std::set<uint64_t> Values;
};

// Three Newton steps in float: a solver that gives up at once leaves the
// side `x >= 0.1` undecided; the search by evaluation finds a model of it
// in either driver, so the side is run (its path returns 1), not given up.
TEST_P(ExplorerTest, AFloatSideTheSolverLeavesUndecidedIsTakenByEvaluation) {
  ExploreOptions Opts;
  Opts.SolverTimeoutMs = 1;
  ReturnedValues Listener;
  ExplorationStats S = explorer("newton", Opts)->run(Listener);
  EXPECT_GE(S.FloatSearchModels, 1u);
  EXPECT_TRUE(Listener.Values.count(1));
}

INSTANTIATE_TEST_SUITE_P(BothDrivers, ExplorerTest, ::testing::Bool(),
                         [](const auto &Info) {
                           return Info.param ? "Fork" : "Concolic";
                         });

} // namespace
} // namespace theseus
