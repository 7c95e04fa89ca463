//===- Apc.cpp - The abstract path condition of a target ------------------===//
//
// Algorithm 1 over backbones, a loop's summary applied where a backbone
// enters it (ApcBuilder.h lists where the rest of the builder lives).
//
//===----------------------------------------------------------------------===//
#include "apc/Apc.h"

#include "apc/ApcBuilder.h"
#include "expr/Substitute.h"

#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <chrono>

namespace theseus {

ApcBuilder::ApcBuilder(ExprContext &Ctx, const Flowgraph &G,
                       const ApcOptions &Opts, Apc &Out)
    : Ctx(Ctx), G(G), Opts(Opts), Out(Out), Ir(Ctx, G, Opts.Sizes, Out),
      Enumerator(G, Opts.MaxBackbones),
      OwnCalls(std::make_unique<CallSummaries>()), Calls(*OwnCalls),
      NextCounter(Calls.NextCounter) {
  Ir.setCallModel([this](const State &S, const llvm::CallBase &C,
                         ExprRef &Apc) { return callValue(S, C, Apc); });
}

ApcBuilder::ApcBuilder(ExprContext &Ctx, const Flowgraph &G,
                       const ApcOptions &Opts, Apc &Out,
                       const CalleeBinding &Params, CallSummaries &Calls,
                       ExprRef Result)
    : Ctx(Ctx), G(G), Opts(Opts), Out(Out), Ir(Ctx, G, Params, Out),
      Enumerator(G, Opts.MaxBackbones), Calls(Calls),
      NextCounter(Calls.NextCounter), ReturnValue(Result) {
  Ir.setCallModel([this](const State &S, const llvm::CallBase &C,
                         ExprRef &Apc) { return callValue(S, C, Apc); });
}

ExprRef ApcBuilder::top() {
  Region R{std::vector<bool>(G.size(), true), 0, false};
  bool Over = false;
  std::vector<std::vector<unsigned>> Paths = wholeBackbones(R, Over);
  if (Over) {
    Out.TooManyBackbones = true;
    return Ctx.trueExpr();
  }
  Out.Backbones = Paths.size();
  ExprRef Any = Ctx.falseExpr();
  for (const std::vector<unsigned> &P : Paths)
    Any = Ctx.logicalOr(Any, executeBackbone(R, P).second);
  Substitution Entry = Ir.cellsAtEntry();
  return Entry.empty() ? Any : substituteFormula(Ctx, Any, Entry);
}

std::vector<std::vector<unsigned>> ApcBuilder::wholeBackbones(Region &R,
                                                              bool &Over) {
  std::vector<std::vector<unsigned>> Paths = Enumerator.enumerate(R, Over);
  if (!Over)
    return Paths;
  // A backbone takes one path through each loop it passes: giving up the
  // loops with the most nodes first removes the most paths, and the others
  // keep their summaries.
  WholeLoops = Enumerator.loops();
  std::vector<unsigned> Order(WholeLoops.size());
  for (unsigned L = 0; L < Order.size(); ++L)
    Order[L] = L;
  std::sort(Order.begin(), Order.end(), [&](unsigned A, unsigned B) {
    return std::make_pair(WholeLoops[B].size(), A) <
           std::make_pair(WholeLoops[A].size(), B);
  });
  GivenUp.assign(G.size(), -1);
  R.GivenUp = &GivenUp;
  unsigned Given = 0;
  for (unsigned L : Order) {
    checkStop();
    for (unsigned N : WholeLoops[L])
      GivenUp[N] = static_cast<int>(L);
    ++Given;
    Over = false;
    Paths = Enumerator.enumerate(R, Over);
    if (!Over)
      break;
  }
  if (Over)
    return Paths;
  Out.LoopsGivenUp += Given;
  Out.AnyValue["what a loop writes, the loop given up for the backbones "
               "through it"] += Given;
  return Paths;
}

void ApcBuilder::giveUpLoop(unsigned L, State &S,
                            std::vector<ExprRef> &Closed) {
  // Whichever iteration the path leaves the loop in, each value the loop
  // defines is the one its last execution computed, and each cell holds
  // what was stored last: some value of its type each.
  std::vector<bool> In(G.size(), false);
  std::vector<const llvm::Instruction *> Written;
  for (unsigned N : WholeLoops[L])
    In[N] = true;
  storedCells(In, Written);
  for (unsigned N : WholeLoops[L])
    for (const llvm::Instruction &I : *G.block(N))
      if (!I.getType()->isVoidTy())
        Written.push_back(&I);
  for (const llvm::Instruction *X : Written) {
    ExprRef W = witness(*X);
    S[X] = W;
    if (W)
      Closed.push_back(W);
  }
}

void ApcBuilder::checkStop() const {
  if (Opts.Stop && Opts.Stop->load(std::memory_order_relaxed))
    throw Abandoned{};
  if (Opts.Deadline && std::chrono::steady_clock::now() > *Opts.Deadline)
    throw OutOfTime{};
}

QuantifiedQuery &ApcBuilder::ownQuery(std::unique_ptr<QuantifiedQuery> &Own) {
  if (!Own) {
    Own = std::make_unique<QuantifiedQuery>();
    if (Opts.Validate)
      Own->validate();
  }
  return *Own;
}

uint64_t ApcBuilder::validated() const {
  uint64_t N = OwnCalls ? OwnCalls->Validated : 0;
  for (const auto *Own : {&OwnFeasibility, &CountQuery, &InvariantQuery})
    if (*Own)
      N += (*Own)->stats().Validated;
  return N;
}

std::pair<State, ExprRef>
ApcBuilder::executeBackbone(const Region &R, const std::vector<unsigned> &Path,
                            std::vector<InnerLoopVisit> *Inner) {
  checkStop();
  State S;
  ExprRef Apc = Ctx.trueExpr();
  std::vector<ExprRef> Closed, Results;
  auto *OuterResults = CallResults;
  bool OuterInLoop = InLoop;
  CallResults = &Results;
  InLoop = R.Induced;
  auto GivenUpLoop = [&](unsigned N) {
    return R.GivenUp && N != InducedEnd ? (*R.GivenUp)[N] : -1;
  };
  for (size_t I = 0; I + 1 < Path.size(); ++I) {
    checkStop();
    const llvm::BasicBlock *From = G.block(Path[I]);
    unsigned Next = Path[I + 1];
    int Loop = GivenUpLoop(Next);
    // From a given-up loop's entry to the node the path leaves it from:
    // the loop's effects were given up at the entry.
    if (Loop >= 0 && GivenUpLoop(Path[I]) == Loop)
      continue;
    const llvm::BasicBlock *To = G.block(Next == InducedEnd ? R.Start : Next);
    Ir.executeBody(S, From, nullptr, Apc);
    if (ExprRef C = Ir.edgeCondition(S, From, To))
      Apc = Ctx.logicalAnd(Apc, C);
    Ir.assignPhis(S, From, To);
    if (Next == InducedEnd || G.isTarget(Next))
      continue;
    if (Loop >= 0) {
      giveUpLoop(Loop, S, Closed);
      continue;
    }
    std::vector<bool> C = Enumerator.loopAt(R, Path, I + 1);
    if (!C[Next])
      continue;
    enterLoop(R, Path, I + 1, C, S, Apc, Closed, Inner);
  }
  unsigned Last = Path.back();
  if (Last != InducedEnd && G.isTarget(Last)) {
    Ir.executeBody(S, G.block(Last), G.targetInstruction(Last), Apc);
    Apc = Ctx.logicalAnd(Apc, atTarget(S, Last));
  }
  CallResults = OuterResults;
  InLoop = OuterInLoop;
  if (R.Induced)
    forgetCallResults(Results, S, Inner);
  Closed.insert(Closed.end(), Results.begin(), Results.end());
  // Counters are 64-bit unsigned, so kappa >= 0 needs no constraint.
  for (auto It = Closed.rbegin(); It != Closed.rend(); ++It)
    Apc = Ctx.exists(*It, Apc);
  return {std::move(S), Apc};
}

ExprRef ApcBuilder::atTarget(const State &S, unsigned Last) {
  const llvm::Instruction *T = G.targetInstruction(Last);
  if (const auto *Ret = llvm::dyn_cast<llvm::ReturnInst>(T);
      Ret && ReturnValue) {
    const llvm::Value *V = Ret->getReturnValue();
    ExprRef E = V ? Ir.lookup(S, V) : nullptr;
    return E ? Ctx.eq(ReturnValue, E) : Ctx.trueExpr();
  }
  if (const llvm::Value *Cond = G.failingCondition(Last))
    if (ExprRef C = Ir.lookup(S, Cond))
      return Ctx.eq(C, Ctx.constant(0, C->width()));
  return Ctx.trueExpr();
}

void ApcBuilder::enterLoop(const Region &R, const std::vector<unsigned> &Path,
                           size_t I, const std::vector<bool> &C, State &S,
                           ExprRef &Apc, std::vector<ExprRef> &Closed,
                           std::vector<InnerLoopVisit> *Inner) {
  unsigned Next = Path[I];
  const Summary &L = processLoop(C, Next);
  Substitution Theta = Ir.asSubstitution(S);
  Apc = Ctx.logicalAnd(Apc, substituteFormula(Ctx, L.Phi, Theta));
  State After = S;
  for (auto &[V, E] : L.Theta)
    After[V] = E ? substituteValue(Ctx, E, Theta) : nullptr;
  S = std::move(After);
  Apc = Ctx.logicalAnd(Apc, invariantAfter(L, Theta, S, Apc));
  if (I + 1 < Path.size() && (Path[I + 1] == InducedEnd || !C[Path[I + 1]])) {
    unsigned Exit = Path[I + 1];
    const llvm::BasicBlock *ExitBlock =
        G.block(Exit == InducedEnd ? R.Start : Exit);
    if (Inner)
      Inner->push_back({L.Counters.Kappa, L.Apcs, L.Iterated, Theta,
                        exitCondition(S, G.block(Next), ExitBlock)});
    Apc = Ctx.logicalAnd(Apc, eliminateCounter(S, L, G.block(Next), ExitBlock));
  }
  Closed.insert(Closed.end(), L.Counters.Kappa.begin(), L.Counters.Kappa.end());
  Closed.insert(Closed.end(), L.Witnesses.begin(), L.Witnesses.end());
}

const Summary &ApcBuilder::processLoop(const std::vector<bool> &C, unsigned V) {
  auto Key = std::make_pair(V, C);
  auto It = Summaries.find(Key);
  if (It != Summaries.end())
    return It->second;
  Summary S = summarize(C, V);
  ++Out.Loops;
  LoopSummaryInfo Info;
  Info.Entry = G.block(V)->getName().str();
  for (auto &[X, E] : S.Theta)
    if (llvm::isa<llvm::PHINode>(X) &&
        llvm::cast<llvm::PHINode>(X)->getParent() == G.block(V))
      Info.Values.push_back({X->getName().str(), Ir.symbol(X), E});
  std::sort(Info.Values.begin(), Info.Values.end(),
            [](const auto &A, const auto &B) { return A.Name < B.Name; });
  Info.Phi = S.Phi;
  Info.Counters = S.Counters;
  Out.Summaries.push_back(std::move(Info));
  return Summaries.emplace(Key, std::move(S)).first->second;
}

Apc computeApc(ExprContext &Ctx, const Flowgraph &G, const ApcOptions &Opts) {
  Apc Out;
  if (G.empty()) {
    Out.Formula = Ctx.falseExpr();
    return Out;
  }
  ApcBuilder B(Ctx, G, Opts, Out);
  try {
    Out.Formula = B.top();
  } catch (const Abandoned &) {
    Out = Apc();
    Out.Formula = Ctx.trueExpr();
    Out.Abandoned = true;
  } catch (const OutOfTime &) {
    Out = Apc();
    Out.Formula = Ctx.trueExpr();
    Out.OutOfTime = true;
  }
  Out.Validated = B.validated();
  return Out;
}

} // namespace theseus
