//===- ApcBuilder.h - Algorithm 1 with loop summaries (internal) ----------===//
//
// Private to src/apc: the computation behind computeApc(), one class whose
// parts live in one file per concern:
//   Apc.cpp          Algorithm 1: the apc as a disjunction over backbones,
//                    a loop's summary applied where a backbone enters it;
//   LoopSummary.cpp  a loop's summary: the lightweight rules (section 3.1),
//                    the looping condition, array cells (section 4);
//   LoopExit.cpp     the exit test fixing a loop's counters (section 3.2);
//   InnerCounts.cpp  inner loop counts as artificial variables, inferred by
//                    the solver (section 3.3, Heavyweight.h);
//   Calls.cpp        calls of summarised functions (Flowgraph.h): a builder
//                    of the function's own flowgraph summarises its returns
//                    once per call context, each call an instance of it;
//   Invariants.cpp   relational invariants of a loop, checked inductively.
// Steps that are polynomials in a counter are summed in ClosedForms.h.
// The instructions themselves are IrToExpr's, the paths Backbones'.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_APC_APCBUILDER_H
#define THESEUS_APC_APCBUILDER_H

#include "apc/Apc.h"
#include "apc/Backbones.h"
#include "apc/Heavyweight.h"
#include "apc/IrToExpr.h"
#include "expr/Substitute.h"
#include "solver/Quantified.h"

#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace theseus {

struct Summary {
  State Theta; ///< The iterated state, over the loop's values.
  ExprRef Phi; ///< The looping condition.
  LoopCounters Counters;
  /// Its backbones' apcs and its iterated state as a substitution: what an
  /// enclosing loop's heavyweight processing weakens into sigma.
  std::vector<ExprRef> Apcs;
  Substitution Iterated;
  /// The values of array cells after the loop that the last-write rule
  /// describes: free variables its facts (in Phi) constrain, closed with
  /// the counters.
  std::vector<ExprRef> Witnesses;
  /// Each backbone's state after one iteration, as Apcs: the transitions
  /// an invariant must be preserved by.
  std::vector<State> Steps;
  const llvm::BasicBlock *Entry = nullptr;
};

/// An artificial variable of Algorithm 2: the count of an inner loop in one
/// iteration of the outer loop, and what is known of it then.
struct InnerCount {
  ExprRef S;
  ExprRef Facts; ///< sigma and delta, over the outer loop's entry state.
};

/// A summarised function in one call context: the condition of its return
/// over variables for its parameters (integers, and the offsets of pointers
/// bound to a buffer or table, unless constant) and for its result. Null
/// Formula: no summary could be built (Why says why), and a call's result is
/// unknown.
struct FunctionSummary {
  ExprRef Formula = nullptr;
  std::vector<ExprRef> Params;  ///< Per parameter; null for none.
  std::vector<ExprRef> Offsets; ///< Per parameter; null for none.
  ExprRef Result = nullptr;     ///< Null when the result is not modelled.
  std::string Why;
};

/// A summarised function and what each of its pointer parameters points
/// into (buffer, table) at which offset, when it is a constant.
using CallContext =
    std::pair<const llvm::Function *,
              std::vector<std::tuple<const Array *, const llvm::Value *,
                                     std::optional<uint64_t>>>>;

/// What the builders of one apc share: the flowgraphs of summarised
/// functions, their summaries by call context, and the numbering of
/// counters and fresh variables, so that no two builders name one alike.
struct CallSummaries {
  std::map<const llvm::Function *, std::unique_ptr<Flowgraph>> Graphs;
  std::map<CallContext, FunctionSummary> Summaries;
  unsigned NextCounter = 0;
  unsigned NextFresh = 0;
  uint64_t Validated = 0; ///< By the builders of summaries.
};

/// Thrown out of a computation whose ApcOptions::Stop was set, or that
/// ran past its deadline.
struct Abandoned {};
struct OutOfTime {};

class ApcBuilder {
public:
  ApcBuilder(ExprContext &Ctx, const Flowgraph &G, const ApcOptions &Opts,
             Apc &Out);
  /// The builder of a summarised function's flowgraph (Flowgraph::toReturns)
  /// in the call context `Params`; `Result` is its result's variable.
  ApcBuilder(ExprContext &Ctx, const Flowgraph &G, const ApcOptions &Opts,
             Apc &Out, const CalleeBinding &Params, CallSummaries &Calls,
             ExprRef Result);

