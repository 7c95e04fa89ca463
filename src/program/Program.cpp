//===- Program.cpp - Loading the program under test -----------------------===//
#include "program/Program.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Support/xxhash.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>
#include <fstream>

#ifndef THESEUS_LIBC_BC
#error "THESEUS_LIBC_BC must name the bitcode of the libc models"
#endif
#ifndef THESEUS_LIBC32_BC
#error "THESEUS_LIBC32_BC must name the bitcode of the -m32 libc models"
#endif

namespace theseus {

namespace {

bool hasExtension(llvm::StringRef Path, llvm::StringRef Ext) {
  return llvm::sys::path::extension(Path) == Ext;
}

std::string compileToBitcode(const CompileOptions &Opts,
                             const std::string &Source, const TempDir &Tmp,
                             unsigned Index) {
  std::string Out = fmt::format("{}/{}-{}.bc", Tmp.path(),
                                llvm::sys::path::stem(Source).str(), Index);
  // With __NO_CTYPE, ctype.h declares isdigit() etc. as functions (the
  // models) instead of macros over glibc's class tables.
  std::vector<std::string> Argv = {Opts.Clang.empty() ? findClang()
                                                      : Opts.Clang,
                                   "-c",
                                   "-emit-llvm",
                                   "-g",
                                   "-O0",
                                   "-Xclang",
                                   "-disable-O0-optnone",
                                   "-fno-discard-value-names",
                                   "-D__THESEUS__=1",
                                   "-D__NO_CTYPE=1"};
  // A preprocessed file (.i) has its headers in it already.
  if (!Opts.IncludeDir.empty() && !hasExtension(Source, ".i"))
    Argv.push_back("-I" + Opts.IncludeDir);
  if (Opts.UndefinedBehaviorChecks.UndefinedBehavior)
    Argv.push_back(undefinedBehaviorSanitizeFlag());
  for (const std::vector<std::string> &Flags :
       {dataModelFlags(Opts.Model), legacyCodeFlags(), Opts.CFlags})
    Argv.insert(Argv.end(), Flags.begin(), Flags.end());
  Argv.insert(Argv.end(), {Source, "-o", Out});
  runCompiler(Argv, Source);
  return Out;
}

std::unique_ptr<llvm::Module> parseModule(const std::string &Path,
                                          llvm::LLVMContext &Ctx) {
  llvm::SMDiagnostic Diag;
  auto M = llvm::parseIRFile(Path, Diag, Ctx);
  if (!M)
    throw InputError{
        Diag.getLineNo() > 0
            ? fmt::format("{}:{}:{}: {}", Path, Diag.getLineNo(),
                          Diag.getColumnNo() + 1, Diag.getMessage().str())
            : fmt::format("cannot read {}: {}", Path, Diag.getMessage().str())};
  return M;
}

/// Refuses what is not a readable C, preprocessed C or LLVM IR file before
/// clang or the IR reader see it.
void checkInputFile(const std::string &Src) {
  if (!llvm::sys::fs::exists(Src))
    throw InputError{fmt::format("no such file: {}", Src)};
  if (llvm::sys::fs::is_directory(Src))
    throw InputError{fmt::format("{} is a directory, not a C file", Src)};
  if (isCxxFileName(Src))
    throw InputError{fmt::format("C++ is not supported: {}", Src)};
  if (!llvm::is_contained({".c", ".i", ".bc", ".ll"},
                          llvm::sys::path::extension(Src)))
    throw InputError{fmt::format(
        "unsupported input file type (expected .c, .i, .bc or .ll): {}", Src)};
  if (!std::ifstream(Src))
    throw InputError{fmt::format("cannot read {}", Src)};
}

const char *const LibcModelTag = "theseus.libc-model";

/// Links the models of the C library functions the program calls (and
/// those they call). Models are weak, so a program's own definition of,
/// say, strlen wins; linked models carry LibcModelTag.
void linkLibcModels(llvm::Module &M) {
  bool ILP32 = M.getDataLayout().getPointerSizeInBits() == 32;
  auto Models =
      parseModule(ILP32 ? THESEUS_LIBC32_BC : THESEUS_LIBC_BC, M.getContext());
  llvm::MDNode *Tag = llvm::MDNode::get(M.getContext(), {});
  for (llvm::Function &F : *Models) {
    if (F.isDeclaration())
      continue;
    F.setMetadata(LibcModelTag, Tag);
    if (!F.hasLocalLinkage())
      F.setLinkage(llvm::GlobalValue::WeakAnyLinkage);
  }
  if (llvm::Linker::linkModules(M, std::move(Models),
                                llvm::Linker::Flags::LinkOnlyNeeded))
    throw InputError{"cannot link the libc models into the program"};
}

/// The interpreter follows the module's data layout; it must be the one
/// asked for (a .bc or .ll file keeps the layout it was compiled with).
void checkDataModel(const llvm::Module &M, DataModel Model) {
  unsigned Bits = M.getDataLayout().getPointerSizeInBits();
  unsigned Expected = Model == DataModel::ILP32 ? 32 : 64;
  if (Bits == Expected)
    return;
  throw InputError{fmt::format(
      "the program has {}-bit pointers, but the data model is {}{}", Bits,
      toString(Model),
      Bits == 32 || Bits == 64
          ? fmt::format(" (use --data-model {})", Bits == 32 ? "ILP32" : "LP64")
          : "")};
}

} // namespace

bool isLibcModel(const llvm::Function &F) {
  return F.hasMetadata(LibcModelTag);
}

std::unique_ptr<Program> Program::load(const CompileOptions &Opts) {
  if (Opts.Sources.empty())
    throw InputError{"no input files"};
  std::unique_ptr<Program> P(new Program());
  P->Opts = Opts;
  P->Ctx = std::make_unique<llvm::LLVMContext>();
  TempDir Tmp;
  unsigned Index = 0;
  for (const std::string &Src : Opts.Sources) {
    checkInputFile(Src);
    std::string BC = Src;
    if (!hasExtension(Src, ".bc") && !hasExtension(Src, ".ll"))
      BC = compileToBitcode(Opts, Src, Tmp, Index++);
    auto M = parseModule(BC, *P->Ctx);
    if (!P->M) {
      P->M = std::move(M);
      continue;
    }
    if (llvm::Linker::linkModules(*P->M, std::move(M)))
      throw InputError{fmt::format("cannot link {} with the other inputs "
                                   "(duplicate definitions?)",
                                   Src)};
  }
  checkDataModel(*P->M, Opts.Model);
  linkLibcModels(*P->M);
  std::string Errors;
  llvm::raw_string_ostream OS(Errors);
  if (llvm::verifyModule(*P->M, &OS))
    throw InputError{"the linked module is not valid LLVM IR: " +
                     llvm::StringRef(Errors).split('\n').first.str()};
  return P;
}

std::vector<std::string> Program::definedFunctions() const {
  std::vector<std::string> Names;
  for (const llvm::Function &F : *M)
    if (!F.isDeclaration() && !F.isIntrinsic() && !isLibcModel(F))
      Names.push_back(F.getName().str());
  return Names;
}

llvm::Function &Program::selectEntry(const std::string &Name) const {
  auto Defined = [&](llvm::StringRef N) -> llvm::Function * {
    llvm::Function *F = M->getFunction(N);
    return F && !F->isDeclaration() && !isLibcModel(*F) ? F : nullptr;
  };
  llvm::Function *F = nullptr;
  if (!Name.empty()) {
    F = Defined(Name);
  } else {
    F = Defined(llvm::sys::path::stem(Opts.Sources.front()));
    if (!F)
      F = Defined("main");
  }
  if (F)
    return *F;
  if (definedFunctions().empty())
    throw InputError{fmt::format("no function is defined in {}",
                                 llvm::join(Opts.Sources, ", "))};
  std::string List;
  for (const std::string &N : definedFunctions())
    List += (List.empty() ? "" : ", ") + N;
  std::string What =
      Name.empty()
          ? fmt::format("no function named '{}' or 'main'",
                        llvm::sys::path::stem(Opts.Sources.front()).str())
          : fmt::format("no defined function named '{}'", Name);
  throw InputError{fmt::format(
      "{}; choose one with --entry (defined functions: {})", What, List)};
}

std::string SourceLoc::str() const {
  if (!known())
    return "<unknown>";
  return fmt::format("{}:{}", File.str(), Line);
}

std::string SourceLoc::fullPath() const {
  if (File.empty() || llvm::sys::path::is_absolute(File) || Dir.empty())
    return File.str();
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, File);
  return std::string(P);
}

