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

#include <cstdio>
#include <string>
#include <vector>

namespace theseus {

struct ReplayTotals {
  unsigned Matched = 0;
  unsigned Mismatched = 0;
  unsigned Skipped = 0; ///< Outcomes a native run cannot reproduce.
};

/// Replays the given test files and directories of tests, printing one line
/// per test to `Out`. Throws InputError for unreadable tests or programs
/// that do not compile.
ReplayTotals replayTests(const std::vector<std::string> &Paths, std::FILE *Out,
                         bool Verbose);

} // namespace theseus

#endif
