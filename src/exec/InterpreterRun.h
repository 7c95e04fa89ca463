//===- InterpreterRun.h - One run of one state (internal) -----------------===//
//
// Private to src/exec: the per-run interpreter, split over Run.cpp
// (control flow, arithmetic, memory) and Calls.cpp (calls, intrinsics,
// functions with a meaning to Theseus, native calls).
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXEC_INTERPRETERRUN_H
#define THESEUS_EXEC_INTERPRETERRUN_H

#include "exec/Interpreter.h"

#include "exec/Native.h"
#include "exec/NativeLoops.h"
#include "expr/FloatOps.h"
#include "program/Opcodes.h"
#include "program/Program.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

#include <cstring>
#include <fmt/format.h>
#include <optional>

namespace theseus {

/// Bit width of a first-class scalar type, or 0 if it is not a scalar.
inline unsigned scalarWidth(const llvm::Type *T) {
  if (T->isIntegerTy())
    return T->getIntegerBitWidth();
  if (T->isPointerTy() || T->isDoubleTy())
    return 64;
  if (T->isFloatTy())
    return 32;
  return 0;
}

/// The format of a float or double, none for other types.
inline std::optional<FloatFormat> floatFormat(const llvm::Type *T) {
  if (T->isFloatTy())
    return FloatFormat::Single;
  if (T->isDoubleTy())
    return FloatFormat::Double;
  return std::nullopt;
}

/// llvm.{s,u}{add,sub,mul}.with.overflow: the call computes nothing; each
/// extractvalue of it computes its field (UndefinedBehavior.cpp).
inline bool isOverflowIntrinsic(llvm::Intrinsic::ID Id) {
  switch (Id) {
  case llvm::Intrinsic::sadd_with_overflow:
  case llvm::Intrinsic::ssub_with_overflow:
  case llvm::Intrinsic::smul_with_overflow:
  case llvm::Intrinsic::uadd_with_overflow:
  case llvm::Intrinsic::usub_with_overflow:
  case llvm::Intrinsic::umul_with_overflow:
    return true;
  default:
    return false;
  }
}

inline bool isDivision(ExprKind K) {
  return K == ExprKind::UDiv || K == ExprKind::SDiv || K == ExprKind::URem ||
         K == ExprKind::SRem;
}

/// Functions that only print: pinning their arguments would cut every
/// other path through a value that is merely displayed.
inline bool isOutputFunction(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("printf", "fprintf", "puts", "fputs", "putchar", true)
      .Cases("fputc", "putc", "fflush", "perror", true)
      .Case("fwrite", true)
      .Default(false);
}

/// Heap allocations above this size fail (malloc returns NULL): the
/// engine keeps every object's bytes in memory.
constexpr uint64_t MaxHeapObject = uint64_t(1) << 30;
/// The longest format string translated for a native call (ILP32).
constexpr size_t MaxFormatBytes = 1 << 16;

class Interpreter::Run {
public:
  Run(Interpreter &In, ExecutionState &S, ExecutionObserver &Obs)
      : In(In), S(S), Obs(Obs), Ctx(In.Ctx), DL(In.DL),
        PointerBits(DL.getPointerSizeInBits()) {}

  PathOutcome go();

private:
  /// Instructions between polls for the step limit and for a stop.
  static constexpr uint64_t PollInterval = 4096;

  StackFrame &frame() { return S.Stack.back(); }

  // Values.
  /// The value of `V` in the innermost frame, looked up by value (for the
  /// instructions not decoded further, such as calls).
  ConcolicValue operand(const llvm::Value *V) {
    if (auto *C = llvm::dyn_cast<llvm::Constant>(V))
      return {In.constantBits(C), nullptr};
    const StackFrame &F = frame();
    auto It = F.Code->SlotOf.find(V);
    return It == F.Code->SlotOf.end() ? ConcolicValue{} : F.Values[It->second];
  }
  ConcolicValue operand(const Operand &O) {
    return O.Slot == Operand::Constant ? ConcolicValue{O.Bits, nullptr}
                                       : frame().Values[O.Slot];
  }
  ExprRef symOf(const ConcolicValue &V, unsigned Width) {
    return V.Sym ? V.Sym : Ctx.constant(V.Bits, Width);
  }
  static ConcolicValue value(uint64_t Bits, ExprRef Sym) {
    return {Bits, Sym && !Sym->isConst() ? Sym : nullptr};
  }
  /// Sets the value `I`, the instruction running, computes.
  void set(const llvm::Instruction &I, ConcolicValue V) {
    assert(Cur->I == &I && "only the running instruction sets a value");
    frame().Values[Cur->Result] = V;
  }

