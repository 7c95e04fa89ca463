//===- NativeFuzzer.cpp - libFuzzer beside the symbolic search ------------===//
#include "fuzz/NativeFuzzer.h"
#include "fuzz/NativeRecord.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <ctime>
#include <fcntl.h>
#include <fmt/format.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace theseus {

namespace {

std::vector<uint8_t> readBytes(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf)
    return {};
  llvm::StringRef Data = (*Buf)->getBuffer();
  return std::vector<uint8_t>(Data.begin(), Data.end());
}

/// Names of the regular files in `Dir`.
std::vector<std::string> filesIn(const std::string &Dir) {
  std::vector<std::string> Out;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (It->type() == llvm::sys::fs::file_type::regular_file)
      Out.push_back(llvm::sys::path::filename(It->path()).str());
  std::sort(Out.begin(), Out.end());
  return Out;
}

/// A saved input that ended in an error: libFuzzer's crashes and the
/// runtime's abort()s.
bool isError(llvm::StringRef Name) {
  return Name.starts_with("crash-") || Name.starts_with("abort-");
}

/// Starts `Args` in a process group of its own with `Env` added to ours,
/// stdin from /dev/null and stdout and stderr appended to `Log`. A fuzzer
/// outliving a killed Theseus would run on forever: the runtime makes it
/// die with us (THESEUS_FUZZ_PARENT, runtime/theseus_fuzz.c).
std::optional<Process> spawn(std::vector<std::string> Args,
                             std::vector<std::string> Env,
                             const std::string &Log) {
  ProcessOptions O;
  O.Argv = std::move(Args);
  O.Environment = std::move(Env);
  O.Environment.push_back(fmt::format("THESEUS_FUZZ_PARENT={}", getpid()));
  O.Stdin = ProcessInput::null();
  O.Stdout = ProcessOutput::append(Log);
  O.Stderr = ProcessOutput::toStdout();
  O.NewProcessGroup = true;
  // A fuzzer that cannot start leaves the search alone, as one that
  // crashed at once.
  std::string Error;
  return Process::start(O, Error);
}

/// Inputs the engine offered: the fuzzer has them, the engine ran them.
bool isOffered(llvm::StringRef Name) { return Name.starts_with("theseus-"); }

} // namespace

const char *toString(FuzzEnd E) {
  switch (E) {
  case FuzzEnd::Running:
    return "running";
  case FuzzEnd::Budget:
    return "budget";
  case FuzzEnd::Exhausted:
    return "engine-exhausted";
  case FuzzEnd::SearchEnded:
    return "run-ended";
  case FuzzEnd::Crashed:
    return "crashed";
  case FuzzEnd::NotStarted:
    return "not-started";
  }
  return "?";
}

NativeFuzzer::NativeFuzzer(std::string Binary, std::string Dir, FuzzSettings S)
    : Binary(std::move(Binary)), Dir(std::move(Dir)), Settings(S) {
  for (const char *Sub : {"/corpus", "/crashes", "/records"})
    llvm::sys::fs::create_directories(this->Dir + Sub);
}

NativeFuzzer::~NativeFuzzer() { stop(); }

double NativeFuzzer::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       Started)
      .count();
}

void NativeFuzzer::start() {
  Started = std::chrono::steady_clock::now();
  launch();
}

void NativeFuzzer::launch() {
  double Left = Settings.Seconds > 0 ? Settings.Seconds - elapsed() : 0;
  if (Settings.Seconds > 0 && Left < 0.5) {
    Stats.End = FuzzEnd::Budget;
    return;
  }
  // libFuzzer takes -seed=0 as "pick one": ours start at 1.
  std::vector<std::string> Args = {
      Binary,
      fmt::format("-seed={}", Settings.Seed + 1 + Stats.Restarts),
      fmt::format("-max_len={}", Settings.MaxLen),
      "-artifact_prefix=" + Dir + "/crashes/",
      "-timeout=10",
      "-rss_limit_mb=2048",
      "-close_fd_mask=1", // The program's stdout; the log keeps stderr.
      "-print_final_stats=1",
      "-reload=1",
      Dir + "/corpus"};
  if (Left > 0)
    Args.insert(
        Args.begin() + 1,
        fmt::format("-max_total_time={}", static_cast<long>(std::ceil(Left))));
  if (Settings.Runs > 0)
    Args.insert(Args.begin() + 1, fmt::format("-runs={}", Settings.Runs));
  Child = spawn(Args, {"THESEUS_FUZZ_CRASHES=" + Dir + "/crashes"},
                Dir + "/fuzzer.log");
  if (!Child)
    Stats.End = FuzzEnd::NotStarted;
}

