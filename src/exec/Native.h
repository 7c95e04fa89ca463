//===- Native.h - Calling functions without a body, natively --------------===//
#ifndef THESEUS_EXEC_NATIVE_H
#define THESEUS_EXEC_NATIVE_H

#include <cstdint>
#include <string>
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
};

/// Calls host functions through libffi with concrete arguments.
class NativeCaller {
public:
  /// Makes a shared library's symbols available to later lookups.
  static void loadLibrary(const std::string &Path);
  /// The host address of a function or variable, or null.
  static void *lookup(const std::string &Name);

  /// Calls `Fn`. `FixedArgs` is the number of non-variadic arguments (equal
  /// to Args.size() for non-variadic functions). Returns false and sets
  /// `Error` when a type cannot be passed.
  bool call(void *Fn, llvm::Type *RetTy, const std::vector<NativeArg> &Args,
            unsigned FixedArgs, uint64_t &Ret, std::string &Error);
};

} // namespace theseus

#endif
