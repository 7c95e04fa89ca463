//===- Invariants.cpp - Relational loop invariants, checked inductively ---===//
//
// The lightweight rules give each value its iterated closed form but
// forget how the counters of one loop relate: a loop counting a letter on
// one backbone and pairs of it on another yields letters = k2 + k3 and
// pairs = k3, and nothing bounds the counters, so pairs > letters stays
// satisfiable once they wrap around. A relational invariant keeps what the
// loop's own transitions preserve.
//
// Candidates are templates over the loop's carried values: x >= 0, x <= 0
// and x <= y (signed, for values of one width). Where a backbone enters
// the loop, those that hold in the entry state are kept (valid under the
// path's condition so far), and Houdini's fixpoint drops every candidate
// that some backbone of the loop does not preserve, assuming the others
// and the backbone's condition: what remains is inductive, checked by the
// solver, and holds in every state at the loop's entry node, in particular
// after the iterations the summary counts. Only then is it conjoined, over
// the iterated state. A query without an unsat answer drops its candidate.
//
//===----------------------------------------------------------------------===//
#include "apc/ApcBuilder.h"
#include "apc/Solve.h"

#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <chrono>

namespace theseus {

namespace {

/// At most this many carried values take part (x <= y is quadratic).
constexpr unsigned MaxValues = 8;
constexpr unsigned QueryTimeoutMs = 250;
/// For all of the apc's invariant queries: past it, nothing more is proved.
constexpr double BudgetSeconds = 3;

bool hasQuantifier(ExprRef E) {
  return anyNode(E, [](ExprRef X) {
    return X->kind() == ExprKind::Forall || X->kind() == ExprKind::Exists;
  });
}

} // namespace

/// `F`'s quantifier-free weakening (apc^0), or true: an assumption only.
ExprRef ApcBuilder::weakAssumption(ExprRef F) {
  ExprRef Weak = unfoldApc(Ctx, F, 0, Opts.Stop);
  return Weak && !hasQuantifier(Weak) ? Weak : Ctx.trueExpr();
}

bool ApcBuilder::provedValid(ExprRef Assumption, ExprRef Claim) {
  checkStop();
  if (Claim == Ctx.trueExpr())
    return true;
  if (Claim == Ctx.falseExpr() || InvariantSeconds > BudgetSeconds)
    return false;
  ++Out.InvariantQueries;
  auto Start = std::chrono::steady_clock::now();
  bool Valid =
      ownQuery(InvariantQuery)
          .mayBeSatisfiable(Ctx.logicalAnd(Assumption, Ctx.logicalNot(Claim)),
                            QueryTimeoutMs) == SatResult::Unsat;
  InvariantSeconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return Valid;
}

std::vector<ExprRef> ApcBuilder::invariantCandidates(const Summary &L) {
  std::vector<ExprRef> Values;
  for (auto &[X, E] : L.Theta) {
    const auto *Phi = llvm::dyn_cast<llvm::PHINode>(X);
    if (E && Phi && Phi->getParent() == L.Entry &&
        Phi->getType()->getIntegerBitWidth() > 1)
      Values.push_back(Ir.symbol(Phi));
  }
  // By name, so that the candidates and their order do not depend on
  // pointers.
  std::sort(Values.begin(), Values.end(), [](ExprRef A, ExprRef B) {
    return A->variable()->Name < B->variable()->Name;
  });
  if (Values.size() > MaxValues)
    Values.resize(MaxValues);
  std::vector<ExprRef> Candidates;
  for (ExprRef X : Values) {
    ExprRef Zero = Ctx.constant(0, X->width());
    Candidates.push_back(Ctx.sle(Zero, X));
    Candidates.push_back(Ctx.sle(X, Zero));
    for (ExprRef Y : Values)
      if (X != Y && X->width() == Y->width())
        Candidates.push_back(Ctx.sle(X, Y));
  }
  return Candidates;
}

std::vector<bool> ApcBuilder::houdini(const Summary &L,
                                      const std::vector<ExprRef> &Candidates,
                                      std::vector<bool> Kept) {
  std::vector<Substitution> Steps;
  std::vector<ExprRef> Conditions;
  for (unsigned I = 0; I < L.Steps.size(); ++I) {
    Steps.push_back(Ir.asSubstitution(L.Steps[I]));
    Conditions.push_back(weakAssumption(L.Apcs[I]));
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    ExprRef Inv = Ctx.trueExpr();
    for (unsigned C = 0; C < Candidates.size(); ++C)
      if (Kept[C])
        Inv = Ctx.logicalAnd(Inv, Candidates[C]);
    for (unsigned I = 0; I < Steps.size(); ++I) {
      ExprRef Pre = Ctx.logicalAnd(Inv, Conditions[I]);
      for (unsigned C = 0; C < Candidates.size(); ++C) {
        if (!Kept[C])
          continue;
        ExprRef Post = substituteValue(Ctx, Candidates[C], Steps[I]);
        if (!Post || !provedValid(Pre, Post)) {
          Kept[C] = false;
          Changed = true;
        }
      }
    }
  }
  return Kept;
}

ExprRef ApcBuilder::invariantAfter(const Summary &L, const Substitution &Entry,
                                   const State &After, ExprRef Apc) {
  std::vector<ExprRef> Candidates = invariantCandidates(L);
  if (Candidates.empty())
    return Ctx.trueExpr();
  ExprRef Before = weakAssumption(Apc);
  std::vector<bool> AtEntry(Candidates.size());
  for (unsigned C = 0; C < Candidates.size(); ++C) {
    ExprRef E = substituteValue(Ctx, Candidates[C], Entry);
    AtEntry[C] = E && provedValid(Before, E);
  }
  auto Key = std::make_pair(&L, AtEntry);
  auto It = Inductive.find(Key);
  if (It == Inductive.end())
    It = Inductive.emplace(Key, houdini(L, Candidates, AtEntry)).first;
  Substitution Now = Ir.asSubstitution(After);
  ExprRef Fact = Ctx.trueExpr();
  for (unsigned C = 0; C < Candidates.size(); ++C)
    if (It->second[C]) {
      ++Out.Invariants;
      Fact = Ctx.logicalAnd(Fact, substituteFormula(Ctx, Candidates[C], Now));
    }
  return Fact;
}

} // namespace theseus
