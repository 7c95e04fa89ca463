//===- Harness.cpp - Harness APIs: inputs, nondet, stdin, signals ---------===//
#include "exec/InterpreterRun.h"

#include <csignal>
#include <cstddef>
#include <cstdio>
#include <type_traits>
#include <unistd.h>

namespace theseus {

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

const NondetType *nondetType(llvm::StringRef Suffix) {
  // The list the native runtimes of replay and fuzzing use too.
#define THESEUS_NONDET(Type, Suffix) {#Suffix, {#Type, std::is_signed_v<Type>}},
  static const llvm::StringMap<NondetType> Types = {
      {"bool", {"_Bool", false}},
#include "theseus_nondet.def"
  };
#undef THESEUS_NONDET
  auto It = Types.find(Suffix);
  return It == Types.end() ? nullptr : &It->second;
}

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

} // namespace theseus
