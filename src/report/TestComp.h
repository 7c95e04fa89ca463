//===- TestComp.h - Test suites in the Test-Comp exchange format ----------===//
//
// The test-suite format of the Test-Comp competition
// (https://gitlab.com/sosy-lab/software/test-format): a directory holding
// metadata.xml and one XML file per test whose `input` elements are the
// values the program's __VERIFIER_nondet_* calls return, in call order.
// The DTDs the files follow are in share/testcomp/.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_TESTCOMP_H
#define THESEUS_REPORT_TESTCOMP_H

#include "report/TestFile.h"

#include <string>

namespace theseus {

struct TestRecord;

/// What metadata.xml says about the suite's program and goal.
struct TestCompMetadata {
  std::string Specification; ///< The property, e.g. "COVER( init(main()), ...".
  std::string ProgramFile;
  std::string ProgramHash; ///< SHA-256 of the program file, lowercase hex.
  std::string EntryFunction;
  std::string Architecture; ///< "32bit" or "64bit".
  std::string CreationTime; ///< UTC, ISO 8601.
};

/// How to describe a suite: its property (empty: branch coverage of the
/// entry), the program's data model (ILP32 or LP64) and, for a run without
/// tests to read it from, the program file.
struct TestCompSuiteOptions {
  std::string Dir; ///< The suite's directory; empty: no suite.
  std::string Specification;
  std::string DataModel = "LP64";
  std::string ProgramFile;
};

/// Test-Comp's branch-coverage property for entry function `Entry`.
std::string branchCoverageSpecification(const std::string &Entry);

/// The metadata of a suite for `ProgramFile` (read to hash it), created now.
TestCompMetadata testCompMetadata(const std::string &ProgramFile,
                                  const std::string &Entry,
                                  const TestCompSuiteOptions &Opts);

std::string metadataXml(const TestCompMetadata &M);

/// The testcase of a test: the values of its inputs created by
/// __VERIFIER_nondet_* calls, in creation order, each with its C type;
/// `coversError` when it reaches reach_error.
std::string testcaseXml(const TestRecord &Test);

/// Writes a suite while the run goes on: metadata.xml at once and each
/// test's XML as soon as `Inner` has written its JSON file (the tests of
/// the run's suite), so a killed run keeps its suite. Without a directory it
/// only passes paths on to `Inner`.
class TestCompWriter : public ExplorationListener {
public:
  TestCompWriter(TestWriter &Inner, std::string RunDir,
                 const TestCompSuiteOptions &Opts,
                 const ProgramDescription &Program);

  void onNewPath(const PathResult &R) override;
  void onSideClosed(const ClosedSide &C) override { Inner.onSideClosed(C); }
  void onReturnValuesSettled(uint64_t Test, ReturnValueSet How) override {
    Inner.onReturnValuesSettled(Test, How);
  }
  void onExchange(const ExchangedTest &X) override { Inner.onExchange(X); }
  /// Once `Inner` has finished its suite: removes the testcases of the
  /// tests it dropped, and writes the suite's zip archive.
  void finish() const;
  /// Once `Inner` has numbered its tests again: writes the testcases of
  /// its files again.
  void numberAgain();

private:
  TestWriter &Inner;
  std::string RunDir;
  std::string SuiteDir;
  std::vector<uint64_t> Testcases; ///< Written, by test number.
};

/// Converts the tests of run directory `RunDir` (its suite, or with `All`
/// every test of its database) into a suite in `SuiteDir` (and
/// `SuiteDir`.zip when `Zip`); returns how many tests it holds. The program
/// and entry are read from the tests, or without tests from
/// `Opts.ProgramFile` and summary.json. Throws InputError on a directory
/// that is no run directory.
size_t exportTestComp(const std::string &RunDir, const std::string &SuiteDir,
                      const TestCompSuiteOptions &Opts, bool Zip,
                      bool All = false);

/// Archives `SuiteDir` as `SuiteDir`.zip, the directory its one top-level
/// entry, as the competition hands suites over. Throws std::runtime_error.
void zipTestCompSuite(const std::string &SuiteDir);

} // namespace theseus

#endif
