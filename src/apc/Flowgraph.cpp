//===- Flowgraph.cpp - Targets and the entry's flowgraph for the apc -----===//
#include "apc/Flowgraph.h"
#include "program/Passes.h"

#include "llvm/ADT/SCCIterator.h"
#include "llvm/Analysis/CallGraph.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

#include <fmt/format.h>
#include <map>
#include <set>

namespace theseus {

TargetSpec parseTargetSpec(const std::string &Spec) {
  TargetSpec T;
  T.Text = Spec;
  if (Spec == "assert") {
    T.K = TargetSpec::Assert;
    return T;
  }
  size_t Colon = Spec.rfind(':');
  if (Colon == std::string::npos) {
    if (Spec.empty())
      throw InputError{"--target needs a function name, FILE:LINE or assert"};
    T.Name = Spec;
    return T;
  }
  std::string Line = Spec.substr(Colon + 1);
  if (Colon == 0 || Line.empty() ||
      Line.find_first_not_of("0123456789") != std::string::npos)
    throw InputError{fmt::format(
        "--target '{}': expected a function name, FILE:LINE or assert", Spec)};
  T.K = TargetSpec::Line;
  T.File = Spec.substr(0, Colon);
  T.LineNo = static_cast<unsigned>(std::stoul(Line));
  return T;
}

const llvm::Function *Flowgraph::calleeOf(const llvm::Instruction &I) {
  // Also when the call's type differs from the declaration's (an
  // unprototyped `void f()` called without the variadic type, as clang does
  // for -m32).
  const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
  return Call ? llvm::dyn_cast<llvm::Function>(
                    Call->getCalledOperand()->stripPointerCasts())
              : nullptr;
}

Flowgraph::Harness Flowgraph::harnessOf(const llvm::Function &F) {
  llvm::StringRef Name = F.getName();
  if (Name.starts_with("__VERIFIER_nondet_") || Name == "theseus_int" ||
      Name == "klee_int")
    return Harness::Input;
  if (Name == "theseus_assume" || Name == "klee_assume" ||
      Name == "__VERIFIER_assume")
    return Harness::Assume;
  return Harness::None;
}

namespace {

bool isAssertFailure(llvm::StringRef Name) {
  return Name == "__assert_fail" || Name == "__assert" ||
         Name == "__assert_rtn" || Name == "abort" || Name == "theseus_assert";
}

bool sameFile(llvm::StringRef Written, const SourceLoc &L) {
  if (Written == L.File)
    return true;
  std::string Full = L.fullPath();
  llvm::StringRef F(Full);
  return F.ends_with(Written) && (F.size() == Written.size() ||
                                  F[F.size() - Written.size() - 1] == '/');
}

/// SV-COMP's error function has two names, the older __VERIFIER_error and
/// reach_error: a target named after either is a call of either.
bool isErrorFunction(llvm::StringRef Name) {
  return Name == "reach_error" || Name == "__VERIFIER_error";
}

/// Functions a target is named after: never inlined, so their calls stay.
bool namedBySpec(const llvm::Function &F,
                 const std::vector<TargetSpec> &Specs) {
  for (const TargetSpec &S : Specs)
    if (callIsTarget(S, F.getName()))
      return true;
  return false;
}

/// Marks the functions of a flowgraph's copy whose calls are summarised.
constexpr const char *SummarisedAttr = "theseus-apc-summarised";

bool hasLoop(const llvm::Function &F) {
  for (auto It = llvm::scc_begin(&F); !It.isAtEnd(); ++It)
    if (It.hasCycle())
      return true;
  return false;
}

/// Which functions may write memory their callers see: through a store, an
/// atomic or a memory intrinsic whose address is not one of their own
/// allocas, or a call of a function that may (a declaration may unless it
/// only reads memory; a harness function never does, whatever its body; a
/// recursive function is assumed to).
class MemoryWriters {
public:
  bool mayWrite(const llvm::Function &F) {
    auto [It, New] = Memo.try_emplace(&F, true);
    if (!New)
      return It->second;
    bool Writes = Flowgraph::harnessOf(F) == Flowgraph::Harness::None &&
                  (F.isDeclaration() ? !F.onlyReadsMemory() : writesIn(F));
    Memo[&F] = Writes;
    return Writes;
  }

private:
  bool writesIn(const llvm::Function &F) {
    auto Local = [&](const llvm::Value *Ptr) {
      const auto *A =
          llvm::dyn_cast<llvm::AllocaInst>(llvm::getUnderlyingObject(Ptr));
      return A && A->getFunction() == &F;
    };
    for (const llvm::Instruction &I : llvm::instructions(F)) {
      if (!I.mayWriteToMemory())
        continue;
      if (const auto *St = llvm::dyn_cast<llvm::StoreInst>(&I)) {
        if (St->isVolatile() || !Local(St->getPointerOperand()))
          return true;
      } else if (const auto *M = llvm::dyn_cast<llvm::MemIntrinsic>(&I)) {
        if (M->isVolatile() || !Local(M->getDest()))
          return true;
      } else if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I)) {
        if (llvm::isa<llvm::DbgInfoIntrinsic>(Call) ||
            Call->isLifetimeStartOrEnd() || Call->onlyReadsMemory())
          continue;
        const llvm::Function *Callee = Flowgraph::calleeOf(I);
        if (!Callee || mayWrite(*Callee))
          return true;
      } else {
        return true;
      }
    }
    return false;
  }

