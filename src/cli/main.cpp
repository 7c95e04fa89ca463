//===- main.cpp - The theseus command line --------------------------------===//
//
// A dispatcher: parses the command line and hands each command to the
// library that does it (the engine explores; report replays, exports,
// shows). Exit status: 0 no bug found, 1 bugs found (or, for `replay`, a test
// did not reproduce), 2 usage or input error, 3 internal error.
//
//===----------------------------------------------------------------------===//
#include "cli/Options.h"
#include "cli/Task.h"
#include "engine/Run.h"
#include "engine/RunRecord.h"
#include "program/Program.h"
#include "report/Export.h"
#include "report/Replay.h"
#include "report/Show.h"

#include "llvm/Support/ErrorHandling.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <ctime>

namespace theseus {
namespace {

/// First SIGINT/SIGTERM: stop gracefully, keeping everything found. Another
/// one a second or more later (a user pressing Ctrl-C again) stops at once;
/// duplicates that arrive together (e.g. `timeout` signalling both the
/// process and its group) are ignored.
void onSignal(int Sig) {
  static std::atomic<time_t> First{0};
  time_t Now = time(nullptr);
  if (!stopRequested().exchange(true)) {
    First = Now;
    return;
  }
  if (Now - First >= 1) {
    std::signal(Sig, SIG_DFL);
    std::raise(Sig);
  }
}

/// `theseus report DIR`: report.html again, from the directory's files.
int report(Options &O) {
  if (!writeReport(O.ReportDir, /*EndOfRun=*/false))
    return InternalError;
  std::printf("theseus: wrote %s/report.html\n", O.ReportDir.c_str());
  return NoBug;
}

/// Ctrl-C stops an exploration cleanly, keeping what it found.
int explore(RunOptions &O) {
  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
  return exploreProgram(O);
}

int replay(Options &O) {
  ReplayTotals T = replayTests(O.ReplayFiles, stdout, O.ReplayVerbose);
  return T.Mismatched ? BugsFound : NoBug;
}

int exportCommand(Options &O) {
  exportTests(O.Export, O.ExportOutput, O.ExportTests, stderr, O.ExportZip,
              O.ExportAll);
  return NoBug;
}

/// LLVM's fatal errors (a corrupt module, say) end Theseus with a message
/// and the internal error status instead of LLVM's abort.
void onLLVMFatalError(void *, const char *Reason, bool) {
  std::fprintf(stderr, "theseus: internal error: LLVM: %s\n", Reason);
  std::fflush(stderr);
  std::_Exit(InternalError);
}

int realMain(int Argc, char **Argv) {
  llvm::install_fatal_error_handler(onLLVMFatalError);
  Options O;
  O.Explore.Started = std::chrono::steady_clock::now(); // --max-time's clock.
  Command Cmd = Command::Explore;
  if (std::optional<int> Done = parseCommandLine(Argc, Argv, O, Cmd))
    return *Done;
  try {
    switch (Cmd) {
    case Command::Replay:
      return replay(O);
    case Command::Report:
      return report(O);
    case Command::Export:
      return exportCommand(O);
    case Command::Explore:
      return explore(O);
    case Command::Task:
      return runTask(O, [](Options &TaskO) { return explore(TaskO); });
    case Command::Show:
      show(O.ShowPath, stdout);
      return NoBug;
    }
    llvm_unreachable("every command is handled");
  } catch (const InputError &E) {
    std::fprintf(stderr, "theseus: error: %s\n", E.Message.c_str());
    return UsageError;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "theseus: internal error: %s\n", E.what());
    return InternalError;
  }
}

} // namespace
} // namespace theseus

int main(int Argc, char **Argv) { return theseus::realMain(Argc, Argv); }
