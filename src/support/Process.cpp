//===- Process.cpp - Starting and waiting for child processes -------------===//
#include "support/Process.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <string_view>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utility>

extern char **environ;

namespace theseus {

namespace {

/// The environment of this process with `Set` ("NAME=value" entries)
/// replacing or adding variables of those names.
std::vector<std::string> environmentWith(const std::vector<std::string> &Set) {
  auto Name = [](std::string_view Entry) {
    return Entry.substr(0, Entry.find('='));
  };
  std::vector<std::string> Env;
  for (char **E = environ; *E; ++E) {
    std::string_view Entry(*E);
    bool Replaced = std::any_of(Set.begin(), Set.end(), [&](auto &S) {
      return Name(S) == Name(Entry);
    });
    if (!Replaced)
      Env.emplace_back(Entry);
  }
  Env.insert(Env.end(), Set.begin(), Set.end());
  return Env;
}

std::vector<char *> cStrings(std::vector<std::string> &Strings) {
  std::vector<char *> Out;
  for (std::string &S : Strings)
    Out.push_back(S.data());
  Out.push_back(nullptr);
  return Out;
}

/// An anonymous file in memory: captured output, or stdin's bytes. A pipe
/// would need a thread to drain or fill it while the child runs.
int memoryFile(const char *Name) { return memfd_create(Name, MFD_CLOEXEC); }

/// Blocks until `Pid` ends; false if it is not our child.
bool waitForChild(pid_t Pid, int &Status, rusage &Usage) {
  for (;;) {
    if (::wait4(Pid, &Status, 0, &Usage) == Pid)
      return true;
    if (errno != EINTR)
      return false;
  }
}

/// A file descriptor that becomes readable when `Pid` ends; -1 when the
/// kernel has none.
int openPidfd(pid_t Pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(::syscall(SYS_pidfd_open, Pid, 0));
#else
  (void)Pid;
  return -1;
#endif
}

/// Waits until `Fd` is readable or `Deadline` passes.
void awaitReadable(int Fd, std::chrono::steady_clock::time_point Deadline) {
  pollfd P{Fd, POLLIN, 0};
  for (;;) {
    int64_t Left = std::chrono::ceil<std::chrono::milliseconds>(
                       Deadline - std::chrono::steady_clock::now())
                       .count();
    if (Left <= 0)
      return;
    int Ready =
        ::poll(&P, 1, static_cast<int>(std::min<int64_t>(Left, INT_MAX)));
    if (Ready != -1 || errno != EINTR)
      return;
  }
}

std::string readAll(int Fd) {
  std::string Out;
  if (Fd < 0 || ::lseek(Fd, 0, SEEK_SET) != 0)
    return Out;
  char Buf[65536];
  for (;;) {
    ssize_t N = ::read(Fd, Buf, sizeof Buf);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return Out;
    Out.append(Buf, static_cast<size_t>(N));
  }
}

/// The file actions of a child: its three streams, its directory. Owns
/// the memory files it makes until the parent takes them.
class Streams {
public:
  Streams() { posix_spawn_file_actions_init(&Actions); }
  ~Streams() {
    posix_spawn_file_actions_destroy(&Actions);
    for (int Fd : {StdinFd, StdoutFd, StderrFd})
      if (Fd >= 0)
        ::close(Fd);
  }
  Streams(const Streams &) = delete;
  Streams &operator=(const Streams &) = delete;

  /// False, with errno set, when a memory file cannot be made.
  bool set(const ProcessOptions &O) {
    if (!O.Directory.empty())
      posix_spawn_file_actions_addchdir_np(&Actions, O.Directory.c_str());
    return setInput(O.Stdin) && setOutput(O.Stdout, 1, StdoutFd) &&
           setOutput(O.Stderr, 2, StderrFd);
  }