  std::map<const llvm::Function *, bool> Memo;
};

/// Functions that call themselves, directly or through others.
std::set<const llvm::Function *> recursiveFunctions(llvm::Module &M) {
  std::set<const llvm::Function *> Out;
  llvm::CallGraph CG(M);
  for (auto It = llvm::scc_begin(&CG); !It.isAtEnd(); ++It) {
    if (!It.hasCycle())
      continue;
    for (llvm::CallGraphNode *N : *It)
      if (N->getFunction())
        Out.insert(N->getFunction());
  }
  return Out;
}

/// The functions `Entry` may call, directly or through others; false when
/// it may make an indirect call.
bool calledFrom(const llvm::Function &Entry,
                std::set<const llvm::Function *> &Called) {
  std::vector<const llvm::Function *> Work{&Entry};
  while (!Work.empty()) {
    const llvm::Function *F = Work.back();
    Work.pop_back();
    for (const llvm::Instruction &I : llvm::instructions(*F)) {
      const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
      if (!Call || Call->isInlineAsm())
        continue;
      const llvm::Function *Callee = Flowgraph::calleeOf(I);
      if (!Callee)
        return false;
      if (Called.insert(Callee).second)
        Work.push_back(Callee);
    }
  }
  return true;
}

/// Whether `U`, a user of the global `GV`, loads or stores its whole value
/// in `Entry`, or is in a function `Entry` never calls.
bool localUse(const llvm::User *U, const llvm::GlobalVariable &GV,
              const llvm::Function &Entry,
              const std::set<const llvm::Function *> &Called) {
  const auto *I = llvm::dyn_cast<llvm::Instruction>(U);
  if (!I)
    return false;
  if (I->getFunction() != &Entry)
    return !Called.count(I->getFunction());
  if (const auto *L = llvm::dyn_cast<llvm::LoadInst>(I))
    return L->isSimple() && L->getType() == GV.getValueType();
  const auto *S = llvm::dyn_cast<llvm::StoreInst>(I);
  return S && S->isSimple() && S->getPointerOperand() == &GV &&
         S->getValueOperand()->getType() == GV.getValueType();
}

/// Integer globals that only the entry (its callees inlined) reads and
/// writes, as whole values, become locals of it starting at their
/// initializers, as every run starts with the globals at their initializers:
/// mem2reg then makes them values the apc models (a harness keeping its
/// input in a global). Not when the entry calls itself, where the calls
/// share the global, nor when it makes indirect calls or constructors may
/// run before it.
void localizeGlobals(llvm::Module &M, llvm::Function &Entry) {
  std::set<const llvm::Function *> Called;
  if (!calledFrom(Entry, Called) || Called.count(&Entry) ||
      M.getNamedGlobal("llvm.global_ctors"))
    return;
  llvm::Instruction *At = &*Entry.getEntryBlock().getFirstInsertionPt();
  for (llvm::GlobalVariable &GV : M.globals()) {
    llvm::Type *T = GV.getValueType();
    if (GV.isConstant() || !GV.hasDefinitiveInitializer() ||
        !T->isIntegerTy() || T->getIntegerBitWidth() > 64 ||
        !llvm::all_of(GV.users(), [&](const llvm::User *U) {
          return localUse(U, GV, Entry, Called);
        }))
      continue;
    auto *Local = new llvm::AllocaInst(
        T, M.getDataLayout().getAllocaAddrSpace(), GV.getName(), At);
    new llvm::StoreInst(GV.getInitializer(), Local, At);
    GV.replaceUsesWithIf(Local, [&](llvm::Use &U) {
      auto *I = llvm::dyn_cast<llvm::Instruction>(U.getUser());
      return I && I->getFunction() == &Entry;
    });
  }
}

