//===- Program.cpp - Compile, link and describe the program under test ----===//
#include "program/Program.h"
#include "support/Process.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <fmt/format.h>
#include <fstream>

#ifndef THESEUS_DEFAULT_CLANG
#define THESEUS_DEFAULT_CLANG "/usr/lib/llvm-19/bin/clang"
#endif
#ifndef THESEUS_LIBC_BC
#error "THESEUS_LIBC_BC must name the bitcode of the libc models"
#endif
#ifndef THESEUS_LIBC32_BC
#error "THESEUS_LIBC32_BC must name the bitcode of the -m32 libc models"
#endif

namespace theseus {

std::string findClang() {
  if (const char *Env = std::getenv("THESEUS_CLANG"))
    return Env;
  if (llvm::sys::fs::can_execute(THESEUS_DEFAULT_CLANG))
    return THESEUS_DEFAULT_CLANG;
  if (auto P = llvm::sys::findProgramByName("clang-19"))
    return *P;
  throw InputError{"cannot find clang-19 (set THESEUS_CLANG to its path)"};
}

int runProgram(const std::vector<std::string> &Argv,
               std::optional<std::string> StdoutFile,
               std::optional<std::string> StderrFile) {
  ProcessOptions O;
  O.Argv = Argv;
  if (StdoutFile)
    O.Stdout = ProcessOutput::file(*StdoutFile);
  if (StderrFile)
    O.Stderr = StderrFile == StdoutFile ? ProcessOutput::toStdout()
                                        : ProcessOutput::file(*StderrFile);
  std::string Error;
  std::optional<ProcessResult> R = runProcess(O, Error);
  return R && R->Exited ? R->Code : -1;
}

bool isCxxFileName(llvm::StringRef Path) {
  return llvm::is_contained({".cpp", ".cc", ".cxx", ".c++", ".cp", ".C", ".CPP",
                             ".ii", ".hpp", ".hh", ".hxx", ".H"},
                            llvm::sys::path::extension(Path));
}

namespace {

/// Whether a C file that clang rejected is C++ code: C++ headers, namespaces,
/// templates, classes or scope operators. Only asked after a failed compile,
/// so a C program that merely mentions these words compiles as before.
bool looksLikeCxx(const std::string &Source) {
  auto Buf = llvm::MemoryBuffer::getFile(Source);
  if (!Buf)
    return false;
  static const llvm::Regex Cxx(
      "(^|\n)[ \t]*#[ \t]*include[ \t]*<[a-z_]+>|"
      "(^|[^a-zA-Z0-9_])(namespace[ \t]+[a-zA-Z_]|template[ \t]*<|"
      "class[ \t]+[a-zA-Z_][a-zA-Z0-9_]*[ \t\n]*[:{]|std::|using[ \t]+"
      "namespace)");
  return Cxx.match((*Buf)->getBuffer());
}

/// Clang's first error line from its output, with the count of the others.
std::string firstClangError(llvm::StringRef Log) {
  llvm::SmallVector<llvm::StringRef> Lines;
  Log.split(Lines, '\n');
  std::string First;
  unsigned Errors = 0;
  for (llvm::StringRef L : Lines) {
    if (!L.contains("error: "))
      continue;
    if (First.empty())
      First = L.str();
    ++Errors;
  }
  if (First.empty())
    return "clang failed without an error message";
  if (Errors > 1)
    First += fmt::format(" (and {} more error{})", Errors - 1,
                         Errors > 2 ? "s" : "");
  return First;
}

} // namespace

void runCompiler(const std::vector<std::string> &Argv,
                 const std::string &Source) {
  ProcessOptions O;
  O.Argv = Argv;
  O.Stderr = ProcessOutput::capture();
  std::string Error;
  std::optional<ProcessResult> R = runProcess(O, Error);
  if (!R)
    throw InputError{fmt::format("cannot run {}: {}", Argv[0], Error)};
  if (R->succeeded()) {
    std::fputs(R->Stderr.c_str(), stderr);
    return;
  }
  if (looksLikeCxx(Source))
    throw InputError{fmt::format("C++ is not supported: {} (clang: {})", Source,
                                 firstClangError(R->Stderr))};
  throw InputError{fmt::format("compilation of {} failed: {}", Source,
                               firstClangError(R->Stderr))};
}

TempDir::TempDir() {
  llvm::SmallString<128> P;
  if (llvm::sys::fs::createUniqueDirectory("theseus", P))
    throw InputError{"cannot create a temporary directory"};
  Path = std::string(P);
}

TempDir::~TempDir() { llvm::sys::fs::remove_directories(Path); }

/// The checks of -fsanitize=undefined that are not already the engine's
/// own: division by zero, null, alignment, pointer overflow and object size
/// are memory or division checks of the interpreter, and `function` adds
/// prologue data read through function pointers.
const char *undefinedBehaviorSanitizeFlag() {
  return "-fsanitize=signed-integer-overflow,shift,bool,enum,builtin,return,"
         "unreachable,vla-bound,float-cast-overflow,array-bounds,"
         "nonnull-attribute,returns-nonnull-attribute";
}

const char *toString(DataModel M) {
  return M == DataModel::ILP32 ? "ILP32" : "LP64";
}

std::optional<DataModel> parseDataModel(llvm::StringRef Name) {
  if (Name == "LP64")
    return DataModel::LP64;
  if (Name == "ILP32")
    return DataModel::ILP32;
  return std::nullopt;
}

std::vector<std::string> dataModelFlags(DataModel M) {
  // 32-bit x86 code computes with the x87 unit by default, in extended
  // precision; SSE2 gives the IEEE-754 single and double arithmetic the
  // interpreter implements, as on x86-64.
  if (M == DataModel::ILP32)
    return {"-m32", "-msse2", "-mfpmath=sse"};
  return {};
}

const std::vector<std::string> &legacyCodeFlags() {
  static const std::vector<std::string> Flags = {
      "-Wno-error=implicit-function-declaration", "-Wno-error=int-conversion",
      "-Wno-error=incompatible-function-pointer-types"};
  return Flags;
}

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
  if (Opts.UndefinedBehaviorChecks)
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

struct CTypeDesc {
  std::string Spelled; ///< Outermost name (typedef or basic).
  std::string Base;    ///< Basic type name.
  bool Signed = true;
  bool Known = false;
  bool IsPointerOrAggregate = false;
};

CTypeDesc describeDIType(const llvm::DIType *T);

/// "T *", or "T (*)[N]" for a pointer to an array.
std::string pointerTo(const std::string &Inner) {
  size_t Bracket = Inner.find('[');
  if (Bracket != std::string::npos)
    return Inner.substr(0, Bracket) + " (*)" + Inner.substr(Bracket);
  return Inner + (Inner.ends_with('*') ? "*" : " *");
}

/// "int[30]", "const int[4][5]": the element type and each dimension.
std::string arraySpelling(const llvm::DICompositeType *Arr) {
  std::string Dims;
  for (const llvm::DINode *N : Arr->getElements()) {
    auto *Range = llvm::dyn_cast<llvm::DISubrange>(N);
    auto *Count =
        Range
            ? llvm::dyn_cast_if_present<llvm::ConstantInt *>(Range->getCount())
            : nullptr;
    // A flexible array member's count is -1.
    Dims += Count && Count->getSExtValue() >= 0
                ? fmt::format("[{}]", Count->getZExtValue())
                : "[]";
  }
  const llvm::DIType *ElemType = Arr->getBaseType();
  auto *Qualified = llvm::dyn_cast_or_null<llvm::DIDerivedType>(ElemType);
  bool Const =
      Qualified && Qualified->getTag() == llvm::dwarf::DW_TAG_const_type;
  std::string Elem = ElemType ? describeDIType(ElemType).Spelled : "?";
  return (Const ? "const " : "") + Elem + Dims;
}

CTypeDesc describeDIType(const llvm::DIType *T) {
  CTypeDesc D;
  while (T) {
    if (auto *Derived = llvm::dyn_cast<llvm::DIDerivedType>(T)) {
      unsigned Tag = Derived->getTag();
      if (Tag == llvm::dwarf::DW_TAG_typedef && D.Spelled.empty())
        D.Spelled = Derived->getName().str();
      if (Tag == llvm::dwarf::DW_TAG_pointer_type) {
        const llvm::DIType *Pointee = Derived->getBaseType();
        std::string Inner = Pointee ? describeDIType(Pointee).Spelled : "void";
        if (D.Spelled.empty())
          D.Spelled = pointerTo(Inner);
        D.IsPointerOrAggregate = true;
        D.Base = "pointer";
        return D;
      }
      T = Derived->getBaseType();
      continue;
    }
    if (auto *Basic = llvm::dyn_cast<llvm::DIBasicType>(T)) {
      D.Base = Basic->getName().str();
      unsigned Enc = Basic->getEncoding();
      D.Signed = Enc == llvm::dwarf::DW_ATE_signed ||
                 Enc == llvm::dwarf::DW_ATE_signed_char;
      D.Known = true;
      break;
    }
    if (auto *Comp = llvm::dyn_cast<llvm::DICompositeType>(T)) {
      if (Comp->getTag() == llvm::dwarf::DW_TAG_array_type) {
        D.IsPointerOrAggregate = true;
        D.Base = "array";
        if (D.Spelled.empty())
          D.Spelled = arraySpelling(Comp);
        return D;
      }
      if (Comp->getTag() == llvm::dwarf::DW_TAG_enumeration_type) {
        if (D.Spelled.empty())
          D.Spelled = "enum " + Comp->getName().str();
        if (Comp->getBaseType()) {
          CTypeDesc Under = describeDIType(Comp->getBaseType());
          D.Base = Under.Base;
          D.Signed = Under.Signed;
        } else {
          D.Base = "int";
        }
        D.Known = true;
        break;
      }
      D.IsPointerOrAggregate = true;
      D.Base = Comp->getName().str();
      if (D.Spelled.empty())
        D.Spelled =
            (Comp->getTag() == llvm::dwarf::DW_TAG_union_type ? "union "
                                                              : "struct ") +
            D.Base;
      return D;
    }
    break;
  }
  if (D.Spelled.empty())
    D.Spelled = D.Base;
  return D;
}

llvm::SmallVector<const llvm::DIType *, 8>
signatureTypes(const llvm::Function &F) {
  llvm::SmallVector<const llvm::DIType *, 8> Types;
  if (const llvm::DISubprogram *SP = F.getSubprogram())
    if (const llvm::DISubroutineType *ST = SP->getType())
      for (const llvm::DIType *T : ST->getTypeArray())
        Types.push_back(T);
  return Types;
}

/// A C name for an integer of `Bits` when there is no debug info.
std::string fallbackCType(unsigned Bits, bool Signed) {
  std::string S = Signed ? "" : "unsigned ";
  switch (Bits) {
  case 1:
    return "_Bool";
  case 8:
    return S + "char";
  case 16:
    return S + "short";
  case 32:
    return S + "int";
  default:
    return S + "long long";
  }
}

} // namespace

