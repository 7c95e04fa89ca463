//===- NativeRecord.cpp - A native run of an error input, recorded --------===//
#include "fuzz/NativeRecord.h"

#include "exec/Interpreter.h"
#include "support/Process.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <fmt/format.h>

namespace theseus {

namespace {

/// Names created inputs as the engine does (exec/Harness.cpp): the k-th
/// __VERIFIER_nondet_X call's input is nondet_X_k, and a repeated name
/// gets "#2", "#3", ...
class InputNamer {
public:
  std::optional<NativeInput> name(llvm::StringRef Api, llvm::StringRef Base,
                                  llvm::StringRef Hex) {
    NativeInput In;
    std::string Bytes;
    if (!llvm::tryGetFromHex(Hex, Bytes))
      return std::nullopt;
    In.Bytes.assign(Bytes.begin(), Bytes.end());
    std::string Name;
    if (Api == "nondet") {
      const NondetType *T = nondetType(Base);
      if (!T)
        return std::nullopt;
      Name = fmt::format("nondet_{}_{}", Base.str(), ++Nondet);
      In.CType = T->CType;
      In.Signed = T->Signed;
    } else if (Api == "symbolic") {
      Name = Base.empty() ? "input" : Base.str();
      In.CType = fmt::format("uint8_t[{}]", In.Bytes.size());
    } else if (Api == "int") {
      Name = Base.empty() ? "int" : Base.str();
      In.CType = "int";
      In.Signed = true;
    } else {
      return std::nullopt;
    }
    unsigned Seen = ++Names[Name];
    In.Name = Seen == 1 ? Name : fmt::format("{}#{}", Name, Seen);
    return In;
  }

private:
  llvm::StringMap<unsigned> Names;
  unsigned Nondet = 0;
};

/// The engine's bug kind and message for the runtime's error `Kind` with
/// its `Detail` (runtime/theseus_fuzz.c, exec/Calls.cpp).
bool describeError(llvm::StringRef Kind, llvm::StringRef Detail,
                   NativeError &E) {
  if (Kind == "reach-error") {
    E.Kind = "reach-error";
    E.Message = fmt::format("{}() called", Detail.str());
  } else if (Kind == "assertion-failure") {
    E.Kind = "assertion-failure";
    E.Message = Detail == "theseus_assert"
                    ? std::string("theseus_assert failed")
                    : fmt::format("assertion '{}' failed", Detail.str());
  } else if (Kind == "abort") {
    E.Kind = "abort";
    E.Message = "abort() called";
  } else {
    return false;
  }
  return true;
}

} // namespace

std::optional<NativeError> parseNativeRecord(llvm::StringRef Text) {
  NativeError E;
  InputNamer Namer;
  llvm::SmallVector<llvm::StringRef, 8> Lines, Fields;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines) {
    Fields.clear();
    Line.split(Fields, '\t');
    if (Fields[0] == "input" && Fields.size() == 4) {
      std::optional<NativeInput> In =
          Namer.name(Fields[1], Fields[2], Fields[3]);
      if (!In)
        return std::nullopt;
      E.Created.push_back(std::move(*In));
    } else if (Fields[0] == "error" && Fields.size() == 6) {
      E.File = Fields[2].str();
      E.Function = Fields[4].str();
      if (Fields[3].getAsInteger(10, E.Line) ||
          !describeError(Fields[1], Fields[5], E))
        return std::nullopt;
      return E;
    }
  }
  return std::nullopt;
}

std::optional<NativeError> recordNativeRun(const std::string &Binary,
                                           const std::string &Input,
                                           const std::string &Record) {
  ProcessOptions O;
  O.Argv = {Binary, Input};
  O.Environment = {"THESEUS_FUZZ_RECORD=" + Record};
  O.Stdin = ProcessInput::null();
  O.Stdout = ProcessOutput::discard();
  O.Stderr = ProcessOutput::discard();
  std::string Error;
  if (!runProcess(O, Error, std::chrono::seconds(10)))
    return std::nullopt;
  auto Text = llvm::MemoryBuffer::getFile(Record);
  if (!Text)
    return std::nullopt;
  return parseNativeRecord((*Text)->getBuffer());
}

} // namespace theseus