/// Functions that may reach a target: those that hold one or call one that
/// may.
std::set<const llvm::Function *>
reachingFunctions(const llvm::Module &M, const std::vector<TargetSpec> &Specs) {
  std::set<const llvm::Function *> Reaching;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const llvm::Function &F : M) {
      // The executor runs no harness function's body.
      if (F.isDeclaration() || Reaching.count(&F) ||
          Flowgraph::harnessOf(F) != Flowgraph::Harness::None)
        continue;
      for (const llvm::Instruction &I : llvm::instructions(F)) {
        const llvm::Function *Callee = Flowgraph::calleeOf(I);
        if (matchesTarget(I, Specs) || (Callee && Reaching.count(Callee))) {
          Changed = Reaching.insert(&F).second;
          break;
        }
      }
    }
  }
  return Reaching;
}

} // namespace

bool callIsTarget(const TargetSpec &S, llvm::StringRef Name) {
  if (S.K == TargetSpec::Assert)
    return isAssertFailure(Name);
  return S.K == TargetSpec::Function &&
         (Name == S.Name || (isErrorFunction(S.Name) && isErrorFunction(Name)));
}

bool matchesTarget(const llvm::Instruction &I,
                   const std::vector<TargetSpec> &Specs) {
  const llvm::Function *Callee = Flowgraph::calleeOf(I);
  for (const TargetSpec &S : Specs) {
    if (S.K != TargetSpec::Line) {
      if (Callee && callIsTarget(S, Callee->getName()))
        return true;
      continue;
    }
    SourceLoc L = sourceLocOf(&I);
    if (L.Line == S.LineNo && sameFile(S.File, L))
      return true;
  }
  return false;
}

Flowgraph::Flowgraph(const llvm::Function &Entry,
                     const std::vector<TargetSpec> &Specs) {
  Copy = llvm::CloneModule(*Entry.getParent());
  Fn = Copy->getFunction(Entry.getName());
  bool Any = false;
  for (llvm::Function &F : *Copy)
    for (const llvm::Instruction &I : llvm::instructions(F))
      Any = Any || matchesTarget(I, Specs);
  if (!Any) {
    std::string Names;
    for (const TargetSpec &S : Specs)
      Names += (Names.empty() ? "'" : ", '") + S.Text + "'";
    throw InputError{fmt::format("--target {}: no instruction of the program "
                                 "matches",
                                 Names)};
  }
  prepare(Specs);
  findTargets(Specs);
  build();
}

Flowgraph::~Flowgraph() = default;

void Flowgraph::prepare(const std::vector<TargetSpec> &Specs) {
  std::set<const llvm::Function *> Recursive = recursiveFunctions(*Copy);
  std::set<const llvm::Function *> Reaching = reachingFunctions(*Copy, Specs);
  MemoryWriters Writers;
  std::vector<llvm::Function *> Summarised;
  for (llvm::Function &F : *Copy) {
    F.removeFnAttr(llvm::Attribute::OptimizeNone);
    if (F.isDeclaration() || &F == Fn || Recursive.count(&F) ||
        isLibcModel(F) || namedBySpec(F, Specs) ||
        harnessOf(F) != Harness::None)
      continue;
    if (!Reaching.count(&F) && hasLoop(F) && !Writers.mayWrite(F)) {
      F.addFnAttr(llvm::Attribute::NoInline);
      F.addFnAttr(SummarisedAttr);
      Summarised.push_back(&F);
      continue;
    }
    F.removeFnAttr(llvm::Attribute::NoInline);
    F.addFnAttr(llvm::Attribute::AlwaysInline);
  }
  PassManagers PM;
  llvm::ModulePassManager MPM;
  MPM.addPass(llvm::AlwaysInlinerPass(/*InsertLifetimeIntrinsics=*/false));
  MPM.run(*Copy, PM.MAM);
  localizeGlobals(*Copy, *Fn);
  llvm::FunctionPassManager FPM;
  FPM.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
  FPM.addPass(llvm::PromotePass());
  FPM.addPass(llvm::LoopSimplifyPass());
  FPM.run(*Fn, PM.FAM);
  for (llvm::Function *F : Summarised)
    FPM.run(*F, PM.FAM);
}

bool Flowgraph::isSummarised(const llvm::Function &F) {
  return F.hasFnAttribute(SummarisedAttr);
}

