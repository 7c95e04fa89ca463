//===- Run.cpp - One exploration of a program, start to end ---------------===//
#include "engine/Run.h"

#include "distributed/Distributed.h"
#include "engine/Fuzzing.h"
#include "engine/Resume.h"
#include "engine/RunRecord.h"
#include "engine/StatusLine.h"
#include "engine/TargetRace.h"
#include "exec/Native.h"
#include "explore/Concolic.h"
#include "explore/Fork.h"
#include "explore/Parallel.h"
#include "explore/SelfCheck.h"
#include "program/Program.h"
#include "report/Show.h"
#include "report/Summary.h"
#include "report/TestComp.h"
#include "report/TreeWriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fmt/format.h>
#include <future>

#ifndef THESEUS_VERSION
#define THESEUS_VERSION ""
#endif
#ifndef THESEUS_INCLUDE_DIR
#define THESEUS_INCLUDE_DIR ""
#endif

namespace theseus {

namespace {

std::string absolute(const std::string &Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}

/// Compiles native-only sources to a shared library and loads it, so that
/// calls to their functions run natively (DART's `unknown`, in Steffen and
/// Stolz's course script).
void loadNativeCode(const std::vector<std::string> &Files,
                    const std::vector<std::string> &CFlags,
                    const TempDir &Tmp) {
  unsigned Index = 0;
  for (const std::string &F : Files) {
    std::string Lib = F;
    if (llvm::sys::path::extension(F) != ".so") {
      if (!llvm::sys::fs::exists(F))
        throw InputError{fmt::format("no such file: {}", F)};
      Lib = fmt::format("{}/native{}.so", Tmp.path(), Index++);
      std::vector<std::string> Argv = {findClang(), "-shared", "-fPIC", "-O0",
                                       "-g"};
      Argv.insert(Argv.end(), CFlags.begin(), CFlags.end());
      Argv.insert(Argv.end(), {F, "-o", Lib});
      runCompiler(Argv, F);
    }
    try {
      NativeCaller::loadLibrary(Lib);
    } catch (const std::runtime_error &E) {
      throw InputError{E.what()};
    }
  }
}

/// Passes new paths to the test writer, keeps the summary current, and
/// keeps the status line up to date.
class Progress : public ExplorationListener {
public:
  Progress(ExplorationListener &Inner, BugConfirmer &Confirm,
           SummaryKeeper &Keeper, StatusLine &Status)
      : Inner(Inner), Confirm(Confirm), Keeper(Keeper), Status(Status) {}

