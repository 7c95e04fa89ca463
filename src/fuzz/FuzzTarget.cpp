//===- FuzzTarget.cpp - The program built for libFuzzer -------------------===//
#include "fuzz/FuzzTarget.h"
#include "native/NativeBuild.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>
#include <fstream>

#ifndef THESEUS_RUNTIME_DIR
#define THESEUS_RUNTIME_DIR ""
#endif

namespace theseus {

namespace {

/// Before each run, every writable global gets its initial value back
/// (`theseus_fuzz_reset`), as in a fresh process.
void addGlobalReset(llvm::Module &M) {
  llvm::LLVMContext &Ctx = M.getContext();
  auto *Reset = llvm::Function::Create(
      llvm::FunctionType::get(llvm::Type::getVoidTy(Ctx), false),
      llvm::GlobalValue::ExternalLinkage, "theseus_fuzz_reset", M);
  llvm::IRBuilder<> B(llvm::BasicBlock::Create(Ctx, "", Reset));
  const llvm::DataLayout &DL = M.getDataLayout();
  std::vector<llvm::GlobalVariable *> Writable;
  for (llvm::GlobalVariable &G : M.globals())
    if (G.hasInitializer() && !G.isConstant() && !G.isThreadLocal() &&
        !G.getName().starts_with("llvm."))
      Writable.push_back(&G);
  for (llvm::GlobalVariable *G : Writable) {
    uint64_t Size = DL.getTypeAllocSize(G->getValueType());
    if (Size == 0)
      continue;
    llvm::MaybeAlign Align = G->getAlign();
    if (G->getInitializer()->isNullValue()) {
      B.CreateMemSet(G, B.getInt8(0), Size, Align);
      continue;
    }
    auto *Initial = new llvm::GlobalVariable(
        M, G->getValueType(), /*isConstant=*/true,
        llvm::GlobalValue::PrivateLinkage, G->getInitializer(),
        G->getName() + ".theseus_initial");
    Initial->setAlignment(Align);
    B.CreateMemCpy(G, Align, Initial, Align, Size);
  }
  B.CreateRetVoid();
}

/// exit() ends a run, not the fuzzing process; so do abort() and failed
/// assertions, after the runtime saved the input (theseus_fuzz.c).
void routeProcessEnds(llvm::Module &M) {
  static const std::pair<const char *, const char *> Routes[] = {
      {"exit", "theseus_fuzz_exit"},
      {"_exit", "theseus_fuzz_exit"},
      {"_Exit", "theseus_fuzz_exit"},
      {"abort", "theseus_fuzz_abort"},
      {"__assert_fail", "theseus_fuzz_assert_fail"}};
  for (auto [Name, To] : Routes) {
    llvm::Function *F = M.getFunction(Name);
    if (!F || !F->isDeclaration())
      continue;
    llvm::FunctionCallee Route =
        M.getOrInsertFunction(To, F->getFunctionType());
    F->replaceAllUsesWith(Route.getCallee());
    F->eraseFromParent();
  }
}

bool isReachError(llvm::StringRef Name) {
  return Name == "reach_error" || Name == "__VERIFIER_error";
}

llvm::StringRef functionOf(const llvm::DILocation *L) {
  return L->getScope()->getSubprogram()->getName();
}

/// Before each call that ends the run in an error (abort, __assert_fail,
/// theseus_assert, reach_error, __VERIFIER_error), the runtime learns
/// where it is (theseus_fuzz_site: the call's file, line and function), so
/// that a recorded run names the error's place as the engine does. A call
/// of reach_error or __VERIFIER_error is the error itself, whatever the
/// function's body, as in the engine (exec/Calls.cpp): it becomes a call
/// of theseus_fuzz_reach_error. The module is not optimised yet, so no
/// such call was inlined or dropped.
void markErrorSites(llvm::Module &M) {
  llvm::LLVMContext &Ctx = M.getContext();
  llvm::Type *Ptr = llvm::PointerType::getUnqual(Ctx);
  llvm::Type *Void = llvm::Type::getVoidTy(Ctx);
  llvm::FunctionCallee Site = M.getOrInsertFunction(
      "theseus_fuzz_site", Void, Ptr, llvm::Type::getInt32Ty(Ctx), Ptr);
  llvm::FunctionCallee Reach =
      M.getOrInsertFunction("theseus_fuzz_reach_error", Void, Ptr);
  std::vector<llvm::CallBase *> Calls;
  for (llvm::Function &F : M)
    for (llvm::Instruction &I : llvm::instructions(F))
      if (auto *C = llvm::dyn_cast<llvm::CallBase>(&I))
        if (const llvm::Function *Callee = C->getCalledFunction())
          if (isReachError(Callee->getName()) ||
              llvm::is_contained({"theseus_fuzz_abort",
                                  "theseus_fuzz_assert_fail", "theseus_assert"},
                                 Callee->getName()))
            Calls.push_back(C);
  for (llvm::CallBase *C : Calls) {
    const llvm::DILocation *L = C->getDebugLoc().get();
    if (!L)
      continue;
    llvm::StringRef Reached = C->getCalledFunction()->getName();
    llvm::IRBuilder<> B(C);
    B.CreateCall(Site, {B.CreateGlobalStringPtr(L->getFilename()),
                        B.getInt32(L->getLine()),
                        B.CreateGlobalStringPtr(functionOf(L))});
    if (isReachError(Reached))
      B.CreateCall(Reach, {B.CreateGlobalStringPtr(Reached)});
  }
}

std::vector<std::string> commonFlags(const FuzzProgram &P) {
  std::vector<std::string> Flags = {"-g", "-O1", "-w"};
  for (std::string &F :
       dataModelFlags(P.ILP32 ? DataModel::ILP32 : DataModel::LP64))
    Flags.push_back(std::move(F));
  return Flags;
}

/// The program's sources compiled and linked into one module, prepared
/// for many runs in one process, written to `Dir`/program.bc.
std::string buildProgramModule(const FuzzProgram &P, const std::string &Dir) {
  llvm::LLVMContext Ctx;
  auto Linked = std::make_unique<llvm::Module>("program", Ctx);
  llvm::Linker L(*Linked);
  unsigned Index = 0;
  for (const std::string &Source : P.Sources) {
    std::string Bc = fmt::format("{}/source{}.bc", Dir, Index++);
    std::vector<std::string> Argv = {findClang(), "-c", "-emit-llvm"};
    std::vector<std::string> Harness = harnessFlags("FUZZ");
    Argv.insert(Argv.end(), Harness.begin(), Harness.end());
    std::vector<std::string> Common = commonFlags(P);
    Argv.insert(Argv.end(), Common.begin(), Common.end());
    // Optimised only once the error calls are marked (the fuzzer's build
    // does it): -O1 drops a call of an empty reach_error, which the engine
    // takes for the error whatever its body.
    Argv.insert(Argv.end(), {"-Xclang", "-disable-llvm-passes"});
    Argv.insert(Argv.end(), P.CFlags.begin(), P.CFlags.end());
    Argv.insert(Argv.end(), {Source, "-o", Bc});
    runCompiler(Argv, Source);
    llvm::SMDiagnostic Diag;
    std::unique_ptr<llvm::Module> M = llvm::parseIRFile(Bc, Diag, Ctx);
    if (!M || L.linkInModule(std::move(M)))
      throw InputError{fmt::format("fuzzing: cannot link {}", Source)};
  }
  if (llvm::Function *Main = Linked->getFunction("main"))
    Main->setName(FuzzMain);
  routeProcessEnds(*Linked);
  markErrorSites(*Linked);
  addGlobalReset(*Linked);
  std::string Out = Dir + "/program.bc";
  std::error_code EC;
  llvm::raw_fd_ostream OS(Out, EC);
  if (EC)
    throw InputError{
        fmt::format("fuzzing: cannot write {}: {}", Out, EC.message())};
  llvm::WriteBitcodeToFile(*Linked, OS);
  return Out;
}

} // namespace

std::string fuzzCallSource(const FuzzProgram &P) {
  return fuzzCallSource(NativeEntry{P.Entry, P.Params, P.Return, P.CommandLine},
                        P.Argv);
}

std::string buildFuzzTarget(const FuzzProgram &P, const std::string &Dir) {
  std::string Bc = buildProgramModule(P, Dir);
  std::string Call = Dir + "/call.c";
  std::ofstream(Call) << fuzzCallSource(P);
  std::string Bin = Dir + "/fuzzer";
  std::vector<std::string> Argv = {findClang(), "-o", Bin};
  std::vector<std::string> Common = commonFlags(P);
  Argv.insert(Argv.end(), Common.begin(), Common.end());
  Argv.push_back(P.AddressSanitizer ? "-fsanitize=fuzzer,address"
                                    : "-fsanitize=fuzzer");
  for (std::string &F : undefinedBehaviorFlags(P.UndefinedBehaviorChecks))
    Argv.push_back(std::move(F));
  Argv.insert(Argv.end(), {Bc, Call, THESEUS_RUNTIME_DIR "/theseus_fuzz.c"});
  Argv.insert(Argv.end(), P.NativeSources.begin(), P.NativeSources.end());
  Argv.push_back("-lm");
  std::string Log = Dir + "/build.log";
  if (runProgram(Argv, Log, Log) != 0)
    throw InputError{
        fmt::format("fuzzing: cannot build the fuzzer (see {})", Log)};
  return Bin;
}

} // namespace theseus
