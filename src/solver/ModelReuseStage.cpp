//===- ModelReuseStage.cpp - Recent models tried on the query -------------===//
#include "solver/SolverStages.h"

namespace theseus {

StageAnswer ModelReuseStage::solve(const SolverQuery &Q) {
  SolverResponse R;
  for (const ByteModel &M : RecentModels)
    if (Q.satisfiedBy(M, R.Model)) {
      ++Stats.ModelReuses;
      R.Result = SatResult::Sat;
      return {std::move(R), AnswerSource::ModelReuse};
    }
  StageAnswer A = Next->solve(Q);
  // Models the stages below rebuilt from values tried or stored say less
  // about what nearby queries need than Z3's do.
  if (A.Source == AnswerSource::Backend &&
      A.Response.Result == SatResult::Sat) {
    RecentModels.push_front(Q.sparse(A.Response.Model));
    if (RecentModels.size() > MaxRecentModels)
      RecentModels.pop_back();
  }
  return A;
}

} // namespace theseus
