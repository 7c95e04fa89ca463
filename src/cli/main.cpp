//===- main.cpp - The theseus command line --------------------------------===//
//
// Exit status: 0 no bug found, 1 bugs found (or, for `replay`, a test did
// not reproduce), 2 usage or input error, 3 internal error.
//
//===----------------------------------------------------------------------===//
#include "apc/Apc.h"
#include "apc/Solve.h"
#include "cli/Fuzzing.h"
#include "cli/Options.h"
#include "cli/StatusLine.h"
#include "cli/Task.h"
#include "exec/Native.h"
#include "explore/Concolic.h"
#include "explore/Fork.h"
#include "explore/SelfCheck.h"
#include "expr/Printer.h"
#include "program/Program.h"
#include "report/Export.h"
#include "report/Html.h"
#include "report/Replay.h"
#include "report/Show.h"
#include "report/Summary.h"
#include "report/TestComp.h"
#include "report/TestFile.h"
#include "report/TreeWriter.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <fmt/format.h>
#include <fstream>
#include <future>
#include <thread>

#ifndef THESEUS_INCLUDE_DIR
#define THESEUS_INCLUDE_DIR ""
#endif

namespace theseus {
namespace {

/// First SIGINT/SIGTERM: stop gracefully, keeping everything found. Another
/// one a second or more later (a user pressing Ctrl-C again) stops at once;
/// duplicates that arrive together (e.g. `timeout` signalling both the
/// process and its group) are ignored.
void onSignal(int Sig) {
  static std::atomic<time_t> First{0};
  time_t Now = time(nullptr);
  if (!stopRequested().exchange(true)) {
    First = Now;
    return;
  }
  if (Now - First >= 1) {
    std::signal(Sig, SIG_DFL);
    std::raise(Sig);
  }
}

std::string absolute(const std::string &Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}

/// Compiles native-only sources to a shared library and loads it, so that
/// calls to their functions run natively (the seed's `unknown`).
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

/// Removes files of an earlier run so the directory describes this one.
void prepareOutDir(const std::string &Dir) {
  prepareDirectory(Dir, [](llvm::StringRef Name) {
    return (Name.starts_with("test") && Name.ends_with(".json")) ||
           Name == "summary.json" || Name == "coverage.info" ||
           Name == "program-output.txt" || Name.starts_with("tree.") ||
           Name == "report.html";
  });
}

/// Keeps summary.json current while the run goes on, so a killed run still
/// leaves a valid summary of what it had found: written at the start, every
/// few seconds, and at each new bug (atomically, by rename).
class SummaryKeeper {
public:
  SummaryKeeper(const Options &O, const TestWriter &Tests, const Coverage &Cov)
      : O(O), Tests(Tests), Cov(Cov), Start(std::chrono::steady_clock::now()) {
    write(ExplorationStats());
  }

  void onNewPath() {
    if (Tests.bugs().size() != BugsWritten)
      write(Last);
  }
  void onProgress(const ExplorationStats &S) {
    Last = S;
    TimelinePoint P = point(S);
    Samples.noteCoverage(P);
    if (Samples.wants(S.Seconds))
      Samples.sample(P);
    if (secondsSince(LastWrite) >= 2.0)
      write(S);
  }
  /// The timeline with the run's final state as its last sample.
  const Timeline &finish(const ExplorationStats &S) {
    TimelinePoint P = point(S);
    Samples.noteCoverage(P);
    Samples.finish(P);
    return Samples;
  }

private:
  TimelinePoint point(const ExplorationStats &S) const {
    return {S.Seconds,          S.Paths,
            Tests.tests(),      Tests.bugs().size(),
            Cov.linesCovered(), Cov.branchesCovered()};
  }

  void write(ExplorationStats S) {
    S.Seconds = secondsSince(Start);
    S.StopReason = "running";
    S.PeakRssMB = peakRssBytes() >> 20;
    RunReport Report{S,
                     Tests,
                     Cov,
                     O.Mode,
                     O.Strategy,
                     O.OutDir,
                     O.Explore.MaxMemoryMB,
                     &Samples};
    writeJsonFile(O.OutDir + "/summary.json", summaryJson(Report));
    BugsWritten = Tests.bugs().size();
    LastWrite = std::chrono::steady_clock::now();
  }

  const Options &O;
  const TestWriter &Tests;
  const Coverage &Cov;
  std::chrono::steady_clock::time_point Start, LastWrite;
  ExplorationStats Last;
  Timeline Samples;
  size_t BugsWritten = 0;
};

/// Replays each new bug's test natively as soon as it is found, so that a
/// reported bug says whether a real run of the program confirms it.
class BugConfirmer {
public:
  BugConfirmer(TestWriter &Tests, Replayer &Replay, std::string OutDir,
               bool Enabled)
      : Tests(Tests), Replay(Replay), OutDir(std::move(OutDir)),
        Enabled(Enabled) {}

  void onNewPath() {
    while (Checked < Tests.bugs().size())
      confirm(Checked++);
  }

private:
  void confirm(size_t Bug) {
    if (!Enabled)
      return Tests.setConfirmation(Bug, "unchecked", "--no-confirm");
    try {
      TestReplay R = Replay.replay(OutDir + "/" + Tests.bugs()[Bug].Test);
      switch (R.Verdict) {
      case ReplayVerdict::Match:
        return Tests.setConfirmation(Bug, "confirmed", R.Native);
      case ReplayVerdict::Mismatch:
        return Tests.setConfirmation(Bug, "unconfirmed",
                                     "native run " + R.Native);
      case ReplayVerdict::Skipped:
        return Tests.setConfirmation(Bug, "unchecked", "no native counterpart");
      }
    } catch (const InputError &E) {
      Tests.setConfirmation(Bug, "unchecked", E.Message);
    }
  }

