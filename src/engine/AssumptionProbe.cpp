//===- AssumptionProbe.cpp - Branch sides beyond a run's assumptions ------===//
#include "engine/AssumptionProbe.h"

#include "explore/Concolic.h"
#include "program/Program.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

namespace theseus {

namespace {

/// The probe's paths go nowhere: only their coverage counts.
class Unreported : public ExplorationListener {
public:
  void onNewPath(const PathResult &) override {}
};

/// `Run` with its assumptions relaxed, within the probe's budgets.
ExploreOptions relaxed(const ExploreOptions &Run, uint64_t Runs) {
  ExploreOptions O = Run;
  O.Inputs.Concrete.clear();
  O.Buffers.Elements *= ProbeScale;
  // A string's size counts its final NUL.
  O.Buffers.StringBytes = (O.Buffers.StringBytes - 1) * ProbeScale + 1;
  O.MaxIterations = Runs;
  O.MaxTime = Run.MaxTime / 10;
  O.Started.reset(); // Its own time, from its start.
  O.ReturnValues = 0;
  return O;
}

} // namespace

bool probeApplies(const std::vector<InputAssumption> &Assumptions) {
  return llvm::any_of(Assumptions, [](const InputAssumption &A) {
    return A.Kind == "concrete" || A.Kind == "buffer-size" ||
           A.Kind == "string-size";
  });
}

ProbeResult probeBeyondAssumptions(const Program &P,
                                   const llvm::Function &Entry,
                                   const ExploreOptions &Run,
                                   const Coverage &Covered, uint64_t Runs) {
  ConcolicExplorer Probe(P, Entry, relaxed(Run, Runs));
  Unreported Nobody;
  ExplorationStats Stats = Probe.run(Nobody);
  ProbeResult R;
  R.Runs = Stats.Runs;
  R.Seconds = Stats.Seconds;
  for (const llvm::Function &F : P.module())
    for (const llvm::BasicBlock &BB : F) {
      const auto *Br = llvm::dyn_cast<llvm::BranchInst>(BB.getTerminator());
      if (!Br || !Br->isConditional())
        continue;
      for (unsigned Index : {0u, 1u})
        if (Covered.edgeUncovered(Br, Index) &&
            Probe.coverage().edgeCovered(Br, Index))
          R.Sides.push_back({Br, BranchKind::Branch, /*Taken=*/Index == 0});
    }
  return R;
}

} // namespace theseus
