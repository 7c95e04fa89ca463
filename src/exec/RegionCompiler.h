//===- RegionCompiler.h - Loops compiled to checked host code -------------===//
//
// Private to src/exec. Keeps LLVM's JIT headers out of the interpreter.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXEC_REGIONCOMPILER_H
#define THESEUS_EXEC_REGIONCOMPILER_H

#include "exec/NativeLoops.h"

#include <memory>
#include <string>

namespace llvm::orc {
class LLJIT;
} // namespace llvm::orc

namespace theseus {

/// Translates regions into host code through LLVM's ORC JIT. The code
/// computes what the interpreter would, on values of the same widths, and
/// checks each access against the shadow, each division and shift, and
/// the instruction budget, returning -1 where the interpreter would do
/// something the code cannot (NativeLoops.h).
class RegionCompiler {
public:
  RegionCompiler();
  ~RegionCompiler();
  /// Null, with `Error` set, when the region cannot be compiled.
  NativeRegion::EntryFn
  compile(const NativeRegion &R, const RegionLayout &Layout,
          const std::function<uint64_t(const llvm::Constant *)> &ConstantBits,
          std::string &Error);

private:
  std::unique_ptr<llvm::orc::LLJIT> JIT;
  unsigned Count = 0;
};

} // namespace theseus

#endif
