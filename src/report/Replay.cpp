//===- Replay.cpp - Running tests on the natively compiled program --------===//
#include "report/Replay.h"

#include "native/NativeBuild.h"
#include "program/Program.h"
#include "report/ReplaySample.h"
#include "report/StoredTests.h"
#include "support/OrderedPool.h"
#include "support/ProgressLine.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"

#include <atomic>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <mutex>

namespace theseus {

namespace {

/// Runs `Argv` with stdout and stderr captured, killing it after
/// `TimeoutSec`, with the created inputs in the file `InputsPath` (none:
/// no file). `KeepSignals` stops a UBSan runtime from turning the signals
/// other bugs die of into reports (an ASan runtime would read the same
/// options).
ProcessResult runNative(const std::vector<std::string> &Argv,
                        const std::string &InputsPath, std::string Stdin,
                        unsigned TimeoutSec, bool KeepSignals) {
  ProcessOptions O;
  O.Argv = Argv;
  if (!InputsPath.empty())
    O.Environment = {"THESEUS_REPLAY_INPUTS=" + InputsPath};
  if (KeepSignals)
    O.Environment.push_back(
        "UBSAN_OPTIONS=handle_segv=0:handle_sigbus=0:handle_sigfpe=0:"
        "handle_sigill=0:handle_abort=0");
  O.Stdin = ProcessInput::bytes(std::move(Stdin));
  O.Stdout = O.Stderr = ProcessOutput::capture();
  std::string Error;
  std::optional<ProcessResult> R =
      runProcess(O, Error, std::chrono::seconds(TimeoutSec));
  if (!R)
    throw InputError{
        fmt::format("cannot run the native program {}: {}", Argv[0], Error)};
  return *R;
}

/// The sanitizer flags of a replay build: AddressSanitizer for tests of
/// memory bugs, and for programs explored with --check=ub the same
/// UndefinedBehaviorSanitizer checks, stopping at the first report.
std::vector<std::string> sanitizerFlags(const ProgramDescription &P,
                                        bool MemoryBug) {
  std::vector<std::string> Flags;
  if (MemoryBug)
    Flags.push_back("-fsanitize=address");
  for (std::string &F : undefinedBehaviorFlags(P.UndefinedBehaviorChecks))
    Flags.push_back(std::move(F));
  return Flags;
}

/// The entry as the test's driver calls it.
NativeEntry nativeEntry(const TestRecord &Test) {
  NativeEntry E{Test.Program.Entry, {}, Test.Program.Return, Test.CommandLine};
  for (const TestInput *In : Test.parameters())
    E.Params.push_back(In->Param);
  return E;
}

/// The driver's arguments: each parameter's bytes, or the command line.
std::vector<std::string> driverArguments(const TestRecord &Test) {
  std::vector<std::string> Args;
  for (const TestInput *In : Test.parameters())
    Args.push_back(In->Bytes);
  for (const TestArgument &Arg : Test.Argv)
    Args.push_back(Arg.Hex);
  return Args;
}

} // namespace

struct Replayer::Impl {
  TempDir Tmp;
  /// Held while a binary is looked up or built, so each is built once.
  std::mutex Building;
  std::map<std::string, std::string> Binaries; // Program JSON -> binary.
  std::atomic<uint64_t> InputFiles{0};
};

Replayer::Replayer() : P(std::make_unique<Impl>()) {}
Replayer::~Replayer() = default;

TestReplay Replayer::replay(const std::string &F) {
  return replayTest(readTestFile(F, "replay"));
}

const std::string &Replayer::binary(const TestRecord &Test,
                                    const std::vector<std::string> &Sanitize) {
  // The input types are fixed by the entry's signature, so the program
  // description identifies the binary.
  std::string Key = Test.ProgramKey;
  for (const std::string &Flag : Sanitize)
    Key += " " + Flag;
  std::lock_guard<std::mutex> Lock(P->Building);
  auto It = P->Binaries.find(Key);
  if (It != P->Binaries.end())
    return It->second;
  const ProgramDescription &Prog = Test.Program;
  NativeProgram Native{Prog.Sources, Prog.NativeSources, Prog.CFlags,
                       Prog.Model};
  std::string Bin = buildReplayBinary(
      Native, replayDriverSource(nativeEntry(Test)), P->Tmp.path(),
      static_cast<unsigned>(P->Binaries.size()), Sanitize);
  return P->Binaries.emplace(Key, Bin).first->second;
}

TestReplay Replayer::replayTest(const TestRecord &Test) {
  const ProgramDescription &Prog = Test.Program;
  bool MemoryBug = Test.Outcome.Kind == "bug" && isMemoryBug(Test.Outcome.Bug);
  std::vector<std::string> Argv = {
      binary(Test, sanitizerFlags(Prog, MemoryBug))};
  for (std::string &Arg : driverArguments(Test))
    Argv.push_back(std::move(Arg));
  // A file of its own per test, as tests may run at once; most tests
  // create no inputs and need none.
  std::string InputsPath, Inputs = Test.createdInputs();
  if (!Inputs.empty()) {
    InputsPath = fmt::format("{}/inputs{}.txt", P->Tmp.path(),
                             P->InputFiles.fetch_add(1));
    std::ofstream(InputsPath) << Inputs;
  }
  ProcessResult N = runNative(Argv, InputsPath, Test.Stdin, 10,
                              Prog.UndefinedBehaviorChecks.any() && !MemoryBug);
  if (!InputsPath.empty())
    llvm::sys::fs::remove(InputsPath);
  return judgeReplay(Test.Outcome, N, Prog.UndefinedBehaviorChecks.any());
}

namespace {

/// The tests of one path given: test files, or with --all the paths of a
/// run directory's database.
struct TestSource {
  std::vector<std::string> Files;
  std::string Dir;
  std::unique_ptr<RunDatabase> Db;
  uint64_t Count = 0;
};

std::vector<TestSource> testSources(const ReplayOptions &O) {
  std::vector<TestSource> Sources;
  for (const std::string &Path : O.Paths) {
    TestSource S;
    if (O.AllPaths && llvm::sys::fs::is_directory(Path)) {
      S.Dir = Path;
      S.Db = openRunDatabase(Path, "replay");
      readStoredTests(Path, "replay", [&] { S.Count = S.Db->pathCount(); });
    } else {
      collectTests(Path, S.Files, "replay");
      S.Count = S.Files.size();
    }
    Sources.push_back(std::move(S));
  }
  return Sources;
}

/// A test on its way to a worker.
struct PendingTest {
  uint64_t Index = 0; ///< In test order, from 0.
  std::string Name;   ///< As its line names it: the test file's name.
  std::string File;   ///< Its file; empty for a test from run.db, whose
  std::string Text;   ///< text this is.
  /// Left out by --sample, known to record no bug already (run.db says).
  bool Left = false;
};

/// What became of a test.
struct ReplayedTest {
  std::string Name;
  std::optional<TestReplay> Replay; ///< None: left out by --sample.
  bool ForItsBug = false;           ///< Replayed for its bug, not drawn.
  std::exception_ptr Error;         ///< Unreadable, or no native build.
};

ReplayedTest replayPending(Replayer &Replay, const ReplaySample &Sample,
                           const PendingTest &T) {
  ReplayedTest R{T.Name, std::nullopt, false, nullptr};
  if (T.Left)
    return R;
  try {
    TestRecord Test = T.File.empty() ? parseTest(T.Text, T.Name, "replay")
                                     : readTestFile(T.File, "replay");
    if (!Sample.replays(T.Index, Test.Outcome.Kind == "bug"))
      return R;
    R.ForItsBug = !Sample.drawn(T.Index);
    R.Replay = Replay.replayTest(Test);
  } catch (...) {
    R.Error = std::current_exception();
  }
  return R;
}

using ReplayPool = OrderedPool<PendingTest, ReplayedTest>;

/// Hands the tests of `S` to `Pool` in order, numbering them from `Index`
/// on. A test of run.db that --sample leaves out and that records no bug
/// is passed on without its text, which takes longer to make than to skip.
void submitTests(TestSource &S, const ReplaySample &Sample, uint64_t &Index,
                 ReplayPool &Pool) {
  for (const std::string &F : S.Files)
    Pool.submit({Index++, llvm::sys::path::filename(F).str(), F, "", false});
  if (!S.Db)
    return;
  readStoredTests(S.Dir, "replay", [&] {
    StoredTestText Text(*S.Db);
    uint64_t Seen = 0;
    S.Db->forEachPath([&](const PathRow &Row) {
      // A run still going adds paths; those counted at the start are
      // replayed.
      if (Seen++ >= S.Count)
        return;
      PendingTest T{Index, testFileName(Row.Number), "", "", false};
      T.Left = !Sample.replays(Index++, Row.Outcome == "bug");
      if (!T.Left)
        T.Text = Text(Row);
      Pool.submit(std::move(T));
    });
  });
}

/// The line of a replayed test: mismatches and skipped tests always,
/// matches when `Verbose`.
std::optional<std::string> testLine(const std::string &Name,
                                    const TestReplay &R, bool Verbose) {
  switch (R.Verdict) {
  case ReplayVerdict::Skipped:
    return fmt::format(
        "{}: skipped (engine outcome '{}' has no native counterpart)\n", Name,
        R.Expected);
  case ReplayVerdict::Match:
    if (!Verbose)
      return std::nullopt;
    return fmt::format("{}: match ({})\n", Name, R.Native);
  case ReplayVerdict::Mismatch:
    return fmt::format("{}: MISMATCH: engine expected {}, native run {}\n",
                       Name, R.Expected, R.Native);
  }
  return std::nullopt;
}

/// Worker threads: one per core unless told, no more than tests.
unsigned jobCount(unsigned Asked, uint64_t Tests) {
  unsigned Jobs =
      Asked ? Asked : llvm::hardware_concurrency().compute_thread_count();
  return static_cast<unsigned>(
      std::max<uint64_t>(1, std::min<uint64_t>(Jobs, Tests)));
}

/// Tests between their submission and their line: enough that a test
/// running into its time limit does not hold up the others for long.
constexpr size_t PoolWindow = 4096;

/// What a replay prints: the lines of the tests in test order and the
/// verdict on `Out`, the progress on stderr meanwhile.
class ReplayOutput {
public:
  ReplayOutput(std::FILE *Out, bool Verbose, uint64_t Tests,
               std::chrono::steady_clock::time_point Start)
      : Out(Out), Verbose(Verbose), Start(Start) {
    T.Tests = Tests;
  }

