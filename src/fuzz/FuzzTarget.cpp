//===- FuzzTarget.cpp - The program built for libFuzzer -------------------===//
#include "fuzz/FuzzTarget.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>
#include <fstream>

#ifndef THESEUS_RUNTIME_DIR
#define THESEUS_RUNTIME_DIR ""
#endif
#ifndef THESEUS_INCLUDE_DIR
#define THESEUS_INCLUDE_DIR ""
#endif

namespace theseus {

namespace {

/// The symbol the program's main gets: libFuzzer brings its own main.
const char *const FuzzMain = "theseus_fuzz_main";

/// A C string literal of `Text`.
std::string cString(const std::string &Text) {
  std::string Out = "\"";
  for (unsigned char C : Text) {
    if (C == '"' || C == '\\')
      Out += fmt::format("\\{}", static_cast<char>(C));
    else if (C < 32 || C > 126)
      Out += fmt::format("\\{:03o}", C);
    else
      Out += static_cast<char>(C);
  }
  return Out + "\"";
}

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
    std::vector<std::string> Argv = {findClang(),
                                     "-c",
                                     "-emit-llvm",
                                     "-D__THESEUS__=1",
                                     "-D__THESEUS_FUZZ__=1",
                                     "-I" THESEUS_INCLUDE_DIR};
    std::vector<std::string> Common = commonFlags(P);
    Argv.insert(Argv.end(), Common.begin(), Common.end());
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
  std::string Types, Params, Args, Decode;
  if (P.CommandLine) {
    Params = "int, char **, char **";
    std::string Argv;
    for (const std::string &A : P.Argv)
      Argv += cString(A) + ", ";
    Decode = fmt::format("  static char *argv[] = {{{}0}};\n"
                         "  static char *envp[] = {{0}};\n",
                         Argv);
    Args = fmt::format("{}, argv, envp", P.Argv.size());
  }
  unsigned I = 0;
  for (const ParamInfo &Param : P.Params) {
    std::string Type = Param.BaseCType;
    if (Param.IsStruct) {
      // Bytes of the struct's size have its ABI class (see Replay.cpp).
      Type = fmt::format("struct theseus_struct{}", I);
      Types +=
          fmt::format("{} {{ unsigned char b[{}]; }};\n", Type, Param.Bytes);
      Decode += fmt::format("  {} a{};\n  theseus_fuzz_take(a{}.b, {});\n",
                            Type, I, I, Param.Bytes);
    } else if (Param.IsPointer) {
      Type = "void *";
      Decode += fmt::format("  void *a{} = theseus_fuzz_buffer({}, {});\n", I,
                            Param.Bytes, Param.NulTerminated ? 1 : 0);
    } else {
      uint64_t Modulo = Param.LengthOf.empty() ? 0 : Param.MaxValue + 1;
      Decode += fmt::format(
          "  {0} a{1} = ({0})theseus_fuzz_scalar({2}, {3}, {4}, {5}ULL);\n",
          Type, I, Param.Bytes, Param.Bits, Param.Signed ? 1 : 0, Modulo);
    }
    Params += (I ? ", " : "") + Type;
    Args += fmt::format("{}a{}", I ? ", " : "", I);
    ++I;
  }
  std::string Symbol = P.Entry == "main" ? FuzzMain : P.Entry;
  std::string Ret = P.Return.IsVoid ? "void" : P.Return.BaseCType;
  return fmt::format(
      "/* Generated by Theseus: the entry's parameters from the stream. */\n"
      "#include <stddef.h>\n"
      "void theseus_fuzz_take(void *out, size_t n);\n"
      "void *theseus_fuzz_buffer(size_t n, int nul_terminated);\n"
      "unsigned long long theseus_fuzz_scalar(unsigned bytes, unsigned bits,\n"
      "                                       int sgn, unsigned long long "
      "modulo);\n"
      "{0}{1} theseus_entry({2}) __asm__(\"{3}\");\n"
      "void theseus_fuzz_call(void) {{\n{4}  theseus_entry({5});\n}}\n",
      Types, Ret, Params.empty() ? "void" : Params, Symbol, Decode, Args);
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
  if (P.UndefinedBehaviorChecks)
    Argv.insert(Argv.end(),
                {undefinedBehaviorSanitizeFlag(), "-fno-sanitize-recover=all"});
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
