//===- ExecutionState.h - Values, frames, and how a path ends -------------===//
#ifndef THESEUS_EXEC_EXECUTIONSTATE_H
#define THESEUS_EXEC_EXECUTIONSTATE_H

#include "exec/Decoded.h"
#include "exec/Memory.h"
#include "expr/Expr.h"
#include "program/Program.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/BasicBlock.h"

#include <string>
#include <vector>

namespace llvm {
class CallBase;
class Function;
class Instruction;
class Value;
} // namespace llvm

namespace theseus {

/// A value as the interpreter sees it: always a concrete bit pattern (of
/// the IR type's width; pointers are 64-bit addresses, floating point is
/// the IEEE bit pattern) and, when it depends on inputs, the symbolic
/// expression it equals: every value is concrete first, and only values that
/// depend on the input carry an expression.
struct ConcolicValue {
  uint64_t Bits = 0;
  ExprRef Sym = nullptr;
  bool isSymbolic() const { return Sym != nullptr; }
};

/// An argument of the entry function: a value, or for a pointer parameter
/// a fresh buffer (its first `SymbolicBytes` bytes read from `Arr`) whose
/// address is passed.
struct EntryArg {
  ConcolicValue Value;
  bool IsBuffer = false;
  std::string Name;
  std::vector<uint8_t> Bytes;
  const Array *Arr = nullptr;
  uint32_t SymbolicBytes = 0;
  /// A struct passed by value in integer registers: one value per IR
  /// argument, in place of `Value`.
  std::vector<ConcolicValue> Pieces;
  /// Bytes of a buffer fixed by the user (--concrete): never symbolic.
  std::vector<bool> Pinned;
  /// A NULL-terminated array of pointers to the buffers `Targets` (argv,
  /// envp). Element K is NULL when `Present[K]` (0 or 1, possibly
  /// symbolic; absent means always present) is 0.
  bool IsPointerArray = false;
  std::vector<EntryArg> Targets;
  std::vector<ConcolicValue> Present;
};

struct StackFrame {
  const DecodedFunction *Code = nullptr;
  const llvm::Function *Fn = nullptr;
  const llvm::BasicBlock *Block = nullptr;
  const llvm::BasicBlock *PrevBlock = nullptr;
  uint32_t PC = 0; ///< Index in Code->Insts of the next instruction.
  std::vector<ConcolicValue> Values; ///< By slot (Code->SlotOf).
  const llvm::Instruction *inst() const { return Code->Insts[PC].I; }
  /// Makes `I`, an instruction of Block, the next one to run.
  void moveTo(const llvm::Instruction *I) { PC = Code->IndexOf.lookup(I); }
  std::vector<uint64_t> Allocas; ///< Released when the frame returns.
  /// What the frame counts against the program's stack limit: a fixed cost
  /// (return address, saved registers) plus its stack objects.
  static constexpr uint64_t Overhead = 64;
  uint64_t StackBytes = Overhead;
  const llvm::CallBase *CallSite = nullptr; ///< In the caller; null for entry.
};

/// One entry of a reported call stack.
struct StackEntry {
  std::string Function;
  SourceLoc Loc; ///< Current position within that function.
};

enum class PathEnd : uint8_t {
  Return,         ///< The entry function returned.
  Exit,           ///< exit() was called.
  Bug,            ///< The program went wrong (see Bug).
  Unsupported,    ///< Theseus cannot execute something on this path.
  StepLimit,      ///< The per-run instruction budget ran out.
  Interrupted,    ///< Ctrl-C or the time budget.
  AssumeViolated, ///< The input breaks an assumption; not a program path.
  BoundReached,   ///< A driver's bound (e.g. loop unrolling) cut the path.
  ExternalDenied, ///< A function without a body was called (--externals=deny).
};
const char *toString(PathEnd E);

struct PathOutcome {
  PathEnd End = PathEnd::Return;
  bool HasValue = false;
  uint64_t Value = 0;         ///< Return value bits, or exit code.
  ExprRef ValueSym = nullptr; ///< The returned value's expression, if any.
  /// A struct the entry returned in memory (its `sret` slot, or the object
  /// a returned aggregate was loaded from): its bytes.
  std::vector<ConcolicValue> Bytes;
  std::string BugKind; ///< e.g. "assertion-failure", "division-by-zero".
  std::string Message;
  SourceLoc Loc;                 ///< Where the path ended.
  std::vector<StackEntry> Stack; ///< Innermost first.
};

/// Everything a path needs to go on, copyable so that a driver can fork it
/// (memory contents are shared copy-on-write).
struct ExecutionState {
  std::vector<StackFrame> Stack;
  Memory Mem;
  uint64_t Steps = 0;
  /// Instructions the path may run (ExecOptions::MaxSteps unless a driver
  /// lifts it for one run); 0: no limit.
  uint64_t MaxSteps = 0;
  /// Of Steps, the instructions not charged against MaxSteps: loops run as
  /// host code cost a fraction of their instructions (NativeLoops.h).
  uint64_t UnchargedSteps = 0;
  uint64_t StackBytes = 0; ///< Sum of the frames' StackBytes.
  /// Inputs the program created on this path, by base name, so that the
  /// names stay unique and stable across a fork.
  llvm::StringMap<unsigned> InputNames;
  unsigned NondetCount = 0;
  std::string Stdout; ///< What the program wrote to stdout on this path.
};

class Assignment;
/// Recomputes the concrete side of every input-dependent value in `S`
/// (locals and symbolic memory bytes) under the input `A`: how a forked
/// copy is moved onto the input that takes its side of a branch.
void reconcretize(ExecutionState &S, const Assignment &A);

} // namespace theseus

#endif