  TestWriter &Tests;
  Replayer &Replay;
  std::string OutDir;
  bool Enabled;
  size_t Checked = 0;
};

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
  }
  void onProgress(const ExplorationStats &S) override {
    Keeper.onProgress(S);
    Status.update(S);
  }

private:
  ExplorationListener &Inner;
  BugConfirmer &Confirm;
  SummaryKeeper &Keeper;
  StatusLine &Status;
};

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

/// Writes report.html from the run directory. The results are on disk
/// already, so a failure is only a warning.
bool writeReport(const std::string &Dir) {
  HtmlOptions HO;
  HO.Theseus = llvm::sys::fs::getMainExecutable("theseus", nullptr);
  HtmlResult R = writeHtmlReport(Dir, HO);
  if (R.Problem.empty())
    return true;
  std::fprintf(stderr, "theseus: warning: report.html not written: %s\n",
               R.Problem.c_str());
  return false;
}

/// A run that claims it explored every path first replays the tests of
/// its paths natively; a mismatch withdraws the claim. Returns
/// summary.json's `native_check`, none when the run claims nothing.
std::optional<nlohmann::json> checkClaim(const Options &O, Replayer &Replay,
                                         uint64_t Tests,
                                         ExplorationStats &Stats) {
  if (!claimsExhaustion(Stats) || Tests == 0)
    return std::nullopt;
  if (!O.ConfirmBugs)
    return nlohmann::json{{"not_run", "--no-confirm"}};
  if (O.NativeCheckTests == 0)
    return nlohmann::json{{"not_run", "--native-check 0"}};
  uint64_t Count = std::min(Tests, O.NativeCheckTests);
  if (!O.Quiet && Count >= 500)
    std::fprintf(stderr,
                 "theseus: replaying %llu tests natively before "
                 "claiming every path was explored\n",
                 static_cast<unsigned long long>(Count));
  NativeCheck C = checkNatively(Replay, O.OutDir, Tests, O.NativeCheckTests);
  if (C.Mismatched)
    withdrawClaim(Stats, Cut::NativeMismatch, C.Mismatched);
  return C.toJson();
}

