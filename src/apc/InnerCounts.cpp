//===- InnerCounts.cpp - Inner loop counts in an outer summary (3.3) ------===//
//
// The builder's side of Algorithm 2 (Heavyweight.h): an inner loop's counter
// sum becomes an artificial variable of the outer loop, whose value the
// solver infers as a linear form when the rules need it.
//
//===----------------------------------------------------------------------===//
#include "apc/ApcBuilder.h"

#include <fmt/format.h>

namespace theseus {

void ApcBuilder::introduceCounts(State &Theta,
                                 const std::vector<InnerLoopVisit> &Inner,
                                 std::vector<InnerCount> &Counts) {
  // Algorithm 2: the sum of an inner loop's counters becomes an artificial
  // variable s of the outer loop, its other uses unknown.
  for (const InnerLoopVisit &V : Inner) {
    std::unordered_map<ExprRef, bool> Kappa;
    for (ExprRef K : V.Kappa)
      Kappa[K] = true;
    ExprRef S = nullptr;
    for (auto &[X, E] : Theta) {
      if (!E || !mentionsAny(E, Kappa))
        continue;
      if (!S)
        S = Ctx.var(Ctx.variable(fmt::format("s{}", ++NextCounter), 64));
      E = replaceCounterSum(Ctx, E, V.Kappa, S, ownQuery(CountQuery),
                            Opts.HeavyweightTimeoutMs);
    }
    if (!S)
      continue;
    AllCounters[S] = true;
    Counts.push_back({S, countConditions(Ctx, V, S, S->variable()->Name)});
  }
}

/// The free variables and input values `E` mentions among `Candidates`.
static void collectAtoms(ExprRef E,
                         const std::unordered_map<ExprRef, bool> &Candidates,
                         std::unordered_map<ExprRef, bool> &Seen,
                         std::vector<ExprRef> &Atoms) {
  if (!Seen.emplace(E, true).second)
    return;
  if (Candidates.count(E)) {
    Atoms.push_back(E);
    return;
  }
  for (unsigned I = 0; I < E->numOperands(); ++I)
    collectAtoms(E->operand(I), Candidates, Seen, Atoms);
}

ExprRef ApcBuilder::inferCount(const InnerCount &C, const LoopCounters &K,
                               const Substitution &Known,
                               const std::vector<ExprRef> &Carried) {
  // The outer loop's state after kappa iterations, and counts below 2^63
  // (fewer iterations than that ever run).
  ExprRef Zero = Ctx.constant(0, 64);
  ExprRef Facts = Ctx.logicalAnd(substituteFormula(Ctx, C.Facts, Known),
                                 Ctx.sle(Zero, C.S));
  for (ExprRef Kappa : K.Kappa)
    Facts = Ctx.logicalAnd(Facts, Ctx.sle(Zero, Kappa));
  // The atoms of the linear form: the outer counters and the values of
  // scalar variables, initial values and inputs. The current values of the
  // loop's carried variables join them: in bit-vectors, i + k wraps where
  // i + k in 64 bits does not, so a count linear in the current i is not
  // linear in k.
  std::unordered_map<ExprRef, bool> Candidates, Seen;
  for (auto &[V, Sym] : Ir.symbols())
    Candidates[Sym] = true;
  for (auto &[V, In] : Ir.inputs())
    Candidates[In] = true;
  for (ExprRef E : Carried)
    Candidates[E] = true;
  std::vector<ExprRef> Atoms(K.Kappa.begin(), K.Kappa.end());
  std::vector<bool> Unsigned(Atoms.size(), true);
  collectAtoms(Facts, Candidates, Seen, Atoms);
  Unsigned.resize(Atoms.size(), false);
  return inferLinearCount(Ctx, C.S, Facts, Atoms, Unsigned,
                          ownQuery(CountQuery), Opts.HeavyweightTimeoutMs);
}

} // namespace theseus
