//===- ValidatingStage.cpp - Every answer checked again -------------------===//
#include "expr/Printer.h"
#include "solver/SolverStages.h"
#include "solver/Z3Translate.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <fmt/format.h>

namespace theseus {

namespace {

/// The answer of a solver that shares nothing with the backend's: its own
/// context and translation, Z3's default strategy, no scopes left from
/// earlier queries, no preference for small values. `Pin` fixes input
/// bytes.
SatResult freshCheck(const std::vector<ExprRef> &Cs, unsigned TimeoutMs,
                     const Assignment *Pin = nullptr) {
  try {
    z3::context Ctx;
    Z3Translator Translator(Ctx);
    z3::solver S(Ctx);
    z3::params Params(Ctx);
    Params.set("timeout", TimeoutMs ? TimeoutMs : UINT_MAX);
    bool Quantified = std::any_of(Cs.begin(), Cs.end(),
                                  [](ExprRef C) { return hasQuantifier(C); });
    // As QuantifiedStage does: E-matching does not end on the apc's
    // quantifiers, and they need arrays as functions to instantiate.
    if (Quantified)
      Params.set("smt.ematching", false);
    S.set(Params);
    Translator.setArraysAsFunctions(Quantified);
    for (ExprRef C : Cs)
      S.add(Translator.boolOf(C));
    for (const z3::expr &Tie : Translator.arrayTies())
      S.add(Tie);
    if (Pin)
      for (const auto &[A, Bytes] : Pin->values())
        for (uint32_t I = 0; I < Bytes.size(); ++I)
          S.add(Translator.byteVar(A, I) == Ctx.bv_val(Bytes[I], 8));
    switch (S.check()) {
    case z3::sat:
      return SatResult::Sat;
    case z3::unsat:
      return SatResult::Unsat;
    case z3::unknown:
      break;
    }
  } catch (const z3::exception &) {
    // A resource limit: undecided.
  }
  return SatResult::Unknown;
}

} // namespace

std::string AnswerValidator::check(const std::vector<ExprRef> &Cs,
                                   const Assignment &Hint,
                                   const SolverResponse &R) const {
  if (R.Result == SatResult::Sat) {
    Assignment Full = Hint;
    Full.overlay(R.Model);
    Evaluator Eval(Full);
    for (ExprRef C : Cs)
      if (Eval.eval(C) != 1)
        return fmt::format("the model falsifies {}", toString(C, 300));
    return "";
  }
  if (R.Result == SatResult::Unsat) {
    SatResult Fresh = freshCheck(Cs, TimeoutMs);
    if (Fresh == SatResult::Sat)
      return "a fresh Z3 solver finds the constraints satisfiable";
  }
  return "";
}

std::string
AnswerValidator::checkQuantified(const std::vector<ExprRef> &Formulas,
                                 const SolverResponse &R) const {
  if (R.Result == SatResult::Unknown)
    return "";
  SatResult Fresh = freshCheck(Formulas, TimeoutMs,
                               R.Result == SatResult::Sat ? &R.Model : nullptr);
  if (R.Result == SatResult::Sat && Fresh == SatResult::Unsat)
    return "a fresh Z3 solver finds no solution with the model's bytes";
  if (R.Result == SatResult::Unsat && Fresh == SatResult::Sat)
    return "a fresh Z3 solver finds the formula satisfiable";
  return "";
}

std::string AnswerValidator::checkWeakened(const std::vector<ExprRef> &Formulas,
                                           SatResult R) const {
  if (R == SatResult::Unsat &&
      freshCheck(Formulas, TimeoutMs) == SatResult::Sat)
    return "a fresh Z3 solver finds the formula satisfiable, its buffers "
           "tied to their bytes";
  return "";
}

ValidatingStage::ValidatingStage(std::unique_ptr<SolverStage> Next,
                                 SolverStats &Stats, unsigned TimeoutMs,
                                 Handler OnDisagreement)
    : SolverStage(std::move(Next)), Stats(Stats), Validator(TimeoutMs),
      OnDisagreement(OnDisagreement ? std::move(OnDisagreement)
                                    : abortOnDisagreement) {}

void ValidatingStage::setTimeout(unsigned Ms) {
  Validator.setTimeout(Ms);
  SolverStage::setTimeout(Ms);
}

StageAnswer ValidatingStage::solve(const SolverQuery &Q) {
  StageAnswer A = Next->solve(Q);
  SatResult Claimed = A.Response.Result;
  if (Claimed == SatResult::Unknown ||
      (Q.form() == QueryForm::Weakened && Claimed == SatResult::Sat))
    return A;
  ++Stats.Validated;
  std::string Why;
  switch (Q.form()) {
  case QueryForm::Ground:
    Why = Validator.check(Q.constraints(), Q.hint(), A.Response);
    break;
  case QueryForm::Quantified:
  case QueryForm::Incremental:
    Why = Validator.checkQuantified(Q.constraints(), A.Response);
    break;
  case QueryForm::Weakened:
    Why = Validator.checkWeakened(Q.constraints(), Claimed);
    break;
  }
  if (!Why.empty())
    OnDisagreement({A.Source, A.Response.Result, std::move(Why)});
  return A;
}

void abortOnDisagreement(const Disagreement &D) {
  std::fprintf(stderr,
               "theseus: solver validation: the %s answered %s, but %s\n",
               toString(D.Source), toString(D.Claimed), D.Why.c_str());
  std::abort();
}

} // namespace theseus
