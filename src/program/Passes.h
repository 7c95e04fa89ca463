//===- Passes.h - LLVM's new pass manager, set up once
//----------------------===//
//
// The analysis managers a pass pipeline needs, registered and cross-wired:
// the apc's flowgraph and the native-loop compiler both run small
// pipelines on copies of the program's IR.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_PROGRAM_PASSES_H
#define THESEUS_PROGRAM_PASSES_H

#include "llvm/Passes/PassBuilder.h"

namespace theseus {

struct PassManagers {
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  llvm::PassBuilder PB;

  PassManagers() {
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }
};

} // namespace theseus

#endif