  void onNewPath(const PathResult &R) override {
    Inner.onNewPath(R);
    Confirm.onNewPath();
    Keeper.onNewPath();
    if (R.Restored) {
      ++Restored.Tests;
      Restored.Seconds = secondsSince(Started);
    }
  }
  /// Resuming: the earlier tests run again, and the time they took.
  const RestoreFigures &restored() const { return Restored; }
  void onProgress(const ExplorationStats &S) override {
    Keeper.onProgress(S);
    Status.update(S);
  }
  void onSideClosed(const ClosedSide &C) override { Inner.onSideClosed(C); }
  void onReturnValuesSettled(uint64_t Test, ReturnValueSet How) override {
    Inner.onReturnValuesSettled(Test, How);
  }
  void onExchange(const ExchangedTest &X) override { Inner.onExchange(X); }

private:
  ExplorationListener &Inner;
  BugConfirmer &Confirm;
  SummaryKeeper &Keeper;
  StatusLine &Status;
  std::chrono::steady_clock::time_point Started =
      std::chrono::steady_clock::now();
  RestoreFigures Restored;
};

/// The run database: a new one, or the resumed run's.
std::unique_ptr<RunDatabase> runDatabase(const RunOptions &O) {
  std::string Path = O.OutDir + "/" + RunDatabaseName;
  try {
    return O.Resume ? RunDatabase::openToContinue(Path)
                    : RunDatabase::create(Path);
  } catch (const StoreError &E) {
    throw InputError{E.what()};
  }
}

/// This part of the run: when, by which Theseus, with which command line
/// (and from where), on which program.
PartRow partRow(const RunOptions &O, const ProgramDescription &Desc,
                const std::string &ModuleHash) {
  PartRow P;
  std::time_t Now = std::time(nullptr);
  char Started[32];
  std::strftime(Started, sizeof Started, "%Y-%m-%dT%H:%M:%SZ",
                std::gmtime(&Now));
  P.Started = Started;
  P.TheseusVersion = THESEUS_VERSION;
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  P.Options =
      nlohmann::json{{"command_line", O.CommandLine}, {"cwd", std::string(Cwd)}}
          .dump();
  P.Program = Desc.toJson().dump();
  P.ModuleHash = ModuleHash;
  return P;
}

/// A signal stopped the resumed run before it had rebuilt its state:
/// what it did is not a state to keep, so the run directory's results
/// stay as the earlier parts left them.
int abandonResume(const RunOptions &O, RunDatabase &Db, int64_t Part,
                  const EarlierParts &Earlier) {
  std::fprintf(stderr,
               "theseus: interrupted while resuming; the results in "
               "%s are those of the earlier parts\n",
               O.OutDir.c_str());
  if (!Earlier.LastSummary.empty())
    writeJsonFile(O.OutDir + "/summary.json",
                  nlohmann::json::parse(Earlier.LastSummary));
  Db.endPart(Part, "interrupted", Earlier.LastSummary);
  return NoBug;
}

/// An explorer of a long run owns millions of expressions and tree nodes;
/// freeing them one by one took seconds past --max-time, after every result
/// was written. Like clang's -disable-free, the process leaves that to the
/// kernel: the explorer stays reachable from here until exit.
template <typename T> T &keepUntilExit(std::unique_ptr<T> Object) {
  static std::vector<std::shared_ptr<void>> Kept;
  T &Ref = *Object;
  Kept.push_back(std::shared_ptr<void>(Object.release(), [](void *) {}));
  return Ref;
}

/// --self-check of a forking run made by `Team` (one worker, or -j's):
/// the result goes into `Summary` and to the console; false when the
/// engine disagreed with concrete execution.
bool checkEngine(const RunOptions &O, const ExplorationStats &Stats,
                 llvm::ArrayRef<ForkExplorer *> Team, nlohmann::json &Summary) {
  // Random inputs must each land in a leaf when the search ran out of
  // states and none were dropped, left undecided, pinned away or pruned.
  bool Exhaustive =
      (Stats.StopReason == "exhausted" || Stats.StopReason == "bounded") &&
      !Stats.StatesDropped && !Stats.MemoryDropped && !Stats.SolverUnknown &&
      !Stats.Pinned && !Stats.ApcPruned;
  SelfCheckReport R =
      selfCheck(Team, Exhaustive, O.SelfCheckSamples, O.Explore.Seed);
  Summary["self_check"] = selfCheckJson(R);
  printSelfCheck(stdout, Summary["self_check"]);
  return R.passed();
}

/// Writes a forking run's tree `T` of `Size` nodes (all of them, or the
/// first --tree-max-nodes): tree.json, tree.dot and tree.svg when it has
/// at most --tree-max-nodes nodes, and its first nodes into run.db.
void writeForkTree(const RunOptions &O, const ExecutionTree &T, size_t Size,
                   const ExplorationStats &Stats, const TestWriter &Writer,
                   nlohmann::json &Summary) {
  if (Size <= O.TreeMaxNodes) {
    // Graphviz's layout does not fit in a spent time budget.
    bool RenderSvg = Stats.StopReason != "max-time";
    std::string Problem = writeTree(
        T, O.OutDir,
        [&](const PathOutcome &Out) { return Writer.returnValue(Out); },
        RenderSvg);
    if (!Problem.empty())
      std::fprintf(stderr, "theseus: %s\n", Problem.c_str());
  } else {
    std::fprintf(stderr,
                 "theseus: the tree has %zu nodes; tree.json and tree.dot "
                 "are written up to --tree-max-nodes=%zu\n",
                 Size, O.TreeMaxNodes);
  }
  Summary["tree_nodes"] = Size;
  if (RunDatabase *Db = Writer.database()) {
    recordTree(T, *Db, O.TreeMaxNodes);
    printStoredTree(O.OutDir, Size, stdout);
  }
}

/// Writes a concolic run's path tree as tree.json when it has at most
/// --tree-max-nodes nodes; a team's is joined from its workers' trees.
void writeConcolicTree(const RunOptions &O, const ConcolicExplorer *Single,
                       const ParallelExplorer *Team, const TestWriter &Writer) {
  if (Single) {
    if (Single->tree().numNodes() <= O.TreeMaxNodes)
      writePathTree(Single->tree(), O.OutDir);
    return;
  }
  auto Number = [&](uint64_t N) { return Writer.numberNow(N); };
  std::unique_ptr<PathTree> Joined =
      Team->joinedPathTree(Number, O.TreeMaxNodes);
  if (Joined && Joined->numNodes() <= O.TreeMaxNodes)
    writePathTree(*Joined, O.OutDir);
}

/// Whether the run numbers its tests again in tree order (TreeOrder.h) at
/// its end: it had several workers, whose order of reporting paths
/// changes from run to run, and it explored every path, so that another
/// run gives the same ones. A resumed run keeps the numbers of its earlier
/// parts, which their summaries name.
bool numbersInTreeOrder(const RunOptions &O, const ExplorationStats &Stats,
                        bool Resumed) {
  bool Workers = O.Jobs > 1 || O.DistributedMpi;
  bool Every = Stats.StopReason == "exhausted" || Stats.StopReason == "bounded";
  return Workers && Every && !Resumed;
}

/// Runs either driver, writing tests as they come and the reports at the
/// end; `AfterRun` adds what only one mode has to the summary, and returns
/// false when the engine checked itself and failed.
template <typename Fn>
int runExplorer(const RunOptions &O, const ProgramDescription &Desc,
                const std::string &ModuleHash, Explorer &E, Fn AfterRun) {
  std::unique_ptr<RunDatabase> Db = runDatabase(O);
  TestWriter Writer(O.OutDir, Desc, E.inputs());
  std::optional<EarlierParts> Earlier;
  if (O.Resume)
    Earlier = readEarlierParts(O.OutDir, *Db, Writer, E.context());
  int64_t Part = Db->beginPart(partRow(O, Desc, ModuleHash));
  Writer.recordIn(*Db, Part, E.coverage());
  if (O.WrittenTests == TestFiles::Suite)
    Writer.keepSuite(E.coverage());
  TestCompWriter Suite(Writer, O.OutDir,
                       {O.TestCompSuite, O.TestCompSpec, toString(O.Model), {}},
                       Desc);
  SummaryKeeper Keeper(O, Writer, E.coverage(), E.assumptions(), *Db);
  Replayer Replay;
  BugConfirmer Confirm(Writer, Replay, O.OutDir, O.ConfirmBugs);
  StatusLine Line(!O.Quiet, O.Explore.MaxTime, E.coverage(), Writer);
  Progress Status(Suite, Confirm, Keeper, Line);
  ExplorationStats Stats = E.run(Status, Earlier ? &Earlier->From : nullptr);
  Line.erase();
  if (!E.restored())
    return abandonResume(O, *Db, Part, *Earlier);
  if (numbersInTreeOrder(O, Stats, Earlier.has_value())) {
    for (size_t Bug : Writer.numberInTreeOrder())
      Confirm.confirm(Bug);
    Suite.numberAgain();
  }
  Writer.finishSuite();
  Suite.finish();
  std::optional<nlohmann::json> Check =
      checkClaim(O, Replay, *Db, Writer.tests(), Stats);

  RunReport Report{Stats,
                   Writer,
                   E.coverage(),
                   toString(O.Mode),
                   toString(O.Explore.Strat),
                   O.OutDir,
                   O.Explore.MaxMemoryMB,
                   &Keeper.finish(Stats),
                   &E.assumptions()};
  nlohmann::json Summary = summaryJson(Report);
  if (Check)
    Summary["native_check"] = *Check;
  if (Earlier)
    addParts(Summary, *Earlier, Part, Stats, Writer.tests(), Status.restored());
  if (O.Html) // Written last, from the files below.
    Summary["report"] = O.OutDir + "/report.html";
  printSummary(stdout, Summary);
  bool EngineOk = AfterRun(Summary, Stats, Writer);
  writeJsonFile(O.OutDir + "/summary.json", Summary);
  Writer.recordBugs();
  Db->endPart(Part, Stats.StopReason, Summary.dump());
  writeLcov(O.OutDir + "/coverage.info", E.coverage());
  if (O.Html && !writeReport(O.OutDir, /*EndOfRun=*/true)) {
    Summary.erase("report");
    writeJsonFile(O.OutDir + "/summary.json", Summary);
  }
  if (!EngineOk)
    return InternalError;
  // A bug its native run did not reproduce is a divergence, not a finding.
  bool Found = llvm::any_of(Writer.bugs(), [](const BugRecord &B) {
    return B.Confirmation != "unconfirmed";
  });
  return Found ? BugsFound : NoBug;
}

/// The command line after `--`, stdin (--stdin, --sym-stdin) and the
/// program name argv[0]. Theseus' own stdin is closed to the program, so a
/// read that reaches the host never waits on the terminal.
void setProgramInputs(RunOptions &O, ProgramDescription &Desc) {
  InputOptions &In = O.Explore.Inputs;
  In.CommandLine = parseCommandLine(O.ProgramArgs);
  In.CommandLine.ProgramName = llvm::sys::path::stem(O.Files.front()).str();
  O.Explore.Exec.SymbolicStdin = O.SymStdin;
  if (!O.StdinFile.empty()) {
    auto Buf = llvm::MemoryBuffer::getFile(O.StdinFile);
    if (!Buf)
      throw InputError{fmt::format("--stdin: cannot read {}", O.StdinFile)};
    if ((*Buf)->getBufferSize() > MaxStdinBytes)
      throw InputError{fmt::format("--stdin: {} is larger than {} bytes",
                                   O.StdinFile, MaxStdinBytes)};
    O.Explore.Exec.Stdin = (*Buf)->getBuffer().str();
    Desc.Stdin = O.Explore.Exec.Stdin;
  }
  if (!std::freopen("/dev/null", "r", stdin))
    throw InputError{"cannot close stdin"};
}

} // namespace

/// The run, or with `Job` this process's part of it.
static int explore(RunOptions &O, const MpiJob *Job) {
  ProgramDescription Desc;

  setProgramInputs(O, Desc);

  CompileOptions CO;
  for (const std::string &F : O.Files)
    CO.Sources.push_back(absolute(F));
  CO.CFlags = O.CFlags;
  CO.IncludeDir = THESEUS_INCLUDE_DIR;
  CO.UndefinedBehaviorChecks = O.CheckUndefinedBehavior;
  CO.Model = O.Model;
  TempDir Tmp;
  std::vector<std::string> NativeSources;
  for (const std::string &F : O.Native)
    NativeSources.push_back(absolute(F));
  loadNativeCode(NativeSources, O.CFlags, Tmp);
  // The apc's Z3 contexts are made while clang compiles the program.
  std::future<std::unique_ptr<ApcQueries>> ApcQueriesAhead;
  if (!O.Targets.empty() && !O.NoApc)
    ApcQueriesAhead = std::async(
        std::launch::async, [Validate = O.Explore.SolverChain.Validate] {
          return std::make_unique<ApcQueries>(Validate);
        });
  auto Prog = Program::load(CO);
  const llvm::Function &Entry = Prog->selectEntry(O.Entry);
  if (O.ApcOnly)
    return decideApcOnly(O, Entry, std::move(ApcQueriesAhead));

  std::string ModuleHash = Prog->moduleHash();
  if (Job && Job->Rank > 0) {
    // An exploring rank: rank 0 writes every result and says how it went.
    Prog->prepareForThreads();
    std::unique_ptr<TargetRace> Guiding;
    if (!O.Targets.empty()) {
      Guiding = std::make_unique<TargetRace>(O, *Prog, Entry,
                                             std::move(ApcQueriesAhead));
      if (!Guiding->needsSearch())
        return NoBug; // Rank 0 gives the verdict.
    }
    exploreForRank0(*Prog, Entry, O.Explore, O.Jobs,
                    O.Mode == ExploreMode::Fork, *Job, ModuleHash,
                    [&](Explorer &Team) {
                      if (Guiding)
                        Guiding->guideOnly(Team);
                    });
    return NoBug;
  }
  if (O.Resume)
    checkResumable(O, ModuleHash);
  else
    prepareOutDir(O.OutDir);
  Desc.Sources = CO.Sources;
  Desc.NativeSources = NativeSources;
  Desc.CFlags = O.CFlags;
  Desc.UndefinedBehaviorChecks = CO.UndefinedBehaviorChecks;
  Desc.Model = CO.Model;
  Desc.Entry = Entry.getName().str();
  Desc.Return = describeReturn(Entry);

  std::unique_ptr<TargetRace> Race;
  // --target: the apc decided beside the search `E`; a verdict it reaches
  // before the search starts ends the run.
  auto StartRace = [&](Explorer &E) -> std::optional<int> {
    if (O.Targets.empty())
      return std::nullopt;
    Race = std::make_unique<TargetRace>(O, *Prog, Entry,
                                        std::move(ApcQueriesAhead));
    return Race->start(E);
  };
  if (Job) {
    // No rank holds the whole tree: none is written.
    Explorer &Ranks = keepUntilExit(
        coordinateRanks(*Prog, Entry, O.Explore, *Job, ModuleHash, O.Ranks));
    if (std::optional<int> Done = StartRace(Ranks))
      return *Done;
    return runExplorer(O, Desc, ModuleHash, Ranks,
                       [&](nlohmann::json &Summary,
                           const ExplorationStats &Stats,
                           const TestWriter &Writer) {
                         if (Race)
                           Race->report(Stats, Writer, Summary);
                         return true;
                       });
  }
  if (O.Mode == ExploreMode::Fork && O.Jobs > 1) {
    Prog->prepareForThreads();
    ParallelExplorer &Team = keepUntilExit(std::make_unique<ParallelExplorer>(
        *Prog, Entry, O.Explore, O.Jobs, /*Forking=*/true));
    if (std::optional<int> Done = StartRace(Team))
      return *Done;
    return runExplorer(
        O, Desc, ModuleHash, Team,
        [&](nlohmann::json &Summary, const ExplorationStats &Stats,
            const TestWriter &Writer) {
          if (Race)
            Race->report(Stats, Writer, Summary);
          auto Number = [&](uint64_t N) { return Writer.numberNow(N); };
          writeForkTree(O, *Team.joinedTree(Number, O.TreeMaxNodes),
                        Team.joinedTreeSize(), Stats, Writer, Summary);
          return !O.SelfCheck ||
                 checkEngine(O, Stats, Team.forkWorkers(), Summary);
        });
  }
  if (O.Mode == ExploreMode::Fork) {
    ForkExplorer &Explorer =
        keepUntilExit(std::make_unique<ForkExplorer>(*Prog, Entry, O.Explore));
    if (std::optional<int> Done = StartRace(Explorer))
      return *Done;
    return runExplorer(
        O, Desc, ModuleHash, Explorer,
        [&](nlohmann::json &Summary, const ExplorationStats &Stats,
            const TestWriter &Writer) {
          if (Race)
            Race->report(Stats, Writer, Summary);
          writeForkTree(O, Explorer.tree(), Explorer.tree().size(), Stats,
                        Writer, Summary);
          return !O.SelfCheck || checkEngine(O, Stats, {&Explorer}, Summary);
        });
  }
  ConcolicExplorer *Single = nullptr;
  ParallelExplorer *Team = nullptr;
  if (O.Jobs > 1) {
    Prog->prepareForThreads();
    Team = &keepUntilExit(
        std::make_unique<ParallelExplorer>(*Prog, Entry, O.Explore, O.Jobs,
                                           /*Forking=*/false));
  } else {
    Single = &keepUntilExit(
        std::make_unique<ConcolicExplorer>(*Prog, Entry, O.Explore));
  }
  Explorer &Explorer = Team ? static_cast<class Explorer &>(*Team) : *Single;
  std::unique_ptr<NativeFuzzer> Fuzzer;
  if (O.Fuzz) {
    try {
      Fuzzer = startFuzzing(O, Desc, Entry, Explorer.inputs());
      if (Team)
        Team->exchangeWith(*Fuzzer);
      else
        Single->exchangeWith(*Fuzzer);
    } catch (const InputError &E) {
      if (!O.FuzzIfPossible)
        throw;
      std::fprintf(stderr, "theseus: warning: no fuzzing phase: %s\n",
                   E.Message.c_str());
    }
  }
  if (std::optional<int> Done = StartRace(Explorer))
    return *Done;
  return runExplorer(O, Desc, ModuleHash, Explorer,
                     [&](nlohmann::json &Summary, const ExplorationStats &Stats,
                         const TestWriter &Writer) {
                       if (Fuzzer) {
                         Summary["fuzz"] = finishFuzzing(*Fuzzer, Stats);
                         if (!O.Quiet)
                           printFuzzing(stdout, Summary);
                       }
                       if (Race)
                         Race->report(Stats, Writer, Summary);
                       writeConcolicTree(O, Single, Team, Writer);
                       return true;
                     });
}

int exploreProgram(RunOptions &O) {
  validate(O);
  settle(O);
  if (!O.DistributedMpi)
    return explore(O, nullptr);
  MpiJob Job = joinMpiJob();
  int Status = explore(O, &Job);
  leaveMpiJob();
  // Open MPI takes a process's non-zero status for a failed job and kills
  // the others, and may drop rank 0's output still on its way: the run's
  // findings are in summary.json.
  return Status == BugsFound ? NoBug : Status;
}

} // namespace theseus
