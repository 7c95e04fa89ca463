//===- main.cpp - The theseus command line --------------------------------===//
//
// Exit status: 0 no bug found, 1 bugs found (or, for `replay`, a test did
// not reproduce), 2 usage or input error, 3 internal error.
//
//===----------------------------------------------------------------------===//
#include "apc/Apc.h"
#include "apc/Solve.h"
#include "cli/Options.h"
#include "exec/Native.h"
#include "explore/Concolic.h"
#include "explore/Fork.h"
#include "explore/SelfCheck.h"
#include "expr/Printer.h"
#include "program/Program.h"
#include "report/Replay.h"
#include "report/Summary.h"
#include "report/TestFile.h"
#include "report/TreeWriter.h"

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
#include <unistd.h>

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
  if (auto EC = llvm::sys::fs::create_directories(Dir))
    throw InputError{fmt::format("cannot create {}: {}", Dir, EC.message())};
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if ((Name.starts_with("test") && Name.ends_with(".json")) ||
        Name == "summary.json" || Name == "coverage.info" ||
        Name == "program-output.txt" || Name.starts_with("tree."))
      llvm::sys::fs::remove(It->path());
  }
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
    if (secondsSince(LastWrite) >= 2.0)
      write(S);
  }

private:
  void write(ExplorationStats S) {
    S.Seconds = secondsSince(Start);
    S.StopReason = "running";
    S.PeakRssMB = peakRssBytes() >> 20;
    RunReport Report{
        S, Tests, Cov, O.Mode, O.Strategy, O.OutDir, O.Explore.MaxMemoryMB};
    writeJsonFile(O.OutDir + "/summary.json", summaryJson(Report));
    BugsWritten = Tests.bugs().size();
    LastWrite = std::chrono::steady_clock::now();
  }

  const Options &O;
  const TestWriter &Tests;
  const Coverage &Cov;
  std::chrono::steady_clock::time_point Start, LastWrite;
  ExplorationStats Last;
  size_t BugsWritten = 0;
};

/// Replays each new bug's test natively as soon as it is found, so that a
/// reported bug says whether a real run of the program confirms it.
class BugConfirmer {
public:
  BugConfirmer(TestWriter &Tests, std::string OutDir, bool Enabled)
      : Tests(Tests), OutDir(std::move(OutDir)), Enabled(Enabled) {}

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
  std::string OutDir;
  bool Enabled;
  Replayer Replay;
  size_t Checked = 0;
};

/// Passes new paths to the test writer, keeps the summary current, and
/// prints a progress line on stderr once a run takes more than a second.
class Progress : public ExplorationListener {
public:
  Progress(ExplorationListener &Inner, BugConfirmer &Confirm,
           SummaryKeeper &Keeper, bool Enabled)
      : Inner(Inner), Confirm(Confirm), Keeper(Keeper), Enabled(Enabled),
        Tty(isatty(2)) {}
  ~Progress() override { done(); }