namespace {

/// Strips typedefs and qualifiers.
const llvm::DIType *underlying(const llvm::DIType *T) {
  while (auto *D = llvm::dyn_cast_or_null<llvm::DIDerivedType>(T)) {
    unsigned Tag = D->getTag();
    if (Tag != llvm::dwarf::DW_TAG_typedef &&
        Tag != llvm::dwarf::DW_TAG_const_type &&
        Tag != llvm::dwarf::DW_TAG_volatile_type &&
        Tag != llvm::dwarf::DW_TAG_restrict_type &&
        Tag != llvm::dwarf::DW_TAG_atomic_type)
      break;
    T = D->getBaseType();
  }
  return T;
}

/// Appends the integer members of struct type `T` (at `Base` bytes, names
/// prefixed by `Prefix`) to `Out`; false if a member is not an integer,
/// an enum, or a struct or array of them (pointers, floating point,
/// bit-fields and unions are not made symbolic field by field).
bool flattenFields(const llvm::DIType *T, const std::string &Prefix,
                   unsigned Base, std::vector<FieldInfo> &Out) {
  T = underlying(T);
  if (auto *B = llvm::dyn_cast_or_null<llvm::DIBasicType>(T)) {
    unsigned Enc = B->getEncoding();
    if (Enc == llvm::dwarf::DW_ATE_float)
      return false;
    Out.push_back({Prefix, B->getName().str(), Base,
                   static_cast<unsigned>(B->getSizeInBits() / 8),
                   Enc == llvm::dwarf::DW_ATE_signed ||
                       Enc == llvm::dwarf::DW_ATE_signed_char});
    return true;
  }
  auto *C = llvm::dyn_cast_or_null<llvm::DICompositeType>(T);
  if (!C)
    return false; // Pointers, functions.
  switch (C->getTag()) {
  case llvm::dwarf::DW_TAG_enumeration_type:
    Out.push_back({Prefix, describeDIType(C).Spelled, Base,
                   static_cast<unsigned>(C->getSizeInBits() / 8), true});
    return true;
  case llvm::dwarf::DW_TAG_structure_type:
    for (const llvm::DINode *N : C->getElements()) {
      auto *M = llvm::dyn_cast<llvm::DIDerivedType>(N);
      if (!M || M->getTag() != llvm::dwarf::DW_TAG_member || M->isBitField())
        return false;
      std::string Name = Prefix.empty() ? M->getName().str()
                                        : Prefix + "." + M->getName().str();
      if (!flattenFields(M->getBaseType(), Name,
                         Base + static_cast<unsigned>(M->getOffsetInBits() / 8),
                         Out))
        return false;
    }
    return true;
  case llvm::dwarf::DW_TAG_array_type: {
    auto Elements = C->getElements();
    auto *Range = Elements.size() == 1
                      ? llvm::dyn_cast<llvm::DISubrange>(Elements[0])
                      : nullptr;
    auto *Count =
        Range
            ? llvm::dyn_cast_if_present<llvm::ConstantInt *>(Range->getCount())
            : nullptr;
    unsigned ElemBytes = static_cast<unsigned>(
        underlying(C->getBaseType())->getSizeInBits() / 8);
    if (!Count || !ElemBytes)
      return false;
    // A flexible array member (count -1) has no bytes in the struct: the
    // fixed part alone is the input.
    for (int64_t I = 0; I < Count->getSExtValue(); ++I)
      if (!flattenFields(C->getBaseType(), fmt::format("{}[{}]", Prefix, I),
                         Base + static_cast<unsigned>(I) * ElemBytes, Out))
        return false;
    return true;
  }
  default:
    return false;
  }
}

/// The struct type behind `T` (typedefs and qualifiers removed), if any.
const llvm::DICompositeType *structType(const llvm::DIType *T) {
  auto *C = llvm::dyn_cast_or_null<llvm::DICompositeType>(underlying(T));
  return C && C->getTag() == llvm::dwarf::DW_TAG_structure_type ? C : nullptr;
}

/// Fills the buffer description of a pointer parameter from the pointee's
/// debug type. Returns false for pointees Theseus cannot fill yet.
bool describePointee(const llvm::DIType *PointerDI, const BufferSizes &Sizes,
                     ParamInfo &P) {
  auto *Ptr =
      llvm::dyn_cast_or_null<llvm::DIDerivedType>(underlying(PointerDI));
  if (!Ptr || Ptr->getTag() != llvm::dwarf::DW_TAG_pointer_type)
    return false;
  const llvm::DIType *Pointee = underlying(Ptr->getBaseType());
  if (!Pointee) { // void *: raw bytes.
    P.ElemCType = "unsigned char";
    P.ElemBytes = 1;
    P.Count = Sizes.StringBytes;
    return true;
  }
  P.ElemCType = describeDIType(Ptr->getBaseType()).Spelled;
  if (auto *Basic = llvm::dyn_cast<llvm::DIBasicType>(Pointee)) {
    unsigned Enc = Basic->getEncoding();
    P.ElemBytes = static_cast<unsigned>(Basic->getSizeInBits() / 8);
    P.Signed = Enc == llvm::dwarf::DW_ATE_signed ||
               Enc == llvm::dwarf::DW_ATE_signed_char;
    // Only plain `char *` is a string; `unsigned char *`, `uint8_t *` and
    // `signed char *` are byte buffers.
    bool IsString = Basic->getName() == "char";
    P.NulTerminated = IsString;
    P.Count = IsString ? Sizes.StringBytes : Sizes.Elements;
    return P.ElemBytes > 0;
  }
  if (auto *Comp = llvm::dyn_cast<llvm::DICompositeType>(Pointee)) {
    P.ElemBytes = static_cast<unsigned>(Comp->getSizeInBits() / 8);
    if (Comp->getTag() == llvm::dwarf::DW_TAG_array_type) {
      // `int a[][30]` (a pointer to int[30]): --max-len rows.
      P.Count = Sizes.Elements;
      if (auto *Cell = llvm::dyn_cast_or_null<llvm::DIBasicType>(
              underlying(Comp->getBaseType()))) {
        P.CellBytes = static_cast<unsigned>(Cell->getSizeInBits() / 8);
        P.Signed = Cell->getEncoding() == llvm::dwarf::DW_ATE_signed ||
                   Cell->getEncoding() == llvm::dwarf::DW_ATE_signed_char;
      }
      return P.ElemBytes > 0;
    }
    if (structType(Comp) && !flattenFields(Comp, "", 0, P.Fields))
      P.Fields.clear(); // Recorded as bytes only.
    P.Count = Comp->getTag() == llvm::dwarf::DW_TAG_enumeration_type
                  ? Sizes.Elements
                  : 1; // One struct or union.
    return P.ElemBytes > 0;
  }
  return false; // Pointers to pointers or functions.
}

} // namespace

