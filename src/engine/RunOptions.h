//===- RunOptions.h - What a run of the engine is told --------------------===//
#ifndef THESEUS_ENGINE_RUNOPTIONS_H
#define THESEUS_ENGINE_RUNOPTIONS_H

#include "distributed/Distributed.h"
#include "explore/Exploration.h"
#include "program/Program.h"
#include "report/NativeCheck.h"

#include <optional>
#include <string>
#include <vector>

namespace theseus {

/// The stdin models' buffer (runtime/libc/stdio.c).
constexpr uint32_t MaxStdinBytes = 1 << 16;

enum ExitStatus { NoBug = 0, BugsFound = 1, UsageError = 2, InternalError = 3 };

/// How the paths are explored: concolic runs (DART, PyExZ3) or forking
/// states (Steinhöfel's symbolic execution trees).
enum class ExploreMode : uint8_t { Concolic, Fork };
/// "concolic" or "fork".
const char *toString(ExploreMode M);

/// Which tests become files in the run directory (run.db keeps them all):
/// the suite (KeptSuite.h) or every test.
enum class TestFiles : uint8_t { Suite, All };

/// -j at most: each worker reserves address space the size of the memory
/// arena (64 GiB) for its loops run as host code.
inline constexpr unsigned MaxJobs = 256;

/// Everything a run of the engine is told: the program, how to explore it,
/// what to look for and what to write.
struct RunOptions {
  /// Theseus' own command line, as the run database records it.
  std::vector<std::string> CommandLine;
  std::vector<std::string> Files;
  std::string Entry;
  std::string OutDir = "theseus-out";
  ExploreMode Mode = ExploreMode::Concolic;
  std::vector<std::string> Native;
  std::vector<std::string> CFlags;
  /// --check: ub (UndefinedBehaviorSanitizer checks compiled in),
  /// float-div-zero and nan-index.
  SanitizerChecks CheckUndefinedBehavior;
  /// The C data model the program is compiled for: LP64 or ILP32.
  DataModel Model = DataModel::LP64;
  ExploreOptions Explore;
  /// -j: workers on threads of their own (0: one per core); with
  /// --distributed, in each exploring process.
  unsigned Jobs = 1;
  /// --distributed=mpi: the run spans the processes of an MPI job.
  bool DistributedMpi = false;
  /// --rank-timeout and --work-balance.
  RankOptions Ranks;
  double SolverTimeout = 10;
  bool Quiet = false;
  bool ConfirmBugs = true;
  /// Tests replayed natively before a claim of exhaustion (--native-check).
  uint64_t NativeCheckTests = DefaultNativeCheckTests;
  bool Html = true; ///< Write report.html.
  TestFiles WrittenTests = TestFiles::Suite;
  size_t TreeMaxNodes = 10'000;
  /// Runs of the probe beyond the assumptions after a complete run
  /// (AssumptionProbe.h); 0: none.
  uint64_t ProbeRuns = 200;
  bool SelfCheck = false;
  unsigned SelfCheckSamples = 100;
  // The program's inputs: command line (after --), stdin, fixed values.
  std::vector<std::string> ProgramArgs;
  uint32_t SymStdin = 0;
  std::string StdinFile;
  // The abstract path condition of --target (apc module).
  std::vector<std::string> Targets;
  bool ApcOnly = false;
  bool KeepGoing = false;
  bool NoApc = false;
  bool ApcFirst = false; ///< --target: the search waits for the apc.
  unsigned ApcUnfold = 25;
  double ApcTimeout = 10;
  bool ApcHeavyweight = false;
  unsigned ApcMaxBackbones = 4096; ///< ApcOptions::MaxBackbones.
  // The tests as a Test-Comp test suite, written as they are found, and
  // the property its metadata names (empty: branch coverage).
  std::string TestCompSuite;
  std::string TestCompSpec;
  // task
  std::string TaskFile;
  std::string TaskProperty;
  // The native fuzzing phase beside the concolic search.
  bool Fuzz = false;
  double FuzzShare = 0.5;
  /// libFuzzer's -runs: runs of the program per start of the fuzzer (0: no
  /// limit), a budget in counts that holds on a machine of any speed.
  uint64_t FuzzRuns = 0;
  /// Run in place of the libFuzzer binary built from the program, with the
  /// same arguments: a stand-in fuzzer, for tests of the exchange.
  std::string Fuzzer;
  /// `theseus task` fuzzes unless --no-fuzz; a program the fuzzing phase
  /// cannot take then runs without it (with a warning).
  bool NoFuzz = false;
  bool NoNativeLoops = false;
  bool FuzzIfPossible = false;
  /// --resume: the run in OutDir goes on (its options are the first
  /// part's, read back by the command line).
  bool Resume = false;
};

/// Checks the rules between options (one needs another, two exclude each
/// other), before any work; throws InputError naming the options.
void validate(const RunOptions &O);

/// Derives the settings that follow from other options (the solver's
/// timeout in ms, native loops off where loops are observed edge by edge).
void settle(RunOptions &O);

} // namespace theseus

#endif
