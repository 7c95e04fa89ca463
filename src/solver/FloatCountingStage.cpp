//===- FloatCountingStage.cpp - What float queries cost -------------------===//
#include "solver/SolverStages.h"

#include <algorithm>
#include <chrono>

namespace theseus {

StageAnswer FloatCountingStage::solve(const SolverQuery &Q) {
  const std::vector<ExprRef> &Cs = Q.constraints();
  if (std::none_of(Cs.begin(), Cs.end(),
                   [](ExprRef C) { return C->hasFloat(); }))
    return Next->solve(Q);
  auto Start = std::chrono::steady_clock::now();
  StageAnswer A = Next->solve(Q);
  ++Stats.FloatQueries;
  Stats.FloatSeconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  if (A.Source == AnswerSource::Backend)
    ++Stats.FloatBackendCalls;
  else
    ++Stats.FloatStageAnswers;
  return A;
}

} // namespace theseus