  /// Counts the test and prints its line, in test order; throws what
  /// stopped its replay.
  void take(const ReplayedTest &R) {
    ++Done;
    if (R.Error) {
      Progress.erase();
      std::rethrow_exception(R.Error);
    }
    if (!R.Replay)
      return;
    count(R);
    if (std::optional<std::string> Line =
            testLine(R.Name, *R.Replay, Verbose)) {
      Progress.erase();
      std::fputs(Line->c_str(), Out);
    }
  }

  void tick() {
    Progress.update(seconds(), [&] {
      return fmt::format("[theseus] replay: {}/{} tests, {}, {:.1f} s", Done,
                         T.Tests, counts(), seconds());
    });
  }

  /// The line at the end: how many tests, how they went, how long it took.
  const ReplayTotals &finish(const ReplayOptions &O, const ReplaySample &S,
                             unsigned Jobs) {
    Progress.erase();
    std::string How =
        S.all() ? fmt::format("{} tests: {} (", T.replayed(), counts())
                : fmt::format("{} of {} tests: {} ({} drawn with --seed {}, "
                              "{} more for their bugs; ",
                              T.replayed(), T.Tests, counts(), O.Sample, O.Seed,
                              T.BugsAdded);
    std::fputs(
        fmt::format("replayed {}{:.1f} s, -j {})\n", How, seconds(), Jobs)
            .c_str(),
        Out);
    return T;
  }

private:
  void count(const ReplayedTest &R) {
    T.BugsAdded += R.ForItsBug;
    switch (R.Replay->Verdict) {
    case ReplayVerdict::Match:
      ++T.Matched;
      break;
    case ReplayVerdict::Mismatch:
      ++T.Mismatched;
      break;
    case ReplayVerdict::Skipped:
      ++T.Skipped;
      break;
    }
  }

