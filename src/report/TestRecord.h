//===- TestRecord.h - Reading test files ----------------------------------===//
//
// The reader of the test files TestWriter (TestFile.h) writes: one JSON
// object per path, its schema named and versioned by its "format" member,
// "theseus-test-<version>" (README.md, "Output formats"). Replay, show,
// report.html, the Test-Comp export and the fuzzer of the reader read
// tests here as typed records, and so does export, which writes them as
// C. So every reader refuses a test of another format version alike.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_TESTRECORD_H
#define THESEUS_REPORT_TESTRECORD_H

#include "report/TestFile.h"

#include "llvm/ADT/StringRef.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace theseus {

/// The version of the test schema this Theseus writes and reads. A change
/// that an older reader would misread gets a new version.
constexpr unsigned TestFormatVersion = 1;
/// The "format" member of every test: "theseus-test-1".
std::string testFormat(unsigned Version = TestFormatVersion);

/// A frame of the call stack of a bug.
struct RecordedFrame {
  std::string Function;
  std::string File;
  unsigned Line = 0;
};

/// The engine's recorded outcome of a test.
struct RecordedOutcome {
  std::string Kind; ///< "return", "exit", "bug", or one with no native run.
  std::string Bug;  ///< The bug kind, for "bug".
  /// Whether File and Line are recorded: for the ends that are neither a
  /// return nor an exit.
  bool HasLocation = false;
  std::string File;
  unsigned Line = 0;
  int Code = 0;               ///< The exit code, for "exit".
  std::string Value = "void"; ///< The returned value as JSON, for "return".
  /// That value's two's-complement bits when it is an integer (not a
  /// struct's members).
  std::optional<uint64_t> Integer;
  /// A float's encoding ("bytes", hex in memory order), which replay
  /// compares; none in tests written before it was recorded.
  std::optional<std::string> FloatBytes;
  std::optional<std::string> Message; ///< For the ends with a location.
  std::optional<std::vector<RecordedFrame>> Stack; ///< For "bug".
};

/// One member of a test's "inputs": an entry parameter or a created input.
struct TestInput {
  bool Created = false; ///< Made by the program (harness API, stdin).
  /// Required of a created input; "?" for a parameter without one.
  std::string Name;
  std::string CType;  ///< Its C type ("type"); empty when not recorded.
  std::string Bytes;  ///< Hex digits, two per byte, in memory order.
  std::string Memory; ///< Those bytes.
  /// Its value as JSON: an integer, or a pointee's elements as an array;
  /// none for bytes that are no number.
  std::optional<std::string> Value;
  /// A pointee up to its NUL, escaped as C.
  std::optional<std::string> String;
  /// A struct's integer members by name, as a JSON object.
  std::optional<std::string> Fields;
  /// The integers of an entry's parameter as two's-complement bits: a
  /// scalar's value, or a pointee's elements when Value has them.
  std::vector<uint64_t> Integers;
  /// Fields as two's-complement bits by member name.
  std::map<std::string, uint64_t> FieldValues;
  /// The parameter's type and layout (not read for main's parameters,
  /// which the command line gives); for a pointer, also its pointee's.
  ParamInfo Param;
};

/// One decision of a test's path in source terms (its "explanation").
struct RecordedDecision {
  std::string File;
  unsigned Line = 0;
  std::string Condition;
  std::string Kind = "branch"; ///< "branch", "check" or "assume".
  bool Taken = false;          ///< For two-way decisions.
  bool IsSwitch = false;
  std::string Case; ///< Switch: the case value taken, or "default".
};

/// The decision of an earlier test negated to find a test (concolic mode).
struct NegatedDecision {
  uint64_t Test = 0;
  uint64_t Decision = 0; ///< Its index in that test's explanation.
};

/// A command-line argument as a test records it.
struct TestArgument {
  std::string Hex;     ///< Two hex digits a byte.
  std::string Text;    ///< Those bytes.
  std::string Escaped; ///< Escaped as C.
};

/// A test file's members. Those the writer leaves out of some tests are
/// optional; the others default to an empty value when missing.
struct TestRecord {
  uint64_t Number = 0; ///< Its number in its run ("test").
  ProgramDescription Program;
  std::string ProgramKey; ///< The program's JSON: one native build per key.
  RecordedOutcome Outcome;
  std::vector<TestInput> Inputs;
  bool CommandLine = false;       ///< main(argc, argv): "argv" is there.
  std::vector<TestArgument> Argv; ///< The command line, argv[0] first.
  std::string Stdin;              ///< The bytes read from stdin.
  std::string StdinEscaped;       ///< Those bytes escaped as C.
  std::string Stdout;             ///< What the program printed.
  /// The decisions of the path in order; not recorded by older writers.
  std::optional<std::vector<RecordedDecision>> Explanation;
  uint64_t ExplanationTruncated = 0; ///< Decisions left out past those.
  std::optional<NegatedDecision> Negated;
  /// The test of the path of which this one is a further return value.
  std::optional<uint64_t> VariantOf;
  bool Diverged = false; ///< The run missed the side it was solved for.

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

/// Reads the test `Test`, parsed from the file `Name`. Throws InputError,
/// and nothing else, for any JSON that is not a valid test of this format
/// version.
TestRecord readTest(const nlohmann::json &Test, const std::string &Name,
                    llvm::StringRef Cmd);

/// Parses the text of the test file `Name` (see readTest).
TestRecord parseTest(const std::string &Text, const std::string &Name,
                     llvm::StringRef Cmd);

/// Reads the test file `Path` (see readTest).
TestRecord readTestFile(const std::string &Path, llvm::StringRef Cmd);

/// An input as the C programmer reads it: "a = 3", "s = \"ab\"" (escaped
/// as in JSON), a struct by its members, "buf = [1, 2]", else its bytes,
/// "b = 0x0a00".
std::string inputText(const TestInput &In);

} // namespace theseus

#endif
