//===- Native.h - Calling functions without a body, natively --------------===//
#ifndef THESEUS_EXEC_NATIVE_H
#define THESEUS_EXEC_NATIVE_H

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace llvm {
class Type;
} // namespace llvm

namespace theseus {

/// One argument of a native call: its IR type and concrete bits.
struct NativeArg {
  llvm::Type *Ty;
  uint64_t Bits;
  bool SignExtend; ///< The callee expects a sign-extended small integer.
};

/// While alive, what is written to file descriptor 1 (through `stdout` or
/// directly) goes to a private file instead of Theseus' own stdout; on
/// destruction it is appended to the string given. Brackets each native
/// call, so output stays with the path that printed it.
class StdoutCapture {
public:
  explicit StdoutCapture(std::string &Into);
  ~StdoutCapture();
  StdoutCapture(const StdoutCapture &) = delete;
  StdoutCapture &operator=(const StdoutCapture &) = delete;

private:
  std::string &Into;
  bool Active = false;
  std::unique_lock<std::mutex> Held;
};

/// Calls host functions through libffi with concrete arguments.
class NativeCaller {
public:
  /// Makes a shared library's symbols available to later lookups.
  static void loadLibrary(const std::string &Path);
  /// The host address of a function or variable, or null.
  static void *lookup(const std::string &Name);
  /// Whether `Name` is defined by a library given to loadLibrary (the
  /// user's --native code, which every policy runs natively).
  static bool isFromLoadedLibrary(const std::string &Name);

  /// Calls `Fn`. `FixedArgs` is the number of non-variadic arguments (equal
  /// to Args.size() for non-variadic functions). Returns false and sets
  /// `Error` when a type cannot be passed.
  bool call(void *Fn, llvm::Type *RetTy, const std::vector<NativeArg> &Args,
            unsigned FixedArgs, uint64_t &Ret, std::string &Error);
};

/// Functions without a body that --externals=safe runs natively: they
/// compute (string, memory, math, conversions, formatting into buffers),
/// print to the captured stdout or to stderr, or read the clock or the
/// environment. None changes files, processes, signals or threads.
bool isHarmlessHostFunction(std::string_view Name);

/// A <math.h> function (sin, pow, __isnan, ...): numbers in, numbers out.
bool isMathFunction(std::string_view Name);

/// Functions a 32-bit (ILP32) program may run natively: the host's are
/// 64-bit code, and these take only `int`, `long` (passed sign-extended),
/// floating-point values and pointers to bytes or to `int`/`double`, so a
/// 32-bit address zero-extended is the host's pointer and nothing written
/// through it has another layout. Pointer results are checked to fit.
bool isNativeSafeForILP32(std::string_view Name);

/// The argument index of the format string of a printf- or scanf-family
/// function that isNativeSafeForILP32 admits, if `Name` is one.
std::optional<unsigned> formatArgumentOf(std::string_view Name);

/// The argument index of the `FILE *` of an output function that
/// isNativeSafeForILP32 admits, if `Name` is one.
std::optional<unsigned> streamArgumentOf(std::string_view Name);

/// Rewrites a printf or scanf format written for ILP32 so that the 64-bit
/// host reads the same arguments: the `l`, `z` and `t` length modifiers of
/// integer conversions name 32-bit types there, so they are dropped (the
/// host then reads an `int`). Returns false, with `Error` set, for a
/// conversion that cannot be translated (`%p` and `%ms` in scanf).
bool narrowFormatForILP32(std::string &Format, bool Scan, std::string &Error);

/// What a well-known function with effects on the host does ("changes the
/// file system", ...), for the message of a denied call; null if unknown.
const char *hostEffectOf(std::string_view Name);

/// Files and descriptors the program opened natively (for reading only),
/// so that --externals=safe lets it read and close those and no others:
/// closing or reading Theseus' own descriptors would break the engine.
/// Process-wide, as the host's descriptor table is.
class HostFiles {
public:
  static void opened(uint64_t Handle);
  static void closed(uint64_t Handle);
  static bool isOpen(uint64_t Handle);
};

} // namespace theseus

#endif
