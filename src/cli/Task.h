//===- Task.h - `theseus task`: sv-benchmarks verification tasks ----------===//
//
// A task as SV-COMP and Test-Comp hand it over: a YAML task definition
// (format 2.0) naming the C files, the properties (.prp files) and the data
// model. Theseus runs the program from `main` for one property and reports
// the result in the competition's terms.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_CLI_TASK_H
#define THESEUS_CLI_TASK_H

#include "cli/Options.h"

#include <functional>
#include <string>
#include <vector>

namespace theseus {

struct TaskProperty {
  std::string File; ///< The .prp file, resolved against the task's directory.
  std::string Text; ///< Its contents, trimmed.
  /// unreach-call, coverage-error-call or coverage-branches; empty for a
  /// property Theseus does not check.
  std::string Name;
};

struct TaskDefinition {
  std::string File;
  std::vector<std::string> InputFiles; ///< Resolved like the properties.
  std::vector<TaskProperty> Properties;
  std::string DataModel; ///< ILP32 or LP64; empty in format 1.0.
};

/// The name of the property a .prp file states (by its content, blanks
/// ignored), or "" when it is none Theseus checks.
std::string propertyName(const std::string &Text);

/// Reads and checks a task definition; throws InputError with a message
/// naming the file and what is wrong.
TaskDefinition readTask(const std::string &Path);

/// `theseus task`: sets the options the task implies (program, entry main,
/// data model, target, Test-Comp suite in OUTDIR/test-suite), runs
/// `Explore` with them and adds the property's result to the console and
/// summary.json (`task`). Returns `Explore`'s exit status.
int runTask(Options &O, const std::function<int(Options &)> &Explore);

} // namespace theseus

#endif