void NativeFuzzer::reap() {
  ProcessResult R = Child->result();
  Stats.Seconds += R.WallSeconds;
  Stats.CpuSeconds += R.CpuSeconds;
  Stats.End = R.succeeded() ? FuzzEnd::Budget : FuzzEnd::Crashed;
  Child.reset();
}

void NativeFuzzer::poll() {
  if (!Child || !Child->ended())
    return;
  reap();
  if (Stats.End == FuzzEnd::Crashed && Stats.Restarts < Settings.MaxRestarts) {
    ++Stats.Restarts;
    launch();
  }
}

bool NativeFuzzer::running() {
  poll();
  return Child.has_value();
}

std::vector<ExchangedInput> NativeFuzzer::take() {
  poll();
  std::vector<ExchangedInput> Out;
  auto Collect = [&](const std::string &Sub, bool Crashes) {
    for (const std::string &Name : filesIn(Dir + Sub)) {
      // Timeouts and out-of-memory inputs would only stall the engine.
      if ((Crashes && !isError(Name)) || isOffered(Name) ||
          !Seen.insert(Sub + Name).second)
        continue;
      std::string Path = Dir + Sub + "/" + Name;
      Out.push_back({readBytes(Path), Crashes, "fuzzer", std::nullopt});
      if (Crashes && !Settings.RecordWith.empty())
        Out.back().Native = recordNativeRun(Settings.RecordWith, Path,
                                            Dir + "/records/" + Name);
    }
  };
  // Crashes first: they are what the run looks for.
  Collect("/crashes", true);
  Collect("/corpus", false);
  return Out;
}

bool NativeFuzzer::errorWaiting() {
  for (const std::string &Name : filesIn(Dir + "/crashes"))
    if (isError(Name) && !Seen.count("/crashes" + Name))
      return true;
  return false;
}

void NativeFuzzer::offer(const std::vector<uint8_t> &Bytes) {
  // Written beside the corpus and renamed in, so the fuzzer never reads a
  // partial file.
  std::string Name = fmt::format("theseus-{:06}", ++Stats.Offered);
  std::string Tmp = Dir + "/" + Name + ".tmp";
  {
    std::ofstream OS(Tmp, std::ios::binary);
    OS.write(reinterpret_cast<const char *>(Bytes.data()),
             static_cast<std::streamsize>(Bytes.size()));
  }
  // libFuzzer's -reload rereads the corpus only when the directory's mtime,
  // in whole seconds, is later than at its last read, and then only files
  // no older than that read. A file added in the same second as a read was
  // never seen (the engine's input lost in about half of the exchanges).
  // The file and the directory get a second later than any they had.
  CorpusStamp = std::max(CorpusStamp + 1, std::time(nullptr) + 1);
  timespec Times[2] = {{0, UTIME_OMIT}, {CorpusStamp, 0}};
  ::utimensat(AT_FDCWD, Tmp.c_str(), Times, 0);
  llvm::sys::fs::rename(Tmp, Dir + "/corpus/" + Name);
  ::utimensat(AT_FDCWD, (Dir + "/corpus").c_str(), Times, 0);
}

void NativeFuzzer::interrupt(FuzzEnd Why) {
  if (!Child)
    return;
  bool Interrupted = !Child->ended();
  if (Interrupted) {
    Child->signal(SIGINT); // libFuzzer prints its final statistics.
    Child->wait(std::chrono::seconds(2));
  }
  reap();
  if (Interrupted)
    Stats.End = Why;
}

void NativeFuzzer::searchEnded(bool Exhausted) {
  interrupt(Exhausted ? FuzzEnd::Exhausted : FuzzEnd::SearchEnded);
}

void NativeFuzzer::stop() {
  interrupt(FuzzEnd::SearchEnded);
  readFinalStats();
}

void NativeFuzzer::readFinalStats() {
  // The log holds every start of the fuzzer, each beginning with its seed;
  // a start that stops by itself (-runs) prints its final statistics twice,
  // so each start counts with the last figure it printed.
  Stats.Executions = 0;
  std::ifstream Log(Dir + "/fuzzer.log");
  std::string Line;
  const std::string Key = "stat::number_of_executed_units:";
  uint64_t ThisStart = 0;
  while (std::getline(Log, Line)) {
    if (Line.rfind("INFO: Seed:", 0) == 0) {
      Stats.Executions += ThisStart;
      ThisStart = 0;
    } else if (Line.rfind(Key, 0) == 0) {
      ThisStart = std::strtoull(Line.c_str() + Key.size(), nullptr, 10);
    }
  }
  Stats.Executions += ThisStart;
  Stats.CorpusInputs = filesIn(Dir + "/corpus").size();
  Stats.Crashes = 0;
  for (const std::string &Name : filesIn(Dir + "/crashes"))
    Stats.Crashes += isError(Name);
}

} // namespace theseus
