//===- Calls.cpp - Calls, intrinsics, builtins, native calls ---===//
#include "exec/InterpreterRun.h"

namespace theseus {

void Interpreter::Run::call(const llvm::CallBase &I) {
  const llvm::Function *F = I.getCalledFunction();
  if (!F) {
    ConcolicValue Target = operand(I.getCalledOperand());
    uint64_t Addr = Target.Bits;
    // Which function a symbolic pointer calls is a decision the explorer
    // can negate to reach the other targets.
    if (Target.Sym)
      decide(Ctx.eq(Target.Sym, Ctx.constant(Addr, 64)), true,
             BranchKind::Branch, I);
    F = In.FunctionAt.lookup(Addr);
    if (!F)
      return bug(
          "invalid-function-pointer",
          fmt::format("call through {:#x}, which is not a function", Addr), I);
  }
  if (const llvm::Function *Contract = In.Summaries.lookup(F))
    F = Contract;
  if (F->isIntrinsic())
    return intrinsic(I, *F);
  if (builtin(I, *F))
    return;
  if (F->isDeclaration())
    return native(I, *F);
  std::vector<ConcolicValue> Args;
  for (const llvm::Use &A : I.args())
    Args.push_back(operand(A.get()));
  if (F->isVarArg())
    return unsupported(I, fmt::format("call to variadic function '{}' "
                                      "with a body",
                                      F->getName().str()));
  pushFrame(*F, std::move(Args), &I);
}

void Interpreter::Run::intrinsic(const llvm::CallBase &I,
                                 const llvm::Function &F) {
  using llvm::Intrinsic::ID;
  auto Arg = [&](unsigned N) { return operand(I.getArgOperand(N)); };
  unsigned W = scalarWidth(I.getType());
  if (isOverflowIntrinsic(F.getIntrinsicID()))
    return; // Its fields are computed by extractvalue.
  switch (F.getIntrinsicID()) {
  case llvm::Intrinsic::dbg_declare:
  case llvm::Intrinsic::dbg_value:
  case llvm::Intrinsic::dbg_label:
  case llvm::Intrinsic::lifetime_start:
  case llvm::Intrinsic::lifetime_end:
  case llvm::Intrinsic::assume:
  case llvm::Intrinsic::experimental_noalias_scope_decl:
  case llvm::Intrinsic::stackrestore:
  case llvm::Intrinsic::donothing:
    return;
  case llvm::Intrinsic::stacksave:
    return set(I, {0, nullptr});
  case llvm::Intrinsic::expect:
    return set(I, Arg(0));
  case llvm::Intrinsic::trap:
  case llvm::Intrinsic::debugtrap:
  case llvm::Intrinsic::ubsantrap:
    return bug("trap", "the program executed a trap", I);
  case llvm::Intrinsic::memcpy:
  case llvm::Intrinsic::memmove:
  case llvm::Intrinsic::memset: {
    bool IsSet = F.getIntrinsicID() == llvm::Intrinsic::memset;
    uint64_t Len;
    if (!chooseLength(I, IsSet ? 1 : 2, Len) || Len == 0)
      return;
    uint64_t Dst;
    if (!access(I, Arg(0), Len, Dst, /*Write=*/true))
      return;
    if (IsSet) {
      ConcolicValue B = Arg(1);
      return S.Mem.fill(Dst, static_cast<uint8_t>(B.Bits), B.Sym, Len);
    }
    uint64_t Src;
    if (!access(I, Arg(1), Len, Src))
      return;
    return S.Mem.copy(Dst, Src, Len);
  }
  case llvm::Intrinsic::abs: {
    ConcolicValue X = Arg(0);
    int64_t V = signExtend(X.Bits, W);
    uint64_t Bits = truncBits(uint64_t(V < 0 ? -V : V), W);
    if (!X.Sym)
      return set(I, {Bits, nullptr});
    ExprRef Neg = Ctx.sub(Ctx.constant(0, W), X.Sym);
    return set(I, value(Bits, Ctx.select(Ctx.slt(X.Sym, Ctx.constant(0, W)),
                                         Neg, X.Sym)));
  }
  case llvm::Intrinsic::smax:
  case llvm::Intrinsic::smin:
  case llvm::Intrinsic::umax:
  case llvm::Intrinsic::umin: {
    ConcolicValue A = Arg(0), B = Arg(1);
    ID Id = F.getIntrinsicID();
    bool Signed = Id == llvm::Intrinsic::smax || Id == llvm::Intrinsic::smin;
    bool Max = Id == llvm::Intrinsic::smax || Id == llvm::Intrinsic::umax;
    ExprKind Lt = Signed ? ExprKind::Slt : ExprKind::Ult;
    bool ALess = evalCompare(Lt, A.Bits, B.Bits, W);
    ConcolicValue Pick = (ALess != Max) ? A : B;
    if (!A.Sym && !B.Sym)
      return set(I, Pick);
    ExprRef Less = Ctx.compare(Lt, symOf(A, W), symOf(B, W));
    return set(
        I, value(Pick.Bits, Max ? Ctx.select(Less, symOf(B, W), symOf(A, W))
                                : Ctx.select(Less, symOf(A, W), symOf(B, W))));
  }
  case llvm::Intrinsic::bswap: {
    ConcolicValue X = Arg(0);
    uint64_t Bits = 0;
    ExprRef Sym = nullptr;
    for (unsigned B = 0; B < W / 8; ++B) {
      Bits |= ((X.Bits >> (8 * B)) & 0xff) << (W - 8 - 8 * B);
      if (X.Sym) {
        ExprRef Byte = Ctx.extract(X.Sym, 8 * B, 8);
        Sym = Sym ? Ctx.concat(Sym, Byte) : Byte;
      }
    }
    return set(I, value(Bits, Sym));
  }
  case llvm::Intrinsic::ctpop:
  case llvm::Intrinsic::ctlz:
  case llvm::Intrinsic::cttz: {
    ConcolicValue X = Arg(0);
    if (X.Sym)
      Obs.onConcretization(&I, "bit-counting intrinsic");
    uint64_t V = truncBits(X.Bits, W), R = 0;
    ID Id = F.getIntrinsicID();
    if (Id == llvm::Intrinsic::ctpop)
      R = __builtin_popcountll(V);
    else if (V == 0)
      R = W;
    else if (Id == llvm::Intrinsic::ctlz)
      R = __builtin_clzll(V) - (64 - W);
    else
      R = __builtin_ctzll(V);
    return set(I, {R, nullptr});
  }
  default:
    return unsupported(I, fmt::format("intrinsic '{}'", F.getName().str()));
  }
}

/// Functions with a meaning to Theseus, whatever their body: they end the
/// path or manage memory. Returns false for ordinary functions.
bool Interpreter::Run::builtin(const llvm::CallBase &I,
                               const llvm::Function &F) {
  llvm::StringRef Name = F.getName();
  auto Arg = [&](unsigned N) { return operand(I.getArgOperand(N)); };
  if (harness(I, F) || sanitizerHandler(I, F))
    return true;
  if (Name == "__assert_fail") {
    std::string Expr = S.Mem.readCString(Arg(0).Bits, 200);
    bug("assertion-failure", fmt::format("assertion '{}' failed", Expr), I);
    return true;
  }
  if (Name == "abort") {
    bug("abort", "abort() called", I);
    return true;
  }
  if (Name == "reach_error" || Name == "__VERIFIER_error") {
    bug("reach-error", fmt::format("{}() called", Name.str()), I);
    return true;
  }
  if (Name == "exit" || Name == "_exit" || Name == "_Exit") {
    Out.HasValue = true;
    Out.Value = pin(Arg(0), 32, I);
    finish(PathEnd::Exit, &I);
    return true;
  }
  if (Name == "malloc" || Name == "calloc") {
    uint64_t Size = 0, Count = 1;
    bool Fits = allocationSize(I, 0, Size) &&
                (Name == "malloc" || allocationSize(I, 1, Count)) &&
                Size * Count <= MaxHeapObject; // Both are at most 2^30.
    uint64_t Base = 0; // A failed allocation returns NULL.
    if (Fits)
      Base = S.Mem.allocate(Size * Count, 16, ObjectKind::Heap, "heap")->Base;
    set(I, {Base, nullptr});
    return true;
  }
  if (Name == "free") {
    uint64_t Addr = pin(Arg(0), 64, I);
    if (Addr != 0 && heapBlock(I, Addr, "free"))
      S.Mem.release(Addr);
    return true;
  }
  if (Name == "realloc") {
    reallocate(I);
    return true;
  }
  return false;
}

bool Interpreter::Run::allocationSize(const llvm::CallBase &I, unsigned Arg,
                                      uint64_t &Size) {
  const llvm::Value *V = I.getArgOperand(Arg);
  bool Fits;
  Size = chooseSize(operand(V), scalarWidth(V->getType()), MaxHeapObject,
                    BranchKind::Branch, I, Fits);
  return Fits;
}

const MemoryObject *Interpreter::Run::heapBlock(const llvm::CallBase &I,
                                                uint64_t Addr,
                                                llvm::StringRef Callee) {
  const MemoryObject *O = S.Mem.objectAt(Addr);
  if (O && O->Kind == ObjectKind::Heap)
    return O;
  bool Double = S.Mem.wasFreed(Addr);
  bug(Double ? "double-free" : "invalid-free",
      fmt::format("{}({:#x}) of {}", Callee.str(), Addr,
                  Double ? "memory already freed" : "a non-heap pointer"),
      I);
  return nullptr;
}

/// glibc's realloc: realloc(NULL, n) is malloc(n), realloc(p, 0) frees p
/// and returns NULL. The block always moves, so a stale pointer to the old
/// one is a use after free, as under AddressSanitizer.
void Interpreter::Run::reallocate(const llvm::CallBase &I) {
  uint64_t Addr = pin(operand(I.getArgOperand(0)), 64, I);
  uint64_t Size;
  if (!allocationSize(I, 1, Size))
    return set(I, {0, nullptr}); // Failed: the old block stays.
  uint64_t OldSize = 0;
  if (Addr != 0) {
    const MemoryObject *Old = heapBlock(I, Addr, "realloc");
    if (!Old)
      return;
    OldSize = Old->Size;
  }
  uint64_t NewAddr = 0;
  if (Size != 0 || Addr == 0) {
    NewAddr = S.Mem.allocate(Size, 16, ObjectKind::Heap, "heap")->Base;
    if (Addr != 0)
      S.Mem.copy(NewAddr, Addr, std::min(OldSize, Size));
  }
  if (Addr != 0)
    S.Mem.release(Addr);
  set(I, {NewAddr, nullptr});
}

const Array *Interpreter::Run::freshInput(const std::string &Base,
                                          uint32_t Size,
                                          const std::string &CType, bool Signed,
                                          std::vector<uint8_t> &Bytes) {
  unsigned &Seen = S.InputNames[Base];
  std::string Name = ++Seen == 1 ? Base : fmt::format("{}#{}", Base, Seen);
  Bytes.assign(Size, 0);
  const Array *A = Obs.makeInput({Name, Size, CType, Signed}, Bytes);
  Bytes.resize(Size, 0);
  return A;
}

bool Interpreter::Run::decideArgument(const llvm::CallBase &I,
                                      BranchKind Kind) {
  ConcolicValue C = operand(I.getArgOperand(0));
  unsigned W = scalarWidth(I.getArgOperand(0)->getType());
  bool Holds = truncBits(C.Bits, W) != 0;
  if (C.Sym)
    decide(Ctx.ne(C.Sym, Ctx.constant(0, W)), Holds, Kind, I);
  return Holds;
}

/// The harness APIs: Theseus' own (include/theseus.h), KLEE's and
/// SV-COMP's, so existing harnesses run unchanged.
bool Interpreter::Run::harness(const llvm::CallBase &I,
                               const llvm::Function &F) {
  llvm::StringRef Name = F.getName();
  auto Arg = [&](unsigned N) { return operand(I.getArgOperand(N)); };
  if (Name == "theseus_make_symbolic" || Name == "klee_make_symbolic") {
    uint64_t Size = pin(Arg(1), scalarWidth(I.getArgOperand(1)->getType()), I);
    uint64_t Addr;
    if (!access(I, Arg(0), std::max<uint64_t>(Size, 1), Addr))
      return true;
    std::string Base = S.Mem.readCString(Arg(2).Bits, 128);
    std::vector<uint8_t> Bytes;
    const Array *A =
        freshInput(Base.empty() ? "input" : Base, static_cast<uint32_t>(Size),
                   fmt::format("uint8_t[{}]", Size), false, Bytes);
    for (uint32_t B = 0; B < Size; ++B)
      S.Mem.store(Ctx, Addr + B, 1, Bytes[B], A ? Ctx.read(A, B) : nullptr);
    return true;
  }
  // Functions returning a fresh integer input.
  static const llvm::StringMap<std::pair<const char *, bool>> Nondet = {
      {"bool", {"_Bool", false}},
      {"char", {"char", true}},
      {"uchar", {"unsigned char", false}},
      {"short", {"short", true}},
      {"ushort", {"unsigned short", false}},
      {"int", {"int", true}},
      {"uint", {"unsigned int", false}},
      {"long", {"long", true}},
      {"ulong", {"unsigned long", false}},
      {"longlong", {"long long", true}},
      {"ulonglong", {"unsigned long long", false}},
      {"size_t", {"size_t", false}},
      {"pointer", {"void *", false}}};
  std::string Base;
  const char *CType = "int";
  bool Signed = true;
  if (Name.consume_front("__VERIFIER_nondet_")) {
    auto It = Nondet.find(Name);
    if (It == Nondet.end())
      return false; // e.g. float: runs natively if available.
    CType = It->second.first;
    Signed = It->second.second;
    Base = fmt::format("nondet_{}_{}", Name.str(), ++S.NondetCount);
  } else if (Name == "theseus_int" || Name == "klee_int") {
    Base = S.Mem.readCString(Arg(0).Bits, 128);
    if (Base.empty())
      Base = "int";
  } else if (Name == "theseus_assume" || Name == "klee_assume" ||
             Name == "__VERIFIER_assume") {
    if (!decideArgument(I, BranchKind::Assume)) {
      Out.Message = "the input violates an assumption";
      finish(PathEnd::AssumeViolated, &I);
    }
    return true;
  } else if (Name == "theseus_assert") {
    if (!decideArgument(I, BranchKind::Check))
      bug("assertion-failure", "theseus_assert failed", I);
    return true;
  } else {
    return false;
  }
  unsigned W = scalarWidth(I.getType());
  uint32_t Size = static_cast<uint32_t>(DL.getTypeStoreSize(I.getType()));
  std::vector<uint8_t> Bytes;
  const Array *A = freshInput(Base, Size, CType, Signed, Bytes);
  uint64_t Bits = 0;
  for (uint32_t B = 0; B < Size && B < 8; ++B)
    Bits |= uint64_t(Bytes[B]) << (8 * B);
  ExprRef Sym = A ? Ctx.readLE(A, 0, Size) : nullptr;
  if (Sym && Sym->width() != W)
    Sym = Ctx.extract(Sym, 0, W);
  set(I, value(truncBits(Bits, W), Sym));
  return true;
}

void Interpreter::Run::native(const llvm::CallBase &I,
                              const llvm::Function &F) {
  if (In.Opts.DenyExternals && !isOutputFunction(F.getName())) {
    Out.Message =
        fmt::format("external call to {} denied (--externals=deny) at {}",
                    F.getName().str(), sourceLocOf(&I).str());
    return finish(PathEnd::ExternalDenied, &I);
  }
  void *Fn = NativeCaller::lookup(F.getName().str());
  if (!Fn)
    return unsupported(I, fmt::format("call to '{}', which has no body and "
                                      "no native definition",
                                      F.getName().str()));
  Obs.onExternalCall(&F);
  std::vector<NativeArg> Args;
  bool PassesPointer = false;
  for (unsigned N = 0; N < I.arg_size(); ++N) {
    const llvm::Value *A = I.getArgOperand(N);
    ConcolicValue V = operand(A);
    unsigned W = scalarWidth(A->getType());
    if (W == 0)
      return unsupported(I, fmt::format("an aggregate argument to native "
                                        "function '{}'",
                                        F.getName().str()));
    if (V.Sym) {
      bool Output = isOutputFunction(F.getName());
      if (In.Opts.ExternalArgs == ConcretizeMode::Pin && !Output)
        pin(V, W, I);
      Obs.onConcretization(&I, Output ? "argument of an output call (not "
                                        "pinned)"
                                      : "argument of a native call");
    }
    PassesPointer |= A->getType()->isPointerTy();
    Args.push_back(
        {A->getType(), V.Bits, I.paramHasAttr(N, llvm::Attribute::SExt)});
  }
  unsigned Fixed = F.getFunctionType()->getNumParams();
  uint64_t Ret = 0;
  std::string Error;
  if (PassesPointer)
    S.Mem.syncToHost();
  bool Ok;
  {
    StdoutCapture Capture(S.Stdout);
    Ok = In.Native->call(Fn, I.getType(), Args, Fixed, Ret, Error);
  }
  if (PassesPointer)
    S.Mem.syncFromHost();
  if (!Ok)
    return unsupported(I, fmt::format("native call to '{}' with {}",
                                      F.getName().str(), Error));
  if (!I.getType()->isVoidTy())
    set(I, {truncBits(Ret, scalarWidth(I.getType())), nullptr});
}

} // namespace theseus
