//===- CompiledTwice.h - One C source, interpreted and native -------------===//
//
// Semantics tests compile one C (or IR) file twice: by Theseus (Program::load)
// for the interpreter, and by clang -O0 into a shared library called natively,
// so every interpreted result can be compared with the native one.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_TESTS_UNIT_COMPILEDTWICE_H
#define THESEUS_TESTS_UNIT_COMPILEDTWICE_H

#include "program/Program.h"

#include <dlfcn.h>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace theseus {

class CompiledTwice {
public:
  /// Compiles `Source`, C or (with `Extension` ".ll") LLVM IR; the native
  /// build also gets `-D<NativeDefine>`.
  CompiledTwice(const std::string &Source, const std::string &NativeDefine,
                const std::string &Extension = ".c") {
    std::string Template =
        (std::filesystem::temp_directory_path() / "theseus-unit-XXXXXX")
            .string();
    if (!mkdtemp(Template.data())) {
      Error = "mkdtemp failed";
      return;
    }
    Dir = Template;
    std::string SourcePath = Dir + "/semantics" + Extension;
    std::ofstream(SourcePath) << Source;
    std::string LibPath = Dir + "/libsemantics.so";
    try {
      if (runProgram({findClang(), "-shared", "-fPIC", "-O0",
                      "-D" + NativeDefine, SourcePath, "-o", LibPath}) != 0) {
        Error = "native compilation failed";
        return;
      }
      CompileOptions Opts;
      Opts.Sources = {SourcePath};
      Prog = Program::load(Opts);
    } catch (const InputError &E) {
      Error = E.Message;
      return;
    }
    Lib = dlopen(LibPath.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!Lib)
      Error = dlerror();
  }
  ~CompiledTwice() {
    if (Lib)
      dlclose(Lib);
    if (!Dir.empty())
      std::filesystem::remove_all(Dir);
  }
  CompiledTwice(const CompiledTwice &) = delete;
  CompiledTwice &operator=(const CompiledTwice &) = delete;

  /// The native function `Name`, null if absent.
  template <typename Fn> Fn native(const std::string &Name) const {
    return reinterpret_cast<Fn>(dlsym(Lib, Name.c_str()));
  }

  std::string Error; ///< Non-empty when setting up failed.
  std::unique_ptr<Program> Prog;

private:
  std::string Dir;
  void *Lib = nullptr;
};

} // namespace theseus

#endif
