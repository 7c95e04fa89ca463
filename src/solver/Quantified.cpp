//===- Quantified.cpp - Satisfiability of one quantified formula ----------===//
#include "solver/Quantified.h"

#include "solver/SolverStages.h"

namespace theseus {

QuantifiedQuery::QuantifiedQuery() {
  auto End = std::make_unique<QuantifiedStage>();
  Z3 = End.get();
  Chain = std::make_unique<CacheStage>(std::move(End), Stats);
}

QuantifiedQuery::~QuantifiedQuery() = default;

void QuantifiedQuery::validate(
    std::function<void(const Disagreement &)> OnDisagreement) {
  Chain = std::make_unique<ValidatingStage>(std::move(Chain), Stats, 0,
                                            std::move(OnDisagreement));
}

void QuantifiedQuery::interrupt() { Z3->interrupt(); }

SolverResponse QuantifiedQuery::ask(std::vector<ExprRef> Formulas,
                                    QueryForm Form, unsigned TimeoutMs) {
  ++Stats.Queries;
  // An interrupted query answers at once, unvalidated: nothing was asked.
  if (Z3->interrupted())
    return {SatResult::Unknown, {}};
  Chain->setTimeout(TimeoutMs);
  SolverResponse R =
      Chain->solve(SolverQuery(std::move(Formulas), NoHint, Use, false, Form))
          .Response;
  if (R.Result == SatResult::Unknown)
    ++Stats.Unknowns;
  return R;
}

SolverResponse QuantifiedQuery::check(ExprRef Formula, unsigned TimeoutMs) {
  return ask({Formula}, QueryForm::Quantified, TimeoutMs);
}

SatResult QuantifiedQuery::mayBeSatisfiable(ExprRef Formula,
                                            unsigned TimeoutMs) {
  return ask({Formula}, QueryForm::Weakened, TimeoutMs).Result;
}

SolverResponse QuantifiedQuery::checkWith(ExprRef Base,
                                          const std::vector<ExprRef> &Conjuncts,
                                          unsigned TimeoutMs,
                                          const std::vector<ExprRef> &Vars,
                                          std::vector<uint64_t> *Values) {
  std::vector<ExprRef> Formulas = {Base};
  Formulas.insert(Formulas.end(), Conjuncts.begin(), Conjuncts.end());
  SolverResponse R =
      ask(std::move(Formulas), QueryForm::Incremental, TimeoutMs);
  if (R.Result != SatResult::Sat || !Values)
    return R;
  std::optional<std::vector<uint64_t>> Found = Z3->valuesOf(Vars);
  if (!Found)
    return {SatResult::Unknown, {}};
  *Values = std::move(*Found);
  return R;
}

} // namespace theseus