  /// The apc of the whole flowgraph.
  ExprRef top();
  /// Of a summarised function's flowgraph: the condition of a return, its
  /// value the result's; null when there are too many backbones.
  ExprRef returns();
  /// Answers of the builder's own queries re-checked (ApcOptions::Validate).
  uint64_t validated() const;

private:
  void checkStop() const;
  /// `Own`, made (and validated as the options say) on first use.
  QuantifiedQuery &ownQuery(std::unique_ptr<QuantifiedQuery> &Own);

  // Apc.cpp
  /// The backbones of the whole flowgraph (`R`). Past the limit, loops are
  /// given up one at a time, largest first (`R.GivenUp`), until they fit;
  /// `Over` is set when they do not even with every loop given up.
  std::vector<std::vector<unsigned>> wholeBackbones(Region &R, bool &Over);
  /// The given-up loop `L` (of Enumerator.loops()) entered in `S`: every
  /// value it defines and every cell it stores is any value of its type, a
  /// witness that joins `Closed`.
  void giveUpLoop(unsigned L, State &S, std::vector<ExprRef> &Closed);
  std::pair<State, ExprRef>
  executeBackbone(const Region &R, const std::vector<unsigned> &Path,
                  std::vector<InnerLoopVisit> *Inner = nullptr);
  /// Applies the summary of the loop `C` at `Path[I]` to the state `S` and
  /// the condition `Apc`; its counters and witnesses join `Closed`, to be
  /// closed at the backbone's end, and its visit joins `Inner`, if given.
  void enterLoop(const Region &R, const std::vector<unsigned> &Path, size_t I,
                 const std::vector<bool> &C, State &S, ExprRef &Apc,
                 std::vector<ExprRef> &Closed,
                 std::vector<InnerLoopVisit> *Inner);
  const Summary &processLoop(const std::vector<bool> &C, unsigned V);
  /// What the target instruction at the end of a backbone adds in `S`.
  ExprRef atTarget(const State &S, unsigned Last);

  // Calls.cpp
  ExprRef callValue(const State &S, const llvm::CallBase &Call, ExprRef &Apc);
  /// A fresh input the call reads (Flowgraph::Harness::Input).
  ExprRef inputValue(const llvm::CallBase &Call);
  const FunctionSummary &summaryOf(const llvm::Function &F,
                                   const std::vector<PointerArg> &Pointers);
  /// At the end of a loop's backbone: what depends on the results of its
  /// calls (`Results`) is unknown in the iterated state `S` and in the
  /// inner loops' visits.
  void forgetCallResults(const std::vector<ExprRef> &Results, State &S,
                         std::vector<InnerLoopVisit> *Inner);
  /// `F` with each bound variable renamed afresh: an instance of a summary.
  ExprRef renameBound(ExprRef F);

  // LoopSummary.cpp
  Summary summarize(const std::vector<bool> &C, unsigned V);
  bool mayHold(ExprRef BackboneApc);
  void storedCells(const std::vector<bool> &C,
                   std::vector<const llvm::Instruction *> &Vars);
  State iterate(const std::vector<const llvm::Instruction *> &Vars,
                const std::vector<State> &Thetas, const LoopCounters &K,
                const llvm::BasicBlock *Entry,
                const std::vector<InnerCount> &Counts);
  ExprRef inferValue(const llvm::Instruction *X,
                     const std::vector<State> &Thetas, const LoopCounters &K,
                     const Substitution &Known);
  ExprRef loopingCondition(const std::vector<ExprRef> &Apcs,
                           const Substitution &Iterated, const LoopCounters &K);
  /// The looping condition over the loop's iterations numbered 0, 1, ...
  /// where it assigns a value on some of its backbones only and its state
  /// depends on its counters through their sum alone; null elsewhere.
  ExprRef overIterations(const std::vector<const llvm::Instruction *> &Vars,
                         const std::vector<State> &Thetas, const Summary &Sum,
                         const llvm::BasicBlock *Entry);
  /// The loop's iterated state at the start of its iteration `Tau` (from
  /// 0), where a value depends on its counters through their sum alone;
  /// unknown elsewhere.
  Substitution iteratedAt(const Summary &Sum, ExprRef Tau);
  void summarizeCells(const std::vector<const llvm::Instruction *> &Vars,
                      const std::vector<State> &Thetas, Summary &Sum);
  /// The values of the entry's phis the rules leave unknown become
  /// witnesses after the loop: any value of their type.
  void havocCarried(const std::vector<const llvm::Instruction *> &Vars,
                    const llvm::BasicBlock *Entry, Summary &Sum,
                    const std::string &Why);
  /// A fresh variable for any value of `X`'s type (null unless an integer
  /// of at most 64 bits), which counts as a counter, so that an enclosing
  /// loop never takes it for an invariant.
  ExprRef witness(const llvm::Value &X);
  bool hasCounter(ExprRef E, ExprRef Except = nullptr) const;

