//===- Program.h - The program under test, compiled to LLVM IR ------------===//
#ifndef THESEUS_PROGRAM_PROGRAM_H
#define THESEUS_PROGRAM_PROGRAM_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace theseus {

/// An error in Theseus' input (missing file, compile error, bad option):
/// reported to the user with exit status 2.
struct InputError {
  std::string Message;
};

/// The C data model a program is compiled for: LP64 (the host's, 64-bit
/// long and pointers) or ILP32 (clang -m32: 32-bit int, long and pointers).
enum class DataModel : uint8_t { LP64, ILP32 };
/// "LP64" or "ILP32".
const char *toString(DataModel M);
/// Parses "LP64" or "ILP32"; nothing for another name.
std::optional<DataModel> parseDataModel(llvm::StringRef Name);

/// The checks --check adds, which the engine's compile, the tests and the
/// native builds that replay them carry along.
struct SanitizerChecks {
  /// --check=ub: UndefinedBehaviorSanitizer's checks, compiled into the
  /// program; the interpreter treats their handler calls as bugs.
  bool UndefinedBehavior = false;
  /// --check=float-div-zero: a float division by zero is a bug. The engine
  /// checks it itself; native builds compile UBSan's float-divide-by-zero
  /// check, which confirms it.
  bool FloatDivideByZero = false;
  /// --check=nan-index: a NaN converted to an integer that flows into an
  /// index is a bug. The engine checks it at the conversion; native builds
  /// compile UBSan's float-cast-overflow check, which confirms it there.
  bool NanIndex = false;
  bool any() const {
    return UndefinedBehavior || FloatDivideByZero || NanIndex;
  }
};

struct CompileOptions {
  std::vector<std::string> Sources; ///< .c, .bc or .ll files.
  std::vector<std::string> CFlags;  ///< Extra flags for clang.
  std::string Clang;                ///< Empty: the configured clang-19.
  std::string IncludeDir;           ///< Directory holding theseus.h.
  SanitizerChecks UndefinedBehaviorChecks;
  DataModel Model = DataModel::LP64;
};

/// The clang flags of a data model (-m32 with SSE2 floating point for
/// ILP32), for the engine's compile and the native builds alike.
std::vector<std::string> dataModelFlags(DataModel M);

/// Flags that let clang compile verification tasks written for older C:
/// implicit function declarations (`__VERIFIER_nondet_int()` called
/// undeclared), int/pointer conversions and mismatched function pointer
/// types are warnings, as in C89, instead of errors.
const std::vector<std::string> &legacyCodeFlags();

/// The clang flag selecting the UndefinedBehaviorSanitizer checks of
/// --check=ub, shared by the engine's compile and the replay build.
const char *undefinedBehaviorSanitizeFlag();

/// Finds clang-19: `$THESEUS_CLANG`, the configured path, then PATH.
std::string findClang();

/// Runs a program and waits (support/Process.h); returns its exit status
/// (or -1 if it could not run or died of a signal). Output goes where ours
/// goes unless redirected; to one file when both name it.
int runProgram(const std::vector<std::string> &Argv,
               std::optional<std::string> StdoutFile = std::nullopt,
               std::optional<std::string> StderrFile = std::nullopt);

/// Runs the compiler command `Argv` on `Source`. On failure throws an
/// InputError with one line: clang's first error (and how many followed),
/// or "C++ is not supported" when the source is C++; clang's full output is
/// not shown. On success, its warnings are passed on to stderr.
void runCompiler(const std::vector<std::string> &Argv,
                 const std::string &Source);

/// Whether the file name says C++ (.cpp, .cc, .cxx, ...).
bool isCxxFileName(llvm::StringRef Path);

/// A temporary directory removed on destruction.
class TempDir {
public:
  TempDir();
  ~TempDir();
  const std::string &path() const { return Path; }

private:
  std::string Path;
};

/// A definition from Theseus' C library models (runtime/libc), not the
/// user's code.
bool isLibcModel(const llvm::Function &F);

class Program {
public:
  /// Compiles (if needed), links with the libc models the sources need, and
  /// verifies. Throws InputError.
  static std::unique_ptr<Program> load(const CompileOptions &Opts);

  llvm::Module &module() { return *M; }
  const llvm::Module &module() const { return *M; }
  /// The module's bitcode, hashed (16 hex digits): another program, or the
  /// same compiled otherwise, has another.
  std::string moduleHash() const;
  const llvm::DataLayout &dataLayout() const { return M->getDataLayout(); }
  const CompileOptions &options() const { return Opts; }

  /// The entry function: `Name` if given, else the function named after the
  /// first source file, else `main`. Throws InputError listing the defined
  /// functions when none fits. Only the user's functions qualify.
  llvm::Function &selectEntry(const std::string &Name) const;
  /// Fills what LLVM computes on first use and caches in the module
  /// (struct layouts, lazy argument lists), which is not safe on two
  /// threads: after this, threads may read the program side by side.
  void prepareForThreads() const;
  /// The user's defined functions (not the libc models).
  std::vector<std::string> definedFunctions() const;

private:
  Program() = default;
  CompileOptions Opts;
  std::unique_ptr<llvm::LLVMContext> Ctx;
  std::unique_ptr<llvm::Module> M;
};

