//===- RunOptions.h - What a run of the engine is told --------------------===//
#ifndef THESEUS_ENGINE_RUNOPTIONS_H
#define THESEUS_ENGINE_RUNOPTIONS_H

#include "explore/Exploration.h"
#include "report/NativeCheck.h"

#include <optional>
#include <string>
#include <vector>

namespace theseus {

/// The stdin models' buffer (runtime/libc/stdio.c).
constexpr uint32_t MaxStdinBytes = 1 << 16;

enum ExitStatus { NoBug = 0, BugsFound = 1, UsageError = 2, InternalError = 3 };

/// Everything a run of the engine is told: the program, how to explore it,
/// what to look for and what to write.
struct RunOptions {
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
};

} // namespace theseus

#endif