  void onNewPath(const PathResult &R) override {
    Inner.onNewPath(R);
    Confirm.onNewPath();
    Keeper.onNewPath();
  }
  void onProgress(const ExplorationStats &S) override {
    Keeper.onProgress(S);
    if (!Enabled || S.Seconds < 1.0 || S.Seconds - Last < (Tty ? 0.25 : 5.0))
      return;
    Last = S.Seconds;
    std::string Line = fmt::format(
        "[theseus] {:.1f} s: {} runs, {} paths, {} divergences, solver {:.0f}%",
        S.Seconds, S.Runs, S.Paths, S.Divergences,
        S.Seconds > 0 ? 100 * S.Solver.Seconds / S.Seconds : 0);
    std::fprintf(stderr, Tty ? "\r%s\033[K" : "%s\n", Line.c_str());
    Printed = true;
  }
  void done() {
    if (Printed && Tty)
      std::fputs("\n", stderr);
    Printed = false;
  }

private:
  ExplorationListener &Inner;
  BugConfirmer &Confirm;
  SummaryKeeper &Keeper;
  bool Enabled;
  bool Tty;
  bool Printed = false;
  double Last = 0;
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

/// Runs either driver, writing tests as they come and the reports at the
/// end; `AfterRun` adds what only one mode has to the summary, and returns
/// false when the engine checked itself and failed.
template <typename Explorer, typename Fn>
int runExplorer(const Options &O, const ProgramDescription &Desc, Explorer &E,
                Fn AfterRun) {
  TestWriter Writer(O.OutDir, Desc, E.inputs());
  SummaryKeeper Keeper(O, Writer, E.coverage());
  BugConfirmer Confirm(Writer, O.OutDir, O.ConfirmBugs);
  Progress Status(Writer, Confirm, Keeper, !O.Quiet);
  ExplorationStats Stats = E.run(Status);
  Status.done();

  RunReport Report{Stats,      Writer,   E.coverage(),         O.Mode,
                   O.Strategy, O.OutDir, O.Explore.MaxMemoryMB};
  nlohmann::json Summary = summaryJson(Report);
  printSummary(stdout, Report);
  bool EngineOk = AfterRun(Summary, Stats, Writer);
  writeJsonFile(O.OutDir + "/summary.json", Summary);
  writeLcov(O.OutDir + "/coverage.info", E.coverage());
  if (!EngineOk)
    return InternalError;
  return Writer.bugs().empty() ? NoBug : BugsFound;
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
unsigned elementBytes(const llvm::Function &Entry, const Options &O,
                      const Array *Arr) {
  for (const ParamInfo &P : describeParams(Entry, O.Explore.Buffers))
    if (P.Name == Arr->Name && P.IsPointer && P.ElemBytes > 0)
      return P.ElemBytes;
  return Arr->Size;
}

/// Little-endian signed elements of `ElemBytes` bytes: one integer, or a
/// list for a buffer.
nlohmann::json candidateValue(const std::vector<uint8_t> &Bytes,
                              unsigned ElemBytes) {
  nlohmann::json List = nlohmann::json::array();
  for (size_t At = 0; At + ElemBytes <= Bytes.size() && ElemBytes <= 8;
       At += ElemBytes) {
    uint64_t V = 0;
    for (size_t I = ElemBytes; I-- > 0;)
      V = (V << 8) | Bytes[At + I];
    List.push_back(signExtend(V, ElemBytes * 8));
  }
  return List.size() == 1 ? List[0] : List;
}

/// The apc of --target, decided (--apc-only): the verdict on stdout and
/// in summary.json's `target` object. Exit status 0 whatever the verdict.
int runApc(const Options &O, const llvm::Function &Entry) {
  if (!O.ApcOnly || O.Targets.empty())
    throw InputError{"--target and --apc-only go together for now"};
  using Clock = std::chrono::steady_clock;
  std::vector<TargetSpec> Specs;
  for (const std::string &T : O.Targets)
    Specs.push_back(parseTargetSpec(T));
  Clock::time_point Start = Clock::now();
  Flowgraph G(Entry, Specs);
  ExprContext Ctx;
  ApcOptions AO;
  AO.Sizes = O.Explore.Buffers;
  Apc A = computeApc(Ctx, G, AO);
  double Build = std::chrono::duration<double>(Clock::now() - Start).count();
  ApcAnswer Ans = solveApc(Ctx, A.Formula, O.ApcUnfold, O.ApcTimeout);
  const size_t MaxText = 2000;
  std::string Text = toString(A.Formula, MaxText);
  std::string Targets;
  for (const std::string &T : O.Targets)
    Targets += (Targets.empty() ? "" : ", ") + T;
  fmt::print("theseus: target {} in {}: {}\n", Targets, Entry.getName().str(),
             toString(Ans.K));
  if (Ans.K != ApcAnswer::Unknown)
    fmt::print("  answered by      {}\n", Ans.AnsweredBy);
  fmt::print("  apc              {}\n", Text);
  std::string RestsOn = A.Unknowns.empty() ? "the program's integer "
                                             "semantics only"
                                           : "";
  for (const auto &[Why, Count] : A.Unknowns)
    RestsOn += fmt::format("{}{} ({}) unknown", RestsOn.empty() ? "" : "; ",
                           Why, Count);
  if (A.ReadsBuffers)
    RestsOn += "; the input buffers as sized for the executor (--max-len, "
               "--max-strlen), read in bounds";
  if (A.TooManyBackbones)
    RestsOn = "nothing: too many backbones, the apc is true";
  fmt::print("  rests on         {}\n", RestsOn);
  for (const std::string &N : G.notes())
    fmt::print("  note             {}\n", N);
  fmt::print("  backbones        {}, loop summaries {}\n", A.Backbones,
             A.Loops);
  auto Letter = [](SatResult R) {
    return R == SatResult::Sat ? "S" : R == SatResult::Unsat ? "U" : "X";
  };
  fmt::print("  time             build apc {:.3f} s, unfold apc^K {:.3f} s, "
             "solve apc^K {} {:.3f} s, solve apc {} {:.3f} s\n",
             Build, Ans.UnfoldSeconds, Letter(Ans.Unfolded.Result),
             Ans.Unfolded.Seconds, Letter(Ans.Direct.Result),
             Ans.Direct.Seconds);
  nlohmann::json Candidate = nlohmann::json::object();
  if (Ans.K == ApcAnswer::Satisfiable) {
    std::string Inputs;
    for (const auto &[Arr, Bytes] : Ans.Model.values()) {
      Candidate[Arr->Name] = candidateValue(Bytes, elementBytes(Entry, O, Arr));
      Inputs += fmt::format("{}{}={}", Inputs.empty() ? "" : ", ", Arr->Name,
                            Candidate[Arr->Name].dump());
    }
    fmt::print("  candidate inputs {}\n", Inputs.empty() ? "any" : Inputs);
  }
  prepareOutDir(O.OutDir);
  nlohmann::json J;
  J["entry"] = Entry.getName().str();
  J["target"] = {{"spec", O.Targets},
                 {"verdict", toString(Ans.K)},
                 {"answered_by", Ans.AnsweredBy},
                 {"apc", Text},
                 {"rests_on", RestsOn},
                 {"backbones", A.Backbones},
                 {"loop_summaries", A.Loops},
                 {"candidate", Candidate},
                 {"times",
                  {{"build_apc", Build},
                   {"unfold_apc_k", Ans.UnfoldSeconds},
                   {"solve_apc_k", Ans.Unfolded.Seconds},
                   {"solve_apc_k_result", Letter(Ans.Unfolded.Result)},
                   {"solve_apc", Ans.Direct.Seconds},
                   {"solve_apc_result", Letter(Ans.Direct.Result)}}}};
  std::ofstream(O.OutDir + "/summary.json") << J.dump(2) << "\n";
  return NoBug;
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
      {"coverage-new", Strategy::CoverageNew}};
  bool Fork = O.Mode == "fork";
  if (O.Strategy.empty())
    O.Strategy = toString(Strategy::CovInterleaved);
  O.Explore.Strat = Strategies.at(O.Strategy);
  bool ConcolicOnly = O.Explore.Strat == Strategy::Generational ||
                      O.Explore.Strat == Strategy::DART;
  if (Fork && ConcolicOnly)
    throw InputError{fmt::format("--strategy={} is not available with "
                                 "--mode={}",
                                 O.Strategy, O.Mode)};
  O.Explore.TreeDetailNodes = O.TreeMaxNodes;
  if (!Fork && (O.Explore.LoopBound || O.Explore.Exec.ReportStatements))
    throw InputError{"--loop-bound and --tree-statements need --mode=fork"};
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
  TempDir Tmp;
  std::vector<std::string> NativeSources;
  for (const std::string &F : O.Native)
    NativeSources.push_back(absolute(F));
  loadNativeCode(NativeSources, O.CFlags, Tmp);
  auto Prog = Program::load(CO);
  const llvm::Function &Entry = Prog->selectEntry(O.Entry);
  if (!O.Targets.empty() || O.ApcOnly)
    return runApc(O, Entry);

  prepareOutDir(O.OutDir);
  Desc.Sources = CO.Sources;
  Desc.NativeSources = NativeSources;
  Desc.CFlags = O.CFlags;
  Desc.UndefinedBehaviorChecks = CO.UndefinedBehaviorChecks;
  Desc.Entry = Entry.getName().str();
  Desc.Return = describeReturn(Entry);

  if (Fork) {
    O.Explore.KeepLeafModels = O.SelfCheck;
    ForkExplorer &Explorer =
        keepUntilExit(std::make_unique<ForkExplorer>(*Prog, Entry, O.Explore));
    return runExplorer(
        O, Desc, Explorer,
        [&](nlohmann::json &Summary, const ExplorationStats &Stats,
            const TestWriter &Writer) {
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
          // of states and none were dropped, left undecided or pinned away.
          bool Exhaustive = (Stats.StopReason == "exhausted" ||
                             Stats.StopReason == "bounded") &&
                            !Stats.StatesDropped && !Stats.MemoryDropped &&
                            !Stats.SolverUnknown && !Stats.Pinned;
          SelfCheckReport R = selfCheck(Explorer, Exhaustive,
                                        O.SelfCheckSamples, O.Explore.Seed);
          Summary["self_check"] = selfCheckJson(R);
          printSelfCheck(stdout, R);
          return R.passed();
        });
  }
  if (O.SelfCheck)
    throw InputError{"--self-check needs --mode=fork"};
  ConcolicExplorer &Explorer = keepUntilExit(
      std::make_unique<ConcolicExplorer>(*Prog, Entry, O.Explore));
  return runExplorer(O, Desc, Explorer,
                     [](nlohmann::json &, const ExplorationStats &,
                        const TestWriter &) { return true; });
}

int replay(Options &O) {
  ReplayTotals T = replayTests(O.ReplayFiles, stdout, O.ReplayVerbose);
  return T.Mismatched ? BugsFound : NoBug;
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
  bool IsReplay = false;
  if (std::optional<int> Done = parseCommandLine(Argc, Argv, O, IsReplay))
    return *Done;
  try {
    return IsReplay ? replay(O) : explore(O);
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
