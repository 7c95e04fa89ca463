//===- CexCacheStage.cpp - Answers of related constraint sets -------------===//
#include "solver/SolverStages.h"

namespace theseus {

namespace {

/// The answer the stored related sets give `Q`; Unknown when none does.
SolverResponse fromRelated(const CexCache &Cache, const SolverQuery &Q,
                           SolverStats &Stats) {
  CexCache::Related Rel = Cache.related(Q.key());
  SolverResponse R;
  if (Rel.UnsatSubset) {
    ++Stats.CexUnsatHits;
    R.Result = SatResult::Unsat;
    return R;
  }
  if (Rel.SatSuperset) { // Its model covers every byte the query reads.
    ++Stats.CexSatHits;
    R.Result = SatResult::Sat;
    R.Model = Q.compose(Rel.SatSuperset->Model);
    return R;
  }
  for (const CexCache::Entry *Sub : Rel.SatSubsets)
    if (Q.satisfiedBy(Sub->Model, R.Model)) {
      ++Stats.CexSatHits;
      R.Result = SatResult::Sat;
      return R;
    }
  return R;
}

} // namespace

StageAnswer CexCacheStage::solve(const SolverQuery &Q) {
  StageAnswer A{fromRelated(Cache, Q, Stats), AnswerSource::CexCache};
  if (A.Response.Result == SatResult::Unknown)
    A = Next->solve(Q);
  // Its own answers too: a set answered from a subset's model is the
  // subset of later queries. Unknown may be a timeout that a later,
  // luckier call would beat.
  if (A.Response.Result != SatResult::Unknown) {
    bool Sat = A.Response.Result == SatResult::Sat;
    Cache.store(Q.key(), Sat, Sat ? Q.sparse(A.Response.Model) : ByteModel());
  }
  return A;
}

} // namespace theseus
