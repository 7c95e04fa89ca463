//===- Signature.cpp - The entry's signature from debug info --------------===//
#include "program/Program.h"

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"

#include <algorithm>
#include <fmt/format.h>
#include <tuple>

namespace theseus {

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

/// Appends the integer, float and double members of struct type `T` (at
/// `Base` bytes, names prefixed by `Prefix`) to `Out`; false if a member is
/// not one of them, an enum, or a struct or array of them (pointers, long
/// double, bit-fields and unions are not made symbolic field by field). With
/// `Partial`, such members are left out instead.
bool flattenFields(const llvm::DIType *T, const std::string &Prefix,
                   unsigned Base, std::vector<FieldInfo> &Out,
                   bool Partial = false) {
  T = underlying(T);
  if (auto *B = llvm::dyn_cast_or_null<llvm::DIBasicType>(T)) {
    unsigned Enc = B->getEncoding();
    bool Float = Enc == llvm::dwarf::DW_ATE_float;
    unsigned Bytes = static_cast<unsigned>(B->getSizeInBits() / 8);
    if (Float && Bytes != 4 && Bytes != 8)
      return false; // long double: x87's 80 bits are not modelled.
    Out.push_back({Prefix, B->getName().str(), Base, Bytes,
                   Enc == llvm::dwarf::DW_ATE_signed ||
                       Enc == llvm::dwarf::DW_ATE_signed_char,
                   Float});
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
      if (!M || M->getTag() != llvm::dwarf::DW_TAG_member || M->isBitField()) {
        if (Partial)
          continue;
        return false;
      }
      std::string Name = Prefix.empty() ? M->getName().str()
                                        : Prefix + "." + M->getName().str();
      if (!flattenFields(M->getBaseType(), Name,
                         Base + static_cast<unsigned>(M->getOffsetInBits() / 8),
                         Out, Partial) &&
          !Partial)
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
                         Base + static_cast<unsigned>(I) * ElemBytes, Out,
                         Partial))
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
    P.SizedBy = "--max-strlen";
    return true;
  }
  P.ElemCType = describeDIType(Ptr->getBaseType()).Spelled;
  if (auto *Basic = llvm::dyn_cast<llvm::DIBasicType>(Pointee)) {
    unsigned Enc = Basic->getEncoding();
    P.ElemBytes = static_cast<unsigned>(Basic->getSizeInBits() / 8);
    P.Signed = Enc == llvm::dwarf::DW_ATE_signed ||
               Enc == llvm::dwarf::DW_ATE_signed_char;
    P.IsFloat = Enc == llvm::dwarf::DW_ATE_float;
    if (P.IsFloat && P.ElemBytes != 4 && P.ElemBytes != 8)
      return false; // long double
    // Only plain `char *` is a string; `unsigned char *`, `uint8_t *` and
    // `signed char *` are byte buffers.
    bool IsString = Basic->getName() == "char";
    P.NulTerminated = IsString;
    P.Count = IsString ? Sizes.StringBytes : Sizes.Elements;
    P.SizedBy = IsString ? "--max-strlen" : "--max-len";
    return P.ElemBytes > 0;
  }
  if (auto *Comp = llvm::dyn_cast<llvm::DICompositeType>(Pointee)) {
    P.ElemBytes = static_cast<unsigned>(Comp->getSizeInBits() / 8);
    if (Comp->getTag() == llvm::dwarf::DW_TAG_array_type) {
      // `int a[][30]` (a pointer to int[30]): --max-len rows.
      P.Count = Sizes.Elements;
      P.SizedBy = "--max-len";
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
    bool Enum = Comp->getTag() == llvm::dwarf::DW_TAG_enumeration_type;
    P.Count = Enum ? Sizes.Elements : 1; // One struct or union.
    P.SizedBy = Enum ? "--max-len" : nullptr;
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
    if (It != F.arg_end() &&
        (It->getType()->isFloatingPointTy() || It->getType()->isVectorTy()))
      throw InputError{fmt::format(
          "parameter '{}' of '{}' is a struct passed by value in "
          "floating-point registers, which Theseus does not support yet: "
          "pass it by pointer to make it symbolic",
          P.Name, F.getName().str())};
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

/// A float or double parameter: an input of its encoding's bytes.
void describeFloatParam(const llvm::Type *T, const CTypeDesc &D, ParamInfo &P) {
  P.IsFloat = true;
  P.Bits = T->isFloatTy() ? 32 : 64;
  P.Bytes = P.Bits / 8;
  P.Signed = true;
  P.BaseCType = T->isFloatTy() ? "float" : "double";
  P.CType = D.Known ? D.Spelled : P.BaseCType;
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
    // The memory a returned struct is written to, not a C parameter.
    if (A.hasStructRetAttr())
      continue;
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
          "parameter '{}' of '{}' has type '{}': only integer, float and "
          "double parameters and pointers to them, characters or structs "
          "can be symbolic inputs so far",
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
    if (T->isX86_FP80Ty() || T->isFP128Ty())
      throw InputError{fmt::format(
          "parameter '{}' of '{}' has type '{}': long double (x87's 80-bit "
          "format) is not supported, float and double are",
          P.Name, F.getName().str(), spellingForError(DI, D))};
    if (T->isFloatTy() || T->isDoubleTy()) {
      describeFloatParam(T, D, P);
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

namespace {

/// Integer or pointer registers: a struct of integers the driver's byte
/// array stands in for (the same ABI class).
bool inIntegerRegisters(llvm::Type *T) {
  if (auto *S = llvm::dyn_cast<llvm::StructType>(T))
    return llvm::all_of(S->elements(), [](llvm::Type *E) {
      return E->isIntegerTy() || E->isPointerTy();
    });
  return T->isIntegerTy() || T->isPointerTy();
}

void describeStructReturn(const llvm::Function &F,
                          const llvm::DICompositeType *S,
                          const llvm::DIType *DI, ReturnInfo &R) {
  R.IsVoid = false;
  R.IsStruct = true;
  R.CType = R.BaseCType = describeDIType(DI).Spelled;
  R.Bytes = static_cast<unsigned>(S->getSizeInBits() / 8);
  flattenFields(S, "", 0, R.Fields, /*Partial=*/true);
  if (!F.hasStructRetAttr() && !F.getReturnType()->isVoidTy() &&
      !inIntegerRegisters(F.getReturnType()))
    throw InputError{
        fmt::format("'{}' returns {} in floating-point registers, which "
                    "Theseus does not support yet",
                    F.getName().str(), R.CType)};
}

} // namespace

ReturnInfo describeReturn(const llvm::Function &F) {
  ReturnInfo R;
  auto Types = signatureTypes(F);
  const llvm::DIType *DI = Types.empty() ? nullptr : Types[0];
  if (const llvm::DICompositeType *S = structType(DI)) {
    describeStructReturn(F, S, DI, R);
    return R;
  }
  llvm::Type *T = F.getReturnType();
  if (T->isVoidTy())
    return R;
  R.IsVoid = false;
  CTypeDesc D;
  if (DI)
    D = describeDIType(DI);
  if (T->isX86_FP80Ty() || T->isFP128Ty())
    throw InputError{fmt::format("'{}' returns a long double (x87's 80-bit "
                                 "format), which is not supported",
                                 F.getName().str())};
  R.IsFloat = T->isFloatTy() || T->isDoubleTy();
  R.Bits = T->isIntegerTy() ? T->getIntegerBitWidth()
           : T->isFloatTy() ? 32
                            : 64;
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

std::vector<const FieldInfo *>
fieldsByName(const std::vector<FieldInfo> &Fields) {
  std::vector<const FieldInfo *> Sorted;
  for (const FieldInfo &F : Fields)
    Sorted.push_back(&F);
  // Equal names stay in declaration order (the pointers increase).
  std::sort(Sorted.begin(), Sorted.end(),
            [](const FieldInfo *A, const FieldInfo *B) {
              return std::tie(A->Name, A) < std::tie(B->Name, B);
            });
  std::vector<const FieldInfo *> Out;
  for (size_t I = 0; I < Sorted.size(); ++I)
    if (I + 1 == Sorted.size() || Sorted[I + 1]->Name != Sorted[I]->Name)
      Out.push_back(Sorted[I]);
  return Out;
}

} // namespace theseus
