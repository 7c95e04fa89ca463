//===- CacheStage.cpp - The answer of the same constraint set -------------===//
#include "solver/SolverStages.h"

namespace theseus {

size_t CacheStage::KeyHash::operator()(const CexCache::Key &K) const {
  return CexCache::hashOf(K);
}

StageAnswer CacheStage::solve(const SolverQuery &Q) {
  // An Incremental answer comes with a model the caller asks Z3 for values
  // of, and a Weakened one answers another question than its constraints.
  if (Q.form() == QueryForm::Incremental || Q.form() == QueryForm::Weakened)
    return Next->solve(Q);
  // A Quantified model is every byte the formula reads, which the byte read
  // sets of a Ground query do not cover (an ArrayRead reads them all): it is
  // kept whole.
  bool Whole = Q.form() == QueryForm::Quantified;
  auto It = Answers.find(Q.key());
  if (It != Answers.end()) {
    ++Stats.CacheHits;
    if (!It->second.Sat)
      return {{SatResult::Unsat, {}}, AnswerSource::Cache};
    return {{SatResult::Sat,
             Whole ? It->second.WholeModel : Q.compose(It->second.Model)},
            AnswerSource::Cache};
  }
  StageAnswer A = Next->solve(Q);
  const SolverResponse &R = A.Response;
  // Unknown may be a timeout that a later, luckier call would beat.
  if (R.Result == SatResult::Unknown)
    return A;
  if (Answers.size() >= MaxEntries)
    Answers.clear();
  bool Sat = R.Result == SatResult::Sat;
  Entry E{Sat, {}, {}};
  if (Sat && Whole)
    E.WholeModel = R.Model;
  else if (Sat)
    E.Model = Q.sparse(R.Model);
  Answers.emplace(Q.key(), std::move(E));
  return A;
}

} // namespace theseus