/// A struct parameter passed by value: its integer fields, and the IR
/// arguments carrying it, from `It` on (left at the last of them).
void describeStructParam(const llvm::Function &F,
                         const llvm::DICompositeType *S, const llvm::DIType *DI,
                         llvm::Function::const_arg_iterator &It, ParamInfo &P) {
  CTypeDesc D = describeDIType(DI);
  P.CType = D.Spelled;
  P.BaseCType = P.CType;
  P.IsStruct = true;
  P.Bytes = static_cast<unsigned>(S->getSizeInBits() / 8);
  P.Bits = P.Bytes * 8;
  // Clang names a coerced struct's pieces `<name>.coerce[N]`.
  llvm::StringRef Name = It->getName();
  P.Name = Name.substr(0, Name.find(".coerce")).str();
  if (!flattenFields(S, "", 0, P.Fields) || P.Bytes == 0)
    throw InputError{fmt::format(
        "parameter '{}' of '{}' is a struct passed by value with a member "
        "that is not an integer (floating point, pointer, bit-field or "
        "union): pass it by pointer to make it symbolic",
        P.Name, F.getName().str())};
  if (It->hasByValAttr()) {
    P.ByVal = true;
    return;
  }
  unsigned Covered = 0;
  for (;; ++It) {
    if (It == F.arg_end() || !It->getType()->isIntegerTy())
      throw InputError{fmt::format(
          "parameter '{}' of '{}': this struct is passed in a way Theseus "
          "does not support yet",
          P.Name, F.getName().str())};
    unsigned Bits = It->getType()->getIntegerBitWidth();
    Covered += Bits / 8;
    P.PieceBits.push_back(Bits);
    if (Covered >= P.Bytes)
      return;
  }
}

