//===- QuantifiedStage.cpp - Z3 on the apc's formulas ---------------------===//
#include "solver/SolverStages.h"
#include "solver/Z3Translate.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <map>
#include <optional>
#include <set>

namespace theseus {

namespace {

using ByteSet = std::set<std::pair<const Array *, uint32_t>>;

/// The input bytes `E` reads, each shared node visited once: all of an
/// array read at a computed index.
ByteSet readsOf(ExprRef E) {
  ByteSet Reads;
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

struct QuantifiedStage::Impl {
  z3::context Ctx;
  Z3Translator Translator{Ctx};
  std::atomic<bool> Interrupted{false};
  /// Incremental queries: the solver holding the base, the conjuncts
  /// asserted above it (one scope each), and the input bytes the base reads.
  std::optional<z3::solver> Incremental;
  ExprRef Base = nullptr;
  std::vector<ExprRef> Stack;
  ByteSet BaseReads;

  Impl() { Translator.setCancel(&Interrupted); }
  /// The response to a check `S` answered with `R`; a model gives the bytes
  /// `Reads`.
  SolverResponse answer(z3::solver &S, z3::check_result R,
                        const ByteSet &Reads);
  SolverResponse once(const std::vector<ExprRef> &Cs, unsigned TimeoutMs);
  SolverResponse incremental(const std::vector<ExprRef> &Cs,
                             unsigned TimeoutMs);
  SatResult weakened(const std::vector<ExprRef> &Cs, unsigned TimeoutMs);
};

QuantifiedStage::QuantifiedStage() : P(std::make_unique<Impl>()) {}
QuantifiedStage::~QuantifiedStage() = default;

void QuantifiedStage::interrupt() {
  P->Interrupted = true;
  Z3_interrupt(P->Ctx);
}

bool QuantifiedStage::interrupted() const { return P->Interrupted; }

StageAnswer QuantifiedStage::solve(const SolverQuery &Q) {
  const std::vector<ExprRef> &Cs = Q.constraints();
  SolverResponse R;
  if (P->Interrupted)
    return {std::move(R), AnswerSource::Backend};
  switch (Q.form()) {
  case QueryForm::Ground:
  case QueryForm::Quantified:
    R = P->once(Cs, TimeoutMs);
    break;
  case QueryForm::Incremental:
    R = P->incremental(Cs, TimeoutMs);
    break;
  case QueryForm::Weakened:
    R.Result = P->weakened(Cs, TimeoutMs);
    break;
  }
  return {std::move(R), AnswerSource::Backend};
}

SolverResponse QuantifiedStage::Impl::answer(z3::solver &S, z3::check_result R,
                                             const ByteSet &Reads) {
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

SolverResponse QuantifiedStage::Impl::once(const std::vector<ExprRef> &Cs,
                                           unsigned TimeoutMs) {
  try {
    bool Quantified = std::any_of(Cs.begin(), Cs.end(), hasQuantifier);
    // Without quantifiers, Z3's SMT core alone: the default solver's
    // set-up costs 5-8 ms per query (OneLoop's whole apc^K takes 1 ms
    // without it), and on the string benchmarks' apc^K the core was 2-4x
    // faster than with the default preprocessing.
    z3::solver S =
        Quantified ? z3::solver(Ctx) : z3::solver(Ctx, z3::solver::simple());
    z3::params Params(Ctx);
    if (TimeoutMs)
      Params.set("timeout", TimeoutMs);
    // The apc's quantifiers range over loop counters and offsets, with no
    // patterns worth matching: E-matching instantiates terms without end
    // (Hello, MatrIR: unknown after 10 s), while model-based instantiation
    // alone finds their models in a second or two.
    if (Quantified)
      Params.set("smt.ematching", false);
    S.set(Params);
    Translator.setArraysAsFunctions(Quantified);
    ByteSet Reads;
    for (ExprRef C : Cs) {
      S.add(Translator.boolOf(C));
      Reads.merge(readsOf(C));
    }
    for (const z3::expr &Tie : Translator.arrayTies())
      S.add(Tie);
    return answer(S, S.check(), Reads);
  } catch (const z3::exception &) {
    // Resource limits and interruptions surface as exceptions.
    return {SatResult::Unknown, {}};
  }
}

SatResult QuantifiedStage::Impl::weakened(const std::vector<ExprRef> &Cs,
                                          unsigned TimeoutMs) {
  try {
    z3::solver S(Ctx, z3::solver::simple());
    z3::params Params(Ctx);
    Params.set("timeout", TimeoutMs);
    S.set(Params);
    // Functions without the ties to the bytes: a read is any value, the
    // same for equal indices.
    Translator.setArraysAsFunctions(true);
    for (ExprRef C : Cs)
      S.add(Translator.boolOf(C));
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

SolverResponse
QuantifiedStage::Impl::incremental(const std::vector<ExprRef> &Cs,
                                   unsigned TimeoutMs) {
  try {
    // Quantifier-free: ArrayReads as multiplexers, which need no ties.
    Translator.setArraysAsFunctions(false);
    if (!Incremental || Base != Cs.front()) {
      Incremental.emplace(Ctx);
      Incremental->add(Translator.boolOf(Cs.front()));
      Base = Cs.front();
      Stack.clear();
      BaseReads = readsOf(Base);
    }
    z3::solver &S = *Incremental;
    std::vector<ExprRef> Conjuncts(Cs.begin() + 1, Cs.end());
    size_t Shared = 0;
    while (Shared < Stack.size() && Shared < Conjuncts.size() &&
           Stack[Shared] == Conjuncts[Shared])
      ++Shared;
    if (Shared < Stack.size()) {
      S.pop(unsigned(Stack.size() - Shared));
      Stack.resize(Shared);
    }
    for (size_t I = Shared; I < Conjuncts.size(); ++I) {
      S.push();
      S.add(Translator.boolOf(Conjuncts[I]));
      Stack.push_back(Conjuncts[I]);
    }
    z3::params Params(Ctx);
    Params.set("timeout", TimeoutMs ? TimeoutMs : UINT_MAX);
    S.set(Params);
    ByteSet Reads = BaseReads;
    for (ExprRef C : Conjuncts)
      Reads.merge(readsOf(C));
    return answer(S, S.check(), Reads);
  } catch (const z3::exception &) {
    // The solver may be left mid-scope: start afresh next time.
    Incremental.reset();
    return {SatResult::Unknown, {}};
  }
}

std::optional<std::vector<uint64_t>>
QuantifiedStage::valuesOf(const std::vector<ExprRef> &Vars) {
  try {
    z3::model M = P->Incremental->get_model();
    std::vector<uint64_t> Values;
    for (ExprRef V : Vars)
      Values.push_back(
          M.eval(P->Translator.translate(V), true).get_numeral_uint64());
    return Values;
  } catch (const z3::exception &) {
    P->Incremental.reset();
    return std::nullopt;
  }
}

} // namespace theseus
