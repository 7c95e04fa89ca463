//===- Show.h - `theseus show`: a test or a run, for a person -------------===//
//
// A test: the program, its inputs, the decisions of its path in source
// terms, the decision negated to find it, its outcome and output, and the
// command that replays it. A run directory: the summary the console printed
// at the end of the run, from summary.json.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_SHOW_H
#define THESEUS_REPORT_SHOW_H

#include <cstdio>
#include <string>

namespace theseus {

/// Prints the test file or run directory `Path` to `Out`. Throws
/// InputError when it is neither.
void show(const std::string &Path, std::FILE *Out);

/// A forking run's tree as the run database in `Dir` keeps it (the first
/// `Total` nodes, or fewer): a line with its nodes and their leaves by
/// kind; nothing when it keeps none.
void printStoredTree(const std::string &Dir, uint64_t Total, std::FILE *Out);

} // namespace theseus

#endif
