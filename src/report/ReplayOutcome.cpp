//===- ReplayOutcome.cpp - Does a native run end as the engine said? ------===//
#include "report/ReplayOutcome.h"

#include <csignal>
#include <cstring>
#include <fmt/format.h>
#include <set>

namespace theseus {

namespace {

/// What the native run did, in words: "returned 3", "exited with code 1",
/// "killed by signal 6 (Aborted)", "reported runtime error: ...". A run
/// that returned went on after any report (a recoverable check's).
std::string describe(const ProcessResult &R) {
  if (R.TimedOut || R.Signal)
    return describeExit(R);
  auto Pos = R.Stdout.rfind("THESEUS_RETURN ");
  if (R.Exited && R.Code == 0 && Pos != std::string::npos) {
    std::string V = R.Stdout.substr(Pos + 15);
    return "returned " + V.substr(0, V.find('\n'));
  }
  if (size_t Pos = R.Stderr.find("runtime error: "); Pos != std::string::npos)
    return "reported " + R.Stderr.substr(Pos, R.Stderr.find('\n', Pos) - Pos);
  return describeExit(R);
}

/// UndefinedBehaviorSanitizer's report at the bug's line, from "runtime
/// error:" on, or "" when there is none.
std::string sanitizerReportAt(const RecordedOutcome &Outcome,
                              const ProcessResult &N) {
  std::string Where = fmt::format("{}:{}:", Outcome.File, Outcome.Line);
  for (size_t Pos = N.Stderr.find(Where); Pos != std::string::npos;
       Pos = N.Stderr.find(Where, Pos + 1)) {
    std::string Line = N.Stderr.substr(Pos, N.Stderr.find('\n', Pos) - Pos);
    if (size_t At = Line.find("runtime error:"); At != std::string::npos)
      return Line.substr(At);
  }
  return "";
}

/// Does the native run end the way the engine said? Sets `Skip` for
/// outcomes that have no native counterpart. With --check=ub the build
/// stops at the first UndefinedBehaviorSanitizer report, which confirms a
/// bug at its line.
bool matches(const RecordedOutcome &Outcome, const ProcessResult &N,
             bool CheckedUB, bool &Skip, std::string &Expected) {
  const std::string &Kind = Outcome.Kind;
  Skip = false;
  if (Kind == "return") {
    Expected = "returned " + Outcome.Value;
    if (Outcome.FloatBytes)
      Expected += " (bytes " + *Outcome.FloatBytes + ")";
    std::string Native = describe(N);
    // A test without a float's bytes is compared by its decimal.
    if (!Outcome.FloatBytes && Native.starts_with(Expected + " (bytes "))
      Native.resize(Expected.size());
    return Native == Expected;
  }
  if (Kind == "exit") {
    int Code = Outcome.Code & 0xff;
    Expected = fmt::format("exited with code {}", Code);
    return N.Exited && N.Code == Code &&
           N.Stdout.find("THESEUS_RETURN") == std::string::npos;
  }
  std::string UBSanReport = fmt::format(
      "an UndefinedBehaviorSanitizer report at line {}", Outcome.Line);
  if (Kind == "bug" && CheckedUB && !sanitizerReportAt(Outcome, N).empty()) {
    Expected = UBSanReport;
    return true;
  }
  if (Kind == "bug" && isUndefinedBehaviorBug(Outcome.Bug)) {
    Expected = UBSanReport;
    return false;
  }
  if (Kind == "bug" && isMemoryBug(Outcome.Bug)) {
    Expected = "an AddressSanitizer report";
    return N.Stderr.find("AddressSanitizer") != std::string::npos;
  }
  if (Kind == "bug") {
    int Sig = signalForBug(Outcome.Bug);
    Expected = fmt::format("killed by signal {} ({})", Sig, strsignal(Sig));
    if (CheckedUB)
      Expected += " or " + UBSanReport;
    return N.Signal == Sig;
  }
  Skip = true;
  Expected = Kind;
  return false;
}

} // namespace

bool isMemoryBug(const std::string &Kind) {
  return Kind == "out-of-bounds" || Kind == "null-dereference" ||
         Kind == "use-after-free" || Kind == "double-free" ||
         Kind == "invalid-free" || Kind == "invalid-pointer";
}

bool isUndefinedBehaviorBug(const std::string &Kind) {
  static const std::set<std::string> Kinds = {
      "signed-overflow",        "shift-out-of-bounds",
      "index-out-of-bounds",    "invalid-value",
      "invalid-builtin",        "builtin-unreachable",
      "missing-return",         "vla-bound",
      "float-cast-overflow",    "nonnull-argument",
      "nonnull-return",         "undefined-behavior",
      "float-division-by-zero", "nan-index"};
  return Kinds.count(Kind) != 0;
}

int signalForBug(const std::string &Kind) {
  if (Kind == "assertion-failure" || Kind == "abort" || Kind == "reach-error")
    return SIGABRT;
  if (Kind == "division-by-zero" || Kind == "division-overflow")
    return SIGFPE;
  if (Kind == "trap" || Kind == "unreachable")
    return SIGILL;
  return SIGSEGV;
}

TestReplay judgeReplay(const RecordedOutcome &Outcome, const ProcessResult &N,
                       bool CheckedUB) {
  bool Skip;
  TestReplay R;
  bool Ok = matches(Outcome, N, CheckedUB, Skip, R.Expected);
  R.Verdict = Skip ? ReplayVerdict::Skipped
              : Ok ? ReplayVerdict::Match
                   : ReplayVerdict::Mismatch;
  // A run that went on after the report (a recoverable check) is told by it.
  std::string Report = Ok && CheckedUB && Outcome.Kind == "bug"
                           ? sanitizerReportAt(Outcome, N)
                           : "";
  R.Native = Report.empty() ? describe(N) : "reported " + Report;
  return R;
}

} // namespace theseus