  // Path events.
  void decide(ExprRef Cond, bool Taken, BranchKind K,
              const llvm::Instruction &I) {
    if (Cond && !Cond->isConst())
      Obs.onBranch({Cond, Taken, K, &I});
  }
  /// Makes a symbolic value concrete for an operation that needs a concrete
  /// one: pinned in the path condition.
  uint64_t pin(const ConcolicValue &V, unsigned Width,
               const llvm::Instruction &I) {
    if (V.Sym)
      decide(Ctx.eq(V.Sym, Ctx.constant(V.Bits, Width)), true, BranchKind::Pin,
             I);
    return V.Bits;
  }

  // Ending the path.
  void finish(PathEnd End, const llvm::Instruction *At) {
    Out.End = End;
    Out.Stack = callStack(At);
    Out.Loc = innermostKnownLoc(Out.Stack);
    reportPartialBlocks(At);
    Done = true;
  }
  void bug(const std::string &Kind, const std::string &Message,
           const llvm::Instruction &I) {
    Out.BugKind = Kind;
    Out.Message = Message;
    finish(PathEnd::Bug, &I);
  }
  void unsupported(const llvm::Instruction &I, const std::string &What) {
    SourceLoc L = innermostKnownLoc(callStack(&I)); // The model's caller.
    // Instructions clang emits without a line (e.g. a computed goto's
    // indirectbr): the closest earlier line of the block, else the
    // function's.
    for (auto It = I.getReverseIterator();
         !L.known() && It != I.getParent()->rend(); ++It)
      L = sourceLocOf(&*It);
    if (!L.known())
      L = sourceLocOf(*I.getFunction());
    Out.Message = fmt::format("unsupported: {}{} at {}", What,
                              unsupportedFloatNote(I), L.str());
    finish(PathEnd::Unsupported, &I);
  }
  /// Names the floating-point format the interpreter lacks when `I`
  /// computes on one (C's `long double` is x87's 80-bit format).
  static const char *unsupportedFloatNote(const llvm::Instruction &I) {
    auto Exotic = [](const llvm::Type *T) {
      return T->isX86_FP80Ty() || T->isFP128Ty() || T->isHalfTy() ||
             T->isBFloatTy() || T->isPPC_FP128Ty();
    };
    bool Uses = Exotic(I.getType());
    for (const llvm::Use &Op : I.operands())
      Uses |= Exotic(Op->getType());
    return Uses ? " (long double and other floating-point formats than float "
                  "and double are not supported)"
                : "";
  }
  std::vector<StackEntry> callStack(const llvm::Instruction *At) const;
  /// Where a path ends in the program's source: code without debug info
  /// (the libc models) reports its caller's line.
  static SourceLoc innermostKnownLoc(const std::vector<StackEntry> &Stack);
  void reportPartialBlocks(const llvm::Instruction *At);

  // Control flow.
  /// Enters block `Index` of the innermost function.
  void jumpTo(uint32_t Index);
  /// Reports that successor `Index` of `Term` is taken; false when the
  /// observer cut the path there.
  bool takeEdge(const llvm::Instruction &Term, unsigned Index);
  void pushFrame(const llvm::Function &F, std::vector<ConcolicValue> Args,
                 const llvm::CallBase *CallSite);
  void returnFrom(const llvm::Instruction &I, ConcolicValue V, bool HasValue);
  /// A load of the struct the entry returns in integer registers.
  bool returnedByEntry(const llvm::Instruction &Load) const {
    return S.Stack.size() == 1 && Load.getType()->isStructTy() &&
           Load.hasOneUse() && llvm::isa<llvm::ReturnInst>(Load.user_back());
  }
  /// The bytes of the struct the entry returns in memory, if it does.
  std::vector<ConcolicValue> returnedBytes(const llvm::Instruction &Ret,
                                           ConcolicValue V);
  /// Runs the region just entered natively if it can (NativeLoops.cpp):
  /// on success the frame continues after the loop's exit edge; otherwise
  /// nothing changed and the interpreter runs the loop.
  void runNative(NativeRegion &R);
  void nativeBailed(NativeRegion &R, BailReason Why);
  /// Ends the path after the stop poll ended a native run.
  void nativeStopped(const NativeRegion &R, llvm::ArrayRef<uint64_t> Counts);
  /// Whether a pointer the region reads points into an object holding
  /// symbolic bytes.
  bool pointsToSymbolicBytes(const NativeRegion &R);
  /// Reports the blocks and edges of a completed native run to the
  /// observer, as if they had been interpreted.
  void replayNative(const NativeRegion &R, llvm::ArrayRef<uint64_t> Counts);
  /// Instructions a native run may count without passing the poll at
  /// which the interpreter would cut the path.
  uint64_t nativeBudget() const;

