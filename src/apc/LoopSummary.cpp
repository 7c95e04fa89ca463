//===- LoopSummary.cpp - A loop's summary (sections 3.1 and 4) ------------===//
//
// The summary of the loop at an entry node: its backbones, each given a
// path counter unless its condition is infeasible; the iterated state by
// the four lightweight rules; the looping condition; the last-write rule
// for array cells.
//
//===----------------------------------------------------------------------===//
#include "apc/ApcBuilder.h"
#include "apc/Arrays.h"
#include "apc/ClosedForms.h"
#include "apc/Solve.h"
#include "solver/Quantified.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

#include <algorithm>
#include <chrono>
#include <fmt/format.h>
#include <set>

namespace theseus {

/// False only when no iteration can follow the loop's backbone whose
/// condition is `BackboneApc`: its quantifier-free weakening (apc^0:
/// universals dropped, existentials as free variables; buffers read as
/// free functions) is unsatisfiable, so the condition is too. Such a backbone
/// (through a short-circuit exit of an inner loop that contradicts the test
/// after it, say) gets no counter: each one left in would multiply the formula
/// by the backbones of the loops after it, and the solver would have to refute
/// every copy.
bool ApcBuilder::mayHold(ExprRef BackboneApc) {
  // Per check, and for all: a program with thousands of backbones keeps
  // them rather than spend its apc's time here.
  constexpr unsigned TimeoutMs = 250;
  constexpr double BudgetSeconds = 2;
  if (BackboneApc == Ctx.falseExpr())
    return false;
  if (FeasibilitySeconds > BudgetSeconds)
    return true;
  ExprRef Weak = unfoldApc(Ctx, BackboneApc, 0, Opts.Stop);
  if (!Weak || hasQuantifier(Weak))
    return true;
  auto Start = std::chrono::steady_clock::now();
  QuantifiedQuery &Q =
      Opts.Feasibility ? *Opts.Feasibility : ownQuery(OwnFeasibility);
  bool Holds = Q.mayBeSatisfiable(Weak, TimeoutMs) != SatResult::Unsat;
  FeasibilitySeconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  if (!Holds)
    ++Out.NeverTaken;
  return Holds;
}

bool ApcBuilder::hasCounter(ExprRef E, ExprRef Except) const {
  if (!Except)
    return mentionsAny(E, AllCounters);
  std::unordered_map<ExprRef, bool> Others = AllCounters;
  Others.erase(Except);
  return mentionsAny(E, Others);
}

Summary ApcBuilder::summarize(const std::vector<bool> &C, unsigned V) {
  Region R{C, V, true};
  Summary Sum;
  ++LoopDepth;
  auto Leave = llvm::make_scope_exit([this] { --LoopDepth; });
  std::vector<const llvm::Instruction *> Vars;
  for (unsigned N = 0; N < G.size(); ++N)
    if (C[N])
      for (const llvm::Instruction &I : *G.block(N))
        if (I.getType()->isIntegerTy() &&
            I.getType()->getIntegerBitWidth() <= 64)
          Vars.push_back(&I);
  storedCells(C, Vars);
  bool Over = false;
  std::vector<std::vector<unsigned>> Paths = Enumerator.enumerate(R, Over);
  if (Over) {
    for (const llvm::Instruction *X : Vars)
      Sum.Theta[X] = nullptr;
    Sum.Phi = Ctx.trueExpr();
    havocCarried(Vars, G.block(V), Sum,
                 "the values of a loop with too many backbones: unknown "
                 "within it, any value after it");
    return Sum;
  }
  std::vector<State> Thetas;
  std::vector<InnerCount> Counts;
  for (const std::vector<unsigned> &P : Paths) {
    std::vector<InnerLoopVisit> Inner;
    auto [Theta, A] =
        executeBackbone(R, P, Opts.Heavyweight ? &Inner : nullptr);
    // A single backbone multiplies nothing: not worth a solver.
    if (Paths.size() > 1 && !mayHold(A))
      continue; // No counter: the loop never takes it.
    introduceCounts(Theta, Inner, Counts);
    Thetas.push_back(std::move(Theta));
    Sum.Apcs.push_back(A);
    unsigned Id = ++NextCounter;
    Sum.Counters.Kappa.push_back(
        Ctx.var(Ctx.variable(fmt::format("k{}", Id), 64)));
    Sum.Counters.Tau.push_back(
        Ctx.var(Ctx.variable(fmt::format("t{}", Id), 64)));
    AllCounters[Sum.Counters.Kappa.back()] = true;
    AllCounters[Sum.Counters.Tau.back()] = true;
  }
  Sum.Theta = iterate(Vars, Thetas, Sum.Counters, G.block(V), Counts);
  for (const llvm::Instruction *X : Vars)
    Sum.Iterated[Ir.symbol(X)] = Sum.Theta[X];
  Sum.Phi = overIterations(Vars, Thetas, Sum, G.block(V));
  if (!Sum.Phi)
    Sum.Phi = loopingCondition(Sum.Apcs, Sum.Iterated, Sum.Counters);
  summarizeCells(Vars, Thetas, Sum);
  havocCarried(Vars, G.block(V), Sum,
               "a value changed by a loop in a way the rules do not cover: "
               "unknown within the loop, any value after it");
  Sum.Steps = std::move(Thetas);
  Sum.Entry = G.block(V);
  return Sum;
}

void ApcBuilder::havocCarried(
    const std::vector<const llvm::Instruction *> &Vars,
    const llvm::BasicBlock *Entry, Summary &Sum, const std::string &Why) {
  // A carried value the rules do not cover (one the loop reads from the
  // input, say) still has a value when the loop is left: some value of its
  // type, a witness variable closed as the counters are, which the exit
  // test and the code after the loop constrain. Within the loop (the
  // looping condition) it stays unknown, as it differs between iterations.
  for (const llvm::Instruction *X : Vars) {
    if (Sum.Theta[X] || !llvm::isa<llvm::PHINode>(X) || X->getParent() != Entry)
      continue;
    ExprRef W = witness(*X);
    ++Out.AnyValue[Why];
    Sum.Theta[X] = W;
    Sum.Witnesses.push_back(W);
  }
}

ExprRef ApcBuilder::witness(const llvm::Value &X) {
  const llvm::Type *T = X.getType();
  if (!T->isIntegerTy() || T->getIntegerBitWidth() > 64)
    return nullptr;
  std::string Name = X.hasName() ? X.getName().str() : "v";
  ExprRef W = Ctx.var(Ctx.variable(fmt::format("{}'h{}", Name, ++NextCounter),
                                   T->getIntegerBitWidth()));
  AllCounters[W] = true;
  return W;
}

void ApcBuilder::storedCells(const std::vector<bool> &C,
                             std::vector<const llvm::Instruction *> &Vars) {
  std::set<const std::vector<llvm::PHINode *> *> Stored;
  for (unsigned N = 0; N < G.size(); ++N) {
    if (!C[N])
      continue;
    for (const llvm::Instruction &I : *G.block(N)) {
      const auto *St = llvm::dyn_cast<llvm::StoreInst>(&I);
      if (!St)
        continue;
      const llvm::Value *P = St->getPointerOperand();
      while (const auto *GEP = llvm::dyn_cast<llvm::GEPOperator>(P))
        P = GEP->getPointerOperand();
      if (const std::vector<llvm::PHINode *> *Cells = Ir.cellsOf(P))
        if (Stored.insert(Cells).second)
          Vars.insert(Vars.end(), Cells->begin(), Cells->end());
    }
  }
}

void ApcBuilder::summarizeCells(
    const std::vector<const llvm::Instruction *> &Vars,
    const std::vector<State> &Thetas, Summary &Sum) {
  // Section 4: a cell the loop writes holds what the last iteration
  // writing it stored, or its value before the loop. That value is a witness
  // variable the fact constrains; within the loop (the looping condition) the
  // cell stays unknown.
  for (const llvm::Instruction *X : Vars) {
    if (X->getParent() || Sum.Theta[X])
      continue;
    // The loop around this one could not carry the fact (its iterations
    // write what an inner witness holds), and an input buffer has a
    // cell per element: a quantified fact each, for nothing after the
    // outer loop.
    if (LoopDepth > 1 && Ir.isInputCell(X)) {
      Ir.unknown(*X, "an input buffer's cell written in a nested loop");
      continue;
    }
    ExprRef Sym = Ir.symbol(X);
    Substitution Known = Sum.Iterated;
    Known[Sym] = Sym;
    std::unordered_map<ExprRef, bool> Others = AllCounters;
    for (ExprRef Kappa : Sum.Counters.Kappa)
      Others.erase(Kappa);
    std::vector<ExprRef> Written;
    for (const State &Theta : Thetas) {
      auto It = Theta.find(X);
      ExprRef E = It == Theta.end() ? Sym : It->second;
      E = E ? substituteValue(Ctx, E, Known) : nullptr;
      Written.push_back(E && !mentionsAny(E, Others) ? E : nullptr);
    }
    ExprRef Last = Ctx.var(
        Ctx.variable(fmt::format("{}'w{}", X->getName().str(), ++NextCounter),
                     Sym->width()));
    ExprRef Fact = lastWriteFact(Ctx, Written, Sym, Sum.Counters, Last);
    if (!Fact) {
      Ir.unknown(*X,
                 "an array cell changed by a loop in a way the rules do not "
                 "cover");
      continue;
    }
    AllCounters[Last] = true;
    Sum.Theta[X] = Last;
    Sum.Witnesses.push_back(Last);
    Sum.Phi = Ctx.logicalAnd(Sum.Phi, Fact);
  }
}

State ApcBuilder::iterate(const std::vector<const llvm::Instruction *> &Vars,
                          const std::vector<State> &Thetas,
                          const LoopCounters &K, const llvm::BasicBlock *Entry,
                          const std::vector<InnerCount> &Counts) {
  // Start from the unknown state and apply the four rules until nothing
  // changes (Strejček and Trtík, section 3.1), alternating with the solver's
  // inference of inner loop counts (section 3.3), each tried again only when
  // what is known of its conditions changed.
  Substitution Known;
  for (const llvm::Instruction *X : Vars)
    Known[Ir.symbol(X)] = nullptr;
  // A count stays out of Known until inferred: free in the conditions of
  // the others, and a counter to the rules.
  std::vector<ExprRef> Tried(Counts.size(), nullptr);
  auto CarriedValues = [&] {
    std::vector<ExprRef> Carried;
    for (const llvm::Instruction *X : Vars) {
      ExprRef E = Known[Ir.symbol(X)];
      if (E && E != Ir.symbol(X) && llvm::isa<llvm::PHINode>(X) &&
          X->getParent() == Entry)
        Carried.push_back(E);
    }
    return Carried;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const llvm::Instruction *X : Vars) {
      if (Known[Ir.symbol(X)])
        continue;
      if (ExprRef E = inferValue(X, Thetas, K, Known)) {
        Known[Ir.symbol(X)] = E;
        Changed = true;
      }
    }
    for (unsigned I = 0; I < Counts.size(); ++I) {
      ExprRef Now = substituteFormula(Ctx, Counts[I].Facts, Known);
      if (Known.count(Counts[I].S) || Now == Tried[I])
        continue;
      Tried[I] = Now;
      if (ExprRef E = inferCount(Counts[I], K, Known, CarriedValues())) {
        Known[Counts[I].S] = E;
        Changed = true;
      }
    }
  }
  for (const InnerCount &C : Counts)
    if (!Known.count(C.S))
      ++Out.Unknowns["an inner loop's count the heavyweight inference did "
                     "not find"];
  State Theta;
  // Only the entry's phis carry values out of the loop (havocCarried()
  // gives those the rules leave unknown a witness): any other value of the
  // loop used later is defined on a block the backbone passes after the
  // entry (its definition dominates the use), so it is recomputed there.
  for (const llvm::Instruction *X : Vars)
    Theta[X] = Known[Ir.symbol(X)];
  return Theta;
}

