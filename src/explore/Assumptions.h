//===- Assumptions.h - What a run assumes about the entry's inputs --------===//
//
// A run explores the inputs within bounds it sets itself: a buffer of
// --max-len elements behind a pointer, a length no larger than its buffer,
// values fixed by --concrete, a command line and stdin of given sizes.
// "Complete" holds within them only, so they are listed with the results;
// and a branch side that only a length link excludes is told apart from
// code no input reaches.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_ASSUMPTIONS_H
#define THESEUS_EXPLORE_ASSUMPTIONS_H

#include "explore/Exploration.h"
#include "explore/Inputs.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace theseus {

/// One assumption on the inputs: a phrase for a person and its parts.
struct InputAssumption {
  /// "length-link", "buffer-size", "string-size", "struct-pointer",
  /// "concrete", "argc", "argument", "sym-arg", "sym-args", "envp" or
  /// "stdin".
  std::string Kind;
  std::string Input; ///< The parameter or input it is about.
  /// E.g. "0 <= n <= 8: n is taken as the length of a (--no-len-link
  /// removes this)".
  std::string Text;
  std::string Option; ///< The option that sets or changes it; "" if none.
  std::optional<int64_t> Min, Max; ///< The bounds it sets on `Input`.
  std::string Buffer; ///< length-link: the buffer `Input` is the length of.
  std::string Value;  ///< concrete, argument: the fixed value.
};

/// Every assumption a run with options `O` makes on the inputs of `Entry`
/// as `In` builds them, in parameter order, then the command line and
/// stdin (listed only when the program can read it).
std::vector<InputAssumption> inputAssumptions(const EntryInputs &In,
                                              const ExploreOptions &O,
                                              const llvm::Function &Entry);

/// Finds the branch sides that only a length link excludes. Where the
/// solver proves a side infeasible and its path condition reads a linked
/// length, the condition is checked again with the length unbounded
/// (EntryInputs::lengthLink): satisfiable means that, on that prefix, only
/// the link keeps inputs from taking the side. A condition that reads the
/// length's input other than through the linked value proves nothing and
/// is not checked.
class AssumptionExclusions {
public:
  AssumptionExclusions(ExprContext &Ctx, const EntryInputs &In);

  /// Called when `Prefix ∧ Goal` is unsatisfiable for side `Taken` of the
  /// conditional branch `Inst` (`Hint`: an input for the solver's other
  /// bytes). Checks at most a few times per side, and only while no path
  /// has taken it.
  void noteInfeasible(Solver &S, const Coverage &Cov,
                      const llvm::Instruction *Inst, bool Taken,
                      const std::vector<ExprRef> &Prefix, ExprRef Goal,
                      const Assignment &Hint);

  /// The sides proved excluded only by a length link that no path took,
  /// in the order they were proved.
  std::vector<PathDecision> uncovered(const Coverage &Cov) const;

private:
  struct Rewritten {
    ExprRef E;
    bool ReadsLinkedInput; ///< Outside a linked value.
  };
  Rewritten unbound(ExprRef E);

  using Side = std::pair<const llvm::Instruction *, bool>;
  ExprContext &Ctx;
  /// Each linked length's value -> its value without the link.
  std::unordered_map<ExprRef, ExprRef> Unbounded;
  std::unordered_set<const Array *> LinkedInputs;
  std::vector<const InputSpec *> LinkedSpecs;
  std::unordered_map<ExprRef, Rewritten> Memo;
  std::map<Side, unsigned> Tries;
  std::set<Side> Proved;
  std::vector<Side> ProvedInOrder;
};

} // namespace theseus

#endif