std::unique_ptr<Flowgraph> Flowgraph::toReturns(const llvm::Function &F) {
  std::unique_ptr<Flowgraph> G(new Flowgraph());
  G->Fn = const_cast<llvm::Function *>(&F);
  for (const llvm::Instruction &I : llvm::instructions(F))
    if (llvm::isa<llvm::ReturnInst>(I))
      G->Targets.push_back(&I);
  G->NumTargets = G->Targets.size();
  G->build();
  return G;
}

void Flowgraph::findTargets(const std::vector<TargetSpec> &Specs) {
  // Calls left in the entry (recursion, libc models) of functions that may
  // reach a target are targets too.
  std::set<const llvm::Function *> Reaching = reachingFunctions(*Copy, Specs);
  bool IndirectReaches = false;
  for (const llvm::Function *F : Reaching)
    IndirectReaches = IndirectReaches || F->hasAddressTaken();
  for (const llvm::Instruction &I : llvm::instructions(*Fn)) {
    const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
    bool Target = matchesTarget(I, Specs);
    if (!Target && Call && !Call->isInlineAsm()) {
      const llvm::Function *Callee = calleeOf(I);
      bool Through = Callee ? Reaching.count(Callee) > 0 : IndirectReaches;
      if (Through)
        Notes.push_back(
            fmt::format("the call at {} may reach the target: it counts as one",
                        sourceLocOf(&I).str()));
      Target = Through;
    }
    if (Target)
      Targets.push_back(&I);
  }
  NumTargets = Targets.size();
}

void Flowgraph::build() {
  std::map<const llvm::BasicBlock *, const llvm::Instruction *> FirstTarget;
  for (const llvm::Instruction *I : Targets)
    FirstTarget.emplace(I->getParent(), I);
  auto IsTarget = [&](const llvm::BasicBlock *B) {
    return FirstTarget.count(B) > 0;
  };
  // Blocks reaching a target (target blocks have no successors).
  std::set<const llvm::BasicBlock *> Back;
  std::vector<const llvm::BasicBlock *> Work;
  for (auto &[B, _] : FirstTarget)
    if (Back.insert(B).second)
      Work.push_back(B);
  while (!Work.empty()) {
    const llvm::BasicBlock *B = Work.back();
    Work.pop_back();
    for (const llvm::BasicBlock *P : llvm::predecessors(B))
      if (!IsTarget(P) && Back.insert(P).second)
        Work.push_back(P);
  }
  // Of those, the ones reachable from the entry.
  const llvm::BasicBlock *EntryBlock = &Fn->getEntryBlock();
  std::set<const llvm::BasicBlock *> Fwd;
  if (Back.count(EntryBlock)) {
    Fwd.insert(EntryBlock);
    Work.push_back(EntryBlock);
  }
  while (!Work.empty()) {
    const llvm::BasicBlock *B = Work.back();
    Work.pop_back();
    if (IsTarget(B))
      continue;
    for (const llvm::BasicBlock *S : llvm::successors(B))
      if (Back.count(S) && Fwd.insert(S).second)
        Work.push_back(S);
  }
  std::map<const llvm::BasicBlock *, unsigned> Index;
  for (const llvm::BasicBlock &B : *Fn)
    if (Fwd.count(&B)) {
      Index[&B] = Blocks.size();
      Blocks.push_back(&B);
    }
  Succs.resize(Blocks.size());
  TargetAt.assign(Blocks.size(), nullptr);
  for (unsigned N = 0; N < Blocks.size(); ++N) {
    if (IsTarget(Blocks[N])) {
      TargetAt[N] = FirstTarget[Blocks[N]];
      continue;
    }
    for (const llvm::BasicBlock *S : llvm::successors(Blocks[N])) {
      auto It = Index.find(S);
      if (It != Index.end() && std::find(Succs[N].begin(), Succs[N].end(),
                                         It->second) == Succs[N].end())
        Succs[N].push_back(It->second);
    }
  }
}

const llvm::Value *Flowgraph::failingCondition(unsigned N) const {
  const llvm::Function *Callee = calleeOf(*TargetAt[N]);
  if (!Callee || Callee->getName() != "theseus_assert")
    return nullptr;
  return llvm::cast<llvm::CallBase>(TargetAt[N])->getArgOperand(0);
}

std::string Flowgraph::describe(unsigned N) const {
  const llvm::BasicBlock *B = Blocks[N];
  std::string Name = B->hasName() ? B->getName().str() : fmt::format("bb{}", N);
  for (const llvm::Instruction &I : *B)
    if (sourceLocOf(&I).known())
      return fmt::format("{} ({})", Name, sourceLocOf(&I).str());
  return Name;
}

} // namespace theseus
