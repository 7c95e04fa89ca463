//===- NativeFuzzer.h - libFuzzer beside the symbolic search --------------===//
//
// Runs the fuzzer binary (FuzzTarget.h) as a child process on a corpus
// directory both sides write to: the fuzzer saves the inputs that reach
// new coverage there and re-reads it every second, so inputs the engine
// solved (offer) join its corpus, and the engine takes the fuzzer's new
// inputs and its crashes (take). After a crash the fuzzer is started again
// on the same corpus while its time lasts.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_FUZZ_NATIVEFUZZER_H
#define THESEUS_FUZZ_NATIVEFUZZER_H

#include "explore/Exchange.h"
#include "support/Process.h"

#include <chrono>
#include <optional>
#include <set>
#include <string>

namespace theseus {

struct FuzzSettings {
  /// Seconds of fuzzing in all (0: until stop()).
  double Seconds = 0;
  uint64_t Seed = 0;
  uint64_t Runs = 0;      ///< libFuzzer's -runs per start (0: no limit).
  unsigned MaxLen = 4096; ///< Longest input the fuzzer tries.
  unsigned MaxRestarts = 8;
};

struct FuzzStats {
  uint64_t Executions = 0; ///< Runs of the program, from libFuzzer's stats.
  uint64_t CorpusInputs = 0;
  uint64_t Crashes = 0; ///< Saved inputs that ended in an error.
  uint64_t Restarts = 0;
  uint64_t Offered = 0;
  double Seconds = 0;
};

class NativeFuzzer final : public InputExchange {
public:
  /// `Dir` holds the corpus, crashes and the fuzzer's log.
  NativeFuzzer(std::string Binary, std::string Dir, FuzzSettings S);
  ~NativeFuzzer() override;

  void start();
  /// Ends the fuzzer and reads its statistics.
  void stop();

  std::vector<ExchangedInput> take() override;
  void offer(const std::vector<uint8_t> &Bytes) override;
  bool running() override;

  const FuzzStats &stats() const { return Stats; }
  const std::string &directory() const { return Dir; }

private:
  void launch();
  double elapsed() const;
  /// Reaps the child if it ended; starts it again after a crash while
  /// time is left.
  void poll();
  void readFinalStats();

  std::string Binary, Dir;
  FuzzSettings Settings;
  FuzzStats Stats;
  std::optional<Process> Child;
  std::chrono::steady_clock::time_point Started;
  std::set<std::string> Seen; ///< Files of the corpus and crashes taken.
  time_t CorpusStamp = 0;     ///< The corpus directory's mtime last set.
};

} // namespace theseus

#endif
