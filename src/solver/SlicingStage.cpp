//===- SlicingStage.cpp - The goal's cone of influence --------------------===//
#include "solver/SolverStages.h"

namespace theseus {

StageAnswer SlicingStage::solve(const SolverQuery &Q) {
  if (!Q.hasGoal())
    return Next->solve(Q);
  std::vector<ExprRef> Prefix(Q.constraints().begin(),
                              Q.constraints().end() - 1);
  std::vector<ExprRef> Cone =
      sliceWith(Q.reads(), Prefix, Q.constraints().back());
  Stats.ConstraintsOut -= Q.constraints().size() - Cone.size();
  return Next->solve(Q.with(std::move(Cone)));
}

} // namespace theseus
