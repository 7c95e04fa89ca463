//===- Options.h - The theseus command line -------------------------------===//
//
// The options of `theseus` and `theseus replay`, parsed without running
// anything, so that the parser can be fuzzed on its own.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_CLI_OPTIONS_H
#define THESEUS_CLI_OPTIONS_H

#include "explore/Exploration.h"
#include "report/Export.h"
#include "report/NativeCheck.h"

#include <optional>
#include <string>
#include <vector>

namespace theseus {

/// The stdin models' buffer (runtime/libc/stdio.c).
constexpr uint32_t MaxStdinBytes = 1 << 16;

enum ExitStatus { NoBug = 0, BugsFound = 1, UsageError = 2, InternalError = 3 };

/// Everything the command line sets.
struct Options {
  std::vector<std::string> Files;
  std::string Entry;
  std::string OutDir = "theseus-out";
  std::string Mode = "concolic";
  std::string Strategy;
  std::vector<std::string> Concretize;
  std::vector<std::string> Native;
  std::vector<std::string> CFlags;
  std::vector<std::string> Checks;
  std::string Externals = "safe";
  /// The C data model the program is compiled for: LP64 or ILP32.
  std::string DataModel = "LP64";
  ExploreOptions Explore;
  double SolverTimeout = 10;
  bool Quiet = false;
  bool ConfirmBugs = true;
  /// Tests replayed natively before a claim of exhaustion (--native-check).
  uint64_t NativeCheckTests = DefaultNativeCheckTests;
  bool Html = true; ///< Write report.html.
  size_t TreeMaxNodes = 10'000;
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
  /// `theseus task` fuzzes unless --no-fuzz; a program the fuzzing phase
  /// cannot take then runs without it (with a warning).
  bool NoFuzz = false;
  bool NoNativeLoops = false;
  bool FuzzIfPossible = false;
  // replay
  std::vector<std::string> ReplayFiles;
  bool ReplayVerbose = false;
  // report
  std::string ReportDir;
  // export: the format chosen by its option, the file it names, the tests.
  ExportFormat Export = ExportFormat::GTest;
  std::string ExportOutput;
  std::vector<std::string> ExportTests;
  bool ExportZip = false;
  // show
  std::string ShowPath;
};

/// What `theseus` was asked to do: explore (no subcommand) or a subcommand.
enum class Command { Explore, Replay, Task, Report, Export, Show };

/// Parses `Argv` into `O`; the program's own arguments follow the first
/// "--". Returns the exit status to end with when the command line was
/// --help or --version (printed) or wrong (one line on stderr), else
/// nothing, with `Cmd` telling which command was given.
std::optional<int> parseCommandLine(int Argc, char **Argv, Options &O,
                                    Command &Cmd);

} // namespace theseus

#endif
