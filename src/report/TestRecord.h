//===- TestRecord.h - Reading test files ----------------------------------===//
//
// The reader of the test files TestWriter (TestFile.h) writes: one JSON
// object per path, its schema named and versioned by its "format" member,
// "theseus-test-<version>" (README.md, "Output formats"). Replay, export
// and the fuzzer of the reader read tests here, as typed records; show,
// report and the Test-Comp export check the outline here and read the
// members they print from the JSON.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_TESTRECORD_H
#define THESEUS_REPORT_TESTRECORD_H

#include "report/TestFile.h"

#include "llvm/ADT/StringRef.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace theseus {

/// The version of the test schema this Theseus writes and reads. A change
/// that an older reader would misread gets a new version.
constexpr unsigned TestFormatVersion = 1;
/// The "format" member of every test: "theseus-test-1".
std::string testFormat(unsigned Version = TestFormatVersion);

/// The engine's recorded outcome of a test.
struct RecordedOutcome {
  std::string Kind; ///< "return", "exit", "bug", or one with no native run.
  std::string Bug;  ///< The bug kind, for "bug".
  std::string File;
  unsigned Line = 0;
  int Code = 0;               ///< The exit code, for "exit".
  std::string Value = "void"; ///< The returned value as JSON, for "return".
};

/// One member of a test's "inputs": an entry parameter or a created input.
struct TestInput {
  bool Created = false; ///< Made by the program (harness API, stdin).
  std::string Name;     ///< Of a created input.
  std::string Bytes;    ///< Hex digits, two per byte, in memory order.
  /// The parameter's type and layout (not read for main's parameters,
  /// which the command line gives).
  ParamInfo Param;
};

/// A test file's members as replay and export use them.
struct TestRecord {
  ProgramDescription Program;
  std::string ProgramKey; ///< The program's JSON: one native build per key.
  RecordedOutcome Outcome;
  std::vector<TestInput> Inputs;
  bool CommandLine = false;      ///< main(argc, argv): "argv" is there.
  std::vector<std::string> Argv; ///< Hex bytes of each argument.
  std::string Stdin;             ///< The bytes read from stdin.

  /// The entry's parameters, in order (none for a command line).
  std::vector<const TestInput *> parameters() const;
  /// "name hex" lines of the created inputs (runtime/theseus_replay.c).
  std::string createdInputs() const;
};

/// Appends the test file `Path`, or the test*.json files of the directory
/// `Path` in order, to `Out`. Throws InputError for a missing path or a
/// directory without tests, naming the command `Cmd`.
void collectTests(const std::string &Path, std::vector<std::string> &Out,
                  llvm::StringRef Cmd);

/// Checks that `Test` names the test format this Theseus reads. Throws
/// InputError naming `F`, also for a test of another format version.
void checkFormat(const nlohmann::json &Test, const std::string &F,
                 llvm::StringRef Cmd);

/// Parses a test file's text and checks its format and outline; members
/// are checked as they are read (see parseTest). Throws InputError naming
/// `F`.
nlohmann::json parseOutline(const std::string &Text, const std::string &F,
                            llvm::StringRef Cmd);

/// Parses the text of the test file `Name`. Throws InputError, and nothing
/// else, for any text that is not a valid test.
TestRecord parseTest(const std::string &Text, const std::string &Name,
                     llvm::StringRef Cmd);

/// A member of a test's "inputs" as the C programmer reads it: "a = 3",
/// "s = \"ab\"" (escaped as in JSON), a struct by its members,
/// "buf = [1, 2]",
/// else its bytes, "b = 0x0a00".
std::string inputText(const nlohmann::json &In);

/// Reads the test file `Path` (see parseTest).
std::string readTestText(const std::string &Path, llvm::StringRef Cmd);

} // namespace theseus

#endif
