//===- FuzzTarget.h - The program built for libFuzzer ---------------------===//
//
// The fuzzing phase runs the program natively, compiled with clang's
// libFuzzer runtime. The program's own code is compiled to IR and prepared
// for running many times in one process (its writable globals reset
// before each run, exit() returning to the fuzzer, its main renamed), then
// linked with runtime/theseus_fuzz.c, which feeds the entry's parameters
// and every created input from the fuzz input as a stream (Exchange.h).
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_FUZZ_FUZZTARGET_H
#define THESEUS_FUZZ_FUZZTARGET_H

#include "program/Program.h"

#include <string>
#include <vector>

namespace theseus {

struct FuzzProgram {
  std::vector<std::string> Sources;       ///< The program's C files.
  std::vector<std::string> NativeSources; ///< Linked as they are.
  std::vector<std::string> CFlags;
  std::string Entry;
  /// The entry's input parameters, in order (their bytes come first in
  /// the stream); empty for main(argc, argv).
  std::vector<ParamInfo> Params;
  ReturnInfo Return;
  /// main(argc, argv[, envp]): the concrete command line, argv[0] first.
  bool CommandLine = false;
  std::vector<std::string> Argv;
  bool AddressSanitizer = true;
  SanitizerChecks UndefinedBehaviorChecks;
  bool ILP32 = false;
};

/// The source of theseus_fuzz_call(), which takes the entry's parameters
/// from the stream and calls it.
std::string fuzzCallSource(const FuzzProgram &P);

/// Builds the fuzzer binary in `Dir` and returns its path. Throws
/// InputError saying what failed.
std::string buildFuzzTarget(const FuzzProgram &P, const std::string &Dir);

} // namespace theseus

#endif