/// Source position of an instruction from its debug location.
struct SourceLoc {
  llvm::StringRef File; ///< As given to the compiler; empty if unknown.
  llvm::StringRef Dir;  ///< Compilation directory.
  unsigned Line = 0;
  unsigned Column = 0;
  bool known() const { return Line != 0; }
  std::string str() const;      ///< "file:line" or "<unknown>".
  std::string fullPath() const; ///< Dir/File unless File is absolute.
};
SourceLoc sourceLocOf(const llvm::Instruction *I);
/// The function's declaration line, from its subprogram.
SourceLoc sourceLocOf(const llvm::Function &F);

/// A parameter of the entry function, from the IR and its debug info.
/// An integer member of a struct parameter. Nested structs and arrays are
/// flattened into dotted and indexed names ("pos.x", "id[2]").
struct FieldInfo {
  std::string Name;
  std::string CType;
  unsigned Offset = 0; ///< Bytes from the start of the struct.
  unsigned Bytes = 0;
  bool Signed = false;
  bool IsFloat = false; ///< A float or double member.
};

/// What a parameter of the entry is to the engine: an input value, or a
/// part of a command line (`main(int argc, char **argv, char **envp)`),
/// which EntryInputs builds from the command-line options instead.
enum class ParamRole : uint8_t { Value, ArgCount, ArgVector, EnvVector };

struct ParamInfo {
  std::string Name;
  ParamRole Role = ParamRole::Value;
  std::string CType;     ///< As the source spells it, e.g. "int" or "uint8_t".
  std::string BaseCType; ///< With typedefs and qualifiers removed.
  unsigned Bits = 0;     ///< IR width (1 for _Bool).
  unsigned Bytes = 0;    ///< Store size; for pointers, the buffer's size.
  bool Signed = false;
  /// A float or double (its value is its IEEE-754 encoding); for a pointer,
  /// a buffer of them.
  bool IsFloat = false;
  /// A pointer parameter points to a fresh buffer of `Count` elements of
  /// the pointee type; a `char *` buffer ends with a NUL byte.
  bool IsPointer = false;
  std::string ElemCType;
  unsigned ElemBytes = 0;
  /// Elements that are rows of an array type (`int (*m)[30]`): the size of
  /// one integer cell of a row; 0 otherwise.
  unsigned CellBytes = 0;
  unsigned Count = 0;
  bool NulTerminated = false;
  /// The option that sized the buffer: "--max-len" or "--max-strlen";
  /// null for one struct or union, and for non-pointers.
  const char *SizedBy = nullptr;
  /// A struct passed by value: its bytes reach the function as integer
  /// arguments of `PieceBits` bits (the ABI's eightbytes, in order), or
  /// through one `byval` pointer when `ByVal`.
  bool IsStruct = false;
  bool ByVal = false;
  std::vector<unsigned> PieceBits;
  /// The members of a struct parameter, or of the struct behind a pointer.
  std::vector<FieldInfo> Fields;
  /// An integer size parameter linked to a pointer parameter's buffer
  /// (`--len`, or the default for a size right after a pointer): its value
  /// lies in [0, MaxValue], the buffer's element count.
  std::string LengthOf;
  uint64_t MaxValue = 0;
};

/// The bytes of `P` an input chooses, the first of its `Bytes`: all but a
/// string's final NUL, which is always there. The engine and the fuzz
/// target both take these, and only these, from an input stream
/// (explore/Exchange.h), so a string means the same in both.
inline unsigned chosenBytes(const ParamInfo &P) {
  return P.NulTerminated && P.Bytes > 0 ? P.Bytes - 1 : P.Bytes;
}

/// Sizes of the buffers behind pointer parameters.
struct BufferSizes {
  unsigned Elements = 8;     ///< For pointers to scalars (arrays).
  unsigned StringBytes = 16; ///< For `char *`, including the final NUL.
  /// An integer parameter right after a pointer parameter is its length.
  bool LinkLengths = true;
  /// Explicit links "LEN=BUF": parameter LEN is the length of BUF.
  std::vector<std::string> Lengths;
};
struct ReturnInfo {
  bool IsVoid = true;
  std::string CType;
  std::string BaseCType;
  unsigned Bits = 0;
  bool Signed = false;
  bool IsFloat = false; ///< A float or double.
  /// A struct returned by value (in integer registers, or written through
  /// the hidden `sret` pointer the caller provides): `Bytes` of it, with
  /// its integer members `Fields` (those of other types are in its bytes
  /// only).
  bool IsStruct = false;
  unsigned Bytes = 0;
  std::vector<FieldInfo> Fields;
};

/// Describes the entry's integer parameters; throws InputError naming the
/// first parameter of a kind Theseus cannot make symbolic yet.
std::vector<ParamInfo> describeParams(const llvm::Function &F,
                                      const BufferSizes &Sizes = {});
/// Throws InputError for a struct returned in a way Theseus does not
/// support yet (floating-point registers).
ReturnInfo describeReturn(const llvm::Function &F);
/// The members as a test shows them: by name, a repeated name keeping its
/// last member.
std::vector<const FieldInfo *> fieldsByName(const std::vector<FieldInfo> &F);

} // namespace theseus

#endif