ExprRef ApcBuilder::inferValue(const llvm::Instruction *X,
                               const std::vector<State> &Thetas,
                               const LoopCounters &K,
                               const Substitution &Known) {
  ExprRef Sym = Ir.symbol(X);
  std::vector<unsigned> Changed;
  std::vector<ExprRef> Values;
  for (unsigned I = 0; I < Thetas.size(); ++I) {
    auto It = Thetas[I].find(X);
    ExprRef D = It == Thetas[I].end() ? Sym : It->second;
    if (!D)
      return nullptr;
    Values.push_back(D);
    if (D != Sym)
      Changed.push_back(I);
  }
  // 1. Unchanged by every iteration.
  if (Changed.empty())
    return Sym;
  // An expression whose iterated value is known and constant over the loop.
  auto Invariant = [&](ExprRef D, ExprRef Except) -> ExprRef {
    ExprRef E = substituteValue(Ctx, D, Known);
    return E && !hasCounter(E, Except) ? E : nullptr;
  };
  // 2. x + d_i on the changing backbones, each d_i invariant: x + sum d_i k_i;
  // or a polynomial in k_i alone, whatever the order of the backbones: x
  // plus the sum of d_i(t) over t < k_i (ClosedForms.h).
  ExprRef Sum = Sym;
  auto NoCounter = [this](ExprRef E) { return !hasCounter(E); };
  for (unsigned I : Changed) {
    ExprRef Step = stepOf(Ctx, Values[I], Sym);
    if (Step)
      Step = Invariant(Step, K.Kappa[I]);
    if (Step)
      Step = sumOverCounter(Ctx, Step, K.Kappa[I], NoCounter);
    if (!Step) {
      Sum = nullptr;
      break;
    }
    Sum = Ctx.add(Sum, Step);
  }
  if (Sum)
    return Sum;
  // 3. Set to the same invariant d on the changing backbones.
  bool Same = true;
  for (unsigned I : Changed)
    Same = Same && Values[I] == Values[Changed[0]];
  ExprRef Zero64 = Ctx.constant(0, 64);
  if (Same) {
    if (ExprRef D = Invariant(Values[Changed[0]], nullptr)) {
      ExprRef Count = Zero64;
      for (unsigned I : Changed)
        Count = Ctx.add(Count, K.Kappa[I]);
      return Ctx.select(Ctx.ult(Zero64, Count), D, Sym);
    }
  }
  // 4. Set on one backbone only, to a value of its own counter: the value
  // of d before the last of those iterations.
  if (Changed.size() != 1)
    return nullptr;
  ExprRef Kappa = K.Kappa[Changed[0]];
  ExprRef D = Invariant(Values[Changed[0]], Kappa);
  if (!D)
    return nullptr;
  Substitution Before{{Kappa, Ctx.sub(Kappa, Ctx.constant(1, 64))}};
  return Ctx.select(Ctx.ult(Zero64, Kappa), substituteValue(Ctx, D, Before),
                    Sym);
}

