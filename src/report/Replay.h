//===- Replay.h - Running tests on the natively compiled program ----------===//
//
// `theseus replay` compiles the program with clang and a generated driver
// that calls the entry with a test's inputs (native/NativeBuild.h), runs
// it, and checks that the native run ends the way the engine recorded
// (ReplayOutcome.h): the same return value, exit code, or a crash of the
// kind the reported bug implies.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_REPLAY_H
#define THESEUS_REPORT_REPLAY_H

#include "report/ReplayOutcome.h"
#include "report/TestRecord.h"

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

/// Replays tests one at a time, building each program (and sanitizer
/// variant) natively once.
class Replayer {
public:
  Replayer();
  ~Replayer();
  /// Throws InputError for unreadable tests or programs that do not
  /// compile.
  TestReplay replay(const std::string &TestFile);
  TestReplay replayTest(const TestRecord &Test);

private:
  /// The native binary of the test's program, built on first use.
  const std::string &binary(const TestRecord &Test,
                            const std::vector<std::string> &Sanitize);
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
