//===- Export.h - Generated tests as regression tests a project checks in -===//
//
// `theseus export` turns the tests of a run into source code: a GoogleTest
// file or a plain C driver that call the entry with each test's inputs and
// expect what the engine recorded. One model of a test ("call the entry
// with these values and expect this") is built from the test file and
// rendered in each format.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_EXPORT_H
#define THESEUS_REPORT_EXPORT_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace theseus {

/// The output formats of `theseus export`, chosen by one option each:
/// source files, a Test-Comp test-suite directory (report/TestComp.h), or
/// the test files again, from the run database (report/StoredTests.h).
enum class ExportFormat { GTest, C, TestComp, Json };

/// How an exported test expects the native call to end.
enum class ExportExpect {
  Return,   ///< Returns (`Value`, unless void), stdout as recorded.
  Exit,     ///< Calls exit(`Code`).
  Signal,   ///< Dies of `Signal`.
  Sanitizer ///< A report of `Sanitizer` ("address", "undefined").
};

/// One test, ready to render: statements that build the inputs (valid C
/// and C++), the call, and the expected end.
struct ExportedTest {
  uint64_t Number = 0;
  std::string File; ///< The test file.
  std::string Name; ///< e.g. test000003_returns_7.
  std::vector<std::string> Comment;
  std::vector<std::string> Setup;
  std::string Call;
  std::string ResultType; ///< The C type of `Call`; empty for void.
  ExportExpect Expect = ExportExpect::Return;
  std::string Value;     ///< A C literal, for Return; empty: not checked.
  bool Promoted = false; ///< The result compares as an int.
  bool Unsigned = false; ///< The result compares as unsigned.
  int Code = 0;
  int Signal = 0;
  std::string Bug; ///< The bug's kind, for a bug.
  std::string Sanitizer;
  std::string Report; ///< Text the sanitizer's report contains.
  bool CheckStdout = false;
  std::string Stdout;
};

/// A test left out of the export, and why.
struct SkippedTest {
  std::string File;
  std::string Why;
};

/// Everything a rendered file holds: the entry, the types it needs, the
/// tests.
struct ExportedSuite {
  std::string Suite;              ///< The entry's name, for test names.
  std::string Output;             ///< The exported file's name.
  std::string Declaration;        ///< The entry's prototype, without `extern`.
  std::vector<std::string> Types; ///< Struct definitions the tests use.
  std::vector<std::string> Sources;
  /// Per source, the `__VERIFIER_nondet_*` and error functions it defines:
  /// the user weakens them in its object, so that the runtime's serve the
  /// inputs and the exported file's end the run at a call of reach_error.
  std::vector<std::vector<std::string>> OwnDefinitions;
  std::vector<std::string> CFlags;
  bool MainEntry = false;    ///< Compiled with -Dmain=theseus_entry_main.
  bool Harness = false;      ///< Inlines the replay runtime.
  std::string RuntimeSource; ///< runtime/theseus_replay.c, when Harness.
  std::vector<ExportedTest> Tests;
  std::vector<SkippedTest> Skipped;
};

/// A C string literal of `Bytes`: octal escapes for anything unprintable,
/// so that no escape runs into the next character.
std::string stringLiteral(llvm::StringRef Bytes);

/// The symbol an entry named `main` is renamed to for an export.
constexpr const char *ExportedMainName = "theseus_entry_main";

/// Reads the tests of `Paths` (test files or run directories: their suites,
/// or with `All` every test of their run databases) into a suite. Throws
/// InputError for unreadable or malformed tests, and when there is no test.
ExportedSuite buildExportedSuite(const std::vector<std::string> &Paths,
                                 bool All = false);

/// The source text of `Suite` in `Format`.
std::string renderGTest(const ExportedSuite &Suite);
std::string renderC(const ExportedSuite &Suite);

/// `theseus export`: writes `Output` in `Format` from the tests of
/// `Paths` (a run directory's suite, or with `All` every test of its
/// database), and one line on `Log` with the counts (and each skipped
/// test). A Test-Comp suite is made from one run directory, and archived
/// as `Output`.zip when `Zip`; so are test files (from its database, all of
/// them). Returns the number of tests skipped. Throws InputError.
unsigned exportTests(ExportFormat Format, const std::string &Output,
                     const std::vector<std::string> &Paths, std::FILE *Log,
                     bool Zip = false, bool All = false);

} // namespace theseus

#endif
