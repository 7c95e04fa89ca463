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

/// The input bytes `E` reads, each shared node visited once.
std::set<std::pair<const Array *, uint32_t>> readsOf(ExprRef E) {
  std::set<std::pair<const Array *, uint32_t>> Reads;
  anyNode(E, [&Reads](ExprRef X) {
    if (X->kind() == ExprKind::Read)
      Reads.insert({X->array(), uint32_t(X->value())});
    return false;
  });
  return Reads;
}

} // namespace

SolverResponse QuantifiedQuery::check(ExprRef Formula, unsigned TimeoutMs) {
  if (P->Interrupted)
    return {SatResult::Unknown, {}};
  try {
    z3::solver S(P->Ctx);
    z3::params Params(P->Ctx);
    if (TimeoutMs)
      Params.set("timeout", TimeoutMs);
    S.set(Params);
    S.add(P->Translator.boolOf(Formula));
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