SourceLoc sourceLocOf(const llvm::Instruction *I) {
  SourceLoc L;
  if (!I)
    return L;
  const llvm::DebugLoc &DL = I->getDebugLoc();
  if (!DL)
    return L;
  auto *Scope = llvm::cast<llvm::DIScope>(DL.getScope());
  L.File = Scope->getFilename();
  L.Dir = Scope->getDirectory();
  L.Line = DL.getLine();
  L.Column = DL.getCol();
  return L;
}

SourceLoc sourceLocOf(const llvm::Function &F) {
  SourceLoc L;
  if (const llvm::DISubprogram *SP = F.getSubprogram()) {
    L.File = SP->getFilename();
    L.Dir = SP->getDirectory();
    L.Line = SP->getLine();
  }
  return L;
}

namespace {
void layOut(const llvm::DataLayout &DL, llvm::Type *T) {
  if (auto *ST = llvm::dyn_cast<llvm::StructType>(T); ST && ST->isSized())
    DL.getStructLayout(ST); // Lays out the structs inside it too.
  else if (auto *AT = llvm::dyn_cast<llvm::ArrayType>(T))
    layOut(DL, AT->getElementType());
}
} // namespace

void Program::prepareForThreads() const {
  const llvm::DataLayout &DL = M->getDataLayout();
  for (llvm::StructType *ST : M->getIdentifiedStructTypes())
    layOut(DL, ST);
  for (const llvm::GlobalVariable &G : M->globals())
    layOut(DL, G.getValueType());
  for (const llvm::Function &F : *M) {
    (void)F.arg_begin(); // Builds a lazy argument list.
    for (const llvm::Instruction &I : llvm::instructions(F)) {
      layOut(DL, I.getType());
      for (const llvm::Value *Op : I.operands()) {
        layOut(DL, Op->getType());
        if (const auto *G = llvm::dyn_cast<llvm::GEPOperator>(Op))
          layOut(DL, G->getSourceElementType());
      }
      if (const auto *A = llvm::dyn_cast<llvm::AllocaInst>(&I))
        layOut(DL, A->getAllocatedType());
      else if (const auto *G = llvm::dyn_cast<llvm::GetElementPtrInst>(&I))
        layOut(DL, G->getSourceElementType());
    }
  }
}

std::string Program::moduleHash() const {
  llvm::SmallVector<char, 0> Bitcode;
  llvm::raw_svector_ostream OS(Bitcode);
  llvm::WriteBitcodeToFile(*M, OS);
  return fmt::format(
      "{:016x}",
      llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
          reinterpret_cast<const uint8_t *>(Bitcode.data()), Bitcode.size())));
}

} // namespace theseus