namespace {

/// `char **` (typedefs and qualifiers removed at each level).
bool isCharPointerPointer(const llvm::DIType *T) {
  for (int Level = 0; Level < 2; ++Level) {
    auto *Ptr = llvm::dyn_cast_or_null<llvm::DIDerivedType>(underlying(T));
    if (!Ptr || Ptr->getTag() != llvm::dwarf::DW_TAG_pointer_type)
      return false;
    T = Ptr->getBaseType();
  }
  auto *Basic = llvm::dyn_cast_or_null<llvm::DIBasicType>(underlying(T));
  return Basic && Basic->getName() == "char";
}

/// `main(int argc, char **argv[, char **envp])`: a command-line program.
bool isCommandLineMain(const llvm::Function &F,
                       llvm::ArrayRef<const llvm::DIType *> Types) {
  if (F.getName() != "main" || F.arg_size() < 2 || F.arg_size() > 3 ||
      !F.getArg(0)->getType()->isIntegerTy())
    return false;
  for (unsigned I = 1; I < F.arg_size(); ++I)
    if (!F.getArg(I)->getType()->isPointerTy() ||
        (I + 1 < Types.size() && !isCharPointerPointer(Types[I + 1])))
      return false;
  return true;
}

std::vector<ParamInfo> describeCommandLine(const llvm::Function &F) {
  static const ParamRole Roles[] = {ParamRole::ArgCount, ParamRole::ArgVector,
                                    ParamRole::EnvVector};
  std::vector<ParamInfo> Params;
  for (const llvm::Argument &A : F.args()) {
    ParamInfo P;
    P.Role = Roles[A.getArgNo()];
    P.Name =
        A.hasName() ? A.getName().str() : fmt::format("arg{}", A.getArgNo());
    bool Count = P.Role == ParamRole::ArgCount;
    P.CType = P.BaseCType = Count ? "int" : "char **";
    P.Bits = Count ? A.getType()->getIntegerBitWidth() : 64;
    P.Bytes = P.Bits / 8;
    P.Signed = Count;
    P.IsPointer = !Count;
    Params.push_back(std::move(P));
  }
  return Params;
}

ParamInfo *findParam(std::vector<ParamInfo> &Params, llvm::StringRef Name) {
  for (ParamInfo &P : Params)
    if (P.Name == Name)
      return &P;
  return nullptr;
}

/// A parameter type as an error message names it.
std::string spellingForError(const llvm::DIType *DI, const CTypeDesc &D) {
  auto *Ptr = llvm::dyn_cast_or_null<llvm::DIDerivedType>(DI);
  if (Ptr && Ptr->getTag() == llvm::dwarf::DW_TAG_pointer_type &&
      llvm::isa_and_nonnull<llvm::DISubroutineType>(Ptr->getBaseType()))
    return "a function pointer";
  return D.Spelled.empty() ? "non-integer" : D.Spelled;
}

/// Bounds an integer length parameter by its buffer's element count.
void linkLength(ParamInfo &Len, const ParamInfo &Buf) {
  Len.LengthOf = Buf.Name;
  Len.MaxValue = Buf.Count;
}

bool isInteger(const ParamInfo &P) {
  return !P.IsPointer && !P.IsStruct && P.Bits > 1;
}

/// A size by its type (size_t, ssize_t) or name (n, len, size, count, ...),
/// so that `memchr(s, int c, size_t n)` links n but not c.
bool looksLikeLength(const ParamInfo &P) {
  if (!isInteger(P) || P.Bits < 16)
    return false;
  if (P.CType == "size_t" || P.CType == "ssize_t")
    return true;
  std::string Name = llvm::StringRef(P.Name).lower();
  if (Name == "n" || Name == "sz" || Name == "cnt" || Name == "num")
    return true;
  for (const char *Part : {"len", "size", "count", "nbytes", "nelem"})
    if (Name.find(Part) != std::string::npos)
      return true;
  return false;
}

/// A `(buf, len)` pair: a size right after a pointer parameter is the
/// buffer's length unless --no-len-link; --len LEN=BUF links explicitly.
void linkLengths(std::vector<ParamInfo> &Params, const BufferSizes &Sizes,
                 const llvm::Function &F) {
  if (Sizes.LinkLengths)
    for (size_t I = 1; I < Params.size(); ++I)
      if (Params[I - 1].IsPointer && looksLikeLength(Params[I]))
        linkLength(Params[I], Params[I - 1]);
  for (const std::string &Link : Sizes.Lengths) {
    auto [LenName, BufName] = llvm::StringRef(Link).split('=');
    ParamInfo *Len = findParam(Params, LenName.trim());
    ParamInfo *Buf = findParam(Params, BufName.trim());
    if (!Len || !Buf || !isInteger(*Len) || !Buf->IsPointer)
      throw InputError{fmt::format(
          "--len {}: expected LEN=BUF naming an integer parameter and a "
          "pointer parameter of '{}'",
          Link, F.getName().str())};
    linkLength(*Len, *Buf);
  }
}

} // namespace

