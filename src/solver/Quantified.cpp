//===- Quantified.cpp - Satisfiability of one quantified formula ----------===//
#include "solver/Quantified.h"

#include "solver/Z3Translate.h"

#include <atomic>
#include <map>
#include <set>
#include <unordered_set>

namespace theseus {

struct QuantifiedQuery::Impl {
  z3::context Ctx;
  Z3Translator Translator{Ctx};
  std::atomic<bool> Interrupted{false};
};

QuantifiedQuery::QuantifiedQuery() : P(std::make_unique<Impl>()) {
  P->Translator.setCancel(&P->Interrupted);
}
QuantifiedQuery::~QuantifiedQuery() = default;

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

SolverResponse QuantifiedQuery::check(ExprRef Formula, unsigned TimeoutMs) {
  if (P->Interrupted)
    return {SatResult::Unknown, {}};
  try {
    bool Quantified = anyNode(Formula, [](ExprRef X) {
      return X->kind() == ExprKind::Forall || X->kind() == ExprKind::Exists;
    });
    z3::solver S(P->Ctx);
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
    z3::check_result R = S.check();
    if (R == z3::unsat)
      return {SatResult::Unsat, {}};
    if (R == z3::unknown || P->Interrupted)
      return {SatResult::Unknown, {}};
    z3::model M = S.get_model();
    std::map<const Array *, std::vector<uint8_t>, Assignment::ArrayIdLess>
        Bytes;
    for (const auto &[A, I] : readsOf(Formula)) {
      std::vector<uint8_t> &B = Bytes[A];
      B.resize(A->Size);
      B[I] = static_cast<uint8_t>(
          M.eval(P->Translator.byteVar(A, I), true).get_numeral_uint64());
    }
    SolverResponse Out;
    Out.Result = SatResult::Sat;
    for (auto &[A, B] : Bytes)
      Out.Model.set(A, std::move(B));
    return Out;
  } catch (const z3::exception &) {
    // Resource limits and interruptions surface as exceptions.
    return {SatResult::Unknown, {}};
  }
}

} // namespace theseus
