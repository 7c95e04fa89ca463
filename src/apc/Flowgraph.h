//===- Flowgraph.h - Targets and the entry's flowgraph for the apc -------===//
//
// The apc (abstract path condition) of a target is computed on a copy of the
// program prepared for it: SSA form (mem2reg, SROA), simple loops, callees
// inlined where they are not recursive, but for summarised functions: those
// with a loop that neither reach a target nor write memory their callers
// see. Each of those keeps its calls and gets a flowgraph of its own whose
// targets are its returns (the apc summarises it once per call context, see
// ApcBuilder.h), so its backbones add to its callers' rather than multiply
// them. A flowgraph has one node per basic block of its function from which
// a target is reachable; a target node (the block of a target instruction)
// has no successors. Calls that were not inlined and may reach a target are
// targets themselves, so the flowgraph never hides a way to the target.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_APC_FLOWGRAPH_H
#define THESEUS_APC_FLOWGRAPH_H

#include "program/Program.h"

#include "llvm/IR/Module.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class Instruction;
class Value;
} // namespace llvm

namespace theseus {

/// What `--target SPEC` names: every call of a function, any instruction of
/// a source line, or any failing assertion (calls of `__assert_fail`,
/// `abort`, and `theseus_assert` with a false condition).
struct TargetSpec {
  enum Kind { Function, Line, Assert } K = Function;
  std::string Text; ///< As the user wrote it.
  std::string Name; ///< Function: its name.
  std::string File; ///< Line: the file as written (matched by suffix).
  unsigned LineNo = 0;
};

/// Whether a call of `Name` is a target of `S`, a function or assert spec
/// (reach_error and __VERIFIER_error name each other).
bool callIsTarget(const TargetSpec &S, llvm::StringRef Name);
/// Whether `I` is what one of the specs names (for `assert`: a call that
/// may fail an assertion).
bool matchesTarget(const llvm::Instruction &I,
                   const std::vector<TargetSpec> &Specs);

/// Parses "NAME", "FILE:LINE" or "assert". Throws InputError.
TargetSpec parseTargetSpec(const std::string &Spec);

/// One node per basic block; node 0 is the entry block.
class Flowgraph {
public:
  /// Copies `Entry`'s module, prepares the copy, and builds the flowgraph
  /// of the entry restricted to the blocks reaching a target. Throws
  /// InputError when no instruction of the program matches the specs.
  Flowgraph(const llvm::Function &Entry, const std::vector<TargetSpec> &Specs);
  ~Flowgraph();

  /// The flowgraph of `F`, a summarised function of another flowgraph's
  /// copy (which must outlive it), to its returns.
  static std::unique_ptr<Flowgraph> toReturns(const llvm::Function &F);
  /// Whether calls of `F` (in a flowgraph's copy) are summarised rather
  /// than inlined.
  static bool isSummarised(const llvm::Function &F);
  /// What a call of a harness function does in the executor, whatever the
  /// function's body: gives a fresh input (`__VERIFIER_nondet_*`,
  /// `theseus_int`, `klee_int`) or ends the path unless its argument holds
  /// (`theseus_assume`, `klee_assume`, `__VERIFIER_assume`). Their calls
  /// stay calls.
  enum class Harness { None, Input, Assume };
  static Harness harnessOf(const llvm::Function &F);
  /// The function a call names, also through a cast of its type (an
  /// unprototyped declaration); null for an indirect call.
  static const llvm::Function *calleeOf(const llvm::Instruction &I);

  /// No node: no control-flow path from the entry reaches a target.
  bool empty() const { return Blocks.empty(); }
  unsigned size() const { return Blocks.size(); }
  const llvm::BasicBlock *block(unsigned N) const { return Blocks[N]; }
  const std::vector<unsigned> &successors(unsigned N) const { return Succs[N]; }
  bool isTarget(unsigned N) const { return TargetAt[N] != nullptr; }
  /// The first target instruction of a target node's block.
  const llvm::Instruction *targetInstruction(unsigned N) const {
    return TargetAt[N];
  }
  /// For a `theseus_assert(c)` target: `c`, which must be false to fail.
  const llvm::Value *failingCondition(unsigned N) const;
  /// The prepared entry function (in the copy).
  const llvm::Function &function() const { return *Fn; }
  /// Target instructions in the copy, and why calls became targets.
  unsigned numTargetInstructions() const { return NumTargets; }
  const std::vector<std::string> &notes() const { return Notes; }
  /// "bb name (file:line)" for messages.
  std::string describe(unsigned N) const;

private:
  Flowgraph() = default;
  void prepare(const std::vector<TargetSpec> &Specs);
  void findTargets(const std::vector<TargetSpec> &Specs);
  void build();

  std::unique_ptr<llvm::Module> Copy;
  llvm::Function *Fn = nullptr;
  std::vector<const llvm::Instruction *> Targets; ///< In block order.
  std::vector<const llvm::BasicBlock *> Blocks;
  std::vector<std::vector<unsigned>> Succs;
  std::vector<const llvm::Instruction *> TargetAt;
  unsigned NumTargets = 0;
  std::vector<std::string> Notes;
};

} // namespace theseus

#endif