  // LoopExit.cpp
  ExprRef exitCondition(const State &S, const llvm::BasicBlock *Entry,
                        const llvm::BasicBlock *Exit);
  ExprRef eliminateCounter(State &S, const Summary &L,
                           const llvm::BasicBlock *Entry,
                           const llvm::BasicBlock *Exit);

  // Invariants.cpp
  /// The loop invariants of `L` that hold in the state `Entry` (given the
  /// path's condition `Apc` so far) and that every backbone of the loop
  /// preserves, over the state `After` its iterations: what the hook in
  /// enterLoop() conjoins.
  ExprRef invariantAfter(const Summary &L, const Substitution &Entry,
                         const State &After, ExprRef Apc);
  const std::vector<ExprRef> &invariantCandidates(const Summary &L);
  std::vector<bool> houdini(const Summary &L,
                            const std::vector<ExprRef> &Candidates,
                            std::vector<bool> Kept);
  ExprRef weakAssumption(ExprRef F);
  /// Whether the solver proves `Assumption` implies `Claim`.
  bool provedValid(ExprRef Assumption, ExprRef Claim);

  // InnerCounts.cpp
  void introduceCounts(State &Theta, const std::vector<InnerLoopVisit> &Inner,
                       std::vector<InnerCount> &Counts);
  ExprRef inferCount(const InnerCount &C, const LoopCounters &K,
                     const Substitution &Known,
                     const std::vector<ExprRef> &Carried);

  ExprContext &Ctx;
  const Flowgraph &G;
  const ApcOptions &Opts;
  Apc &Out;
  IrToExpr Ir;
  Backbones Enumerator;
  std::unordered_map<ExprRef, bool> AllCounters;
  std::map<std::pair<unsigned, std::vector<bool>>, Summary> Summaries;
  /// The loops of the whole flowgraph, and per node the one it belongs to
  /// if that one is given up (Region::GivenUp), once wholeBackbones() gave
  /// one up.
  std::vector<std::vector<unsigned>> WholeLoops;
  std::vector<int> GivenUp;
  std::unique_ptr<CallSummaries> OwnCalls;
  CallSummaries &Calls;
  unsigned &NextCounter;
  /// Of a summarised function's builder: its result's variable.
  ExprRef ReturnValue = nullptr;
  /// The results of the calls on the backbone being executed, which it
  /// closes at its end, and whether it is a loop's backbone.
  std::vector<ExprRef> *CallResults = nullptr;
  bool InLoop = false;
  /// How many loops summarize() is inside (1: an outermost loop).
  unsigned LoopDepth = 0;
  /// Of backbones (see mayHold()), once a loop has more than one.
  std::unique_ptr<QuantifiedQuery> OwnFeasibility;
  /// Of inner loops' counts (Heavyweight.h), once there is one.
  std::unique_ptr<QuantifiedQuery> CountQuery;
  double FeasibilitySeconds = 0;
  /// Of a value's dependency on its loop's counters through their sum.
  static constexpr unsigned SumCheckTimeoutMs = 250;
  /// Of invariants: their checks at entry and their inductiveness.
  std::unique_ptr<QuantifiedQuery> InvariantQuery;
  double InvariantSeconds = 0;
  /// Each loop's candidate invariants, and Houdini's fixpoint by loop and
  /// candidates holding at entry.
  std::unordered_map<const Summary *, std::vector<ExprRef>> Candidates;
  std::map<std::pair<const Summary *, std::vector<bool>>, std::vector<bool>>
      Inductive;
};

} // namespace theseus

#endif