  std::string counts() const {
    return fmt::format("{} match, {} mismatch, {} skipped", T.Matched,
                       T.Mismatched, T.Skipped);
  }

  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         Start)
        .count();
  }

  std::FILE *Out;
  bool Verbose;
  std::chrono::steady_clock::time_point Start;
  ReplayTotals T;
  uint64_t Done = 0; ///< Tests taken, replayed or not.
  /// On a terminal from the start: the native build alone takes a while.
  ProgressLine Progress{/*Enabled=*/true, /*TtyStart=*/0};
};

} // namespace

ReplayTotals replayTests(const ReplayOptions &O, std::FILE *Out) {
  auto Start = std::chrono::steady_clock::now();
  std::vector<TestSource> Sources = testSources(O);
  uint64_t Tests = 0;
  for (const TestSource &S : Sources)
    Tests += S.Count;
  if (Tests == 0)
    throw InputError{"replay: no tests found"};
  ReplaySample Sample(Tests, O.Sample, O.Seed);
  unsigned Jobs = jobCount(O.Jobs, Tests);
  Replayer Replay;
  ReplayOutput Output(Out, O.Verbose, Tests, Start);
  {
    ReplayPool Pool(
        Jobs, PoolWindow,
        [&](PendingTest &P) { return replayPending(Replay, Sample, P); },
        [&](ReplayedTest &R) { Output.take(R); }, [&] { Output.tick(); });
    Output.tick();
    uint64_t Index = 0;
    for (TestSource &S : Sources)
      submitTests(S, Sample, Index, Pool);
    Pool.finish();
  }
  return Output.finish(O, Sample, Jobs);
}

} // namespace theseus
