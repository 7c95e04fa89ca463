//===- Compile.cpp - The clang driver: compiling C to bitcode -------------===//
#include "program/Program.h"
#include "support/Process.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"

#include <cstdlib>
#include <fmt/format.h>

#ifndef THESEUS_DEFAULT_CLANG
#define THESEUS_DEFAULT_CLANG "/usr/lib/llvm-19/bin/clang"
#endif

namespace theseus {

std::string findClang() {
  if (const char *Env = std::getenv("THESEUS_CLANG"))
    return Env;
  if (llvm::sys::fs::can_execute(THESEUS_DEFAULT_CLANG))
    return THESEUS_DEFAULT_CLANG;
  if (auto P = llvm::sys::findProgramByName("clang-19"))
    return *P;
  throw InputError{"cannot find clang-19 (set THESEUS_CLANG to its path)"};
}

int runProgram(const std::vector<std::string> &Argv,
               std::optional<std::string> StdoutFile,
               std::optional<std::string> StderrFile) {
  ProcessOptions O;
  O.Argv = Argv;
  if (StdoutFile)
    O.Stdout = ProcessOutput::file(*StdoutFile);
  if (StderrFile)
    O.Stderr = StderrFile == StdoutFile ? ProcessOutput::toStdout()
                                        : ProcessOutput::file(*StderrFile);
  std::string Error;
  std::optional<ProcessResult> R = runProcess(O, Error);
  return R && R->Exited ? R->Code : -1;
}

bool isCxxFileName(llvm::StringRef Path) {
  return llvm::is_contained({".cpp", ".cc", ".cxx", ".c++", ".cp", ".C", ".CPP",
                             ".ii", ".hpp", ".hh", ".hxx", ".H"},
                            llvm::sys::path::extension(Path));
}

namespace {

/// Whether a C file that clang rejected is C++ code: C++ headers, namespaces,
/// templates, classes or scope operators. Only asked after a failed compile,
/// so a C program that merely mentions these words compiles as before.
bool looksLikeCxx(const std::string &Source) {
  auto Buf = llvm::MemoryBuffer::getFile(Source);
  if (!Buf)
    return false;
  static const llvm::Regex Cxx(
      "(^|\n)[ \t]*#[ \t]*include[ \t]*<[a-z_]+>|"
      "(^|[^a-zA-Z0-9_])(namespace[ \t]+[a-zA-Z_]|template[ \t]*<|"
      "class[ \t]+[a-zA-Z_][a-zA-Z0-9_]*[ \t\n]*[:{]|std::|using[ \t]+"
      "namespace)");
  return Cxx.match((*Buf)->getBuffer());
}

/// Clang's first error line from its output, with the count of the others.
std::string firstClangError(llvm::StringRef Log) {
  llvm::SmallVector<llvm::StringRef> Lines;
  Log.split(Lines, '\n');
  std::string First;
  unsigned Errors = 0;
  for (llvm::StringRef L : Lines) {
    if (!L.contains("error: "))
      continue;
    if (First.empty())
      First = L.str();
    ++Errors;
  }
  if (First.empty())
    return "clang failed without an error message";
  if (Errors > 1)
    First += fmt::format(" (and {} more error{})", Errors - 1,
                         Errors > 2 ? "s" : "");
  return First;
}

} // namespace

void runCompiler(const std::vector<std::string> &Argv,
                 const std::string &Source) {
  ProcessOptions O;
  O.Argv = Argv;
  O.Stderr = ProcessOutput::capture();
  std::string Error;
  std::optional<ProcessResult> R = runProcess(O, Error);
  if (!R)
    throw InputError{fmt::format("cannot run {}: {}", Argv[0], Error)};
  if (R->succeeded()) {
    std::fputs(R->Stderr.c_str(), stderr);
    return;
  }
  if (looksLikeCxx(Source))
    throw InputError{fmt::format("C++ is not supported: {} (clang: {})", Source,
                                 firstClangError(R->Stderr))};
  throw InputError{fmt::format("compilation of {} failed: {}", Source,
                               firstClangError(R->Stderr))};
}

TempDir::TempDir() {
  llvm::SmallString<128> P;
  if (llvm::sys::fs::createUniqueDirectory("theseus", P))
    throw InputError{"cannot create a temporary directory"};
  Path = std::string(P);
}

TempDir::~TempDir() { llvm::sys::fs::remove_directories(Path); }

/// The checks of -fsanitize=undefined that are not already the engine's
/// own: division by zero, null, alignment, pointer overflow and object size
/// are memory or division checks of the interpreter, and `function` adds
/// prologue data read through function pointers.
const char *undefinedBehaviorSanitizeFlag() {
  return "-fsanitize=signed-integer-overflow,shift,bool,enum,builtin,return,"
         "unreachable,vla-bound,float-cast-overflow,array-bounds,"
         "nonnull-attribute,returns-nonnull-attribute";
}

const char *toString(DataModel M) {
  return M == DataModel::ILP32 ? "ILP32" : "LP64";
}

std::optional<DataModel> parseDataModel(llvm::StringRef Name) {
  if (Name == "LP64")
    return DataModel::LP64;
  if (Name == "ILP32")
    return DataModel::ILP32;
  return std::nullopt;
}

std::vector<std::string> dataModelFlags(DataModel M) {
  // 32-bit x86 code computes with the x87 unit by default, in extended
  // precision; SSE2 gives the IEEE-754 single and double arithmetic the
  // interpreter implements, as on x86-64.
  if (M == DataModel::ILP32)
    return {"-m32", "-msse2", "-mfpmath=sse"};
  return {};
}

const std::vector<std::string> &legacyCodeFlags() {
  static const std::vector<std::string> Flags = {
      "-Wno-error=implicit-function-declaration", "-Wno-error=int-conversion",
      "-Wno-error=incompatible-function-pointer-types"};
  return Flags;
}

} // namespace theseus
