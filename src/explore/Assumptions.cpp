//===- Assumptions.cpp - What a run assumes about the entry's inputs ------===//
#include "explore/Assumptions.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <fmt/format.h>

namespace theseus {

namespace {

/// How often a side is checked without the links before it is left
/// unproved: each check is a solver query over a whole path condition.
constexpr unsigned MaxTriesPerSide = 4;

/// "-v" as C spells it.
std::string quoted(const std::string &Text) {
  std::string Out = "\"";
  llvm::raw_string_ostream OS(Out);
  llvm::printEscapedString(Text, OS);
  return Out + "\"";
}

/// "1 byte", "2 bytes".
std::string bytes(uint64_t N) {
  return fmt::format("{} byte{}", N, N == 1 ? "" : "s");
}

InputAssumption about(const char *Kind, std::string Input) {
  InputAssumption A;
  A.Kind = Kind;
  A.Input = std::move(Input);
  return A;
}

InputAssumption lengthLink(const ParamInfo &P, const BufferSizes &Sizes) {
  std::string Link = P.Name + "=" + P.LengthOf;
  bool Explicit = llvm::is_contained(Sizes.Lengths, Link);
  InputAssumption A = about("length-link", P.Name);
  A.Buffer = P.LengthOf;
  A.Min = 0;
  A.Max = static_cast<int64_t>(P.MaxValue);
  A.Option = Explicit ? "--len" : "--no-len-link";
  A.Text =
      fmt::format("0 <= {} <= {}: {} is taken as the length of {} ({})", P.Name,
                  P.MaxValue, P.Name, P.LengthOf,
                  Explicit ? "--len " + Link : "--no-len-link removes this");
  return A;
}

InputAssumption buffer(const ParamInfo &P) {
  InputAssumption A = about("", P.Name);
  A.Option = P.SizedBy ? P.SizedBy : "";
  if (P.NulTerminated) {
    A.Kind = "string-size";
    A.Max = chosenBytes(P);
    A.Text = fmt::format("{} points to a string of at most {} characters, "
                         "never NULL ({})",
                         P.Name, chosenBytes(P), A.Option);
  } else if (!P.SizedBy) {
    A.Kind = "struct-pointer";
    A.Text =
        fmt::format("{} points to one {}, never NULL", P.Name, P.ElemCType);
  } else {
    A.Kind = "buffer-size";
    A.Max = P.Count;
    A.Text =
        fmt::format("{} points to {} {} {}, never NULL ({})", P.Name, P.Count,
                    P.ElemCType, P.CellBytes ? "rows" : "elements", A.Option);
  }
  return A;
}

InputAssumption concrete(const std::string &Item) {
  auto [Name, Value] = llvm::StringRef(Item).split('=');
  InputAssumption A = about("concrete", Name.trim().str());
  A.Value = Value.trim().str();
  A.Option = "--concrete";
  A.Text = fmt::format("{} = {} in every run (--concrete)", A.Input, A.Value);
  return A;
}

/// argc, the arguments after argv[0] and envp of `main(argc, argv[,
/// envp])`.
void commandLine(const CommandLineSpec &C, const llvm::Function &Entry,
                 std::vector<InputAssumption> &Out) {
  std::string Argc = Entry.getArg(0)->getName().str();
  int64_t Fixed = 1 + static_cast<int64_t>(C.Args.size());
  InputAssumption Count = about("argc", Argc);
  if (C.SymArgsMax) {
    Count.Min = Fixed + C.SymArgsMin;
    Count.Max = Fixed + C.SymArgsMax;
    Count.Option = "--sym-args";
    Count.Text =
        fmt::format("{} <= {} <= {} (--sym-args {} {} {})", *Count.Min, Argc,
                    *Count.Max, C.SymArgsMin, C.SymArgsMax, C.SymArgsLen);
  } else {
    Count.Min = Count.Max = Fixed;
    Count.Text = fmt::format("{} = {}: the command line is the words after "
                             "-- (--sym-arg N, --sym-args make them symbolic)",
                             Argc, Fixed);
  }
  Out.push_back(Count);
  for (size_t K = 0; K < C.Args.size(); ++K) {
    const ArgSpec &Arg = C.Args[K];
    std::string Name = fmt::format("argv[{}]", K + 1);
    if (Arg.Symbolic) {
      InputAssumption A = about("sym-arg", Name);
      A.Max = Arg.MaxLen;
      A.Option = "--sym-arg";
      A.Text = fmt::format("{} is a string of at most {} (--sym-arg {})", Name,
                           bytes(Arg.MaxLen), Arg.MaxLen);
      Out.push_back(A);
      continue;
    }
    InputAssumption A = about("argument", Name);
    A.Value = Arg.Text;
    A.Text = fmt::format("{} = {} (after --)", Name, quoted(Arg.Text));
    Out.push_back(A);
  }
  if (C.SymArgsMax) {
    bool One = C.SymArgsMax == 1;
    InputAssumption A =
        about("sym-args", One ? fmt::format("argv[{}]", Fixed)
                              : fmt::format("argv[{}..{}]", Fixed,
                                            Fixed + C.SymArgsMax - 1));
    A.Max = C.SymArgsLen;
    A.Option = "--sym-args";
    A.Text =
        fmt::format("{}, where {} reaches {}, {} of at most {} "
                    "(--sym-args)",
                    A.Input, Argc, One ? "it" : "them",
                    One ? "is a string" : "are strings", bytes(C.SymArgsLen));
    Out.push_back(A);
  }
  if (Entry.arg_size() == 3) {
    InputAssumption A = about("envp", Entry.getArg(2)->getName().str());
    A.Text = A.Input + " is empty";
    Out.push_back(A);
  }
}

InputAssumption stdinContents(const ExecOptions &X) {
  InputAssumption A = about("stdin", "stdin");
  if (X.SymbolicStdin) {
    A.Max = X.SymbolicStdin;
    A.Option = "--sym-stdin";
    A.Text =
        fmt::format("stdin holds {} symbolic {}, then end of file "
                    "(--sym-stdin)",
                    X.SymbolicStdin, X.SymbolicStdin == 1 ? "byte" : "bytes");
  } else if (!X.Stdin.empty()) {
    A.Min = A.Max = static_cast<int64_t>(X.Stdin.size());
    A.Option = "--stdin";
    A.Text =
        fmt::format("stdin is the {} of --stdin FILE", bytes(X.Stdin.size()));
  } else {
    A.Min = A.Max = 0;
    A.Option = "--sym-stdin";
    A.Text = "stdin is empty (--sym-stdin N gives it symbolic bytes)";
  }
  return A;
}

} // namespace

std::vector<InputAssumption> inputAssumptions(const EntryInputs &In,
                                              const ExploreOptions &O,
                                              const llvm::Function &Entry) {
  std::vector<InputAssumption> Out;
  for (const InputSpec &S : In.specs()) {
    if (S.Param.IsPointer)
      Out.push_back(buffer(S.Param));
    else if (!S.Param.LengthOf.empty())
      Out.push_back(lengthLink(S.Param, O.Buffers));
  }
  for (const std::string &Item : O.Inputs.Concrete)
    Out.push_back(concrete(Item));
  if (In.hasCommandLine())
    commandLine(O.Inputs.CommandLine, Entry, Out);
  // The stdin models call theseus_stdin: a program without it reads none.
  if (Entry.getParent()->getFunction("theseus_stdin"))
    Out.push_back(stdinContents(O.Exec));
  return Out;
}

AssumptionExclusions::AssumptionExclusions(ExprContext &Ctx,
                                           const EntryInputs &In)
    : Ctx(Ctx) {
  for (const InputSpec &S : In.specs()) {
    auto [Linked, Unlinked] = In.lengthLink(S);
    if (!Linked)
      continue;
    Unbounded.emplace(Linked, Unlinked);
    LinkedInputs.insert(S.Arr);
    LinkedSpecs.push_back(&S);
  }
}

AssumptionExclusions::Rewritten AssumptionExclusions::unbound(ExprRef E) {
  auto Link = Unbounded.find(E);
  if (Link != Unbounded.end())
    return {Link->second, false};
  if (E->isConst())
    return {E, false};
  if (E->kind() == ExprKind::Read)
    return {E, LinkedInputs.count(E->array()) > 0};
  auto Known = Memo.find(E);
  if (Known != Memo.end())
    return Known->second;
  ExprRef Ops[3] = {nullptr, nullptr, nullptr};
  Rewritten R{E, false};
  bool Changed = false;
  for (unsigned I = 0; I < E->numOperands(); ++I) {
    Rewritten Op = unbound(E->operand(I));
    Ops[I] = Op.E;
    Changed |= Op.E != E->operand(I);
    R.ReadsLinkedInput |= Op.ReadsLinkedInput;
  }
  if (Changed)
    R.E = Ctx.rebuild(E, Ops);
  Memo.emplace(E, R);
  return R;
}

void AssumptionExclusions::noteInfeasible(
    Solver &S, const Coverage &Cov, const llvm::Instruction *Inst, bool Taken,
    const std::vector<ExprRef> &Prefix, ExprRef Goal, const Assignment &Hint) {
  auto *Br = llvm::dyn_cast<llvm::BranchInst>(Inst);
  Side At{Inst, Taken};
  // A switch's side is a chain of cases, not one edge of the coverage.
  if (Unbounded.empty() || !Br || !Br->isConditional() || Proved.count(At) ||
      !Cov.edgeUncovered(Inst, Taken ? 0 : 1) || ++Tries[At] > MaxTriesPerSide)
    return;
  std::vector<ExprRef> Unlinked;
  bool Changed = false;
  for (ExprRef C : Prefix) {
    Rewritten R = unbound(C);
    if (R.ReadsLinkedInput)
      return;
    Changed |= R.E != C;
    Unlinked.push_back(R.E);
  }
  Rewritten UnlinkedGoal = unbound(Goal);
  if (UnlinkedGoal.ReadsLinkedInput || !(Changed || UnlinkedGoal.E != Goal))
    return;
  // The solver keeps the hint's bytes outside the goal's cone, so the hint
  // must satisfy the unlinked constraints there: with each length's input
  // set to the value the link gave it, unlinked and linked agree.
  Assignment Within = Hint;
  for (const InputSpec *L : LinkedSpecs)
    Within.set(L->Arr, EntryInputs::bytes(*L, Hint));
  if (S.solve(Unlinked, UnlinkedGoal.E, Within).Result == SatResult::Sat) {
    Proved.insert(At);
    ProvedInOrder.push_back(At);
  }
}

std::vector<PathDecision>
AssumptionExclusions::uncovered(const Coverage &Cov) const {
  std::vector<PathDecision> Out;
  for (const auto &[Inst, Taken] : ProvedInOrder)
    if (Cov.edgeUncovered(Inst, Taken ? 0 : 1))
      Out.push_back({Inst, BranchKind::Branch, Taken});
  return Out;
}

} // namespace theseus
