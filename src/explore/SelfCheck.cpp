//===- SelfCheck.cpp - Steinhöfel's precision and exhaustiveness checks===//
#include "explore/SelfCheck.h"

#include "expr/Transfer.h"

#include "llvm/ADT/STLExtras.h"

#include <fmt/format.h>

namespace theseus {

namespace {

/// How a concrete run went.
struct ConcreteRun {
  PathOutcome Outcome;
  uint64_t EdgeHash = 0;
};

/// Observes a run without symbolic values: the edges it takes, the loop
/// bound, and the values of inputs the program creates.
class ConcreteTracer : public ExecutionObserver {
public:
  ConcreteTracer(ForkExplorer &E, Assignment &Input, std::mt19937_64 &Rng,
                 const ExecutionState &S)
      : E(E), Input(Input), Rng(Rng), S(S) {}

  void onBranch(const BranchEvent &) override {}
  void onConcretization(const llvm::Instruction *, const char *) override {}
  const Array *makeInput(const InputRequest &R,
                         std::vector<uint8_t> &Bytes) override {
    const Array *A = E.interpreter().exprContext().array(R.Name, R.Size);
    if (const auto *Known = Input.get(A)) {
      Bytes = *Known;
    } else {
      for (uint8_t &B : Bytes)
        B = static_cast<uint8_t>(Rng());
      Input.set(A, Bytes);
    }
    return nullptr; // Concrete.
  }
  void onEdge(const llvm::Instruction *Term, unsigned Index) override {
    Hash = mixEdge(Hash, Term, Index);
    unsigned Bound = E.options().LoopBound;
    if (!Bound)
      return;
    if (const llvm::Loop *L = Loops.take(E.loopsOf(*Term->getFunction()), Term,
                                         Index, S.Stack.size(), Bound))
      Cut = E.loopBoundMessage(*L);
  }
  bool edgeFingerprints(llvm::ArrayRef<EdgeRef> Edges,
                        llvm::SmallVectorImpl<EdgeFingerprint> &Out) override {
    if (E.options().LoopBound) // Counts loop iterations edge by edge.
      return false;
    Out.push_back(mixEdgeFingerprint(Edges, Hash));
    return true;
  }
  const char *cutPath() override { return Cut.empty() ? nullptr : Cut.c_str(); }

