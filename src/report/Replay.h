//===- Replay.h - Running tests on the natively compiled program ----------===//
//
// `theseus replay` compiles the program with clang and a generated driver
// that calls the entry with a test's inputs (native/NativeBuild.h), runs
// it, and checks that the native run ends the way the engine recorded
// (ReplayOutcome.h): the same return value, exit code, or a crash of the
// kind the reported bug implies. Tests run on several threads at once and
// are reported in test order; --sample replays some of them
// (ReplaySample.h), --all the paths of a run's database (StoredTests.h).
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_REPLAY_H
#define THESEUS_REPORT_REPLAY_H

#include "report/ReplayOutcome.h"
#include "report/TestRecord.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace theseus {

/// What `theseus replay` is asked.
struct ReplayOptions {
  std::vector<std::string> Paths; ///< Test files and run directories.
  bool Verbose = false;           ///< A line per test, not only the others'.
  unsigned Jobs = 0;              ///< Tests replayed at once; 0: a core each.
  uint64_t Sample = 0;            ///< --sample (ReplaySample.h); 0: every test.
  uint64_t Seed = 0;
  /// Run directories: every path of their run.db, not only their test
  /// files.
  bool AllPaths = false;
};

struct ReplayTotals {
  uint64_t Tests = 0; ///< Found, replayed or not.
  uint64_t Matched = 0;
  uint64_t Mismatched = 0;
  uint64_t Skipped = 0;   ///< Outcomes a native run cannot reproduce.
  uint64_t BugsAdded = 0; ///< Replayed for their bug, not drawn by --sample.

  uint64_t replayed() const { return Matched + Mismatched + Skipped; }
};

/// Replays tests, building each program (and sanitizer variant) natively
/// once. Threads may replay at once with one Replayer: the first to need
/// a build makes it while the others needing it wait.
class Replayer {
public:
  Replayer();
  ~Replayer();
  /// Throws InputError for unreadable tests or programs that do not
  /// compile.
  TestReplay replay(const std::string &TestFile);
  /// Throws InputError for programs that do not compile.
  TestReplay replayTest(const TestRecord &Test);

private:
  /// The native binary of the test's program, built on first use.
  const std::string &binary(const TestRecord &Test,
                            const std::vector<std::string> &Sanitize);
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// Replays the tests `O` asks for on `O.Jobs` threads, printing to `Out` a
/// line per test that does not match (per test with `O.Verbose`), in test
/// order, and the totals; the progress goes to stderr meanwhile. Throws
/// InputError for unreadable tests or programs that do not compile.
ReplayTotals replayTests(const ReplayOptions &O, std::FILE *Out);

} // namespace theseus

#endif
