//===- ReturnValues.cpp - Further return values of a path -----------------===//
#include "explore/ReturnValues.h"

namespace theseus {

namespace {
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

  uint64_t PathId = 0;

private:
  ExprContext &Ctx;
  const Coverage &Cov;
  const Assignment &Input;
};
} // namespace

struct ReturnValueSearch::Run {
  PathOutcome Outcome;
  uint64_t PathId = 0;
  std::string Stdout;
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
                                ExplorationStats &S, ExplorationListener &L) {
  const PathOutcome &O = *R.Outcome;
  if (MaxValues < 2 || O.End != PathEnd::Return || !O.ValueSym)
    return;
  ExprRef Ret = O.ValueSym;
  unsigned Width = Ret->width();
  std::vector<ExprRef> Constraints = PathCond;
  uint64_t Last = truncBits(O.Value, Width);
  std::string Unused; // A budget ends the search, not the exploration.
  for (unsigned Found = 1; Found < MaxValues && Budget.left(S.Runs, Unused);
       ++Found) {
    ExprRef Other = Ctx.ne(Ret, Ctx.constant(Last, Width));
    SolverResponse Answer = Solv.solve(Constraints, Other, *R.Input);
    if (Answer.Result != SatResult::Sat)
      return; // No other value, or the solver could not tell.
    Constraints.push_back(Other);
    Assignment Input = *R.Input;
    Input.overlay(Answer.Model);
    uint64_t Value = evaluate(Ret, Input);
    // The path condition may be looser than the path (a value the engine
    // fixed without a constraint): only a run that takes the same edges and
    // returns the promised value is a variant of the path.
    Run Check = runConcretely(Input);
    if (Check.Outcome.End != PathEnd::Return || Check.PathId != R.PathId ||
        truncBits(Check.Outcome.Value, Width) != Value)
      return;
    Last = Value;
    PathResult V = R;
    V.Index = ++S.Tests;
    V.Input = &Input;
    V.Outcome = &Check.Outcome;
    V.Stdout = std::move(Check.Stdout);
    V.VariantOf = R.Index;
    ++S.ReturnVariants;
    L.onNewPath(V);
  }
}

} // namespace theseus
