//===- Apc.h - The abstract path condition of a target --------------------===//
//
// Strejček and Trtík, "Abstracting Path Conditions": a necessary
// condition on the inputs for reaching a target, as a disjunction over the
// backbones (acyclic complete paths) of the flowgraph of the symbolic
// execution of the backbone (Algorithm 1), where each loop at an entry node
// contributes its summary: an iterated symbolic state over path counters
// (the lightweight rules of section 3.1 with the nested-loop treatment of
// 3.2) and a looping condition with a universal quantifier per backbone of
// the loop; optionally the heavyweight processing of 3.3 (Heavyweight.h),
// and local arrays as rows of cells (section 4, Arrays.h). Values the
// model does not cover are unknown (★, a null ExprRef), and conditions on
// unknowns are left out, so the apc stays necessary. Integers are bit-vectors
// of the program's widths and path counters 64-bit: `x + d*k` wraps exactly as
// k additions of d do.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_APC_APC_H
#define THESEUS_APC_APC_H

#include "apc/Flowgraph.h"
#include "expr/Expr.h"

#include <atomic>
#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace theseus {

class QuantifiedQuery;

struct ApcOptions {
  BufferSizes Sizes; ///< As the executor sizes the entry's inputs.
  /// At most this many backbones per (induced) program: beyond, a loop's
  /// summary is unknown; at the top (and in a summarised function), loops
  /// are given up one by one, what they write any value, until the rest
  /// fits. Only if it still does not is the whole apc `true` (the results
  /// of a summarised function's calls unknown).
  unsigned MaxBackbones = 4096;
  /// The heavyweight loop processing (section 3.3): the solver infers
  /// how often an inner loop runs per iteration of the outer loop.
  bool Heavyweight = false;
  /// The time for inferring one inner loop's count (all its queries), and
  /// the limit of each query proving a value depends on a counter sum.
  unsigned HeavyweightTimeoutMs = 10000;
  /// Once set, the computation gives up (Apc::Abandoned): a search running
  /// beside it no longer needs the apc.
  const std::atomic<bool> *Stop = nullptr;
  /// Past it, the computation gives up too (Apc::OutOfTime).
  std::optional<std::chrono::steady_clock::time_point> Deadline;
  /// The query for checking backbones' feasibility, if one was made ahead
  /// (its Z3 context takes milliseconds to create); else one is made.
  QuantifiedQuery *Feasibility = nullptr;
  /// Every answer of the queries the computation makes itself (that one,
  /// the heavyweight processing's) is re-checked (--solver-validate).
  bool Validate = false;
};

/// Path counters of one loop: kappa_i (free until the backbone closes them)
/// and the tau_i of its looping condition, 64 bits each.
struct LoopCounters {
  std::vector<ExprRef> Kappa;
  std::vector<ExprRef> Tau;
};

/// A loop summary as computed, for inspection: the iterated value of each
/// loop-carried value (a phi of the loop; null for unknown) over its
/// initial value, and the looping condition.
struct LoopSummaryInfo {
  struct Carried {
    std::string Name;
    ExprRef Initial;  ///< The symbol of the value before the loop.
    ExprRef Iterated; ///< Over Initial symbols and the loop's counters.
  };
  std::string Entry; ///< The entry node's block.
  std::vector<Carried> Values;
  ExprRef Phi = nullptr;
  LoopCounters Counters;
};

struct Apc {
  ExprRef Formula = nullptr; ///< Closed except for inputs; width 1.
  unsigned Backbones = 0;
  /// Backbones of loops whose conditions are unsatisfiable even without
  /// their quantifiers: left out of the loops' summaries.
  unsigned NeverTaken = 0;
  unsigned Loops = 0; ///< Loop summaries computed.
  /// Of those, the ones whose looping condition numbers the iterations
  /// (a value assigned on some backbones only; docs/decisions.md).
  unsigned NumberedLoops = 0;
  /// Summaries of functions computed, one per call context.
  unsigned Functions = 0;
  /// Loop invariants conjoined after loops (each checked inductively),
  /// and the solver queries that checked candidates.
  unsigned Invariants = 0;
  unsigned InvariantQueries = 0;
  std::vector<LoopSummaryInfo> Summaries; ///< In the order computed.
  /// What was modelled as unknown, by reason, with a count: what a proof
  /// of unreachability does not rely on.
  std::map<std::string, unsigned> Unknowns;
  /// What was modelled as any value of its type (a witness variable the
  /// code after it constrains), by reason, with a count.
  std::map<std::string, unsigned> AnyValue;
  /// Loops of the entry (or of a summarised function) given up because the
  /// backbones through them were too many: what they write is any value.
  unsigned LoopsGivenUp = 0;
  /// Reads of input buffers were modelled: the apc assumes their sizes and
  /// that a path ends at an out-of-bounds read.
  bool ReadsBuffers = false;
  /// The backbone count went over the limit even with every loop given
  /// up: the apc is `true`.
  bool TooManyBackbones = false;
  /// Stopped (ApcOptions::Stop) before it was computed: the apc is `true`.
  bool Abandoned = false;
  /// Past ApcOptions::Deadline before it was computed: the apc is `true`.
  bool OutOfTime = false;
  /// Answers of the computation's own queries re-checked
  /// (ApcOptions::Validate).
  uint64_t Validated = 0;
};

/// Computes the apc of the flowgraph's targets. Inputs are the byte arrays
/// the executor creates for the entry's parameters (named after them, read
/// little-endian).
Apc computeApc(ExprContext &Ctx, const Flowgraph &G, const ApcOptions &Opts);

} // namespace theseus

#endif