  posix_spawn_file_actions_t *actions() { return &Actions; }
  /// The memory files of captured stdout and stderr, until the caller
  /// takes them.
  int StdoutFd = -1, StderrFd = -1;

private:
  bool setInput(const ProcessInput &In) {
    switch (In.From) {
    case ProcessInput::Kind::Inherit:
      return true;
    case ProcessInput::Kind::Null:
      return open(0, "/dev/null", O_RDONLY);
    case ProcessInput::Kind::File:
      return open(0, In.Data, O_RDONLY);
    case ProcessInput::Kind::Bytes:
      StdinFd = memoryFile("theseus-stdin");
      if (StdinFd < 0 || !writeAll(StdinFd, In.Data) ||
          ::lseek(StdinFd, 0, SEEK_SET) != 0)
        return false;
      return posix_spawn_file_actions_adddup2(&Actions, StdinFd, 0) == 0;
    }
    return true;
  }

  bool setOutput(const ProcessOutput &Out, int Target, int &Captured) {
    const int Create = O_WRONLY | O_CREAT;
    switch (Out.To) {
    case ProcessOutput::Kind::Inherit:
      return true;
    case ProcessOutput::Kind::Discard:
      return open(Target, "/dev/null", O_WRONLY);
    case ProcessOutput::Kind::File:
      return open(Target, Out.Path, Create | O_TRUNC);
    case ProcessOutput::Kind::Append:
      return open(Target, Out.Path, Create | O_APPEND);
    case ProcessOutput::Kind::Capture:
      Captured = memoryFile(Target == 1 ? "theseus-stdout" : "theseus-stderr");
      return Captured >= 0 &&
             posix_spawn_file_actions_adddup2(&Actions, Captured, Target) == 0;
    case ProcessOutput::Kind::Stdout:
      return posix_spawn_file_actions_adddup2(&Actions, 1, Target) == 0;
    }
    return true;
  }

  bool open(int Target, const std::string &Path, int Flags) {
    return posix_spawn_file_actions_addopen(&Actions, Target, Path.c_str(),
                                            Flags, 0644) == 0;
  }

