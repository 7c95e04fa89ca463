//===- CacheStage.cpp - The answer of the same constraint set -------------===//
#include "solver/SolverStages.h"

namespace theseus {

size_t CacheStage::KeyHash::operator()(const CexCache::Key &K) const {
  return CexCache::hashOf(K);
}

StageAnswer CacheStage::solve(const SolverQuery &Q) {
  auto It = Answers.find(Q.key());
  if (It != Answers.end()) {
    ++Stats.CacheHits;
    if (!It->second.Sat)
      return {{SatResult::Unsat, {}}, AnswerSource::Cache};
    return {{SatResult::Sat, Q.compose(It->second.Model)}, AnswerSource::Cache};
  }
  StageAnswer A = Next->solve(Q);
  const SolverResponse &R = A.Response;
  // Unknown may be a timeout that a later, luckier call would beat.
  if (R.Result == SatResult::Unknown)
    return A;
  if (Answers.size() >= MaxEntries)
    Answers.clear();
  bool Sat = R.Result == SatResult::Sat;
  Answers.emplace(Q.key(), Entry{Sat, Sat ? Q.sparse(R.Model) : ByteModel()});
  return A;
}

} // namespace theseus