/// Runs either driver, writing tests as they come and the reports at the
/// end; `AfterRun` adds what only one mode has to the summary, and returns
/// false when the engine checked itself and failed.
template <typename Explorer, typename Fn>
int runExplorer(const Options &O, const ProgramDescription &Desc, Explorer &E,
                Fn AfterRun) {
  TestWriter Writer(O.OutDir, Desc, E.inputs());
  TestCompWriter Suite(Writer, O.OutDir,
                       {O.TestCompSuite, O.TestCompSpec, O.DataModel, {}},
                       Desc);
  SummaryKeeper Keeper(O, Writer, E.coverage());
  Replayer Replay;
  BugConfirmer Confirm(Writer, Replay, O.OutDir, O.ConfirmBugs);
  StatusLine Line(!O.Quiet, O.Explore.MaxTime, E.coverage(), Writer);
  Progress Status(Suite, Confirm, Keeper, Line);
  ExplorationStats Stats = E.run(Status);
  Line.erase();
  Suite.finish();
  std::optional<nlohmann::json> Check =
      checkClaim(O, Replay, Writer.tests(), Stats);

  RunReport Report{
      Stats,      Writer,   E.coverage(),          O.Mode,
      O.Strategy, O.OutDir, O.Explore.MaxMemoryMB, &Keeper.finish(Stats)};
  nlohmann::json Summary = summaryJson(Report);
  if (Check)
    Summary["native_check"] = *Check;
  if (O.Html) // Written last, from the files below.
    Summary["report"] = O.OutDir + "/report.html";
  printSummary(stdout, Summary);
  bool EngineOk = AfterRun(Summary, Stats, Writer);
  writeJsonFile(O.OutDir + "/summary.json", Summary);
  writeLcov(O.OutDir + "/coverage.info", E.coverage());
  if (O.Html && !writeReport(O.OutDir)) {
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
void setProgramInputs(Options &O, ProgramDescription &Desc) {
  InputOptions &In = O.Explore.Inputs;
  In.CommandLine = parseCommandLine(O.ProgramArgs);
  In.CommandLine.ProgramName = llvm::sys::path::stem(O.Files.front()).str();
  if (O.SymStdin && !O.StdinFile.empty())
    throw InputError{"--stdin and --sym-stdin exclude each other"};
  if (O.SymStdin > MaxStdinBytes)
    throw InputError{
        fmt::format("--sym-stdin: at most {} bytes", MaxStdinBytes)};
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

/// The bytes of one element of the input array `Arr`: the element size of
/// a pointer parameter's buffer, or the whole array.
/// The entry's pointer parameter that `Arr` holds the buffer of, if any.
std::optional<ParamInfo> bufferParam(const llvm::Function &Entry,
                                     const Options &O, const Array *Arr) {
  for (ParamInfo &P : describeParams(Entry, O.Explore.Buffers))
    if (P.Name == Arr->Name && P.IsPointer && P.ElemBytes > 0)
      return std::move(P);
  return std::nullopt;
}

/// Little-endian signed elements of `ElemBytes` bytes: one integer, or a
/// list for a buffer. Rows of a 2-D parameter (elements of `CellBytes`
/// cells) are lists of their cells; other elements wider than 8 bytes are
/// lists of bytes.
nlohmann::json candidateValue(const std::vector<uint8_t> &Bytes,
                              unsigned ElemBytes, unsigned CellBytes = 0) {
  nlohmann::json List = nlohmann::json::array();
  for (size_t At = 0; At + ElemBytes <= Bytes.size(); At += ElemBytes) {
    if (ElemBytes > 8) {
      std::vector<uint8_t> Row(Bytes.begin() + At,
                               Bytes.begin() + At + ElemBytes);
      List.push_back(candidateValue(Row, CellBytes ? CellBytes : 1));
      continue;
    }
    uint64_t V = 0;
    for (size_t I = ElemBytes; I-- > 0;)
      V = (V << 8) | Bytes[At + I];
    List.push_back(signExtend(V, ElemBytes * 8));
  }
  return List.size() == 1 ? List[0] : List;
}

/// The apc of --target, computed and decided in one expression context
/// (the explorer's when an exploration follows).
struct TargetApc {
  std::vector<TargetSpec> Specs;
  std::string Names;                ///< "a, b", for messages.
  std::unique_ptr<Flowgraph> Graph; ///< Of the specs in the entry.
  Apc A;
  ApcAnswer Ans;
  double Build = 0;
  /// --apc-timeout (within --max-time) for building and deciding it.
  std::chrono::steady_clock::time_point Deadline;
  double ReadyAt = 0;       ///< Seconds since the start when it was decided.
  double SearchFrom = 0;    ///< Seconds since the start when the search began.
  bool Interrupted = false; ///< The search answered before the apc did.
  std::string Text, RestsOn;
  std::vector<std::string> Notes; ///< Calls that count as targets.
  nlohmann::json Candidate = nlohmann::json::object();
  /// The apc's Z3 contexts, made while the program compiled.
  std::future<std::unique_ptr<ApcQueries>> PendingQueries;
  std::unique_ptr<ApcQueries> Queries;
};

const char *satLetter(SatResult R) {
  return R == SatResult::Sat ? "S" : R == SatResult::Unsat ? "U" : "X";
}

/// The --target specs and their flowgraph. This reads the program, so it
/// runs on the thread that owns it.
TargetApc prepareApc(const Options &O, const llvm::Function &Entry,
                     std::future<std::unique_ptr<ApcQueries>> Queries) {
  TargetApc T;
  T.PendingQueries = std::move(Queries);
  for (const std::string &Spec : O.Targets) {
    T.Specs.push_back(parseTargetSpec(Spec));
    T.Names += (T.Names.empty() ? "" : ", ") + Spec;
  }
  // Checks that the specs name something.
  T.Graph = std::make_unique<Flowgraph>(Entry, T.Specs);
  T.Notes = T.Graph->notes();
  if (O.NoApc) {
    T.Text = "not computed (--no-apc)";
    T.ReadyAt = secondsSince(
        O.Explore.Started.value_or(std::chrono::steady_clock::now()));
  }
  return T;
}

/// The seconds the apc has for being built and decided: --apc-timeout,
/// within what is left of --max-time.
double apcSeconds(const Options &O) {
  double Seconds = O.ApcTimeout;
  if (O.Explore.MaxTime > 0) {
    double Left = O.Explore.MaxTime - secondsSince(O.Explore.Started.value_or(
                                          std::chrono::steady_clock::now()));
    // A search waiting for the apc gives it at most a tenth of its time.
    if (O.ApcFirst && !O.ApcOnly)
      Left = std::min(Left, std::max(1.0, 0.1 * O.Explore.MaxTime));
    Seconds = std::clamp(Left, 0.001, Seconds);
  }
  return Seconds;
}

/// Computes the apc of `T`'s flowgraph in `Ctx` (the thread that calls it
/// must be the only one using `Ctx`); gives up once `*Stop` is set or its
/// time (apcSeconds) is over.
void buildApc(const Options &O, TargetApc &T, ExprContext &Ctx,
              const std::atomic<bool> *Stop = nullptr) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point Start = Clock::now();
  double Seconds = apcSeconds(O);
  T.Deadline = Start + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double>(Seconds));
  T.Queries = T.PendingQueries.valid() ? T.PendingQueries.get()
                                       : std::make_unique<ApcQueries>();
  ApcOptions AO;
  AO.Feasibility = &T.Queries->Feasibility;
  AO.Sizes = O.Explore.Buffers;
  AO.Heavyweight = O.ApcHeavyweight;
  AO.Stop = Stop;
  AO.Deadline = T.Deadline;
  AO.HeavyweightTimeoutMs = static_cast<unsigned>(
      std::min<double>(AO.HeavyweightTimeoutMs, 1000 * Seconds));
  T.A = computeApc(Ctx, *T.Graph, AO);
  T.Build = std::chrono::duration<double>(Clock::now() - Start).count();
  const size_t MaxText = 2000;
  T.Text = toString(T.A.Formula, MaxText);
  for (const auto &[Why, Count] : T.A.Unknowns)
    T.RestsOn += fmt::format("{}{} ({}) unknown", T.RestsOn.empty() ? "" : "; ",
                             Why, Count);
  if (T.RestsOn.empty())
    T.RestsOn = "the program's integer semantics only";
  if (T.A.ReadsBuffers)
    T.RestsOn += "; the input buffers as sized for the executor (--max-len, "
                 "--max-strlen), read in bounds";
  if (T.A.TooManyBackbones)
    T.RestsOn = "nothing: too many backbones, the apc is true";
  if (T.A.Abandoned)
    T.RestsOn = "nothing: the search ended before the apc was computed";
  if (T.A.OutOfTime)
    T.RestsOn = "nothing: --apc-timeout ran out while the apc was built";
}

/// Whether `T`'s apc was computed (not given up), so there is something to
/// decide.
bool built(const TargetApc &T) { return !T.A.Abandoned && !T.A.OutOfTime; }

/// Decides `T`'s apc (built in `Ctx`) in the time its building left; the
/// thread that calls it must be the only one using `Ctx`. A search beside
/// it stops it with `Cancel`.
void solveBuiltApc(const Options &O, TargetApc &T, ExprContext &Ctx,
                   const std::atomic<bool> *Cancel = nullptr,
                   const CandidateFn &OnCandidate = nullptr) {
  using Clock = std::chrono::steady_clock;
  double Timeout = std::max(
      0.001, std::chrono::duration<double>(T.Deadline - Clock::now()).count());
  T.Ans = solveApc(Ctx, T.A.Formula, O.ApcUnfold, Timeout, Cancel, OnCandidate,
                   T.Queries.get());
  T.ReadyAt = secondsSince(
      O.Explore.Started.value_or(std::chrono::steady_clock::now()));
}

/// The candidate inputs of a satisfiable apc, as the entry's parameters.
void describeCandidate(const Options &O, const llvm::Function &Entry,
                       TargetApc &T) {
  if (T.Ans.K != ApcAnswer::Satisfiable)
    return;
  for (const auto &[Arr, Bytes] : T.Ans.Model.values()) {
    std::optional<ParamInfo> Param = bufferParam(Entry, O, Arr);
    T.Candidate[Arr->Name] =
        Param ? candidateValue(Bytes, Param->ElemBytes, Param->CellBytes)
              : candidateValue(Bytes, Arr->Size);
  }
}

/// --target: the apc computed and decided on a thread of its own, in an
/// expression context of its own, while the search runs (seed, section 7).
/// Its answer reaches the search through the channel.
class ApcThread {
public:
  /// `T` (prepared) is filled in by the thread until finish().
  ApcThread(const Options &O, TargetApc &T, std::unique_ptr<ExprContext> C)
      : Channel(std::make_shared<ApcChannel>()), Ctx(std::move(C)),
        Worker([this, &O, &T] { decide(O, T); }) {}
  ~ApcThread() { finish(); }

  std::shared_ptr<ApcChannel> channel() const { return Channel; }
  /// Interrupts the apc if it is still deciding (the search found the
  /// answer first) and waits for it, a few milliseconds.
  void finish() {
    Channel->cancel();
    wait();
  }
  /// Waits until the apc is decided (--apc-first).
  void wait() {
    if (Worker.joinable())
      Worker.join();
  }

private:
  void decide(const Options &O, TargetApc &T) {
    buildApc(O, T, *Ctx, &Channel->cancelled());
    // States are checked against apc^K: the apc implies it, so what
    // contradicts apc^K cannot reach the target either, and without
    // quantifiers Z3 answers in milliseconds where the apc's checks time
    // out. A satisfiable apc that reads no input (its model is empty:
    // every input it would depend on is unknown, or there are too many
    // backbones) neither prunes nor seeds. The first candidate of apc^K
    // goes to the search at once; the apc's own model, if it comes, after
    // it.
    bool Guided = false;
    auto Guide = [&](const ApcAnswer &A) {
      if (A.Model.values().empty())
        return;
      Channel->publish(ApcChannel::Answer::Guides, A.UnfoldedApc, A.Model);
      Guided = true;
    };
    if (!built(T))
      T.ReadyAt = secondsSince(
          O.Explore.Started.value_or(std::chrono::steady_clock::now()));
    else
      solveBuiltApc(O, T, *Ctx, &Channel->cancelled(), Guide);
    T.Interrupted = Channel->cancelled() && T.Ans.K == ApcAnswer::Unknown;
    if (T.Ans.K == ApcAnswer::Unreachable)
      Channel->publish(ApcChannel::Answer::Unreachable);
    else if (T.Ans.K == ApcAnswer::Satisfiable &&
             (T.Ans.modelsTheApc() || !Guided))
      Guide(T.Ans);
    if (!Guided && T.Ans.K != ApcAnswer::Unreachable)
      Channel->publish(ApcChannel::Answer::Nothing);
  }

  std::shared_ptr<ApcChannel> Channel;
  std::unique_ptr<ExprContext> Ctx;
  std::thread Worker; ///< Last: it starts once the rest is there.
};

/// --apc-only: the apc built and decided on this thread.
TargetApc decideApc(const Options &O, const llvm::Function &Entry,
                    std::future<std::unique_ptr<ApcQueries>> Queries,
                    ExprContext &Ctx) {
  TargetApc T = prepareApc(O, Entry, std::move(Queries));
  buildApc(O, T, Ctx);
  if (built(T))
    solveBuiltApc(O, T, Ctx);
  describeCandidate(O, Entry, T);
  return T;
}

void printApc(const TargetApc &T) {
  if (T.Ans.K != ApcAnswer::Unknown)
    fmt::print("  answered by      {}\n", T.Ans.AnsweredBy);
  fmt::print("  apc              {}\n", T.Text);
  fmt::print("  rests on         {}\n", T.RestsOn);
  for (const std::string &N : T.Notes)
    fmt::print("  note             {}\n", N);
  fmt::print("  backbones        {}, loop summaries {}, loop backbones never "
             "taken {}\n",
             T.A.Backbones, T.A.Loops, T.A.NeverTaken);
  if (T.Ans.K != ApcAnswer::Satisfiable)
    return;
  std::string Inputs;
  for (const auto &[Name, Value] : T.Candidate.items())
    Inputs +=
        fmt::format("{}{}={}", Inputs.empty() ? "" : ", ", Name, Value.dump());
  fmt::print("  candidate inputs {}\n", Inputs.empty() ? "any" : Inputs);
}

/// Which of the apc and the search running beside it finished first.
std::string raceText(const TargetApc &T) {
  if (T.Interrupted)
    return fmt::format("the search finished first, the apc was interrupted "
                       "at {:.3f} s",
                       T.ReadyAt);
  return fmt::format("the apc finished first, at {:.3f} s", T.ReadyAt);
}

/// The time line: the apc's split, and the search when one ran.
void printApcTimes(const TargetApc &T, std::optional<double> Search) {
  std::string Line = fmt::format(
      "  time             build apc {:.3f} s, counters fixed {} {:.3f} s, "
      "unfold apc^K {:.3f} s, solve apc^K {} {:.3f} s, solve apc {} {:.3f} s",
      T.Build, satLetter(T.Ans.Fixed.Result), T.Ans.Fixed.Seconds,
      T.Ans.UnfoldSeconds, satLetter(T.Ans.Unfolded.Result),
      T.Ans.Unfolded.Seconds, satLetter(T.Ans.Direct.Result),
      T.Ans.Direct.Seconds);
  Line += fmt::format("; apc total {:.3f} s", T.Build + T.Ans.Seconds);
  if (Search)
    Line += fmt::format(", search {:.3f} s; {}", *Search, raceText(T));
  fmt::print("{}\n", Line);
}

/// summary.json's `target` object.
nlohmann::json targetJson(const Options &O, const TargetApc &T,
                          const std::string &Verdict) {
  return {{"spec", O.Targets},
          {"verdict", Verdict},
          {"answered_by", T.Ans.AnsweredBy},
          {"apc", T.Text},
          {"rests_on", T.RestsOn},
          {"backbones", T.A.Backbones},
          {"never_taken_loop_backbones", T.A.NeverTaken},
          {"loop_summaries", T.A.Loops},
          {"candidate", T.Candidate},
          {"times",
           {{"build_apc", T.Build},
            {"counters_fixed", T.Ans.Fixed.Seconds},
            {"counters_fixed_result", satLetter(T.Ans.Fixed.Result)},
            {"unfold_apc_k", T.Ans.UnfoldSeconds},
            {"solve_apc_k", T.Ans.Unfolded.Seconds},
            {"solve_apc_k_result", satLetter(T.Ans.Unfolded.Result)},
            {"solve_apc", T.Ans.Direct.Seconds},
            {"solve_apc_result", satLetter(T.Ans.Direct.Result)},
            {"total", T.Build + T.Ans.Seconds}}}};
}

/// Writes summary.json for a run that decided the target by the apc alone.
void writeApcSummary(const Options &O, const llvm::Function &Entry,
                     const TargetApc &T, const std::string &Verdict) {
  prepareOutDir(O.OutDir);
  nlohmann::json J;
  J["entry"] = Entry.getName().str();
  J["target"] = targetJson(O, T, Verdict);
  J["target"]["decided_by"] = "apc";
  std::ofstream(O.OutDir + "/summary.json") << J.dump(2) << "\n";
}

/// The apc of --target, decided (--apc-only): the verdict on stdout and
/// in summary.json's `target` object. Exit status 0 whatever the verdict.
int runApc(const Options &O, const llvm::Function &Entry,
           std::future<std::unique_ptr<ApcQueries>> Queries) {
  ExprContext Ctx;
  TargetApc T = decideApc(O, Entry, std::move(Queries), Ctx);
  fmt::print("theseus: target {} in {}: {}\n", T.Names, Entry.getName().str(),
             verdictOf(T.Ans));
  printApc(T);
  printApcTimes(T, std::nullopt);
  writeApcSummary(O, Entry, T, verdictOf(T.Ans));
  return NoBug;
}

/// --target with an exploration: what it looks for in the program itself.
TargetGuide targetGuide(const Options &O, const Program &Prog,
                        const TargetApc &T) {
  TargetGuide G;
  G.KeepGoing = O.KeepGoing;
  std::vector<TargetSpec> Located;
  for (const TargetSpec &S : T.Specs) {
    if (S.K == TargetSpec::Assert)
      G.FailingAsserts = true; // A call of an assert function may pass.
    else
      Located.push_back(S);
  }
  for (const llvm::Function &F : Prog.module())
    for (const llvm::BasicBlock &BB : F)
      for (const llvm::Instruction &I : BB)
        if (!Located.empty() && matchesTarget(I, Located))
          G.Instructions.push_back(&I);
  return G;
}

/// The verdict of an exploration for the target: reached by a test, or
/// unreachable when nothing but the apc's pruning cut the exploration.
std::string explorationVerdict(const ExplorationStats &S) {
  if (S.TargetTest)
    return "reached";
  for (const auto &[Why, Count] : S.Incomplete)
    if (Why != Cut::ApcPruned)
      return "unknown";
  return "unreachable";
}

/// --target without --apc-only: the apc is computed and decided on a
/// thread of its own (`Apc`) while `E` searches, guided by it once it
/// answers. With --apc-first the search waits for it, and an
/// unsatisfiable apc answers without a search (the exit status is
/// returned). `T` keeps the apc for the summary.
template <typename Explorer>
std::optional<int>
guideToTarget(const Options &O, const Program &Prog,
              const llvm::Function &Entry, Explorer &E,
              std::optional<TargetApc> &T, std::unique_ptr<ApcThread> &Apc,
              std::future<std::unique_ptr<ApcQueries>> Queries) {
  T = prepareApc(O, Entry, std::move(Queries));
  TargetGuide G = targetGuide(O, Prog, *T);
  if (!O.NoApc) {
    // The apc's thread reads the program too: lay its structs out now, as
    // LLVM fills that cache on first use, which is not safe on two threads.
    const llvm::DataLayout &DL = Entry.getParent()->getDataLayout();
    for (llvm::StructType *ST : Entry.getParent()->getIdentifiedStructTypes())
      if (ST->isSized())
        DL.getStructLayout(ST);
    auto Ctx = std::make_unique<ExprContext>();
    Apc = std::make_unique<ApcThread>(O, *T, std::move(Ctx));
    G.Later = Apc->channel();
  }
  if (Apc && O.ApcFirst)
    Apc->wait();
  if (Apc && O.ApcFirst && T->Ans.K == ApcAnswer::Unreachable) {
    fmt::print("theseus: target {} in {}: unreachable (the apc is "
               "unsatisfiable; no search needed)\n",
               T->Names, Entry.getName().str());
    printApc(*T);
    printApcTimes(*T, std::nullopt);
    writeApcSummary(O, Entry, *T, "unreachable");
    return NoBug;
  }
  T->SearchFrom = secondsSince(
      O.Explore.Started.value_or(std::chrono::steady_clock::now()));
  E.guide(G);
  return std::nullopt;
}

/// The bug of the test that reached the target when its native replay ran
/// differently: a divergence, not a finding.
const BugRecord *unconfirmedReach(const ExplorationStats &S,
                                  const TestWriter &Writer) {
  if (!S.TargetTest)
    return nullptr;
  std::string Test = testFileName(S.TargetTest);
  for (const BugRecord &B : Writer.bugs())
    if (B.Test == Test && B.Confirmation == "unconfirmed")
      return &B;
  return nullptr;
}

/// Adds the target's verdict to the console and summary after a search.
/// The apc's thread is stopped first.
void reportTarget(const Options &O, const llvm::Function &Entry, TargetApc &T,
                  ApcThread *Apc, const ExplorationStats &S,
                  const TestWriter &Writer, nlohmann::json &Summary) {
  if (Apc)
    Apc->finish();
  describeCandidate(O, Entry, T);
  // A test that reaches the target is a fact once its native run agrees;
  // an unsatisfiable apc proves the opposite however far the search got.
  const BugRecord *Unconfirmed = unconfirmedReach(S, Writer);
  bool ByApc =
      (!S.TargetTest || Unconfirmed) && T.Ans.K == ApcAnswer::Unreachable;
  std::string Verdict = ByApc         ? "unreachable"
                        : Unconfirmed ? "unknown"
                                      : explorationVerdict(S);
  double Search = std::max(0.0, S.Seconds - T.SearchFrom);
  std::string How =
      ByApc         ? std::string("(the apc is unsatisfiable)")
      : Unconfirmed ? fmt::format("(the engine reached it by {}, but the "
                                  "native run of that test did not: {}; the "
                                  "engine's semantics and the program's "
                                  "differ)",
                                  Unconfirmed->Test, Unconfirmed->Replay)
      : Verdict == "reached"     ? "by " + testFileName(S.TargetTest)
      : Verdict == "unreachable" ? std::string("by exhaustion")
                                 : "(" + S.StopReason + ")";
  fmt::print("theseus: target {} in {}: {} {}\n", T.Names,
             Entry.getName().str(), Verdict, How);
  if (ByApc)
    printApc(T);
  if (O.NoApc) {
    fmt::print("  time             search {:.3f} s (--no-apc)\n", Search);
  } else {
    fmt::print("  apc              {} ({}), {} states pruned, {} inputs "
               "seeded, {} checks in {:.3f} s\n",
               verdictOf(T.Ans),
               T.Ans.AnsweredBy.empty() ? "-" : T.Ans.AnsweredBy, S.ApcPruned,
               S.SeededInputs, S.ApcChecks, S.ApcCheckSeconds);
    printApcTimes(T, Search);
  }
  nlohmann::json J = targetJson(O, T, Verdict);
  J["test"] = S.TargetTest ? nlohmann::json(testFileName(S.TargetTest))
                           : nlohmann::json(nullptr);
  J["pruned_states"] = S.ApcPruned;
  J["seeded_inputs"] = S.SeededInputs;
  J["decided_by"] = ByApc ? "apc" : "search";
  if (Unconfirmed)
    J["divergence"] = {{"test", Unconfirmed->Test},
                       {"native", Unconfirmed->Replay}};
  J["apc_checks"] = S.ApcChecks;
  J["times"]["apc_checks"] = S.ApcCheckSeconds;
  J["times"]["search"] = Search;
  if (!O.NoApc) {
    J["times"]["apc_finished_at"] = T.ReadyAt;
    J["finished_first"] = T.Interrupted ? "search" : "apc";
  }
  Summary["target"] = J;
}

int explore(Options &O) {
  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
  if (O.Files.empty())
    throw InputError{"no input files (see --help)"};
  static const std::map<std::string, Strategy> Strategies = {
      {"cov-interleaved", Strategy::CovInterleaved},
      {"bfs", Strategy::BFS},
      {"dfs", Strategy::DFS},
      {"generational", Strategy::Generational},
      {"dart", Strategy::DART},
      {"random-path", Strategy::RandomPath},
      {"coverage-new", Strategy::CoverageNew},
      {"target-distance", Strategy::TargetDistance}};
  bool Fork = O.Mode == "fork";
  if (O.Strategy.empty())
    O.Strategy = toString(Strategy::CovInterleaved);
  O.Explore.Strat = Strategies.at(O.Strategy);
  bool ConcolicOnly = O.Explore.Strat == Strategy::Generational ||
                      O.Explore.Strat == Strategy::DART;
  if (O.Explore.Strat == Strategy::TargetDistance && O.Targets.empty())
    throw InputError{"--strategy=target-distance needs --target"};
  if (Fork && ConcolicOnly)
    throw InputError{fmt::format("--strategy={} is not available with "
                                 "--mode={}",
                                 O.Strategy, O.Mode)};
  O.Explore.TreeDetailNodes = O.TreeMaxNodes;
  if (Fork && O.Fuzz)
    throw InputError{"--fuzz needs --mode=concolic"};
  if (O.Fuzz && O.NoFuzz)
    throw InputError{"--fuzz and --no-fuzz exclude each other"};
  if (!Fork && (O.Explore.LoopBound || O.Explore.Exec.ReportStatements))
    throw InputError{"--loop-bound and --tree-statements need --mode=fork"};
  // Both observe loops instruction by instruction.
  O.Explore.Exec.NativeLoops = !O.NoNativeLoops && !O.Explore.LoopBound &&
                               !O.Explore.Exec.ReportStatements;
  for (const std::string &C : O.Concretize) {
    if (C == "free")
      O.Explore.Exec.ExternalArgs = ConcretizeMode::Free;
    else if (C == "pin")
      O.Explore.Exec.ExternalArgs = ConcretizeMode::Pin;
    else if (C == "nonlinear")
      O.Explore.Exec.ConcretizeNonlinear = true;
  }
  O.Explore.Exec.Externals = O.Externals == "deny"   ? ExternalPolicy::Deny
                             : O.Externals == "safe" ? ExternalPolicy::Safe
                                                     : ExternalPolicy::AllowAll;
  O.Explore.SolverTimeoutMs =
      static_cast<unsigned>(std::max(0.0, O.SolverTimeout) * 1000);
  ProgramDescription Desc;

  setProgramInputs(O, Desc);

  CompileOptions CO;
  for (const std::string &F : O.Files)
    CO.Sources.push_back(absolute(F));
  CO.CFlags = O.CFlags;
  CO.IncludeDir = THESEUS_INCLUDE_DIR;
  CO.UndefinedBehaviorChecks =
      std::find(O.Checks.begin(), O.Checks.end(), "ub") != O.Checks.end();
  CO.Model = *parseDataModel(O.DataModel);
  if (CO.Model == DataModel::ILP32 && !O.Native.empty())
    throw InputError{"--native runs 64-bit host code, which cannot share "
                     "memory with an ILP32 program (--data-model ILP32)"};
  TempDir Tmp;
  std::vector<std::string> NativeSources;
  for (const std::string &F : O.Native)
    NativeSources.push_back(absolute(F));
  loadNativeCode(NativeSources, O.CFlags, Tmp);
  // The apc's Z3 contexts are made while clang compiles the program.
  std::future<std::unique_ptr<ApcQueries>> ApcQueriesAhead;
  if (!O.Targets.empty() && !O.NoApc)
    ApcQueriesAhead = std::async(std::launch::async,
                                 [] { return std::make_unique<ApcQueries>(); });
  auto Prog = Program::load(CO);
  const llvm::Function &Entry = Prog->selectEntry(O.Entry);
  if (O.ApcOnly && O.NoApc)
    throw InputError{"--apc-only and --no-apc exclude each other"};
  if (O.ApcOnly)
    return runApc(O, Entry, std::move(ApcQueriesAhead));
  if ((O.KeepGoing || O.NoApc || O.ApcFirst) && O.Targets.empty())
    throw InputError{"--keep-going, --no-apc and --apc-first need --target"};
  if (O.NoApc && O.ApcFirst)
    throw InputError{"--no-apc and --apc-first exclude each other"};

  prepareOutDir(O.OutDir);
  Desc.Sources = CO.Sources;
  Desc.NativeSources = NativeSources;
  Desc.CFlags = O.CFlags;
  Desc.UndefinedBehaviorChecks = CO.UndefinedBehaviorChecks;
  Desc.Model = CO.Model;
  Desc.Entry = Entry.getName().str();
  Desc.Return = describeReturn(Entry);

  std::optional<TargetApc> Target;
  std::unique_ptr<ApcThread> Apc; // Ends before Target, which it fills.
  if (Fork) {
    O.Explore.KeepLeafModels = O.SelfCheck;
    ForkExplorer &Explorer =
        keepUntilExit(std::make_unique<ForkExplorer>(*Prog, Entry, O.Explore));
    if (!O.Targets.empty())
      if (std::optional<int> Done =
              guideToTarget(O, *Prog, Entry, Explorer, Target, Apc,
                            std::move(ApcQueriesAhead)))
        return *Done;
    return runExplorer(
        O, Desc, Explorer,
        [&](nlohmann::json &Summary, const ExplorationStats &Stats,
            const TestWriter &Writer) {
          if (Target)
            reportTarget(O, Entry, *Target, Apc.get(), Stats, Writer, Summary);
          if (Explorer.tree().size() <= O.TreeMaxNodes) {
            // Graphviz's layout does not fit in a spent time budget.
            bool RenderSvg = Stats.StopReason != "max-time";
            std::string Problem = writeTree(
                Explorer.tree(), O.OutDir,
                [&](uint64_t Bits) { return Writer.returnValue(Bits); },
                RenderSvg);
            if (!Problem.empty())
              std::fprintf(stderr, "theseus: %s\n", Problem.c_str());
          } else
            std::fprintf(
                stderr,
                "theseus: the tree has %zu nodes; tree.json and tree.dot "
                "are written up to --tree-max-nodes=%zu\n",
                Explorer.tree().size(), O.TreeMaxNodes);
          Summary["tree_nodes"] = Explorer.tree().size();
          if (!O.SelfCheck)
            return true;
          // Random inputs must each land in a leaf when the search ran out
          // of states and none were dropped, left undecided, pinned away or
          // pruned.
          bool Exhaustive = (Stats.StopReason == "exhausted" ||
                             Stats.StopReason == "bounded") &&
                            !Stats.StatesDropped && !Stats.MemoryDropped &&
                            !Stats.SolverUnknown && !Stats.Pinned &&
                            !Stats.ApcPruned;
          SelfCheckReport R = selfCheck(Explorer, Exhaustive,
                                        O.SelfCheckSamples, O.Explore.Seed);
          Summary["self_check"] = selfCheckJson(R);
          printSelfCheck(stdout, Summary["self_check"]);
          return R.passed();
        });
  }
  if (O.SelfCheck)
    throw InputError{"--self-check needs --mode=fork"};
  ConcolicExplorer &Explorer = keepUntilExit(
      std::make_unique<ConcolicExplorer>(*Prog, Entry, O.Explore));
  // The fuzzer's process is forked before the apc's thread starts: a fork
  // while that thread is inside Z3 left the search's own Z3 calls hanging.
  std::unique_ptr<NativeFuzzer> Fuzzer;
  if (O.Fuzz) {
    try {
      Fuzzer = startFuzzing(O, Desc, Entry, Explorer.inputs());
      Explorer.exchangeWith(*Fuzzer);
    } catch (const InputError &E) {
      if (!O.FuzzIfPossible)
        throw;
      std::fprintf(stderr, "theseus: warning: no fuzzing phase: %s\n",
                   E.Message.c_str());
    }
  }
  if (!O.Targets.empty())
    if (std::optional<int> Done = guideToTarget(
            O, *Prog, Entry, Explorer, Target, Apc, std::move(ApcQueriesAhead)))
      return *Done;
  return runExplorer(
      O, Desc, Explorer,
      [&](nlohmann::json &Summary, const ExplorationStats &Stats,
          const TestWriter &Writer) {
        if (Fuzzer)
          Summary["fuzz"] = finishFuzzing(*Fuzzer, Stats, !O.Quiet);
        if (Target)
          reportTarget(O, Entry, *Target, Apc.get(), Stats, Writer, Summary);
        if (Explorer.tree().numNodes() <= O.TreeMaxNodes)
          writePathTree(Explorer.tree(), O.OutDir);
        return true;
      });
}

/// `theseus report DIR`: report.html again, from the directory's files.
int report(Options &O) {
  if (!writeReport(O.ReportDir))
    return InternalError;
  std::printf("theseus: wrote %s/report.html\n", O.ReportDir.c_str());
  return NoBug;
}

int replay(Options &O) {
  ReplayTotals T = replayTests(O.ReplayFiles, stdout, O.ReplayVerbose);
  return T.Mismatched ? BugsFound : NoBug;
}

int exportCommand(Options &O) {
  exportTests(O.Export, O.ExportOutput, O.ExportTests, stderr, O.ExportZip);
  return NoBug;
}

/// LLVM's fatal errors (a corrupt module, say) end Theseus with a message
/// and the internal error status instead of LLVM's abort.
void onLLVMFatalError(void *, const char *Reason, bool) {
  std::fprintf(stderr, "theseus: internal error: LLVM: %s\n", Reason);
  std::fflush(stderr);
  std::_Exit(InternalError);
}

int realMain(int Argc, char **Argv) {
  llvm::install_fatal_error_handler(onLLVMFatalError);
  Options O;
  O.Explore.Started = std::chrono::steady_clock::now(); // --max-time's clock.
  Command Cmd = Command::Explore;
  if (std::optional<int> Done = parseCommandLine(Argc, Argv, O, Cmd))
    return *Done;
  try {
    switch (Cmd) {
    case Command::Replay:
      return replay(O);
    case Command::Report:
      return report(O);
    case Command::Export:
      return exportCommand(O);
    case Command::Explore:
      return explore(O);
    case Command::Task:
      return runTask(O, explore);
    case Command::Show:
      show(O.ShowPath, stdout);
      return NoBug;
    }
    llvm_unreachable("every command is handled");
  } catch (const InputError &E) {
    std::fprintf(stderr, "theseus: error: %s\n", E.Message.c_str());
    return UsageError;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "theseus: internal error: %s\n", E.what());
    return InternalError;
  }
}

} // namespace
} // namespace theseus

int main(int Argc, char **Argv) { return theseus::realMain(Argc, Argv); }