  posix_spawn_file_actions_t Actions;
  int StdinFd = -1;
};

} // namespace

bool writeAll(int Fd, const std::string &Bytes) {
  for (size_t Done = 0; Done < Bytes.size();) {
    ssize_t N = ::write(Fd, Bytes.data() + Done, Bytes.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += static_cast<size_t>(N);
  }
  return true;
}

std::optional<Process> Process::start(const ProcessOptions &O,
                                      std::string &Error) {
  if (O.Argv.empty()) {
    Error = "no program to run";
    return std::nullopt;
  }
  Streams S;
  if (!S.set(O)) {
    Error = std::strerror(errno);
    return std::nullopt;
  }
  posix_spawnattr_t Attr;
  posix_spawnattr_init(&Attr);
  if (O.NewProcessGroup) {
    posix_spawnattr_setflags(&Attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&Attr, 0);
  }
  std::vector<std::string> Args = O.Argv, Env = environmentWith(O.Environment);
  std::vector<char *> ArgV = cStrings(Args), EnvP = cStrings(Env);
  bool Search = O.Argv[0].find('/') == std::string::npos;
  Process P;
  // Before the spawn: the parent may wait for a core after it, while the
  // child runs.
  P.Started = std::chrono::steady_clock::now();
  // glibc reports a failed exec (and a file action that failed) here.
  int Err = (Search ? posix_spawnp : posix_spawn)(
      &P.Pid, ArgV[0], S.actions(), &Attr, ArgV.data(), EnvP.data());
  posix_spawnattr_destroy(&Attr);
  if (Err != 0) {
    Error = std::strerror(Err);
    return std::nullopt;
  }
  P.Group = O.NewProcessGroup;
  P.StdoutFd = std::exchange(S.StdoutFd, -1);
  P.StderrFd = std::exchange(S.StderrFd, -1);
  return P;
}

Process::Process(Process &&Other) noexcept { *this = std::move(Other); }

Process &Process::operator=(Process &&Other) noexcept {
  if (this != &Other) {
    release();
    Pid = std::exchange(Other.Pid, -1);
    Group = Other.Group;
    Done = Other.Done;
    Status = Other.Status;
    Usage = Other.Usage;
    Started = Other.Started;
    Reaped = Other.Reaped;
    TimedOut = Other.TimedOut;
    StdoutFd = std::exchange(Other.StdoutFd, -1);
    StderrFd = std::exchange(Other.StderrFd, -1);
  }
  return *this;
}

Process::~Process() { release(); }

void Process::release() {
  if (Pid > 0 && !Done) {
    signal(SIGKILL);
    waitForChild(Pid, Status, Usage);
  }
  for (int Fd : {StdoutFd, StderrFd})
    if (Fd >= 0)
      ::close(Fd);
  Pid = StdoutFd = StderrFd = -1;
}

void Process::reaped(int S, const rusage &U) {
  Done = true;
  Status = S;
  Usage = U;
  Reaped = std::chrono::steady_clock::now();
}

bool Process::ended() {
  if (Done)
    return true;
  int S = 0;
  rusage U{};
  if (::wait4(Pid, &S, WNOHANG, &U) == Pid)
    reaped(S, U);
  return Done;
}

void Process::signal(int Sig) {
  if (Pid > 0 && !Done)
    ::kill(Group ? -Pid : Pid, Sig);
}

ProcessResult Process::wait(std::optional<std::chrono::milliseconds> Timeout) {
  if (!Timeout) {
    int S = 0;
    rusage U{};
    if (!Done && waitForChild(Pid, S, U))
      reaped(S, U);
    return result();
  }
  if (!endsBy(std::chrono::steady_clock::now() + *Timeout)) {
    signal(SIGKILL);
    TimedOut = true;
    return wait();
  }
  return result();
}

bool Process::endsBy(std::chrono::steady_clock::time_point Deadline) {
  // A pidfd becomes readable when the child ends, so the wait ends with
  // it. Polling overshoots by up to its pause: a replay's runs of a
  // millisecond each took three times as long.
  if (int Fd = openPidfd(Pid); Fd >= 0) {
    awaitReadable(Fd, Deadline);
    ::close(Fd);
    return ended();
  }
  // Kernels before Linux 5.3: poll often at first, then every 10 ms.
  for (std::chrono::microseconds Pause(50); !ended();
       Pause = std::min(Pause * 2, std::chrono::microseconds(10000))) {
    if (std::chrono::steady_clock::now() >= Deadline)
      return false;
    std::this_thread::sleep_for(Pause);
  }
  return true;
}

ProcessResult Process::result() {
  ProcessResult R;
  R.TimedOut = TimedOut;
  if (!TimedOut) {
    R.Exited = WIFEXITED(Status);
    R.Code = R.Exited ? WEXITSTATUS(Status) : 0;
    R.Signal = WIFSIGNALED(Status) ? WTERMSIG(Status) : 0;
  }
  auto Seconds = [](const timeval &T) { return T.tv_sec + T.tv_usec / 1e6; };
  R.CpuSeconds = Seconds(Usage.ru_utime) + Seconds(Usage.ru_stime);
  R.WallSeconds = std::chrono::duration<double>(Reaped - Started).count();
  R.Stdout = readAll(StdoutFd);
  R.Stderr = readAll(StderrFd);
  return R;
}

std::optional<ProcessResult>
runProcess(const ProcessOptions &Options, std::string &Error,
           std::optional<std::chrono::milliseconds> Timeout) {
  std::optional<Process> P = Process::start(Options, Error);
  if (!P)
    return std::nullopt;
  return P->wait(Timeout);
}

std::string describeExit(const ProcessResult &R) {
  if (R.TimedOut)
    return "timed out";
  if (R.Signal)
    return "killed by signal " + std::to_string(R.Signal) + " (" +
           strsignal(R.Signal) + ")";
  return "exited with code " + std::to_string(R.Code);
}

} // namespace theseus
