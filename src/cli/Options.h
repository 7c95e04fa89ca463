//===- Options.h - The theseus command line -------------------------------===//
//
// The options of `theseus` and `theseus replay`, parsed without running
// anything, so that the parser can be fuzzed on its own.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_CLI_OPTIONS_H
#define THESEUS_CLI_OPTIONS_H

#include "engine/RunOptions.h"
#include "report/Export.h"

#include <optional>
#include <string>
#include <vector>

namespace theseus {

/// Everything the command line sets: a run's options and the subcommands'.
struct Options : RunOptions {
  // replay
  std::vector<std::string> ReplayFiles;
  bool ReplayVerbose = false;
  // report
  std::string ReportDir;
  // export: the format chosen by its option, the file it names, the tests.
  ExportFormat Export = ExportFormat::GTest;
  std::string ExportOutput;
  std::vector<std::string> ExportTests;
  bool ExportZip = false;
  bool ExportAll = false; ///< export --all: every test in run.db.
  // show
  std::string ShowPath;
};

/// What `theseus` was asked to do: explore (no subcommand) or a subcommand.
enum class Command { Explore, Replay, Task, Report, Export, Show };

/// Parses `Argv` into `O`; the program's own arguments follow the first
/// "--". Returns the exit status to end with when the command line was
/// --help or --version (printed) or wrong (one line on stderr), else
/// nothing, with `Cmd` telling which command was given.
std::optional<int> parseCommandLine(int Argc, char **Argv, Options &O,
                                    Command &Cmd);

} // namespace theseus

#endif
