//===- Interpreter.h - Concolic interpretation of LLVM IR -----------------===//
//
// Executes LLVM IR on ConcolicValues: every instruction computes its
// concrete result and, when an operand is symbolic, the expression for it.
// The interpreter follows the concrete values; decisions that depend on
// inputs are reported to an ExecutionObserver, which is how the drivers
// (concolic, forking) learn the path condition without re-implementing
// instruction semantics: one interpreter serves every driver.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXEC_INTERPRETER_H
#define THESEUS_EXEC_INTERPRETER_H

#include "exec/ExecutionState.h"
#include "expr/Expr.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Constant;
class DataLayout;
class Function;
class GlobalVariable;
class Instruction;
class User;
} // namespace llvm

namespace theseus {

class NativeCaller;
class NativeLoops;
class Program;

/// What a recorded decision is.
enum class BranchKind : uint8_t {
  Branch, ///< A conditional branch, select-free `br`, or a `switch` case.
  Check,  ///< A safety check the program may fail (e.g. divisor == 0).
  Pin,    ///< A concretisation: the symbolic value equals its concrete one.
  Assume, ///< A harness assumption; only its true side is worth exploring.
};

/// A symbolic input the program creates while it runs (klee_make_symbolic,
/// __VERIFIER_nondet_int, ...).
struct InputRequest {
  std::string Name;  ///< Unique within a run.
  uint32_t Size;     ///< Bytes.
  std::string CType; ///< For display: "int", "char[16]", ...
  bool Signed;
};

/// The C type of a `__VERIFIER_nondet_X` result, as the competitions
/// define X (its width is the IR's, so it follows the data model).
struct NondetType {
  const char *CType;
  bool Signed;
};
/// X's type; null when SV-COMP defines no `__VERIFIER_nondet_X`.
const NondetType *nondetType(llvm::StringRef Suffix);

struct BranchEvent {
  ExprRef Cond; ///< Width-1 condition; symbolic.
  bool Taken;   ///< Its concrete value on this run.
  BranchKind Kind;
  const llvm::Instruction *Inst;
};

/// A successor edge of a terminator.
using EdgeRef = std::pair<const llvm::Instruction *, unsigned>;

/// Folds a taken edge's key into a path fingerprint, in the 64-bit
/// arithmetic `A` (xor, mul, add, lshr, constant): the host's here, and
/// generated IR for loops run natively (RegionCompiler.cpp), whose
/// fingerprints must equal the interpreter's bit for bit.
template <typename Arith, typename Value>
Value foldEdgeKeyIn(Arith &&A, Value Hash, Value Key) {
  return A.add(A.mul(A.xor_(Hash, Key), A.constant(0x100000001b3ULL)),
               A.lshr(Hash, A.constant(29)));
}

/// The host's 64-bit arithmetic, for foldEdgeKeyIn.
struct HostArith {
  static uint64_t constant(uint64_t C) { return C; }
  static uint64_t xor_(uint64_t X, uint64_t Y) { return X ^ Y; }
  static uint64_t mul(uint64_t X, uint64_t Y) { return X * Y; }
  static uint64_t add(uint64_t X, uint64_t Y) { return X + Y; }
  static uint64_t lshr(uint64_t X, uint64_t Y) { return X >> Y; }
};

/// Folds a taken edge's key into a path fingerprint.
inline uint64_t foldEdgeKey(uint64_t Hash, uint64_t Key) {
  return foldEdgeKeyIn(HostArith(), Hash, Key);
}

/// A path fingerprint as code run natively computes it: each taken edge K
/// with `Folded[K]` updates `*Hash` by foldEdgeKey with `Keys[K]`.
struct EdgeFingerprint {
  uint64_t *Hash = nullptr;
  std::vector<uint64_t> Keys;
  std::vector<bool> Folded;
};

/// Receives what a driver needs to know about a run.
class ExecutionObserver {
public:
  virtual ~ExecutionObserver();
  /// An input-dependent decision, in execution order.
  virtual void onBranch(const BranchEvent &E) = 0;
  /// A symbolic value was replaced by its concrete value without a Pin
  /// (e.g. --concretize=free, or an operation the solver does not model).
  virtual void onConcretization(const llvm::Instruction *I,
                                const char *Reason) = 0;
  /// A symbolic value was passed to an output function (printf, ...) and
  /// printed with its concrete value; nothing was pinned, no path lost.
  virtual void onSymbolicOutput(const llvm::Instruction *I, const char *What) {}
  /// Instructions of `BB` up to and including `Last` were executed (the
  /// whole block when the terminator ran). For coverage.
  virtual void onBlockExecuted(const llvm::BasicBlock *BB,
                               const llvm::Instruction *Last) {}
  /// Successor `Index` of the terminator `Term` was taken.
  virtual void onEdge(const llvm::Instruction *Term, unsigned Index) {}
  /// For a loop run natively (NativeLoops.h): what onEdge would do for
  /// the edges `Edges`, as at most two path fingerprints folded edge by
  /// edge and hit counts given to onEdgeCounts. False, the default, if
  /// onEdge does more: the loop is then interpreted.
  virtual bool edgeFingerprints(llvm::ArrayRef<EdgeRef> Edges,
                                llvm::SmallVectorImpl<EdgeFingerprint> &Out) {
    return false;
  }
  /// After a loop ran natively: how often it took each of `Edges`.
  virtual void onEdgeCounts(llvm::ArrayRef<EdgeRef> Edges,
                            llvm::ArrayRef<uint64_t> Counts) {}
  /// Polled after each edge: a message to end the path there with
  /// PathEnd::BoundReached (e.g. a loop bound), or null to go on.
  virtual const char *cutPath() { return nullptr; }
  /// `I` starts a source line other than the previous instruction's
  /// (only with ExecOptions::ReportStatements).
  virtual void onStatement(const llvm::Instruction *I) {}
  /// A function without a body was called natively.
  virtual void onExternalCall(const llvm::Function *F) {}
  /// Provides the array and this run's concrete bytes for an input the
  /// program creates. Returning null makes the input concrete zeros.
  virtual const Array *makeInput(const InputRequest &R,
                                 std::vector<uint8_t> &Bytes) {
    return nullptr;
  }
};

/// What happens at a call of a function without a body (--externals).
enum class ExternalPolicy : uint8_t {
  /// Only functions on the list of harmless ones run natively; the others
  /// end the path (external-denied).
  Safe,
  AllowAll, ///< Every such function runs natively (may change the host).
  Deny,     ///< Only output functions run natively.
};

enum class ConcretizeMode : uint8_t {
  Pin,  ///< Constrain symbolic arguments of native calls to their values.
  Free, ///< Leave them unconstrained (PyExZ3; may diverge).
};

struct ExecOptions {
  ConcretizeMode ExternalArgs = ConcretizeMode::Pin;
  /// Replace mul/div/rem of two symbolic operands by the concrete result.
  bool ConcretizeNonlinear = false;
  uint64_t MaxSteps = 50'000'000; ///< Instructions per run; 0: no limit.
  /// The program's stack: frames and stack objects beyond it are a
  /// stack-overflow bug (--max-stack).
  uint64_t MaxStack = 8 << 20;
  /// A float division by zero (of either sign) is a bug
  /// (--check=float-div-zero).
  bool FloatDivideByZero = false;
  /// A NaN converted to an integer (fptosi, fptoui) that flows into an
  /// index is a bug (--check=nan-index).
  bool NanIndex = false;
  /// Tell the observer about each new source statement (onStatement).
  bool ReportStatements = false;
  /// Which functions without a body run natively (--externals).
  ExternalPolicy Externals = ExternalPolicy::Safe;
  /// The program's stdin (read through the runtime/libc/stdio.c models):
  /// `SymbolicStdin` symbolic bytes named "stdin" if not 0, else `Stdin`.
  uint32_t SymbolicStdin = 0;
  std::string Stdin;
  /// Run concrete loops of 64-bit programs as host code (NativeLoops.h).
  /// Off where an observer cuts paths inside loops (--loop-bound) or
  /// wants every statement.
  bool NativeLoops = true;
  /// Polled every few thousand instructions; true ends the run.
  std::function<bool()> ShouldStop;
};

/// What running concrete loops natively did (NativeLoops.h).
struct NativeLoopStats {
  uint64_t Regions = 0;         ///< Loops found that could run natively.
  uint64_t Compiled = 0;        ///< Of those, compiled.
  uint64_t Runs = 0;            ///< Native runs that completed.
  uint64_t Instructions = 0;    ///< Counted by those runs.
  uint64_t SymbolicEntries = 0; ///< Entries with a symbolic live-in.
  uint64_t Disabled = 0;        ///< Regions given up on.
  std::map<std::string, uint64_t> Bails; ///< Bail-outs by reason.
  double CompileSeconds = 0;
  std::string CompileError; ///< The first one, if any.
};

/// A named source variable of the innermost frame, from debug info.
struct SourceVariable {
  std::string Name;
  ConcolicValue Value;
  unsigned Width = 0;
  bool Signed = true;
};

class Interpreter {
public:
  Interpreter(const Program &P, ExprContext &Ctx, const ExecOptions &Opts);
  ~Interpreter();

