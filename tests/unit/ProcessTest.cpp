//===- ProcessTest.cpp - The child-process runner -------------------------===//
//
// Each test runs /bin/sh with a small script and checks one property of
// the runner: exit codes, signals, timing, timeouts, stdin, captured
// output, the environment, the working directory and files as streams.
//
//===----------------------------------------------------------------------===//
#include "support/Process.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <thread>
#include <unistd.h>

using namespace theseus;
using namespace std::chrono_literals;

namespace {

ProcessOptions shell(const std::string &Script) {
  ProcessOptions O;
  O.Argv = {"/bin/sh", "-c", Script};
  O.Stdout = ProcessOutput::capture();
  O.Stderr = ProcessOutput::capture();
  return O;
}

ProcessResult run(const ProcessOptions &O,
                  std::optional<std::chrono::milliseconds> Timeout = {}) {
  std::string Error;
  std::optional<ProcessResult> R = runProcess(O, Error, Timeout);
  EXPECT_TRUE(R) << Error;
  return R ? *R : ProcessResult();
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path);
  return std::string(std::istreambuf_iterator<char>(In), {});
}

/// A file name in the test's temporary directory.
std::string tempPath(const std::string &Name) {
  const char *Dir = std::getenv("TMPDIR");
  return std::string(Dir ? Dir : "/tmp") + "/theseus-process-test-" +
         std::to_string(getpid()) + "-" + Name;
}

TEST(Process, ExitCode) {
  ProcessResult R = run(shell("exit 3"));
  EXPECT_TRUE(R.Exited);
  EXPECT_EQ(R.Code, 3);
  EXPECT_EQ(R.Signal, 0);
  EXPECT_FALSE(R.succeeded());
  EXPECT_TRUE(run(shell("true")).succeeded());
  EXPECT_EQ(describeExit(R), "exited with code 3");
}

TEST(Process, Signal) {
  ProcessResult R = run(shell("kill -SEGV $$"));
  EXPECT_FALSE(R.Exited);
  EXPECT_EQ(R.Signal, SIGSEGV);
  EXPECT_EQ(describeExit(R).rfind("killed by signal 11 (", 0), 0u);
}

TEST(Process, TimesItsChildren) {
  // Waiting takes wall time and no processor time; counting, the other way
  // round (in a child of the child, which the shell waits for).
  ProcessResult Sleep = run(shell("sleep 0.3"));
  EXPECT_GE(Sleep.WallSeconds, 0.3);
  EXPECT_LT(Sleep.CpuSeconds, 0.2);
  ProcessResult Count =
      run(shell("sh -c 'i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done'"));
  EXPECT_GT(Count.CpuSeconds, 0.01);
  EXPECT_GE(Count.WallSeconds, Count.CpuSeconds / 2); // One core at least.
}

TEST(Process, TimeoutKillsTheGroup) {
  // The shell's child would outlive a kill of the shell alone and keep the
  // captured output open: a wait for it would last its 3 s. The bound
  // leaves a busy machine 2.4 s beyond the timeout.
  std::string Marker = tempPath("orphan");
  ProcessOptions O = shell("(sleep 3; touch " + Marker + ") & wait");
  O.NewProcessGroup = true;
  auto Start = std::chrono::steady_clock::now();
  ProcessResult R = run(O, 100ms);
  EXPECT_TRUE(R.TimedOut);
  EXPECT_FALSE(R.Exited);
  EXPECT_LT(std::chrono::steady_clock::now() - Start, 2500ms);
  EXPECT_EQ(describeExit(R), "timed out");
  std::this_thread::sleep_for(4s);
  EXPECT_NE(access(Marker.c_str(), F_OK), 0) << "the group's child ran on";
  std::remove(Marker.c_str());
}

TEST(Process, StdinBytes) {
  ProcessOptions O = shell("cat");
  O.Stdin = ProcessInput::bytes(std::string("a\0b\n", 4));
  EXPECT_EQ(run(O).Stdout, std::string("a\0b\n", 4));
}

TEST(Process, StdinFileAndNull) {
  std::string In = tempPath("stdin");
  std::ofstream(In) << "from a file";
  ProcessOptions O = shell("cat");
  O.Stdin = ProcessInput::file(In);
  EXPECT_EQ(run(O).Stdout, "from a file");
  O.Stdin = ProcessInput::null();
  EXPECT_EQ(run(O).Stdout, "");
  std::remove(In.c_str());
}

TEST(Process, CapturesStdoutAndStderrApart) {
  ProcessResult R = run(shell("echo out; echo err >&2"));
  EXPECT_EQ(R.Stdout, "out\n");
  EXPECT_EQ(R.Stderr, "err\n");
}

TEST(Process, StderrToStdout) {
  ProcessOptions O = shell("echo out; echo err >&2");
  O.Stderr = ProcessOutput::toStdout();
  ProcessResult R = run(O);
  EXPECT_EQ(R.Stdout, "out\nerr\n");
  EXPECT_EQ(R.Stderr, "");
}

TEST(Process, OutputToFiles) {
  std::string Log = tempPath("log");
  ProcessOptions O = shell("echo one");
  O.Stdout = ProcessOutput::file(Log);
  run(O);
  run(O);
  EXPECT_EQ(readFile(Log), "one\n");
  O.Stdout = ProcessOutput::append(Log);
  run(O);
  EXPECT_EQ(readFile(Log), "one\none\n");
  std::remove(Log.c_str());
}

TEST(Process, EnvironmentAddsAndReplaces) {
  setenv("THESEUS_PROCESS_TEST_KEPT", "ours", 1);
  setenv("THESEUS_PROCESS_TEST_SET", "ours", 1);
  ProcessOptions O = shell("echo $THESEUS_PROCESS_TEST_KEPT "
                           "$THESEUS_PROCESS_TEST_SET $THESEUS_PROCESS_NEW");
  O.Environment = {"THESEUS_PROCESS_TEST_SET=theirs",
                   "THESEUS_PROCESS_NEW=new"};
  EXPECT_EQ(run(O).Stdout, "ours theirs new\n");
}

TEST(Process, WorkingDirectoryAndPathSearch) {
  ProcessOptions O;
  O.Argv = {"pwd"};
  O.Directory = "/";
  O.Stdout = ProcessOutput::capture();
  EXPECT_EQ(run(O).Stdout, "/\n");
}

TEST(Process, MissingProgramIsAnError) {
  ProcessOptions O;
  O.Argv = {"/nonexistent/theseus-program"};
  std::string Error;
  EXPECT_FALSE(runProcess(O, Error));
  EXPECT_FALSE(Error.empty());
}

TEST(Process, PollAndSignal) {
  std::string Error;
  std::optional<Process> P = Process::start(shell("sleep 10"), Error);
  ASSERT_TRUE(P) << Error;
  EXPECT_FALSE(P->ended());
  P->signal(SIGTERM);
  ProcessResult R = P->wait(60s); // Returns as soon as it ends.
  EXPECT_FALSE(R.TimedOut);
  EXPECT_EQ(R.Signal, SIGTERM);
  EXPECT_TRUE(P->ended());
}

} // namespace