std::vector<ParamInfo> describeParams(const llvm::Function &F,
                                      const BufferSizes &Sizes) {
  auto Types = signatureTypes(F);
  if (isCommandLineMain(F, Types))
    return describeCommandLine(F);
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  std::vector<ParamInfo> Params;
  // A struct passed by value may take several IR arguments, so the C
  // parameters (debug info) are followed with their own index.
  unsigned DIIndex = 0;
  for (auto It = F.arg_begin(); It != F.arg_end(); ++It) {
    const llvm::Argument &A = *It;
    ParamInfo P;
    P.Name =
        A.hasName() ? A.getName().str() : fmt::format("arg{}", A.getArgNo());
    ++DIIndex;
    const llvm::DIType *DI = DIIndex < Types.size() ? Types[DIIndex] : nullptr;
    if (const llvm::DICompositeType *S = structType(DI)) {
      describeStructParam(F, S, DI, It, P);
      Params.push_back(std::move(P));
      continue;
    }
    CTypeDesc D;
    if (DI)
      D = describeDIType(DI);
    llvm::Type *T = A.getType();
    auto Unsupported = [&] {
      return InputError{fmt::format(
          "parameter '{}' of '{}' has type '{}': only integer parameters and "
          "pointers to integers, characters or structs can be symbolic "
          "inputs so far",
          P.Name, F.getName().str(), spellingForError(DI, D))};
    };
    if (T->isPointerTy() && !A.hasByValAttr()) {
      if (!describePointee(DI, Sizes, P))
        throw Unsupported();
      P.IsPointer = true;
      P.CType = D.Spelled;
      P.BaseCType = "void *";
      P.Bits = 64;
      P.Bytes = P.ElemBytes * P.Count;
      Params.push_back(std::move(P));
      continue;
    }
    if (!T->isIntegerTy() || T->getIntegerBitWidth() > 64 ||
        D.IsPointerOrAggregate)
      throw Unsupported();
    P.Bits = T->getIntegerBitWidth();
    P.Bytes = static_cast<unsigned>(DL.getTypeStoreSize(T));
    if (D.Known) {
      P.CType = D.Spelled;
      P.BaseCType = D.Base;
      P.Signed = D.Signed;
    } else {
      P.Signed = !A.hasZExtAttr();
      P.BaseCType = P.CType = fallbackCType(P.Bits, P.Signed);
    }
    Params.push_back(std::move(P));
  }
  linkLengths(Params, Sizes, F);
  return Params;
}

ReturnInfo describeReturn(const llvm::Function &F) {
  ReturnInfo R;
  llvm::Type *T = F.getReturnType();
  if (T->isVoidTy())
    return R;
  R.IsVoid = false;
  auto Types = signatureTypes(F);
  CTypeDesc D;
  if (!Types.empty() && Types[0])
    D = describeDIType(Types[0]);
  R.Bits = T->isIntegerTy() ? T->getIntegerBitWidth() : 64;
  if (D.Known) {
    R.CType = D.Spelled;
    R.BaseCType = D.Base;
    R.Signed = D.Signed;
  } else {
    R.Signed = !F.hasRetAttribute(llvm::Attribute::ZExt);
    R.BaseCType = R.CType =
        T->isIntegerTy()
            ? fallbackCType(R.Bits, R.Signed)
            : std::string(D.Spelled.empty() ? "pointer" : D.Spelled);
  }
  return R;
}

} // namespace theseus
