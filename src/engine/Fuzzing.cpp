//===- Fuzzing.cpp - The --fuzz phase of a run ----------------------------===//
#include "engine/Fuzzing.h"

#include "fuzz/FuzzTarget.h"

#include "llvm/IR/Function.h"
#include "llvm/Support/FileSystem.h"

#include <fmt/format.h>

namespace theseus {

std::unique_ptr<NativeFuzzer> startFuzzing(const RunOptions &O,
                                           const ProgramDescription &Desc,
                                           const llvm::Function &Entry,
                                           const EntryInputs &Inputs) {
  if (Inputs.hasSymbolicCommandLine() || O.SymStdin)
    throw InputError{"--fuzz: a symbolic command line or stdin "
                     "(--sym-arg, --sym-args, --sym-stdin) is not fed by the "
                     "fuzzer yet"};
  FuzzProgram P;
  P.Sources = Desc.Sources;
  P.NativeSources = Desc.NativeSources;
  P.CFlags = Desc.CFlags;
  P.Entry = Desc.Entry;
  P.Return = Desc.Return;
  for (const InputSpec &S : Inputs.specs())
    P.Params.push_back(S.Param);
  P.CommandLine = Inputs.hasCommandLine();
  if (P.CommandLine) {
    const CommandLineSpec &C = O.Explore.Inputs.CommandLine;
    P.Argv.push_back(C.ProgramName);
    for (const ArgSpec &A : C.Args)
      P.Argv.push_back(A.Text);
  }
  P.UndefinedBehaviorChecks = Desc.UndefinedBehaviorChecks;
  P.ILP32 = O.Model == DataModel::ILP32;
  std::string Dir = O.OutDir + "/fuzz";
  llvm::sys::fs::create_directories(Dir + "/build");
  std::string Binary = buildFuzzTarget(P, Dir + "/build");
  FuzzSettings S;
  S.Seconds = O.Explore.MaxTime * O.FuzzShare;
  S.Seed = O.Explore.Seed;
  S.Runs = O.FuzzRuns;
  S.RecordWith = Binary;
  auto F = std::make_unique<NativeFuzzer>(O.Fuzzer.empty() ? Binary : O.Fuzzer,
                                          Dir, S);
  F->start();
  return F;
}

nlohmann::json finishFuzzing(NativeFuzzer &F, const ExplorationStats &Stats) {
  F.stop();
  const FuzzStats &FS = F.stats();
  return {{"seconds", FS.Seconds},
          {"cpu_seconds", FS.CpuSeconds},
          {"budget_seconds", F.settings().Seconds},
          {"budget_runs", F.settings().Runs},
          {"stopped", toString(FS.End)},
          {"executions", FS.Executions},
          {"corpus", FS.CorpusInputs},
          {"crashes", FS.Crashes},
          {"restarts", FS.Restarts},
          {"imported", Stats.FuzzImported},
          {"imported_new_paths", Stats.FuzzNewPaths},
          {"offered", Stats.FuzzOffered},
          {"native_errors", Stats.FuzzNativeErrors},
          {"directory", F.directory()}};
}

} // namespace theseus
