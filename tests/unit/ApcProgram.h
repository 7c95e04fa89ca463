//===- ApcProgram.h - A C program and its flowgraph for apc tests ---------===//
//
// The apc tests compile a small C program (with `reach_error` declared) and
// build the flowgraph of `reach_error` in one of its functions.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_TESTS_UNIT_APCPROGRAM_H
#define THESEUS_TESTS_UNIT_APCPROGRAM_H

#include "apc/Flowgraph.h"
#include "program/Program.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <memory>
#include <string>
#include <unistd.h>

namespace theseus {

/// Compiles `Source` into `Prog` and builds `G`, the flowgraph of
/// `reach_error` in `Entry` (null, with a test failure, when there is no
/// such function).
inline void loadApcProgram(const std::string &Source, const std::string &Entry,
                           std::unique_ptr<Program> &Prog,
                           std::unique_ptr<Flowgraph> &G) {
  // One file per test and process: ctest runs the tests in parallel.
  std::string Name =
      ::testing::UnitTest::GetInstance()->current_test_info()->name();
  std::string Path =
      (std::filesystem::temp_directory_path() /
       ("theseus-apc-" + Name + "-" + std::to_string(getpid()) + ".c"))
          .string();
  std::ofstream(Path) << "void reach_error(void);\n" << Source;
  CompileOptions Opts;
  Opts.Sources = {Path};
  G.reset(); // Its copy of the module lives in the program's context.
  Prog = Program::load(Opts);
  std::filesystem::remove(Path);
  const llvm::Function *F = Prog->module().getFunction(Entry);
  if (!F) {
    ADD_FAILURE() << "no function " << Entry;
    return;
  }
  G = std::make_unique<Flowgraph>(*F,
                                  std::vector{parseTargetSpec("reach_error")});
}

} // namespace theseus

#endif