  /// A state at the start of `Entry`, globals initialised, with `Args` bound
  /// to its parameters.
  std::unique_ptr<ExecutionState>
  createState(const llvm::Function &Entry,
              const std::vector<ConcolicValue> &Args);
  /// Also allocates the buffers behind pointer parameters.
  std::unique_ptr<ExecutionState>
  createState(const llvm::Function &Entry, const std::vector<EntryArg> &Args);

  /// Runs the state until the path ends.
  PathOutcome run(ExecutionState &S, ExecutionObserver &Obs);

  ExprContext &exprContext() { return Ctx; }
  /// What running loops natively did; null when it is off.
  const NativeLoopStats *nativeLoopStats() const;

  /// The integer and pointer variables the innermost frame of `S` declares
  /// (clang -g's dbg.declare of each local), with their current values.
  std::vector<SourceVariable> sourceVariables(const ExecutionState &S);

private:
  class Run;
  friend class Run;

  void initGlobals();
  /// Allocates an entry argument's buffer; returns its address.
  uint64_t placeBuffer(ExecutionState &S, const EntryArg &Arg);
  /// Zeroed memory for the struct an `sret` entry returns.
  uint64_t placeReturnSlot(ExecutionState &S, const llvm::Argument &Slot);
  uint64_t placePointerArray(ExecutionState &S, const EntryArg &Arg);
  uint64_t constantBits(const llvm::Constant *C);
  /// ILP32: `stdin`, `stdout` and `stderr` hold the address of a proxy
  /// object below 4 GiB, which native calls translate to the host's
  /// stream. False for other variables.
  bool addStreamProxy(const llvm::GlobalVariable &G, void *Stream);
  /// Whether the program's pointers can hold the host address `Addr`.
  bool fitsPointer(uint64_t Addr) const;
  /// A host variable among the operands of `U` (or of its constant
  /// expressions) that the program's pointers cannot address, if any.
  const llvm::GlobalVariable *hostOnlyGlobalIn(const llvm::User &U) const;
  /// `F` decoded for the interpreter, at its first use.
  const DecodedFunction &decoded(const llvm::Function &F);
  void decodeInstruction(DecodedFunction &D, DecodedInst &DI);
  Operand operandOf(const DecodedFunction &D, const llvm::Value *V);
  void writeConstant(const llvm::Constant *C, ObjectContents &Out,
                     uint64_t Offset);

