//===- Replay.h - Running tests on the natively compiled program ----------===//
//
// `theseus replay` compiles the program with clang and a generated driver
// that calls the entry with a test's inputs, runs it, and checks that the
// native run ends the way the engine recorded: the same return value, exit
// code, or a crash of the kind the reported bug implies.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_REPLAY_H
#define THESEUS_REPORT_REPLAY_H

#include "report/TestFile.h"

#include "llvm/ADT/StringRef.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace theseus {

struct ReplayTotals {
  unsigned Matched = 0;
  unsigned Mismatched = 0;
  unsigned Skipped = 0; ///< Outcomes a native run cannot reproduce.
};

enum class ReplayVerdict { Match, Mismatch, Skipped };

struct TestReplay {
  ReplayVerdict Verdict = ReplayVerdict::Skipped;
  std::string Expected; ///< What the engine recorded, in words.
  std::string Native;   ///< What the native run did, in words.
};

/// The engine's recorded outcome of a test.
struct RecordedOutcome {
  std::string Kind; ///< "return", "exit", "bug", or one with no native run.
  std::string Bug;  ///< The bug kind, for "bug".
  std::string File;
  unsigned Line = 0;
  int Code = 0;               ///< The exit code, for "exit".
  std::string Value = "void"; ///< The returned value as JSON, for "return".
};

/// A test file's fields as the replay uses them, checked and extracted
/// without compiling or running anything.
struct ReplayTestFields {
  ProgramDescription Program;
  std::string ProgramKey; ///< The program's JSON: one native build per key.
  RecordedOutcome Outcome;
  bool MemoryBug = false;        ///< Needs an AddressSanitizer build.
  std::string DriverSource;      ///< The C driver calling the entry.
  std::vector<std::string> Args; ///< The driver's arguments.
  std::string CreatedInputs;     ///< "name hex" lines of created inputs.
  std::string Stdin;             ///< The bytes read from stdin.
};

/// Memory bugs do not reliably crash a plain native run; they are checked
/// on a build with AddressSanitizer.
bool isMemoryBug(const std::string &Kind);
/// Bugs of --check=ub that only an UndefinedBehaviorSanitizer build shows
/// (the kinds src/exec/UndefinedBehavior.cpp reports).
bool isUndefinedBehaviorBug(const std::string &Kind);
/// The signal a native run dies of when it has this bug.
int signalForBug(const std::string &Kind);

/// Appends the test file `Path`, or the test*.json files of the directory
/// `Path` in order, to `Out`. Throws InputError for a missing path or a
/// directory without tests, naming the command `Cmd`.
void collectTests(const std::string &Path, std::vector<std::string> &Out,
                  llvm::StringRef Cmd);

/// Parses a test file's text and checks its outline; fields are checked as
/// they are extracted (see parseTest). Throws InputError naming `F`.
nlohmann::json parseOutline(const std::string &Text, const std::string &F,
                            llvm::StringRef Cmd);

/// Parses the text of the test file `Name`. Throws InputError, and nothing
/// else, for any text that is not a valid test.
ReplayTestFields parseTest(const std::string &Text, const std::string &Name,
                           llvm::StringRef Cmd = "replay");

/// Replays tests one at a time, building each program (and sanitizer
/// variant) natively once.
class Replayer {
public:
  Replayer();
  ~Replayer();
  /// Throws InputError for unreadable tests or programs that do not
  /// compile.
  TestReplay replay(const std::string &TestFile);

private:
  TestReplay replayTest(const ReplayTestFields &Test);
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// Replays the given test files and directories of tests, printing one line
/// per test to `Out`. Throws InputError for unreadable tests or programs
/// that do not compile.
ReplayTotals replayTests(const std::vector<std::string> &Paths, std::FILE *Out,
                         bool Verbose);

} // namespace theseus

#endif