  // Instructions.
  void step(const DecodedInst &D);
  /// The instructions without a decoded form.
  void generic(const llvm::Instruction &I);
  void noteStatement(const llvm::Instruction &I);
  void binaryOp(const DecodedInst &D);
  /// --check=float-div-zero: a divisor `B` (of `W` bits) that is +0 or -0
  /// is a bug; a symbolic one is a Check decision. False when it is one.
  bool checkFloatDivision(const llvm::Instruction &I, unsigned W,
                          const ConcolicValue &B);
  bool checkDivision(const llvm::BinaryOperator &I, ExprKind K,
                     const ConcolicValue &L, const ConcolicValue &R,
                     unsigned W);
  void floatOp(const llvm::Instruction &I);
  void icmp(const DecodedInst &D);
  void fcmp(const llvm::FCmpInst &I);
  void cast(const DecodedInst &D);
  /// Casts from or to floating point.
  void floatCast(const llvm::CastInst &I, ConcolicValue V);
  /// --check=nan-index: a NaN `V` converted by `I` into an index is a bug;
  /// a symbolic one is a Check decision. False when it is one.
  bool checkNanIndex(const llvm::CastInst &I, const ConcolicValue &V);
  void select(const DecodedInst &D);
  void branch(const DecodedInst &D);
  void switchInst(const llvm::SwitchInst &I);
  void alloca(const llvm::AllocaInst &I);
  /// Reports that `What` does not fit in the stack limit (--max-stack).
  void stackOverflow(const llvm::Instruction &I, const std::string &What);
  /// The concrete value of a size or count `N` (unsigned, `W` bits). When
  /// it is symbolic, "N <= Max" is a decision of `OverKind` and, when it
  /// holds, branches fix the value; the explorers negate them to try other
  /// sizes. `Fits` tells whether N <= Max on this run.
  uint64_t chooseSize(const ConcolicValue &N, unsigned W, uint64_t Max,
                      BranchKind OverKind, const llvm::Instruction &I,
                      bool &Fits);
  void load(const DecodedInst &D);
  void store(const DecodedInst &D);
  void gep(const DecodedInst &D);
  void call(const llvm::CallBase &I);
  void intrinsic(const llvm::CallBase &I, const llvm::Function &F);
  void floatIntrinsic(const llvm::CallBase &I, FloatFunction Fn);
  /// A call of a C math library function that expr/Libm models, on a
  /// symbolic argument: its value is the model's. False for other calls,
  /// which run natively (the host's function computes what the model does).
  bool libmCall(const llvm::CallBase &I, const llvm::Function &F);
  bool builtin(const llvm::CallBase &I, const llvm::Function &F);
  bool harness(const llvm::CallBase &I, const llvm::Function &F);
  /// The stdin models' hooks (runtime/libc/stdio.c): theseus_stdin fills
  /// their buffer, and scanf/fscanf run as theseus_v[f]scanf with the
  /// pointer arguments in an array. False for other functions.
  bool stdinHook(const llvm::CallBase &I, llvm::StringRef Name);
  void fillStdin(const llvm::CallBase &I);
  bool scanf(const llvm::CallBase &I, bool HasStream);
  /// The heap object at `Addr` that `Callee` (free, realloc) may release;
  /// null after reporting the invalid or double free.
  const MemoryObject *heapBlock(const llvm::CallBase &I, uint64_t Addr,
                                llvm::StringRef Callee);
  void reallocate(const llvm::CallBase &I);
  /// The length (argument 2) of memcpy, memmove or memset, whose first
  /// `Pointers` arguments are accessed; a symbolic length is chosen by
  /// chooseSize, and one beyond an object's end is an out-of-bounds bug.
  bool chooseLength(const llvm::CallBase &I, unsigned Pointers, uint64_t &Len);
  /// The size argument `Arg` of a heap allocation; false when it is above
  /// MaxHeapObject (the allocation fails). A symbolic size is chosen by a
  /// decision the explorers negate (chooseSize).
  bool allocationSize(const llvm::CallBase &I, unsigned Arg, uint64_t &Size);
  /// A fresh input of `Size` bytes named after `Base` (made unique in the
  /// run); returns its array (null if the observer keeps it concrete) and
  /// fills `Bytes` with this run's value.
  /// ILP32: replaces the proxy of a standard stream passed to an output
  /// function by the host's stream; false (the path ended as unsupported)
  /// for another stream.
  bool hostStreamArgument(const llvm::CallBase &I, const llvm::Function &F,
                          std::vector<NativeArg> &Args);
  /// ILP32: replaces the format argument of a printf- or scanf-family
  /// call by `HostFormat`, its translation for the 64-bit host; false
  /// (the path ended as unsupported) when it has no translation.
  bool narrowFormatArgument(const llvm::CallBase &I, const llvm::Function &F,
                            std::vector<NativeArg> &Args,
                            std::string &HostFormat);
  const Array *freshInput(const std::string &Base, uint32_t Size,
                          const std::string &CType, bool Signed,
                          std::vector<uint8_t> &Bytes);
  /// Records "first argument != 0" as a decision of `Kind`; returns
  /// whether it holds on this run.
  bool decideArgument(const llvm::CallBase &I, BranchKind Kind);
  void native(const llvm::CallBase &I, const llvm::Function &F);
  /// Reports the pin of a symbolic argument of a native call of `Callee`.
  void concretizedArgument(const llvm::CallBase &I, llvm::StringRef Callee);
  /// Functions without a body that Theseus runs itself rather than
  /// natively, under every --externals policy, because running them would
  /// crash or fork Theseus (signals, threads, non-local jumps). Returns
  /// false for other functions.
  bool hostModel(const llvm::CallBase &I, const llvm::Function &F);
  /// raise(Sig) in a single-threaded program without handlers: the path
  /// ends with a bug for a fatal signal, else the call returns 0.
  void raiseSignal(const llvm::CallBase &I, llvm::StringRef Callee, int Sig);
  /// Why the policy forbids calling `F` natively here, or "" if it allows.
  std::string nativeDenial(const llvm::CallBase &I, const llvm::Function &F);
  /// The denial for opening a file (fopen, open) unless it is for reading.
  std::string openDenial(const llvm::CallBase &I, llvm::StringRef Callee);
  /// Makes the symbolic bytes of the object `Addr` points into concrete
  /// before native code reads them: pinned, except for output functions.
  void pinPointee(const llvm::CallBase &I, uint64_t Addr,
                  llvm::StringRef Callee, bool Output);
  /// Reports the failed check of a `__ubsan_handle_*` call as a bug;
  /// returns false for other functions.
  bool sanitizerHandler(const llvm::CallBase &I, const llvm::Function &F);
  void extractValue(const llvm::ExtractValueInst &I);

