//===- RunOptions.cpp - What a run of the engine is told ------------------===//
#include "engine/RunOptions.h"

#include <fmt/format.h>

#include <thread>

namespace theseus {

const char *toString(ExploreMode M) {
  return M == ExploreMode::Fork ? "fork" : "concolic";
}

void validate(const RunOptions &O) {
  auto Refuse = [](const std::string &Why) { throw InputError{Why}; };
  bool Fork = O.Mode == ExploreMode::Fork;
  bool HasTarget = !O.Targets.empty();
  if (O.Files.empty())
    Refuse("no input files (see --help)");
  if (O.Explore.Strat == Strategy::TargetDistance && !HasTarget)
    Refuse("--strategy=target-distance needs --target");
  if (Fork && (O.Explore.Strat == Strategy::Generational ||
               O.Explore.Strat == Strategy::DART))
    Refuse(fmt::format("--strategy={} is not available with --mode=fork",
                       toString(O.Explore.Strat)));
  if (Fork && O.Fuzz)
    Refuse("--fuzz needs --mode=concolic");
  if (O.Fuzz && O.NoFuzz)
    Refuse("--fuzz and --no-fuzz exclude each other");
  if ((O.FuzzRuns || !O.Fuzzer.empty()) && !O.Fuzz)
    Refuse("--fuzz-runs and --fuzzer need --fuzz (on by default for theseus "
           "task)");
  if (!Fork && (O.Explore.LoopBound || O.Explore.Exec.ReportStatements))
    Refuse("--loop-bound and --tree-statements need --mode=fork");
  if (O.Jobs > MaxJobs)
    Refuse(fmt::format("-j: at most {} workers", MaxJobs));
  if (O.DistributedMpi &&
      (O.Resume || O.SelfCheck || O.Fuzz || O.ApcOnly || O.ApcFirst))
    Refuse("--distributed=mpi does not take --resume, --self-check, "
           "--fuzz, --apc-only or --apc-first");
  if (!O.DistributedMpi && O.Ranks.Balance != WorkBalance::Queue)
    Refuse("--work-balance needs --distributed=mpi");
  if (!Fork && O.SelfCheck)
    Refuse("--self-check needs --mode=fork");
  if (O.SymStdin && !O.StdinFile.empty())
    Refuse("--stdin and --sym-stdin exclude each other");
  if (O.SymStdin > MaxStdinBytes)
    Refuse(fmt::format("--sym-stdin: at most {} bytes", MaxStdinBytes));
  if (O.Model == DataModel::ILP32 && !O.Native.empty())
    Refuse("--native runs 64-bit host code, which cannot share memory with "
           "an ILP32 program (--data-model ILP32)");
  if (O.ApcOnly && O.NoApc)
    Refuse("--apc-only and --no-apc exclude each other");
  if ((O.ApcOnly || O.KeepGoing || O.NoApc || O.ApcFirst) && !HasTarget)
    Refuse("--apc-only, --keep-going, --no-apc and --apc-first need "
           "--target");
  if (O.NoApc && O.ApcFirst)
    Refuse("--no-apc and --apc-first exclude each other");
}

void settle(RunOptions &O) {
  O.Explore.TreeDetailNodes = O.TreeMaxNodes;
  // Both observe loops instruction by instruction.
  O.Explore.Exec.NativeLoops = !O.NoNativeLoops && !O.Explore.LoopBound &&
                               !O.Explore.Exec.ReportStatements;
  O.Explore.SolverTimeoutMs =
      static_cast<unsigned>(std::max(0.0, O.SolverTimeout) * 1000);
  O.Explore.KeepLeafModels = O.SelfCheck;
  O.Explore.Exec.FloatDivideByZero = O.CheckUndefinedBehavior.FloatDivideByZero;
  O.Explore.Exec.NanIndex = O.CheckUndefinedBehavior.NanIndex;
  if (O.Jobs == 0)
    O.Jobs = std::max(1u, std::thread::hardware_concurrency());
}

} // namespace theseus
