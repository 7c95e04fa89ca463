//===- NativeFuzzer.h - libFuzzer beside the symbolic search --------------===//
//
// Runs the fuzzer binary (FuzzTarget.h) as a child process on a corpus
// directory both sides write to: the fuzzer saves the inputs that reach
// new coverage there and re-reads it every second, so inputs the engine
// solved (offer) join its corpus, and the engine takes the fuzzer's new
// inputs and its crashes (take). After a crash the fuzzer is started again
// on the same corpus while its time lasts. Each input saved for an error
// is run once more, recorded (NativeRecord.h), before the engine takes it.
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
  /// The fuzzer binary built from the program, which records a run of each
  /// input saved for an error (NativeRecord.h); empty: none is recorded.
  std::string RecordWith;
};

/// Why the fuzzer is not running (any more).
enum class FuzzEnd : uint8_t {
  Running,     ///< It still runs.
  Budget,      ///< Its time or runs (FuzzSettings) were spent.
  Exhausted,   ///< Stopped early: the search ran every feasible path.
  SearchEnded, ///< Stopped when the search ended (a budget, a target).
  Crashed,     ///< It crashed once more after its last restart.
  NotStarted,  ///< The binary could not be started.
};
/// "budget", "engine-exhausted", "run-ended", "crashed", "not-started"
/// ("running" for Running).
const char *toString(FuzzEnd E);

struct FuzzStats {
  uint64_t Executions = 0; ///< Runs of the program, from libFuzzer's stats.
  uint64_t CorpusInputs = 0;
  uint64_t Crashes = 0; ///< Saved inputs that ended in an error.
  uint64_t Restarts = 0;
  uint64_t Offered = 0;
  /// The fuzzer's own time, over all its starts: from each start until it
  /// was seen to end, and the processor time it used.
  double Seconds = 0;
  double CpuSeconds = 0;
  FuzzEnd End = FuzzEnd::Running;
};

class NativeFuzzer final : public InputExchange {
public:
  /// `Dir` holds the corpus, crashes and the fuzzer's log.
  NativeFuzzer(std::string Binary, std::string Dir, FuzzSettings S);
  ~NativeFuzzer() override;

  void start();
  /// Ends the fuzzer (if it still runs, as the search ended) and reads its
  /// statistics.
  void stop();

  std::vector<ExchangedInput> take() override;
  void offer(const std::vector<uint8_t> &Bytes) override;
  bool running() override;
  bool errorWaiting() override;
  /// Stops the fuzzer: its inputs would go nowhere.
  void searchEnded(bool Exhausted) override;

  const FuzzStats &stats() const { return Stats; }
  const FuzzSettings &settings() const { return Settings; }
  const std::string &directory() const { return Dir; }

private:
  void launch();
  double elapsed() const;
  /// Reaps the child if it ended; starts it again after a crash while
  /// time is left.
  void poll();
  /// Interrupts the child, which prints its final statistics, and counts
  /// its time; `Why` it was stopped.
  void interrupt(FuzzEnd Why);
  /// Adds the ended child's time to the statistics and lets it go.
  void reap();
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
