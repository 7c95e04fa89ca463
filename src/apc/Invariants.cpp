//===- Invariants.cpp - Relational loop invariants, checked inductively ---===//
//
// The lightweight rules give each value its iterated closed form but
// forget how the counters of one loop relate: a loop counting a letter on
// one backbone and pairs of it on another yields letters = k2 + k3 and
// pairs = k3, and nothing bounds the counters, so pairs > letters stays
// satisfiable once they wrap around. A relational invariant keeps what the
// loop's own transitions preserve.
//
// Candidates are templates over the loop's carried values that every step
// moves by a constant: x >= 0 where no step decreases x, x <= 0 where
// none increases it, and x <= y (signed, one width) where no step moves x
// further than y. Where a backbone enters the loop, those that hold in the
// entry state are kept (valid under the path's condition so far), and
// Houdini's fixpoint drops every candidate that some backbone of the loop
// does not preserve, assuming the others and the backbone's condition:
// what remains is inductive, checked by the solver, and holds in every
// state at the loop's entry node, in particular after the iterations the
// summary counts. Only then is it conjoined, over the iterated state. A
// query without an unsat answer drops its candidate.
//
//===----------------------------------------------------------------------===//
#include "apc/ApcBuilder.h"
#include "apc/ClosedForms.h"
#include "apc/Solve.h"
#include "expr/Rewrite.h"

#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <optional>

namespace theseus {

namespace {

/// At most this many carried values take part (x <= y is quadratic).
constexpr unsigned MaxValues = 8;
constexpr unsigned QueryTimeoutMs = 500;
/// For all of the apc's invariant queries: past it, nothing more is proved.
constexpr double BudgetSeconds = 2;

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

/// The constant `d` of `x' = x + d` on every step of `L`, 0 where a step
/// leaves x alone; none where a step does something else.
static std::optional<std::vector<int64_t>>
constantDeltas(ExprContext &Ctx, IrToExpr &Ir, const Summary &L,
               const llvm::PHINode *X) {
  ExprRef Sym = Ir.symbol(X);
  std::vector<int64_t> Deltas;
  for (const State &Step : L.Steps) {
    auto It = Step.find(X);
    ExprRef Next = It == Step.end() ? Sym : It->second;
    if (Next == Sym) {
      Deltas.push_back(0);
      continue;
    }
    ExprRef D = Next ? stepOf(Ctx, Next, Sym) : nullptr;
    if (!D || D->kind() != ExprKind::Const)
      return std::nullopt;
    Deltas.push_back(signExtend(D->value(), D->width()));
  }
  return Deltas;
}

const std::vector<ExprRef> &ApcBuilder::invariantCandidates(const Summary &L) {
  auto [It, New] = Candidates.try_emplace(&L);
  if (!New)
    return It->second;
  // The carried values each step moves by a constant, by name, so that the
  // candidates and their order do not depend on pointers.
  std::vector<std::pair<ExprRef, std::vector<int64_t>>> Values;
  for (auto &[X, E] : L.Theta) {
    const auto *Phi = llvm::dyn_cast<llvm::PHINode>(X);
    if (!E || !Phi || Phi->getParent() != L.Entry ||
        Phi->getType()->getIntegerBitWidth() < 2)
      continue;
    if (std::optional<std::vector<int64_t>> D = constantDeltas(Ctx, Ir, L, Phi))
      Values.emplace_back(Ir.symbol(Phi), std::move(*D));
  }
  std::sort(Values.begin(), Values.end(), [](const auto &A, const auto &B) {
    return A.first->variable()->Name < B.first->variable()->Name;
  });
  if (Values.size() > MaxValues)
    Values.resize(MaxValues);
  // Only templates the deltas keep (a bound in the direction the value
  // moves, x <= y where x never moves ahead of y): any other has a
  // counterexample to induction away from the wrap-around.
  auto All = [](const std::vector<int64_t> &A, const std::vector<int64_t> &B,
                auto Holds) {
    for (unsigned I = 0; I < A.size(); ++I)
      if (!Holds(A[I], B[I]))
        return false;
    return true;
  };
  std::vector<int64_t> Zeros(L.Steps.size(), 0);
  for (auto &[X, DX] : Values) {
    if (DX == Zeros)
      continue; // x does not change: its value after is its value before.
    ExprRef Zero = Ctx.constant(0, X->width());
    if (All(DX, Zeros, std::greater_equal<int64_t>()))
      It->second.push_back(Ctx.sle(Zero, X));
    if (All(DX, Zeros, std::less_equal<int64_t>()))
      It->second.push_back(Ctx.sle(X, Zero));
    for (auto &[Y, DY] : Values)
      if (X != Y && X->width() == Y->width() &&
          All(DX, DY, std::less_equal<int64_t>()))
        It->second.push_back(Ctx.sle(X, Y));
  }
  return It->second;
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
  const std::vector<ExprRef> &Candidates = invariantCandidates(L);
  if (Candidates.empty())
    return Ctx.trueExpr();
  ExprRef Before = nullptr; // Made once a candidate needs the solver.
  std::vector<bool> AtEntry(Candidates.size());
  for (unsigned C = 0; C < Candidates.size(); ++C) {
    ExprRef E = substituteValue(Ctx, Candidates[C], Entry);
    // A claim over a product of non-constants (a polynomial closed form
    // of an earlier loop) is a hard query and rarely valid.
    if (E && hasNonlinear(E))
      E = nullptr;
    if (E && E->kind() != ExprKind::Const && !Before)
      Before = weakAssumption(Apc);
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
