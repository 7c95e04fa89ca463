//===- Fuzzing.h - The --fuzz phase of a run ------------------------------===//
#ifndef THESEUS_ENGINE_FUZZING_H
#define THESEUS_ENGINE_FUZZING_H

#include "engine/RunOptions.h"
#include "explore/Inputs.h"
#include "fuzz/NativeFuzzer.h"
#include "report/TestFile.h"

#include <memory>
#include <nlohmann/json.hpp>

namespace theseus {

/// Builds the program for libFuzzer in OUTDIR/fuzz and starts fuzzing.
/// Throws InputError when the run cannot be fuzzed (and says why).
std::unique_ptr<NativeFuzzer> startFuzzing(const RunOptions &O,
                                           const ProgramDescription &Desc,
                                           const llvm::Function &Entry,
                                           const EntryInputs &Inputs);

/// Stops the fuzzer if it still runs; summary.json's `fuzz`.
nlohmann::json finishFuzzing(NativeFuzzer &F, const ExplorationStats &Stats);

} // namespace theseus

#endif
