//===- StoredTests.h - Tests read back from the run database --------------===//
//
// run.db keeps each test without what it keeps elsewhere: the program
// (per part of the run), the explanation (by decision site), the members
// the path's columns hold, and the inputs' types (described once per part,
// their bytes in the path's input). Here a stored test becomes again the
// test file the run wrote, byte for byte, so that every reader of tests can
// read them from the database.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_STOREDTESTS_H
#define THESEUS_REPORT_STOREDTESTS_H

#include "report/TestFile.h"
#include "report/TestRecord.h"
#include "store/RunDatabase.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace theseus {

/// Opens the run database of the run directory `Dir` for reading. Throws
/// InputError, naming the command `Cmd`, when there is none or it cannot
/// be read.
std::unique_ptr<RunDatabase> openRunDatabase(const std::string &Dir,
                                             const std::string &Cmd);

/// Stored paths turned back into their tests' text, as the test files the
/// run wrote hold it.
class StoredTestText {
public:
  /// Reads the sites and parts of `Db` that paths refer to.
  explicit StoredTestText(RunDatabase &Db);
  std::string operator()(const PathRow &P) const;

private:
  /// Puts back into `Test` what schema version 4 keeps elsewhere.
  void restore(nlohmann::json &Test, const PathRow &P) const;

  std::map<int64_t, SiteRow> Sites;
  std::map<int64_t, nlohmann::json> Programs;               ///< By part.
  std::map<int64_t, std::map<int64_t, StoredInput>> Inputs; ///< By part.
  const std::map<int64_t, StoredInput> NoInputs;
  unsigned Version;
};

/// Calls `Fn` with each path of `Db` and its test's text; with `Select`,
/// only for the paths whose number it accepts.
void forEachStoredTest(
    RunDatabase &Db,
    const std::function<void(const PathRow &, const std::string &)> &Fn,
    const std::function<bool(uint64_t)> &Select = nullptr);

/// The text of the test `Path` names as a test file of a run directory
/// ("DIR/test000042.json") when the run kept no such file but its run.db
/// has the test; none otherwise.
std::optional<std::string> storedTestText(const std::string &Path);

/// Calls `Fn` with each test of `Path`, a test file or a run directory: its
/// test files (the suite), or with `All` every test in its run.db, named as
/// the run names its file (which exists only for a test of the suite).
/// Throws InputError, naming the command `Cmd`.
void forEachTest(
    const std::string &Path, bool All, const std::string &Cmd,
    const std::function<void(const std::string &, const TestRecord &)> &Fn);

/// Runs `Read`, which reads the run database of the directory `Dir`,
/// turning what a damaged database throws into an InputError naming the
/// command `Cmd`.
void readStoredTests(const std::string &Dir, const std::string &Cmd,
                     const std::function<void()> &Read);

/// `theseus export --json`: writes the tests of the run directory `Dir`
/// from its database to the directory `Output`, as the run's test files.
/// Returns the number of tests written. Throws InputError.
uint64_t exportStoredTests(const std::string &Dir, const std::string &Output);

} // namespace theseus

#endif