  uint64_t Hash = 0;

private:
  ForkExplorer &E;
  Assignment &Input;
  std::mt19937_64 &Rng;
  const ExecutionState &S;
  LoopCounter Loops;
  std::string Cut;
};

ConcreteRun runConcretely(ForkExplorer &E, Assignment &Input,
                          std::mt19937_64 &Rng) {
  std::vector<EntryArg> Args = E.inputs().bind(Input);
  for (EntryArg &A : Args) {
    A.Value.Sym = nullptr;
    A.SymbolicBytes = 0;
  }
  auto S = E.interpreter().createState(E.entry(), Args);
  ConcreteTracer Tracer(E, Input, Rng, *S);
  ConcreteRun R;
  R.Outcome = E.interpreter().run(*S, Tracer);
  R.EdgeHash = Tracer.Hash;
  return R;
}

std::string describe(const PathOutcome &O) {
  switch (O.End) {
  case PathEnd::Return:
    return O.HasValue ? fmt::format("return {}", int64_t(O.Value)) : "return";
  case PathEnd::Exit:
    return fmt::format("exit {}", int64_t(O.Value));
  case PathEnd::Bug:
    return fmt::format("{} at {}", O.BugKind, O.Loc.str());
  default:
    return fmt::format("{} at {}", toString(O.End), O.Loc.str());
  }
}

std::string describe(const ForkExplorer &E, const Assignment &A) {
  std::string Out;
  for (const InputSpec &S : E.inputs().specs()) {
    if (!Out.empty())
      Out += ",";
    Out += S.Param.IsPointer ? S.Param.Name + "=<buffer>"
                             : fmt::format("{}={}", S.Param.Name,
                                           EntryInputs::signedValue(S, A));
  }
  return Out;
}

/// A symbolic pointer is checked against the object it was derived from
/// (out-of-bounds); the same address, concrete, may fall outside every
/// object (invalid-pointer). Both are the same bug at the same place.
bool sameBugKind(const std::string &Symbolic, const std::string &Concrete) {
  return Symbolic == Concrete ||
         (Symbolic == "out-of-bounds" && Concrete == "invalid-pointer");
}

/// Does a concrete run on `Input` end the way the leaf says, along the same
/// edges? A returned value is compared with the leaf's expression for it.
bool sameEnd(const TreeNode &Leaf, const ConcreteRun &R,
             const Assignment &Input) {
  const PathOutcome &L = Leaf.Outcome, &C = R.Outcome;
  if (Leaf.EdgeHash != R.EdgeHash || L.End != C.End)
    return false;
  if (L.End == PathEnd::Return || L.End == PathEnd::Exit) {
    uint64_t Expected = L.ValueSym ? evaluate(L.ValueSym, Input) : L.Value;
    if (L.Bytes.size() != C.Bytes.size())
      return false;
    for (size_t B = 0; B < L.Bytes.size(); ++B)
      if ((L.Bytes[B].Sym ? evaluate(L.Bytes[B].Sym, Input)
                          : L.Bytes[B].Bits) != C.Bytes[B].Bits)
        return false;
    return L.HasValue == C.HasValue && Expected == C.Value;
  }
  if (L.End == PathEnd::Bug)
    return sameBugKind(L.BugKind, C.BugKind) && L.Loc.str() == C.Loc.str();
  return true;
}

/// A leaf to check, of the worker whose tree holds it.
struct CheckedLeaf {
  ForkExplorer *Worker;
  const TreeNode *Leaf;
  std::vector<ExprRef> Condition;
};

bool checkable(const TreeNode &Leaf) {
  return Leaf.Model &&
         (Leaf.Leaf == LeafKind::Normal || Leaf.Leaf == LeafKind::Error ||
          Leaf.Leaf == LeafKind::BoundReached ||
          Leaf.Leaf == LeafKind::Unsupported);
}

} // namespace

SelfCheckReport selfCheck(llvm::ArrayRef<ForkExplorer *> Team, bool Exhausted,
                          unsigned Samples, uint64_t Seed) {
  SelfCheckReport Rep;
  Rep.Exhausted = Exhausted;
  std::mt19937_64 Rng(Seed);
  std::vector<CheckedLeaf> Leaves;
  for (ForkExplorer *W : Team)
    for (const TreeNode *L : W->tree().leaves())
      if (checkable(*L))
        Leaves.push_back({W, L, ExecutionTree::pathCondition(L)});
  auto Name = [&](const CheckedLeaf &L) {
    return Team.size() == 1
               ? fmt::format("leaf {}", L.Leaf->Id)
               : fmt::format("leaf {} of worker {}", L.Leaf->Id,
                             llvm::find(Team, L.Worker) - Team.begin());
  };

  for (const CheckedLeaf &L : Leaves) {
    Assignment Input = *L.Leaf->Model;
    ConcreteRun R = runConcretely(*L.Worker, Input, Rng);
    if (R.Outcome.End == PathEnd::Interrupted) {
      Rep.CutShort = true; // The run's time budget is spent.
      return Rep;
    }
    ++Rep.LeavesChecked;
    if (sameEnd(*L.Leaf, R, Input)) {
      ++Rep.LeavesPrecise;
      continue;
    }
    Rep.Mismatches.push_back(
        {"precision", describe(*L.Worker, Input),
         fmt::format("{}: {}", Name(L), describe(L.Leaf->Outcome)),
         describe(R.Outcome) +
             (R.EdgeHash == L.Leaf->EdgeHash ? "" : " (along other edges)")});
  }

  if (!Exhausted)
    return Rep; // A partial tree cannot be exhaustive.
  // The samples run on the first worker; each worker's leaves read them
  // in its own context.
  ForkExplorer &First = *Team.front();
  std::vector<ExprTransfer> Into;
  Into.reserve(Team.size());
  for (ForkExplorer *W : Team)
    Into.emplace_back(W->context());
  for (unsigned I = 0; I < Samples; ++I) {
    Assignment Input = First.inputs().random(Rng);
    ConcreteRun R = runConcretely(First, Input, Rng);
    if (R.Outcome.End == PathEnd::Interrupted) {
      Rep.CutShort = true;
      return Rep;
    }
    ++Rep.Samples;
    if (R.Outcome.End == PathEnd::AssumeViolated) {
      ++Rep.SamplesOutside;
      continue;
    }
    std::vector<Assignment> Inputs;
    for (ExprTransfer &T : Into)
      Inputs.push_back(T.copy(Input));
    std::vector<const CheckedLeaf *> Holding;
    for (const CheckedLeaf &L : Leaves) {
      Evaluator Eval(Inputs[llvm::find(Team, L.Worker) - Team.begin()]);
      if (llvm::all_of(L.Condition,
                       [&](ExprRef C) { return Eval.eval(C) != 0; }))
        Holding.push_back(&L);
    }
    if (Holding.size() == 1 && sameEnd(*Holding[0]->Leaf, R, Input)) {
      ++Rep.SamplesMatched;
      continue;
    }
    std::string Expected =
        Holding.size() == 1
            ? fmt::format("{}: {}", Name(*Holding[0]),
                          describe(Holding[0]->Leaf->Outcome))
            : fmt::format("exactly one leaf's path condition to hold, "
                          "{} do",
                          Holding.size());
    Rep.Mismatches.push_back({"exhaustiveness", describe(First, Input),
                              Expected, describe(R.Outcome)});
  }
  return Rep;
}

} // namespace theseus
