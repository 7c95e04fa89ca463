//===- Calls.cpp - Calls, intrinsics, builtins, native calls ---===//
#include "exec/InterpreterRun.h"

#include "llvm/ADT/STLExtras.h"

#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <map>
#include <optional>
#include <unistd.h>

namespace theseus {

void Interpreter::Run::call(const llvm::CallBase &I) {
  if (I.isInlineAsm())
    return unsupported(I, "inline assembly");
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

/// The operation of a floating-point intrinsic, none for the others.
static std::optional<FloatFunction> floatFunctionOf(llvm::Intrinsic::ID Id) {
  switch (Id) {
  case llvm::Intrinsic::fabs:
    return FloatFunction::Fabs;
  case llvm::Intrinsic::copysign:
    return FloatFunction::Copysign;
  case llvm::Intrinsic::sqrt:
    return FloatFunction::Sqrt;
  case llvm::Intrinsic::floor:
    return FloatFunction::Floor;
  case llvm::Intrinsic::ceil:
    return FloatFunction::Ceil;
  case llvm::Intrinsic::trunc:
    return FloatFunction::Trunc;
  case llvm::Intrinsic::round:
    return FloatFunction::Round;
  case llvm::Intrinsic::roundeven:
    return FloatFunction::RoundEven;
  case llvm::Intrinsic::rint:
    return FloatFunction::Rint;
  case llvm::Intrinsic::nearbyint:
    return FloatFunction::NearbyInt;
  case llvm::Intrinsic::minnum:
    return FloatFunction::MinNum;
  case llvm::Intrinsic::maxnum:
    return FloatFunction::MaxNum;
  case llvm::Intrinsic::minimum:
    return FloatFunction::Minimum;
  case llvm::Intrinsic::maximum:
    return FloatFunction::Maximum;
  case llvm::Intrinsic::fma:
    return FloatFunction::Fma;
  case llvm::Intrinsic::fmuladd:
    return FloatFunction::FMulAdd;
  default:
    return std::nullopt;
  }
}

void Interpreter::Run::intrinsic(const llvm::CallBase &I,
                                 const llvm::Function &F) {
  using llvm::Intrinsic::ID;
  auto Arg = [&](unsigned N) { return operand(I.getArgOperand(N)); };
  unsigned W = scalarWidth(I.getType());
  if (isOverflowIntrinsic(F.getIntrinsicID()))
    return; // Its fields are computed by extractvalue.
  if (std::optional<FloatFunction> Fn = floatFunctionOf(F.getIntrinsicID()))
    return floatIntrinsic(I, *Fn);
  switch (F.getIntrinsicID()) {
  case llvm::Intrinsic::is_fpclass: {
    std::optional<FloatFormat> Fmt = floatFormat(I.getArgOperand(0)->getType());
    if (!Fmt)
      return unsupported(I, "llvm.is.fpclass on this type");
    ConcolicValue X = Arg(0);
    if (X.Sym)
      Obs.onConcretization(&I, "floating-point classification");
    return set(I, {floatIsClass(*Fmt, X.Bits, unsigned(Arg(1).Bits)), nullptr});
  }
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

void Interpreter::Run::floatIntrinsic(const llvm::CallBase &I,
                                      FloatFunction Fn) {
  std::optional<FloatFormat> Fmt = floatFormat(I.getType());
  if (!Fmt)
    return unsupported(I, fmt::format("intrinsic '{}' on this type",
                                      I.getCalledFunction()->getName().str()));
  uint64_t Args[3] = {};
  bool Symbolic = false;
  for (unsigned N = 0; N < arity(Fn); ++N) {
    ConcolicValue V = operand(I.getArgOperand(N));
    Args[N] = V.Bits;
    Symbolic |= V.Sym != nullptr;
  }
  if (Symbolic)
    Obs.onConcretization(&I, "floating-point operand");
  set(I, {floatFunction(Fn, *Fmt, Args), nullptr});
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
  // exit() is a model that runs the atexit() handlers, then _exit().
  if (Name == "_exit" || Name == "_Exit" ||
      (Name == "exit" && F.isDeclaration())) {
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
    uint64_t Base = 0; // A failed allocation returns NULL, as when a
                       // 32-bit program runs out of address space.
    if (Fits && S.Mem.hasRoom(Size * Count))
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
  if (!S.Mem.hasRoom(Size))
    return set(I, {0, nullptr}); // Failed: the old block stays.
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

bool Interpreter::Run::stdinHook(const llvm::CallBase &I,
                                 llvm::StringRef Name) {
  if (Name == "theseus_stdin") {
    fillStdin(I);
    return true;
  }
  if (Name == "theseus_unsupported") {
    unsupported(I, S.Mem.readCString(operand(I.getArgOperand(0)).Bits, 200));
    return true;
  }
  if (Name == "scanf" || Name == "__isoc99_scanf")
    return scanf(I, false);
  if (Name == "fscanf" || Name == "__isoc99_fscanf")
    return scanf(I, true);
  return false;
}

/// Copies stdin into the models' buffer: --sym-stdin bytes as the input
/// "stdin", or the --stdin contents.
void Interpreter::Run::fillStdin(const llvm::CallBase &I) {
  uint64_t Cap = pin(operand(I.getArgOperand(1)), 64, I);
  bool Symbolic = In.Opts.SymbolicStdin != 0;
  uint32_t Size = static_cast<uint32_t>(std::min<uint64_t>(
      Cap, Symbolic ? In.Opts.SymbolicStdin : In.Opts.Stdin.size()));
  uint64_t Addr;
  if (Size && !access(I, operand(I.getArgOperand(0)), Size, Addr))
    return;
  std::vector<uint8_t> Bytes(In.Opts.Stdin.begin(), In.Opts.Stdin.end());
  const Array *A = Symbolic
                       ? freshInput("stdin", Size,
                                    fmt::format("char[{}]", Size), false, Bytes)
                       : nullptr;
  for (uint32_t B = 0; B < Size; ++B)
    S.Mem.store(Ctx, Addr + B, 1, Bytes[B], A ? Ctx.read(A, B) : nullptr);
  set(I, {Size, nullptr});
}

/// A call of the variadic scanf or fscanf runs the model's theseus_vscanf
/// or theseus_vfscanf on an array of its pointer arguments (the engine
/// does not run variadic bodies). False when the models are not linked.
bool Interpreter::Run::scanf(const llvm::CallBase &I, bool HasStream) {
  const llvm::Function *Model = In.P.module().getFunction(
      HasStream ? "theseus_vfscanf" : "theseus_vscanf");
  if (!Model || Model->isDeclaration())
    return false;
  unsigned Fixed = HasStream ? 2 : 1;
  uint64_t Count = I.arg_size() - Fixed;
  unsigned Ptr = DL.getPointerSize();
  const MemoryObject *Array = S.Mem.allocate(
      std::max<uint64_t>(Ptr * Count, Ptr), 16, ObjectKind::Stack, "scanf");
  for (unsigned K = 0; K < Count; ++K) {
    ConcolicValue P = operand(I.getArgOperand(Fixed + K));
    S.Mem.store(Ctx, Array->Base + Ptr * K, Ptr, P.Bits, P.Sym);
  }
  std::vector<ConcolicValue> Args;
  for (unsigned K = 0; K < Fixed; ++K)
    Args.push_back(operand(I.getArgOperand(K)));
  Args.push_back({Array->Base, nullptr});
  pushFrame(*Model, std::move(Args), &I);
  frame().Allocas.push_back(Array->Base);
  return true;
}

namespace {
/// The C type of a `__VERIFIER_nondet_X` result, as the competitions
/// define X. The width is the IR's, so it follows the data model.
struct NondetType {
  const char *CType;
  bool Signed;
};

const NondetType *nondetType(llvm::StringRef Suffix) {
  static const llvm::StringMap<NondetType> Types = {
      {"bool", {"_Bool", false}},
      {"char", {"char", true}},
      {"uchar", {"unsigned char", false}},
      {"u8", {"unsigned char", false}},
      {"short", {"short", true}},
      {"ushort", {"unsigned short", false}},
      {"u16", {"unsigned short", false}},
      {"int", {"int", true}},
      {"uint", {"unsigned int", false}},
      {"unsigned", {"unsigned int", false}},
      {"u32", {"unsigned int", false}},
      {"long", {"long", true}},
      {"ulong", {"unsigned long", false}},
      {"longlong", {"long long", true}},
      {"ulonglong", {"unsigned long long", false}},
      {"loff_t", {"long long", true}},
      {"size_t", {"size_t", false}},
      {"pointer", {"void *", false}},
      {"pchar", {"char *", false}},
      {"float", {"float", true}},
      {"double", {"double", true}}};
  auto It = Types.find(Suffix);
  return It == Types.end() ? nullptr : &It->second;
}
} // namespace

/// The harness APIs: Theseus' own (include/theseus.h), KLEE's and
/// SV-COMP's, so existing harnesses run unchanged.
bool Interpreter::Run::harness(const llvm::CallBase &I,
                               const llvm::Function &F) {
  llvm::StringRef Name = F.getName();
  auto Arg = [&](unsigned N) { return operand(I.getArgOperand(N)); };
  if (stdinHook(I, Name))
    return true;
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
  std::string Base;
  const char *CType = "int";
  bool Signed = true;
  if (Name.consume_front("__VERIFIER_nondet_")) {
    const NondetType *T = nondetType(Name);
    if (!T)
      return false; // Not SV-COMP's: an ordinary function.
    CType = T->CType;
    Signed = T->Signed;
    Base = fmt::format("nondet_{}_{}", Name.str(), ++S.NondetCount);
  } else if (Name.starts_with("__VERIFIER_atomic_") && F.isDeclaration()) {
    return true; // __VERIFIER_atomic_begin/end: one thread, nothing to do.
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
  if (Sym && I.getType()->isFloatingPointTy()) {
    // Floating point is not symbolic: the value is the input's, recorded
    // in the test, and inputs differing in it are not explored.
    Obs.onConcretization(&I, "floating-point nondet value");
    Sym = nullptr;
  }
  if (Sym) // Zero-extended: a 32-bit pointer is held in 64 bits.
    Sym = Ctx.resize(Sym, W, false);
  set(I, value(truncBits(Bits, W), Sym));
  return true;
}

/// Signals whose default action is to ignore the signal, or to stop or
/// continue the process: a raise() of them returns.
static bool isHarmlessSignal(int Sig) {
  switch (Sig) {
  case SIGCHLD:
  case SIGCONT:
  case SIGURG:
  case SIGWINCH:
  case SIGSTOP:
  case SIGTSTP:
  case SIGTTIN:
  case SIGTTOU:
    return true;
  default:
    return false;
  }
}

void Interpreter::Run::raiseSignal(const llvm::CallBase &I,
                                   llvm::StringRef Callee, int Sig) {
  if (Sig == 0 || isHarmlessSignal(Sig))
    return set(I, {0, nullptr});
  if (Sig < 0 || Sig >= NSIG)
    return set(I, {truncBits(uint64_t(-1), 32), nullptr});
  std::string Call =
      fmt::format("{}SIG{})", Callee == "kill" ? "kill(getpid(), " : "raise(",
                  sigabbrev_np(Sig));
  if (Sig == SIGABRT)
    return bug("abort", Call + " called", I);
  bug("signal",
      fmt::format("{}: the program is killed by signal {} ({})", Call, Sig,
                  sigdescr_np(Sig)),
      I);
}

bool Interpreter::Run::hostModel(const llvm::CallBase &I,
                                 const llvm::Function &F) {
  llvm::StringRef Name = F.getName();
  auto Arg = [&](unsigned N) { return operand(I.getArgOperand(N)); };
  if (Name == "raise") {
    raiseSignal(I, Name, static_cast<int>(pin(Arg(0), 32, I)));
    return true;
  }
  if (Name == "kill") {
    // Signalling itself (or its process group) is raise(); signalling
    // other processes is left to the policy.
    auto Pid = static_cast<pid_t>(pin(Arg(0), 32, I));
    if (Pid != 0 && Pid != getpid())
      return false;
    raiseSignal(I, Name, static_cast<int>(pin(Arg(1), 32, I)));
    return true;
  }
  if (Name == "signal" || Name == "sigaction") {
    // No handler is installed: a signal raised later ends the path as if
    // it had its default action, which is exact only if the handler would
    // not have run.
    ConcolicValue Handler = Arg(1);
    if (Handler.Sym || Handler.Bits != 0)
      Obs.onConcretization(&I, "signal handler not installed");
    if (!I.getType()->isVoidTy())
      set(I, {0, nullptr});
    return true;
  }
  if (Name.starts_with("pthread_") || Name.starts_with("thrd_") ||
      Name == "clone") {
    unsupported(
        I, fmt::format("threads are not supported (call to {})", Name.str()));
    return true;
  }
  if (llvm::is_contained({"setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp",
                          "longjmp", "_longjmp", "siglongjmp", "__longjmp_chk"},
                         Name)) {
    unsupported(I, fmt::format("non-local jumps (setjmp/longjmp) are not "
                               "supported (call to {})",
                               Name.str()));
    return true;
  }
  return false;
}

/// The argument of a reading function that names the open file: a FILE *
/// or a descriptor. --externals=safe lets a program read stdin and the
/// files it opened for reading, and close those files.
static std::optional<unsigned> fileArgument(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<unsigned>>(Name)
      .Cases("fclose", "close", "read", "fgetc", "getc", 0u)
      .Cases("__read", "_IO_getc", 0u) // From the stdio models.
      .Case("_IO_ungetc", 1u)
      .Case("fgets_unlocked", 2u)
      .Case("fread_unlocked", 3u)
      .Cases("feof", "ferror", "fileno", "fseek", "ftell", 0u)
      .Cases("rewind", "clearerr", "lseek", 0u)
      .Cases("ungetc", "fscanf", "__isoc99_fscanf", 1u)
      .Case("fgets", 2u)
      .Case("fread", 3u)
      .Default(std::nullopt);
}

static bool isStdin(uint64_t Handle, bool Descriptor) {
  return Descriptor ? Handle == 0 : Handle == reinterpret_cast<uint64_t>(stdin);
}

std::string Interpreter::Run::openDenial(const llvm::CallBase &I,
                                         llvm::StringRef Callee) {
  std::string Where = sourceLocOf(&I).str();
  if (Callee == "fopen" || Callee == "fopen64") {
    uint64_t Mode = operand(I.getArgOperand(1)).Bits;
    pinPointee(I, Mode, Callee, false);
    std::string Text = S.Mem.readCString(Mode, 16);
    if (!Text.empty() && Text[0] == 'r' && Text.find('+') == std::string::npos)
      return "";
    return fmt::format("call to {} with mode \"{}\" denied at {}: it opens a "
                       "file for writing; --externals=allow-all runs it "
                       "natively",
                       Callee.str(), Text, Where);
  }
  unsigned FlagsArg = Callee == "openat" ? 2 : 1;
  auto Flags = static_cast<int>(pin(operand(I.getArgOperand(FlagsArg)), 32, I));
  if ((Flags & O_ACCMODE) == O_RDONLY && !(Flags & (O_CREAT | O_TRUNC)))
    return "";
  return fmt::format("call to {} with flags {:#o} denied at {}: it opens a "
                     "file for writing or creates one; --externals=allow-all "
                     "runs it natively",
                     Callee.str(), Flags, Where);
}

std::string Interpreter::Run::nativeDenial(const llvm::CallBase &I,
                                           const llvm::Function &F) {
  std::string Name = F.getName().str();
  std::string Where = sourceLocOf(&I).str();
  switch (In.Opts.Externals) {
  case ExternalPolicy::AllowAll:
    return "";
  case ExternalPolicy::Deny:
    if (isOutputFunction(Name))
      return "";
    return fmt::format("external call to {} denied (--externals=deny) at {}",
                       Name, Where);
  case ExternalPolicy::Safe:
    break;
  }
  if (isHarmlessHostFunction(Name) || NativeCaller::isFromLoadedLibrary(Name))
    return "";
  if (llvm::is_contained({"fopen", "fopen64", "open", "open64", "openat"},
                         Name))
    return openDenial(I, Name);
  if (Name == "write") {
    // To stdout (captured) or stderr; other descriptors may be Theseus'.
    uint64_t Fd = pin(operand(I.getArgOperand(0)), 32, I);
    if (Fd == 1 || Fd == 2)
      return "";
  }
  if (std::optional<unsigned> N = fileArgument(Name)) {
    uint64_t Handle = pin(operand(I.getArgOperand(*N)), 64, I);
    bool Descriptor = I.getArgOperand(*N)->getType()->isIntegerTy();
    bool Closes = Name == "fclose" || Name == "close";
    if (HostFiles::isOpen(Handle) || (!Closes && isStdin(Handle, Descriptor)))
      return "";
    return fmt::format("call to {} denied at {}: it uses a file the program "
                       "did not open for reading; --externals=allow-all runs "
                       "it natively",
                       Name, Where);
  }
  if (const char *Effect = hostEffectOf(Name))
    return fmt::format("call to {} denied at {}: it {}; --externals=allow-all "
                       "runs it natively",
                       Name, Where, Effect);
  return fmt::format("call to {} denied at {}: it is not on the list of "
                     "harmless functions; --externals=allow-all runs it "
                     "natively",
                     Name, Where);
}

void Interpreter::Run::pinPointee(const llvm::CallBase &I, uint64_t Addr,
                                  llvm::StringRef Callee, bool Output) {
  const MemoryObject *O = S.Mem.objectNear(Addr);
  if (!O || Addr >= O->Base + O->Size)
    return;
  const ObjectContents *C = S.Mem.objects().at(O->Base).second.get();
  if (!C || C->Symbolic.empty())
    return;
  std::string Reason =
      fmt::format("symbolic bytes passed to {} {}",
                  Output ? "output function" : "native", Callee.str());
  if (Output)
    return Obs.onSymbolicOutput(&I, (Reason + " (not pinned)").c_str());
  Obs.onConcretization(&I, Reason.c_str());
  if (In.Opts.ExternalArgs != ConcretizeMode::Pin)
    return;
  // One decision for the whole object, in offset order so that runs are
  // reproducible.
  std::map<uint64_t, ExprRef> Bytes(C->Symbolic.begin(), C->Symbolic.end());
  ExprRef All = nullptr;
  for (const auto &[Offset, Byte] : Bytes) {
    ExprRef Eq = Ctx.eq(Byte, Ctx.constant(C->Bytes[Offset], 8));
    All = All ? Ctx.logicalAnd(All, Eq) : Eq;
  }
  decide(All, true, BranchKind::Pin, I);
}

/// Remembers the files a native call opened or closed.
static void trackHostFiles(llvm::StringRef Name,
                           const std::vector<NativeArg> &Args, uint64_t Ret) {
  if (Name == "fopen" || Name == "fopen64") {
    if (Ret != 0)
      HostFiles::opened(Ret);
  } else if (Name == "open" || Name == "open64" || Name == "openat") {
    if (static_cast<int>(Ret) >= 0)
      HostFiles::opened(static_cast<uint32_t>(Ret));
  } else if (Name == "fclose" || Name == "close") {
    HostFiles::closed(Name == "close" ? static_cast<uint32_t>(Args[0].Bits)
                                      : Args[0].Bits);
  }
}

bool Interpreter::Run::hostStreamArgument(const llvm::CallBase &I,
                                          const llvm::Function &F,
                                          std::vector<NativeArg> &Args) {
  std::optional<unsigned> Index = streamArgumentOf(F.getName());
  if (!Index || *Index >= Args.size())
    return true;
  uint64_t &Stream = Args[*Index].Bits;
  if (Stream == 0 && F.getName() == "fflush")
    return true; // All streams.
  auto It = In.HostStreams.find(Stream);
  if (It == In.HostStreams.end()) {
    unsupported(I, fmt::format("native call to '{}' in an ILP32 program on "
                               "a stream other than stdin, stdout or stderr",
                               F.getName().str()));
    return false;
  }
  Stream = It->second;
  return true;
}

bool Interpreter::Run::narrowFormatArgument(const llvm::CallBase &I,
                                            const llvm::Function &F,
                                            std::vector<NativeArg> &Args,
                                            std::string &HostFormat) {
  std::optional<unsigned> Index = formatArgumentOf(F.getName());
  if (!Index || *Index >= Args.size())
    return true;
  HostFormat = S.Mem.readCString(Args[*Index].Bits, MaxFormatBytes);
  std::string Error;
  if (!narrowFormatForILP32(HostFormat, F.getName().contains("scanf"), Error)) {
    unsupported(I, fmt::format("native call to '{}' in an ILP32 program "
                               "with {}",
                               F.getName().str(), Error));
    return false;
  }
  Args[*Index].Bits = reinterpret_cast<uint64_t>(HostFormat.c_str());
  return true;
}

void Interpreter::Run::native(const llvm::CallBase &I,
                              const llvm::Function &F) {
  if (hostModel(I, F))
    return;
  void *Fn = NativeCaller::lookup(F.getName().str());
  if (!Fn)
    return unsupported(I, fmt::format("call to '{}', which has no body and "
                                      "no native definition",
                                      F.getName().str()));
  std::string Denial = nativeDenial(I, F);
  if (!Denial.empty()) {
    Out.Message = Denial;
    return finish(PathEnd::ExternalDenied, &I);
  }
  if (PointerBits == 32 && !isNativeSafeForILP32(F.getName()))
    return unsupported(
        I, fmt::format("native call to '{}' in an ILP32 program: the host's "
                       "function is 64-bit code, and Theseus cannot translate "
                       "arguments whose layout differs (long, size_t, "
                       "pointers and the structures holding them)",
                       F.getName().str()));
  Obs.onExternalCall(&F);
  bool Output = isOutputFunction(F.getName());
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
    if (V.Sym && Output) {
      Obs.onSymbolicOutput(&I, "argument of an output call (not pinned)");
    } else if (V.Sym) {
      if (In.Opts.ExternalArgs == ConcretizeMode::Pin)
        pin(V, W, I);
      Obs.onConcretization(&I, "argument of a native call");
    }
    if (A->getType()->isPointerTy()) {
      PassesPointer = true;
      pinPointee(I, V.Bits, F.getName(), Output);
    }
    // ILP32: a 32-bit integer may be a `long`, 64-bit on the host, and
    // sign extension gives it its value there.
    bool SignExtend = I.paramHasAttr(N, llvm::Attribute::SExt) ||
                      (PointerBits == 32 && W == 32);
    Args.push_back({A->getType(), V.Bits, SignExtend});
  }
  if (PassesPointer && !S.Mem.isHostBacked())
    return unsupported(I, fmt::format("native call to '{}' with a pointer: the "
                                      "program's memory could not be mapped "
                                      "at its addresses in this process",
                                      F.getName().str()));
  std::string HostFormat; // Outlives the call.
  if (PointerBits == 32 && (!hostStreamArgument(I, F, Args) ||
                            !narrowFormatArgument(I, F, Args, HostFormat)))
    return;
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
  trackHostFiles(F.getName(), Args, Ret);
  if (I.getType()->isPointerTy() && !In.fitsPointer(Ret))
    return unsupported(I, fmt::format("native call to '{}' returned the host "
                                      "address {:#x}, which a {}-bit pointer "
                                      "cannot hold",
                                      F.getName().str(), Ret, PointerBits));
  if (!I.getType()->isVoidTy())
    set(I, {truncBits(Ret, scalarWidth(I.getType())), nullptr});
}

} // namespace theseus
