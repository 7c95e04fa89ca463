//===- Replay.cpp - Running tests on the natively compiled program --------===//
#include "report/Replay.h"

#include "native/NativeBuild.h"
#include "program/Program.h"

#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <fstream>
#include <map>

namespace theseus {

namespace {

/// Runs `Argv` with stdout and stderr captured, killing it after
/// `TimeoutSec`. `KeepSignals` stops a UBSan runtime from turning the
/// signals other bugs die of into reports (an ASan runtime would read the
/// same options).
ProcessResult runNative(const std::vector<std::string> &Argv,
                        const std::string &InputsPath, std::string Stdin,
                        unsigned TimeoutSec, bool KeepSignals) {
  ProcessOptions O;
  O.Argv = Argv;
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
  if (P.UndefinedBehaviorChecks)
    for (std::string &F : undefinedBehaviorFlags())
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
  std::map<std::string, std::string> Binaries; // Program JSON -> binary.
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
  std::string InputsPath = P->Tmp.path() + "/inputs.txt";
  std::ofstream(InputsPath) << Test.createdInputs();
  ProcessResult N = runNative(Argv, InputsPath, Test.Stdin, 10,
                              Prog.UndefinedBehaviorChecks && !MemoryBug);
  return judgeReplay(Test.Outcome, N, Prog.UndefinedBehaviorChecks);
}

ReplayTotals replayTests(const std::vector<std::string> &Paths, std::FILE *Out,
                         bool Verbose) {
  std::vector<std::string> Files;
  for (const std::string &P : Paths)
    collectTests(P, Files, "replay");
  if (Files.empty())
    throw InputError{"replay: no test files found"};
  Replayer Replay;
  ReplayTotals T;
  for (const std::string &F : Files) {
    TestReplay R = Replay.replay(F);
    std::string Name = llvm::sys::path::filename(F).str();
    switch (R.Verdict) {
    case ReplayVerdict::Skipped:
      ++T.Skipped;
      if (Verbose)
        std::fprintf(Out,
                     "%s: skipped (engine outcome '%s' has no native "
                     "counterpart)\n",
                     Name.c_str(), R.Expected.c_str());
      break;
    case ReplayVerdict::Match:
      ++T.Matched;
      if (Verbose)
        std::fprintf(Out, "%s: match (%s)\n", Name.c_str(), R.Native.c_str());
      break;
    case ReplayVerdict::Mismatch:
      ++T.Mismatched;
      std::fprintf(Out, "%s: MISMATCH: engine expected %s, native run %s\n",
                   Name.c_str(), R.Expected.c_str(), R.Native.c_str());
      break;
    }
  }
  std::fprintf(Out, "replayed %zu tests: %u match, %u mismatch, %u skipped\n",
               Files.size(), T.Matched, T.Mismatched, T.Skipped);
  return T;
}

} // namespace theseus
