//===- BackendStage.cpp - The end of the chain ----------------------------===//
#include "solver/SolverStages.h"

#include <chrono>

namespace theseus {

StageAnswer BackendStage::solve(const SolverQuery &Q) {
  ++Stats.BackendCalls;
  auto Start = std::chrono::steady_clock::now();
  SolverResponse R = Backend->check(Q.constraints(), Q.hint());
  Stats.BackendSeconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return {std::move(R), AnswerSource::Backend};
}

} // namespace theseus
