//===- Calls.cpp - Calls, builtins and the heap ---------------------------===//
#include "exec/InterpreterRun.h"

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

} // namespace theseus
