//===- Calls.cpp - Calls of summarised functions in the apc ---------------===//
//
// A summarised function (Flowgraph.h) is summarised once per call context,
// by a builder of its own flowgraph to its returns: the disjunction over its
// backbones, each with its loops' summaries, of the backbone's condition and
// `result = the returned value`, over variables for its parameters. A call
// conjoins an instance of it, with its bound variables renamed, the
// parameters replaced by the arguments and the result by a variable the
// backbone closes. The function writes no memory its callers see, so the
// call changes nothing else. In a loop's backbone the result differs per
// iteration: the backbone's condition closes it (under the looping
// condition's universal, one per iteration), and the values that depend on
// it are unknown after the iteration. Where a summary cannot be built, the
// result is unknown and the call adds nothing: the apc only gets weaker
// there, and keeps what the rest of the program says.
//
//===----------------------------------------------------------------------===//
#include "apc/ApcBuilder.h"

#include "llvm/IR/Instructions.h"

#include <fmt/format.h>
#include <functional>
#include <unordered_set>

namespace theseus {

namespace {

bool isModelledInteger(const llvm::Type *T) {
  return T->isIntegerTy() && T->getIntegerBitWidth() <= 64;
}

/// The variables of `F` no quantifier of it binds.
std::vector<ExprRef> freeVariables(ExprRef F) {
  std::vector<ExprRef> Vars;
  std::unordered_set<ExprRef> Bound;
  anyNode(F, [&](ExprRef X) {
    if (X->kind() == ExprKind::Var)
      Vars.push_back(X);
    else if (X->kind() == ExprKind::Forall || X->kind() == ExprKind::Exists)
      Bound.insert(X->operand(0));
    return false;
  });
  std::vector<ExprRef> Free;
  for (ExprRef V : Vars)
    if (!Bound.count(V))
      Free.push_back(V);
  return Free;
}

} // namespace

ExprRef ApcBuilder::returns() {
  if (G.empty())
    return Ctx.falseExpr(); // It never returns.
  Region R{std::vector<bool>(G.size(), true), 0, false};
  bool Over = false;
  std::vector<std::vector<unsigned>> Paths = wholeBackbones(R, Over);
  if (Over)
    return nullptr;
  ExprRef Any = Ctx.falseExpr();
  for (const std::vector<unsigned> &P : Paths)
    Any = Ctx.logicalOr(Any, executeBackbone(R, P).second);
  return Any;
}

ExprRef ApcBuilder::callValue(const State &S, const llvm::CallBase &Call,
                              ExprRef &Apc) {
  if (!CallResults)
    return Ir.unknown(Call, "the result of a summarised call");
  const llvm::Function &F = *Flowgraph::calleeOf(Call);
  if (Flowgraph::harnessOf(F) == Flowgraph::Harness::Input)
    return inputValue(Call);
  std::vector<PointerArg> Pointers(F.arg_size());
  for (unsigned I = 0; I < F.arg_size() && I < Call.arg_size(); ++I)
    if (Call.getArgOperand(I)->getType()->isPointerTy())
      Pointers[I] = Ir.pointerArg(S, Call.getArgOperand(I));
  const FunctionSummary &Sum = summaryOf(F, Pointers);
  if (!Sum.Formula)
    return Ir.unknown(Call, Sum.Why);
  Substitution Sub;
  for (unsigned I = 0; I < F.arg_size() && I < Call.arg_size(); ++I) {
    // An unknown argument weakens what the summary says of it.
    if (Sum.Params[I])
      Sub[Sum.Params[I]] = Ir.lookup(S, Call.getArgOperand(I));
    if (Sum.Offsets[I])
      Sub[Sum.Offsets[I]] = Pointers[I].Off;
  }
  ExprRef Result = nullptr;
  if (Sum.Result) {
    Result = Ctx.var(Ctx.variable(
        fmt::format("{}~{}", Sum.Result->variable()->Name, ++Calls.NextFresh),
        Sum.Result->width()));
    Sub[Sum.Result] = Result;
    CallResults->push_back(Result);
  }
  Apc = Ctx.logicalAnd(Apc,
                       substituteFormula(Ctx, renameBound(Sum.Formula), Sub));
  return Result;
}

ExprRef ApcBuilder::inputValue(const llvm::CallBase &Call) {
  const auto *T = llvm::dyn_cast<llvm::IntegerType>(Call.getType());
  if (!T || T->getBitWidth() > 64)
    return Ir.unknown(Call, "an input that is not an integer of at most 64 "
                            "bits");
  // Any value of its type, a variable of its own per call. At the top it
  // stays free, as the program's inputs are; in a loop's backbone each
  // iteration reads another, so it is closed as a call's result is, and
  // what depends on it is unknown in the iterated state.
  ExprRef V = Ctx.var(Ctx.variable(
      fmt::format("{}~{}", Flowgraph::calleeOf(Call)->getName().str(),
                  ++Calls.NextFresh),
      T->getBitWidth()));
  if (InLoop)
    CallResults->push_back(V);
  return V;
}

void ApcBuilder::forgetCallResults(const std::vector<ExprRef> &Results,
                                   State &S,
                                   std::vector<InnerLoopVisit> *Inner) {
  std::unordered_map<ExprRef, bool> Vars;
  for (ExprRef R : Results)
    Vars[R] = true;
  if (Vars.empty())
    return;
  auto Forget = [&](ExprRef &E) {
    if (E && mentionsAny(E, Vars))
      E = nullptr;
  };
  for (auto &[V, E] : S)
    Forget(E);
  if (!Inner)
    return;
  for (InnerLoopVisit &V : *Inner) {
    for (auto &[X, E] : V.Before)
      Forget(E);
    Forget(V.Exit);
  }
}

const FunctionSummary &
ApcBuilder::summaryOf(const llvm::Function &F,
                      const std::vector<PointerArg> &Pointers) {
  CallContext Key{&F, {}};
  for (const PointerArg &P : Pointers)
    Key.second.push_back({P.Buffer, P.Table,
                          P.known() && P.Off->isConst()
                              ? std::optional(P.Off->value())
                              : std::nullopt});
  if (auto It = Calls.Summaries.find(Key); It != Calls.Summaries.end())
    return It->second;
  std::unique_ptr<Flowgraph> &Graph = Calls.Graphs[&F];
  if (!Graph)
    Graph = Flowgraph::toReturns(F);
  // Variables named after the function and the context, unlike any other.
  CalleeBinding Params;
  Params.Prefix = fmt::format("{}#{}.", F.getName().str(), ++Calls.NextFresh);
  FunctionSummary Sum;
  auto Var = [&](const std::string &Name, unsigned Width) {
    return Ctx.var(Ctx.variable(Params.Prefix + Name, Width));
  };
  for (unsigned I = 0; I < F.arg_size(); ++I) {
    const llvm::Argument *A = F.getArg(I);
    Sum.Params.push_back(
        isModelledInteger(A->getType())
            ? Var(fmt::format("arg{}", I), A->getType()->getIntegerBitWidth())
            : nullptr);
    const PointerArg &P = Pointers[I];
    bool Variable = P.known() && !P.Off->isConst();
    Sum.Offsets.push_back(Variable ? Var(fmt::format("off{}", I), 64)
                                   : nullptr);
    Params.Values.push_back(Sum.Params.back());
    Params.Pointers.push_back(
        {P.Buffer, P.Table, Variable ? Sum.Offsets.back() : P.Off});
  }
  if (isModelledInteger(F.getReturnType()))
    Sum.Result = Var("ret", F.getReturnType()->getIntegerBitWidth());
  ApcBuilder Callee(Ctx, *Graph, Opts, Out, Params, Calls, Sum.Result);
  Sum.Formula = Callee.returns();
  Calls.Validated += Callee.validated();
  ++Out.Functions;
  if (!Sum.Formula) {
    Sum.Why = fmt::format("the result of a call of {}, a function with too "
                          "many backbones",
                          F.getName().str());
  } else {
    // What else is free in it (a local array's cells before they are
    // written) is one value per call: closed here, renamed per instance.
    std::unordered_set<ExprRef> Own(Sum.Params.begin(), Sum.Params.end());
    Own.insert(Sum.Offsets.begin(), Sum.Offsets.end());
    Own.insert(Sum.Result);
    for (ExprRef V : freeVariables(Sum.Formula))
      if (!Own.count(V))
        Sum.Formula = Ctx.exists(V, Sum.Formula);
  }
  return Calls.Summaries.emplace(std::move(Key), std::move(Sum)).first->second;
}

ExprRef ApcBuilder::renameBound(ExprRef F) {
  std::unordered_map<ExprRef, ExprRef> Done;
  std::function<ExprRef(ExprRef)> Rename = [&](ExprRef E) -> ExprRef {
    if (E->numOperands() == 0 || E->kind() == ExprKind::Var)
      return E;
    if (auto It = Done.find(E); It != Done.end())
      return It->second;
    ExprRef Ops[3] = {nullptr, nullptr, nullptr};
    bool Changed = false;
    for (unsigned I = 0; I < E->numOperands(); ++I) {
      Ops[I] = Rename(E->operand(I));
      Changed = Changed || Ops[I] != E->operand(I);
    }
    ExprRef R = Changed ? Ctx.rebuild(E, Ops) : E;
    if (R->kind() == ExprKind::Forall || R->kind() == ExprKind::Exists) {
      ExprRef V = R->operand(0);
      ExprRef Fresh = Ctx.var(Ctx.variable(
          fmt::format("{}~{}", V->variable()->Name, ++Calls.NextFresh),
          V->width()));
      ExprRef Body = substituteFormula(Ctx, R->operand(1), {{V, Fresh}});
      R = R->kind() == ExprKind::Forall ? Ctx.forall(Fresh, Body)
                                        : Ctx.exists(Fresh, Body);
    }
    return Done[E] = R;
  };
  return Rename(F);
}

} // namespace theseus
