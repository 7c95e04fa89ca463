//===- NativeBuild.h - The program built natively with a driver -----------===//
//
// Replay and the fuzzing phase both run the program natively: compiled by
// clang with a generated driver that calls the entry with inputs from
// outside (a test's hex bytes on the command line; the fuzzer's input as a
// stream) and a harness runtime (runtime/theseus_replay.c,
// runtime/theseus_fuzz.c). This module writes both drivers from one
// description of the entry, and builds replay's binary.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_NATIVE_NATIVEBUILD_H
#define THESEUS_NATIVE_NATIVEBUILD_H

#include "program/Program.h"

#include <string>
#include <vector>

namespace theseus {

/// The symbols the program's main gets: replay's driver and libFuzzer
/// bring their own main.
inline constexpr const char *ReplayMain = "__theseus_user_main";
inline constexpr const char *FuzzMain = "theseus_fuzz_main";

/// The entry as a driver calls it.
struct NativeEntry {
  std::string Name;
  /// Its input parameters, in order; empty for main(argc, argv).
  std::vector<ParamInfo> Params;
  ReturnInfo Return;
  bool CommandLine = false; ///< main(argc, argv[, envp]).
};

/// What a native build compiles.
struct NativeProgram {
  std::vector<std::string> Sources;       ///< The program's C files.
  std::vector<std::string> NativeSources; ///< Linked as they are.
  std::vector<std::string> CFlags;        ///< For the program's files only.
  DataModel Model = DataModel::LP64;
};

/// The flags every file of a harness build gets: __THESEUS__ and
/// __THESEUS_<Mode>__ defined, the harness API's headers found.
std::vector<std::string> harnessFlags(const char *Mode);

/// The UndefinedBehaviorSanitizer checks of `Checks`, stopping at the
/// first report; none when it has none.
std::vector<std::string> undefinedBehaviorFlags(const SanitizerChecks &Checks);

/// Replay's driver: main(argc, argv) takes the parameters' little-endian
/// hex bytes from argv (for a command-line entry: the arguments
/// themselves), calls the entry and prints "THESEUS_RETURN <value>".
std::string replayDriverSource(const NativeEntry &E);

/// The fuzzer's theseus_fuzz_call(): the entry's parameters from the
/// stream, then the call. A command-line entry gets `Argv`.
std::string fuzzCallSource(const NativeEntry &E,
                           const std::vector<std::string> &Argv);

/// Compiles `P` with `DriverSource` and the replay runtime into `Dir`
/// (files numbered `Index`), each object with the `Sanitize` flags, and
/// returns the binary's path. Throws InputError saying what failed.
std::string buildReplayBinary(const NativeProgram &P,
                              const std::string &DriverSource,
                              const std::string &Dir, unsigned Index,
                              const std::vector<std::string> &Sanitize);

} // namespace theseus

#endif
