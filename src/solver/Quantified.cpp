//===- Quantified.cpp - Satisfiability of one quantified formula ----------===//
#include "solver/Quantified.h"

#include "solver/SolverStages.h"
#include "solver/Z3Translate.h"

#include <atomic>
#include <map>
#include <optional>
#include <set>
#include <unordered_set>

namespace theseus {

struct QuantifiedQuery::Impl {
  z3::context Ctx;
  Z3Translator Translator{Ctx};
  std::atomic<bool> Interrupted{false};
  /// checkWith(): the solver holding Base, the conjuncts asserted above it
  /// (one scope each), and the input bytes Base reads.
  std::optional<z3::solver> Incremental;
  ExprRef Base = nullptr;
  std::vector<ExprRef> Stack;
  std::set<std::pair<const Array *, uint32_t>> BaseReads;

  /// validate(): how answers are re-checked, and who hears of a wrong one.
  std::optional<AnswerValidator> Validator;
  std::function<void(const Disagreement &)> OnDisagreement;

  SolverResponse
  answer(z3::solver &S, z3::check_result R,
         const std::set<std::pair<const Array *, uint32_t>> &Reads);
  /// `R`, once validate()'s re-check of it as the answer for the
  /// conjunction of `Formulas` is done.
  SolverResponse validated(const std::vector<ExprRef> &Formulas,
                           SolverResponse R, unsigned TimeoutMs);
};

QuantifiedQuery::QuantifiedQuery() : P(std::make_unique<Impl>()) {
  P->Translator.setCancel(&P->Interrupted);
}
QuantifiedQuery::~QuantifiedQuery() = default;

void QuantifiedQuery::validate(
    std::function<void(const Disagreement &)> OnDisagreement) {
  P->Validator.emplace(0);
  P->OnDisagreement =
      OnDisagreement ? std::move(OnDisagreement) : abortOnDisagreement;
}

SolverResponse
QuantifiedQuery::Impl::validated(const std::vector<ExprRef> &Formulas,
                                 SolverResponse R, unsigned TimeoutMs) {
  if (!Validator || Interrupted)
    return R;
  Validator->setTimeout(TimeoutMs);
  std::string Why = Validator->checkQuantified(Formulas, R);
  if (!Why.empty())
    OnDisagreement({AnswerSource::Backend, R.Result, std::move(Why)});
  return R;
}

void QuantifiedQuery::interrupt() {
  P->Interrupted = true;
  Z3_interrupt(P->Ctx);
}

namespace {

/// The input bytes `E` reads, each shared node visited once: all of an
/// array read at a computed index.
std::set<std::pair<const Array *, uint32_t>> readsOf(ExprRef E) {
  std::set<std::pair<const Array *, uint32_t>> Reads;
  anyNode(E, [&Reads](ExprRef X) {
    if (X->kind() == ExprKind::Read)
      Reads.insert({X->array(), uint32_t(X->value())});
    if (X->kind() == ExprKind::ArrayRead)
      for (uint32_t I = 0; I < X->array()->Size; ++I)
        Reads.insert({X->array(), I});
    return false;
  });
  return Reads;
}

} // namespace

/// The response to a check `S` answered with `R`; a model gives the bytes
/// `Reads`.
SolverResponse QuantifiedQuery::Impl::answer(
    z3::solver &S, z3::check_result R,
    const std::set<std::pair<const Array *, uint32_t>> &Reads) {
  if (R == z3::unsat)
    return {SatResult::Unsat, {}};
  if (R == z3::unknown || Interrupted)
    return {SatResult::Unknown, {}};
  z3::model M = S.get_model();
  std::map<const Array *, std::vector<uint8_t>, Assignment::ArrayIdLess> Bytes;
  for (const auto &[A, I] : Reads) {
    std::vector<uint8_t> &B = Bytes[A];
    B.resize(A->Size);
    B[I] = static_cast<uint8_t>(
        M.eval(Translator.byteVar(A, I), true).get_numeral_uint64());
  }
  SolverResponse Out;
  Out.Result = SatResult::Sat;
  for (auto &[A, B] : Bytes)
    Out.Model.set(A, std::move(B));
  return Out;
}

SolverResponse QuantifiedQuery::check(ExprRef Formula, unsigned TimeoutMs) {
  if (P->Interrupted)
    return {SatResult::Unknown, {}};
  try {
    bool Quantified = anyNode(Formula, [](ExprRef X) {
      return X->kind() == ExprKind::Forall || X->kind() == ExprKind::Exists;
    });
    // Without quantifiers, Z3's SMT core alone: the default solver's
    // set-up costs 5-8 ms per query (OneLoop's whole apc^K takes 1 ms
    // without it), and on the string benchmarks' apc^K the core was 2-4x
    // faster than with the default preprocessing.
    z3::solver S = Quantified ? z3::solver(P->Ctx)
                              : z3::solver(P->Ctx, z3::solver::simple());
    z3::params Params(P->Ctx);
    if (TimeoutMs)
      Params.set("timeout", TimeoutMs);
    // The apc's quantifiers range over loop counters and offsets, with no
    // patterns worth matching: E-matching instantiates terms without end
    // (Hello, MatrIR: unknown after 10 s), while model-based instantiation
    // alone finds their models in a second or two.
    if (Quantified)
      Params.set("smt.ematching", false);
    S.set(Params);
    P->Translator.setArraysAsFunctions(Quantified);
    S.add(P->Translator.boolOf(Formula));
    for (const z3::expr &Tie : P->Translator.arrayTies())
      S.add(Tie);
    return P->validated({Formula}, P->answer(S, S.check(), readsOf(Formula)),
                        TimeoutMs);
  } catch (const z3::exception &) {
    // Resource limits and interruptions surface as exceptions.
    return {SatResult::Unknown, {}};
  }
}

SatResult QuantifiedQuery::mayBeSatisfiable(ExprRef Formula,
                                            unsigned TimeoutMs) {
  if (P->Interrupted)
    return SatResult::Unknown;
  try {
    z3::solver S(P->Ctx, z3::solver::simple());
    z3::params Params(P->Ctx);
    Params.set("timeout", TimeoutMs);
    S.set(Params);
    // Functions without the ties to the bytes: a read is any value, the
    // same for equal indices.
    P->Translator.setArraysAsFunctions(true);
    S.add(P->Translator.boolOf(Formula));
    switch (S.check()) {
    case z3::unsat:
      return SatResult::Unsat;
    case z3::sat:
      return SatResult::Sat;
    default:
      return SatResult::Unknown;
    }
  } catch (const z3::exception &) {
    return SatResult::Unknown;
  }
}

SolverResponse QuantifiedQuery::checkWith(ExprRef Base,
                                          const std::vector<ExprRef> &Conjuncts,
                                          unsigned TimeoutMs,
                                          const std::vector<ExprRef> &Vars,
                                          std::vector<uint64_t> *Values) {
  if (P->Interrupted)
    return {SatResult::Unknown, {}};
  try {
    // Quantifier-free: ArrayReads as multiplexers, which need no ties.
    P->Translator.setArraysAsFunctions(false);
    if (!P->Incremental || P->Base != Base) {
      P->Incremental.emplace(P->Ctx);
      P->Incremental->add(P->Translator.boolOf(Base));
      P->Base = Base;
      P->Stack.clear();
      P->BaseReads = readsOf(Base);
    }
    z3::solver &S = *P->Incremental;
    size_t Shared = 0;
    while (Shared < P->Stack.size() && Shared < Conjuncts.size() &&
           P->Stack[Shared] == Conjuncts[Shared])
      ++Shared;
    if (Shared < P->Stack.size()) {
      S.pop(unsigned(P->Stack.size() - Shared));
      P->Stack.resize(Shared);
    }
    for (size_t I = Shared; I < Conjuncts.size(); ++I) {
      S.push();
      S.add(P->Translator.boolOf(Conjuncts[I]));
      P->Stack.push_back(Conjuncts[I]);
    }
    z3::params Params(P->Ctx);
    Params.set("timeout", TimeoutMs ? TimeoutMs : UINT_MAX);
    S.set(Params);
    std::set<std::pair<const Array *, uint32_t>> Reads = P->BaseReads;
    for (ExprRef C : Conjuncts)
      Reads.merge(readsOf(C));
    SolverResponse R = P->answer(S, S.check(), Reads);
    if (R.Result == SatResult::Sat && Values) {
      z3::model M = S.get_model();
      Values->clear();
      for (ExprRef V : Vars)
        Values->push_back(
            M.eval(P->Translator.translate(V), true).get_numeral_uint64());
    }
    std::vector<ExprRef> Formulas = {Base};
    Formulas.insert(Formulas.end(), Conjuncts.begin(), Conjuncts.end());
    return P->validated(Formulas, std::move(R), TimeoutMs);
  } catch (const z3::exception &) {
    // The solver may be left mid-scope: start afresh next time.
    P->Incremental.reset();
    return {SatResult::Unknown, {}};
  }
}

} // namespace theseus
