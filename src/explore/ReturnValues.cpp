//===- ReturnValues.cpp - Every return value of a path --------------------===//
#include "explore/ReturnValues.h"

#include <algorithm>

namespace theseus {

namespace {
bool dependsOnInput(const PathOutcome &O) {
  return O.ValueSym ||
         std::any_of(O.Bytes.begin(), O.Bytes.end(),
                     [](const ConcolicValue &B) { return B.Sym != nullptr; });
}

/// Follows a concrete run: serves created inputs from the input and folds
/// the edges taken into the path's id.
class EdgeTracer : public ExecutionObserver {
public:
  EdgeTracer(ExprContext &Ctx, const Coverage &Cov, const Assignment &Input)
      : Ctx(Ctx), Cov(Cov), Input(Input) {}

  void onBranch(const BranchEvent &) override {}
  void onConcretization(const llvm::Instruction *, const char *) override {}
  const Array *makeInput(const InputRequest &R,
                         std::vector<uint8_t> &Bytes) override {
    if (const auto *Known = Input.get(Ctx.array(R.Name, R.Size)))
      Bytes = *Known;
    return nullptr; // Concrete.
  }
  void onEdge(const llvm::Instruction *Term, unsigned Index) override {
    Cov.foldEdge(Term, Index, PathId);
  }
  bool edgeFingerprints(llvm::ArrayRef<EdgeRef> Edges,
                        llvm::SmallVectorImpl<EdgeFingerprint> &Out) override {
    Out.push_back(Cov.pathFingerprint(Edges, PathId));
    return true;
  }

  uint64_t PathId = PathIdBasis;

private:
  ExprContext &Ctx;
  const Coverage &Cov;
  const Assignment &Input;
};
} // namespace

struct ReturnValueSearch::Run {
  PathOutcome Outcome;
  uint64_t PathId = PathIdBasis;
  std::string Stdout;
};

/// A further return value of a path, the input the solver gave for it, and
/// the concrete run of that input.
struct ReturnValueSearch::Variant {
  Assignment Input;
  uint64_t Value = 0;
  Run Check;
};

ReturnValueSearch::Run
ReturnValueSearch::runConcretely(const Assignment &Input) {
  std::vector<EntryArg> Args = Inputs.bind(Input);
  for (EntryArg &A : Args) {
    A.Value.Sym = nullptr;
    A.SymbolicBytes = 0;
  }
  auto State = Interp.createState(Entry, Args);
  EdgeTracer Tracer(Ctx, Cov, Input);
  Run R;
  R.Outcome = Interp.run(*State, Tracer);
  R.PathId = Tracer.PathId;
  R.Stdout = std::move(State->Stdout);
  return R;
}

void ReturnValueSearch::explore(const PathResult &R,
                                const std::vector<ExprRef> &PathCond,
                                bool Exact, ExplorationStats &S,
                                ExplorationListener &L) {
  if (R.Outcome->End != PathEnd::Return || !dependsOnInput(*R.Outcome))
    return; // Every input on the path returns the path's own value.
  std::vector<Variant> Found;
  ReturnValueSet How = settle(R, PathCond, Exact, S, Found);
  S.ReturnValueSets.count(How);
  L.onReturnValuesSettled(R.Index, How);
  if (How == ReturnValueSet::Enumerated)
    writeVariants(R, Found, S, L);
}

ReturnValueSet ReturnValueSearch::settle(const PathResult &R,
                                         const std::vector<ExprRef> &PathCond,
                                         bool Exact, const ExplorationStats &S,
                                         std::vector<Variant> &Found) {
  // No set found under a looser path condition is a proof; a struct's
  // bytes are not enumerated.
  if (!Exact || !R.Outcome->ValueSym || MaxValues == 0)
    return ReturnValueSet::NotEnumerated;
  ReturnValueSet How = enumerate(R, PathCond, S, Found);
  if (How == ReturnValueSet::Enumerated && !followPath(R, Found))
    return ReturnValueSet::NotEnumerated;
  return How;
}

void ReturnValueSearch::writeVariants(const PathResult &R,
                                      std::vector<Variant> &Found,
                                      ExplorationStats &S,
                                      ExplorationListener &L) {
  for (Variant &V : Found) {
    PathResult T = R;
    T.Index = NextTest();
    T.Input = &V.Input;
    T.Outcome = &V.Check.Outcome;
    T.Stdout = std::move(V.Check.Stdout);
    T.VariantOf = R.Index;
    ++S.ReturnVariants;
    L.onNewPath(T);
  }
}

/// Asks for the return values other than the ones found so far until the
/// solver proves there are none (complete) or finds one past the limit;
/// `Found` gets each value after the path's own, with its input.
ReturnValueSet ReturnValueSearch::enumerate(const PathResult &R,
                                            std::vector<ExprRef> Constraints,
                                            const ExplorationStats &S,
                                            std::vector<Variant> &Found) {
  ExprRef Ret = R.Outcome->ValueSym;
  unsigned Width = Ret->width();
  uint64_t Last = truncBits(R.Outcome->Value, Width);
  std::string Unused; // A budget ends the search, not the exploration.
  for (unsigned Values = 1;; ++Values) {
    if (!Budget.left(S.Runs, Unused))
      return ReturnValueSet::NotEnumerated;
    ExprRef Other = Ctx.ne(Ret, Ctx.constant(Last, Width));
    SolverResponse Answer = Solv.solve(Constraints, Other, *R.Input);
    if (Answer.Result == SatResult::Unsat)
      return ReturnValueSet::Enumerated;
    if (Answer.Result != SatResult::Sat)
      return ReturnValueSet::NotEnumerated;
    if (Values == MaxValues)
      return ReturnValueSet::MoreThanLimit;
    Constraints.push_back(Other);
    Variant V;
    V.Input = *R.Input;
    V.Input.overlay(Answer.Model);
    Last = V.Value = evaluate(Ret, V.Input);
    Found.push_back(std::move(V));
  }
}

/// Runs each value's input concretely: whether every run takes the path's
/// edges and returns the value the solver promised. A run that does not
/// shows that the path condition or the return value's expression is not
/// the path's, so no set found under them is a proof.
bool ReturnValueSearch::followPath(const PathResult &R,
                                   std::vector<Variant> &Found) {
  unsigned Width = R.Outcome->ValueSym->width();
  for (Variant &V : Found) {
    V.Check = runConcretely(V.Input);
    const PathOutcome &O = V.Check.Outcome;
    if (O.End != PathEnd::Return || V.Check.PathId != R.PathId ||
        truncBits(O.Value, Width) != V.Value)
      return false;
  }
  return true;
}

} // namespace theseus