Substitution ApcBuilder::iteratedAt(const Summary &Sum, ExprRef Tau) {
  // A value that depends on the counters through their sum alone is, at
  // the start of the loop's iteration number Tau, itself with that sum
  // Tau, whatever the order of the backbones before it. Any other value
  // (a flag set on some backbones only) is unknown there.
  std::unordered_map<ExprRef, bool> Own;
  for (ExprRef Kappa : Sum.Counters.Kappa)
    Own[Kappa] = true;
  Substitution At;
  for (auto &[Sym, E] : Sum.Iterated) {
    At[Sym] = nullptr;
    if (!E || !mentionsAny(E, Own)) {
      At[Sym] = E;
      continue;
    }
    // A value missing a counter depends on the split, not the sum alone.
    bool MentionsAll = true;
    for (ExprRef Kappa : Sum.Counters.Kappa)
      MentionsAll = MentionsAll && mentionsAny(E, {{Kappa, true}});
    if (MentionsAll || Sum.Counters.Kappa.size() == 1)
      At[Sym] = replaceCounterSum(Ctx, E, Sum.Counters.Kappa, Tau,
                                  ownQuery(CountQuery), SumCheckTimeoutMs);
  }
  return At;
}

ExprRef
ApcBuilder::overIterations(const std::vector<const llvm::Instruction *> &Vars,
                           const std::vector<State> &Thetas, const Summary &Sum,
                           const llvm::BasicBlock *Entry) {
  // A value the loop assigns on some backbones only, each time a value not
  // depending on itself (a flag set when an inner search matched), differs
  // from its initial one after the loop only if some iteration took one of
  // those backbones. The paper's looping condition says so under a
  // universal over that backbone's iterations, with the other backbones'
  // counters existential in its body, a quantifier alternation per
  // backbone on which Z3 and apc^K's instances fare badly. Where the state
  // of every iteration depends on the counters through their sum alone,
  // the loop's iterations are numbered instead (docs/decisions.md).
  std::set<std::vector<unsigned>> Setting;
  std::unordered_map<ExprRef, bool> Assigns;
  for (const llvm::Instruction *X : Vars) {
    if (!llvm::isa<llvm::PHINode>(X) || X->getParent() != Entry)
      continue;
    ExprRef Sym = Ir.symbol(X);
    std::vector<unsigned> Changed;
    bool Assigned = true;
    for (unsigned I = 0; I < Thetas.size() && Assigned; ++I) {
      auto It = Thetas[I].find(X);
      ExprRef D = It == Thetas[I].end() ? Sym : It->second;
      if (D == Sym)
        continue;
      Assigned = D && !mentionsAny(D, {{Sym, true}});
      Changed.push_back(I);
    }
    if (Assigned && !Changed.empty() && Changed.size() < Thetas.size()) {
      Setting.insert(Changed);
      Assigns[Sym] = true;
    }
  }
  if (Setting.empty())
    return nullptr;
  ExprRef Tau = Ctx.var(Ctx.variable(fmt::format("t{}", ++NextCounter), 64));
  AllCounters[Tau] = true;
  Substitution At = iteratedAt(Sum, Tau);
  // Only the assigned values may depend on how the iterations split among
  // the backbones, and no backbone may read them: the numbered form keeps
  // what the paper's says of them (below), and would lose what it says of
  // any other such value (a count of one backbone's iterations).
  std::unordered_map<ExprRef, bool> Split;
  for (auto &[Sym, E] : At) {
    if (E || !Sum.Iterated.at(Sym))
      continue;
    if (!Assigns.count(Sym))
      return nullptr;
    Split[Sym] = true;
  }
  for (ExprRef A : Sum.Apcs)
    if (mentionsAny(A, Split))
      return nullptr;
  ExprRef Zero = Ctx.constant(0, 64), Count = Zero;
  for (ExprRef Kappa : Sum.Counters.Kappa)
    Count = Ctx.add(Count, Kappa);
  // Every iteration Tau below the count took some backbone, whose
  // condition held in the state after Tau iterations.
  ExprRef Some = Ctx.falseExpr();
  for (ExprRef A : Sum.Apcs)
    Some = Ctx.logicalOr(Some, substituteFormula(Ctx, A, At));
  ExprRef Phi = Ctx.forall(Tau, Ctx.implies(Ctx.ult(Tau, Count), Some));
  // Where a set of backbones assigns a value: if their counters are not
  // all 0, one of them ran in some iteration Tau below the count (an
  // existential outside every universal of the loop, which apc^K keeps
  // whole); if they are, every iteration ran one of the others.
  for (const std::vector<unsigned> &Changed : Setting) {
    checkStop();
    ExprRef Taken = Zero, Ran = Ctx.falseExpr(), Others = Ctx.falseExpr();
    for (unsigned I = 0; I < Sum.Apcs.size(); ++I) {
      ExprRef A = substituteFormula(Ctx, Sum.Apcs[I], At);
      if (std::find(Changed.begin(), Changed.end(), I) == Changed.end()) {
        Others = Ctx.logicalOr(Others, A);
        continue;
      }
      Taken = Ctx.add(Taken, Sum.Counters.Kappa[I]);
      Ran = Ctx.logicalOr(Ran, A);
    }
    ExprRef Witnessed =
        Ctx.exists(Tau, Ctx.logicalAnd(Ctx.ult(Tau, Count), Ran));
    ExprRef Never = Ctx.forall(Tau, Ctx.implies(Ctx.ult(Tau, Count), Others));
    ExprRef Set = Ctx.ult(Zero, Taken);
    Phi = Ctx.logicalAnd(Phi,
                         Ctx.logicalAnd(Ctx.implies(Set, Witnessed),
                                        Ctx.implies(Ctx.bitNot(Set), Never)));
  }
  ++Out.NumberedLoops;
  return Phi;
}

ExprRef ApcBuilder::loopingCondition(const std::vector<ExprRef> &Apcs,
                                     const Substitution &Iterated,
                                     const LoopCounters &K) {
  // For each backbone i: every one of its kappa_i iterations passes its
  // tests in some state after tau_j <= kappa_j iterations of the others.
  Substitution ToTau;
  for (unsigned J = 0; J < K.Kappa.size(); ++J)
    ToTau[K.Kappa[J]] = K.Tau[J];
  ExprRef Phi = Ctx.trueExpr();
  for (unsigned I = 0; I < Apcs.size(); ++I) {
    checkStop();
    ExprRef Body = substituteFormula(
        Ctx, substituteFormula(Ctx, Apcs[I], Iterated), ToTau);
    for (unsigned J = 0; J < K.Kappa.size(); ++J)
      if (J != I)
        Body = Ctx.exists(K.Tau[J],
                          Ctx.logicalAnd(Ctx.ule(K.Tau[J], K.Kappa[J]), Body));
    Phi = Ctx.logicalAnd(
        Phi,
        Ctx.forall(K.Tau[I], Ctx.implies(Ctx.ult(K.Tau[I], K.Kappa[I]), Body)));
  }
  return Phi;
}

} // namespace theseus