  const Program &P;
  const llvm::DataLayout &DL;
  ExprContext &Ctx;
  ExecOptions Opts;
  std::unique_ptr<NativeCaller> Native;
  std::unique_ptr<NativeLoops> Loops; ///< Null when off.
  /// Globals and functions, allocated once; every run starts from a copy.
  Memory InitialMemory;
  llvm::DenseMap<const llvm::Value *, uint64_t> GlobalAddress;
  /// External variables of the host (libc's `stdout`, ...) above 4 GiB,
  /// which a 32-bit program cannot point to: using one is unsupported.
  llvm::SmallPtrSet<const llvm::GlobalVariable *, 4> HostOnlyGlobals;
  /// ILP32: the proxies of the host's standard streams, by address.
  llvm::DenseMap<uint64_t, uint64_t> HostStreams;
  llvm::DenseMap<uint64_t, const llvm::Function *> FunctionAt;
  /// Functions replaced by a user's contract, theseus_summary_<name>.
  llvm::DenseMap<const llvm::Function *, const llvm::Function *> Summaries;
  llvm::DenseMap<const llvm::Constant *, uint64_t> ConstantCache;
  llvm::DenseMap<const llvm::Function *, std::unique_ptr<DecodedFunction>>
      DecodedFunctions;
  /// Read-only objects read at a symbolic offset, by base address.
  llvm::DenseMap<uint64_t, const ConstantTable *> Tables;
  struct DeclaredVariable {
    std::string Name;
    const llvm::Value *Address;
    unsigned Bytes;
    bool Signed;
  };
  llvm::DenseMap<const llvm::Function *, std::vector<DeclaredVariable>>
      Declared;
};

} // namespace theseus

#endif
