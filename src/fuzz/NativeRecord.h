//===- NativeRecord.h - A native run of an error input, recorded ----------===//
//
// The fuzzer saves each input that ended in an error. Run once more with
// THESEUS_FUZZ_RECORD (runtime/theseus_fuzz.c), the fuzzer binary writes
// down the inputs the program created and the error the run ended in, at
// the call of the error function: with the input's bytes, what a test of
// the error needs, without the engine running the program to it
// (Exchange.h's NativeError).
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_FUZZ_NATIVERECORD_H
#define THESEUS_FUZZ_NATIVERECORD_H

#include "explore/Exchange.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace theseus {

/// Reads a record: the inputs named and typed as the engine does, and the
/// error. None when the run ended in no error the runtime saw (it did not
/// crash again, or a sanitizer ended it) or the record holds an input the
/// engine would not create.
std::optional<NativeError> parseNativeRecord(llvm::StringRef Text);

/// Runs `Binary`, the fuzzer, once on the input file `Input`, recording
/// into the file `Record` (within 10 seconds).
std::optional<NativeError> recordNativeRun(const std::string &Binary,
                                           const std::string &Input,
                                           const std::string &Record);

} // namespace theseus

#endif