  /// Resolves a pointer operand for an access of `Size` bytes; reports the
  /// bug and returns false when the access is invalid (or writes a
  /// read-only object). A symbolic pointer is pinned to its concrete value.
  bool access(const llvm::Instruction &I, const ConcolicValue &Ptr,
              uint64_t Size, uint64_t &Addr, bool Write = false) {
    return accessObject(I, Ptr, Size, Addr, Write);
  }
  /// access(), returning the object accessed (null on failure).
  const MemoryObject *accessObject(const llvm::Instruction &I,
                                   const ConcolicValue &Ptr, uint64_t Size,
                                   uint64_t &Addr, bool Write);
  /// Reports the bug and returns false when `O` is read-only.
  bool writable(const llvm::Instruction &I, const MemoryObject &O,
                uint64_t Addr);

  /// Where a load or store lands. For a symbolic pointer into a small
  /// object or a constant table, `Offset` is the symbolic offset within
  /// `Obj`; the object's bounds check has been recorded as a decision.
  struct Location {
    uint64_t Addr = 0;
    const MemoryObject *Obj = nullptr;
    ExprRef Offset = nullptr;
    const ConstantTable *Table = nullptr; ///< When Obj is read-only.
  };
  bool locate(const llvm::Instruction &I, const ConcolicValue &Ptr,
              uint64_t Size, Location &L);
  const MemoryObject *provenance(const ConcolicValue &Ptr);
  const ConstantTable *tableOf(const MemoryObject &O);
  /// Reads `Bytes` at a symbolic offset: an if-then-else over the offsets
  /// the pointer can take within the object.
  ExprRef loadSymbolic(const Location &L, unsigned Bytes);
  void storeSymbolic(const Location &L, unsigned Bytes, uint64_t Bits,
                     ExprRef Value);

  Interpreter &In;
  ExecutionState &S;
  ExecutionObserver &Obs;
  ExprContext &Ctx;
  const llvm::DataLayout &DL;
  /// The program's pointer width (32 for ILP32); pointers are held in 64
  /// bits, zero-extended.
  const unsigned PointerBits;
  PathOutcome Out;
  bool Done = false;
  const DecodedInst *Cur = nullptr; ///< The instruction running.
  unsigned LastLine = 0;            ///< Of the last statement reported.
  const llvm::Function *LastFn = nullptr;
};

} // namespace theseus

#endif
