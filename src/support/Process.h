//===- Process.h - Starting and waiting for child processes ---------------===//
//
// Every child process of Theseus (clang, the native replay of a test, the
// fuzzer, Graphviz, zip) is started here, with posix_spawn. fork() is not
// an option: Z3's and the apc's threads may hold locks (malloc's, Z3's)
// at the moment of the fork, and a child that calls anything but
// async-signal-safe functions before its exec can hang on them.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_SUPPORT_PROCESS_H
#define THESEUS_SUPPORT_PROCESS_H

#include <chrono>
#include <optional>
#include <string>
#include <sys/resource.h>
#include <sys/types.h>
#include <vector>

namespace theseus {

/// Where a child's stdin comes from.
struct ProcessInput {
  enum class Kind { Inherit, Null, File, Bytes };
  Kind From = Kind::Inherit;
  std::string Data; ///< The path (File) or the bytes (Bytes).

  static ProcessInput null() { return {Kind::Null, ""}; }
  static ProcessInput file(std::string Path) {
    return {Kind::File, std::move(Path)};
  }
  static ProcessInput bytes(std::string Bytes) {
    return {Kind::Bytes, std::move(Bytes)};
  }
};

/// Where a child's stdout or stderr goes.
struct ProcessOutput {
  enum class Kind { Inherit, Discard, File, Append, Capture, Stdout };
  Kind To = Kind::Inherit;
  std::string Path; ///< For File and Append.

  static ProcessOutput discard() { return {Kind::Discard, ""}; }
  /// Truncated first.
  static ProcessOutput file(std::string Path) {
    return {Kind::File, std::move(Path)};
  }
  static ProcessOutput append(std::string Path) {
    return {Kind::Append, std::move(Path)};
  }
  /// Kept in ProcessResult::Stdout or ::Stderr.
  static ProcessOutput capture() { return {Kind::Capture, ""}; }
  /// For stderr: wherever stdout goes.
  static ProcessOutput toStdout() { return {Kind::Stdout, ""}; }
};

struct ProcessOptions {
  /// The program and its arguments. A program name without a '/' is
  /// looked up in PATH.
  std::vector<std::string> Argv;
  /// "NAME=value" entries replacing or adding to our environment.
  std::vector<std::string> Environment;
  /// The child's working directory; empty: ours.
  std::string Directory;
  ProcessInput Stdin;
  ProcessOutput Stdout, Stderr;
  /// A process group of its own: a timeout or signal() reaches the
  /// program's own children too, and a Ctrl-C at the terminal does not.
  bool NewProcessGroup = false;
};

/// How a child ended.
struct ProcessResult {
  bool Exited = false; ///< Ended by exit(); `Code` holds its status.
  int Code = 0;
  int Signal = 0;        ///< The signal that ended it, if any.
  bool TimedOut = false; ///< Killed after the timeout.
  /// User and system time of the child and the children it waited for.
  double CpuSeconds = 0;
  /// From its start until it was reaped: by wait(), or by the ended() that
  /// saw it end.
  double WallSeconds = 0;
  std::string Stdout, Stderr; ///< What was captured.

  bool succeeded() const { return Exited && Code == 0; }
};

/// A running child process. Destroying one that still runs kills it.
class Process {
public:
  /// Starts the child; on failure (no such program, an unopenable file)
  /// returns nothing and sets `Error` to the reason.
  static std::optional<Process> start(const ProcessOptions &Options,
                                      std::string &Error);

  Process(Process &&Other) noexcept;
  Process &operator=(Process &&Other) noexcept;
  Process(const Process &) = delete;
  Process &operator=(const Process &) = delete;
  ~Process();

  /// Whether it has ended; reaps it if so (see result()).
  bool ended();
  /// Waits until it ends or `Timeout` passes, then kills it (and its
  /// group, if it has one of its own).
  ProcessResult wait(std::optional<std::chrono::milliseconds> Timeout = {});
  /// Sends `Signal` to it (and its group, if it has one of its own).
  void signal(int Signal);
  /// How it ended; valid once ended() or wait() said so.
  ProcessResult result();

private:
  Process() = default;
  void reaped(int Status, const rusage &Usage);
  /// Whether it ends by `Deadline`; reaps it if so.
  bool endsBy(std::chrono::steady_clock::time_point Deadline);
  void release();

  pid_t Pid = -1;
  bool Group = false;
  bool Done = false;
  int Status = 0;
  rusage Usage{};
  std::chrono::steady_clock::time_point Started, Reaped;
  bool TimedOut = false;
  int StdoutFd = -1, StderrFd = -1; ///< Memory files of captured output.
};

/// Runs a child to its end (killing it after `Timeout`).
/// On failure to start, returns nothing and sets `Error`.
std::optional<ProcessResult>
runProcess(const ProcessOptions &Options, std::string &Error,
           std::optional<std::chrono::milliseconds> Timeout = {});

/// Writes all of `Bytes` to `Fd`, retrying after signals; false on error.
bool writeAll(int Fd, const std::string &Bytes);

/// "exited with code 3", "killed by signal 11 (Segmentation fault)" or
/// "timed out".
std::string describeExit(const ProcessResult &R);

} // namespace theseus

#endif
