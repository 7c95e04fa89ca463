//===- Run.h - One exploration of a program, start to end -----------------===//
//
// The engine's entry point for a front end: compiles the program, picks the
// entry, builds the explorer the options ask for (concolic or forking),
// races the target's apc beside it, fuzzes beside it, writes every test as
// it is found, confirms bugs and claims natively, and writes the summary,
// coverage, tree and report at the end.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_ENGINE_RUN_H
#define THESEUS_ENGINE_RUN_H

#include "engine/RunOptions.h"

namespace theseus {

/// Explores the program `O` describes; returns the exit status (ExitStatus).
/// Throws InputError for bad input.
int exploreProgram(RunOptions &O);

} // namespace theseus

#endif
