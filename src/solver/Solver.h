//===- Solver.h - Satisfiability of path constraints ----------------------===//
//
// The solver layer answers "is this conjunction of boolean expressions
// satisfiable, and with which input bytes?". Solver is the façade of a chain
// of stages (SolverStages.h) that a query goes through before Z3 sees it, so
// that Z3 sees small queries:
//   1. slicing: keep only the constraints transitively sharing input bytes
//      with the goal (the cone of influence, see Independence.h);
//   2. the exact cache: an identical sliced query returns the stored answer;
//   3. the counterexample cache (CexCache.h): a stored unsatisfiable subset
//      proves it unsatisfiable, a stored model of a superset or subset that
//      satisfies it answers it;
//   4. model reuse: a recent model, laid over the caller's hint, that
//      already satisfies the sliced query answers it without Z3;
//   5. a query that reads a single input byte is decided by evaluating it
//      on the byte's 256 values;
//   6. the backend (Z3).
// Each of 1-5 can be switched off (SolverChainOptions), and a validating
// stage can be put in front of them all. Unknown (e.g. timeout) is an
// ordinary result the caller handles.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_SOLVER_SOLVER_H
#define THESEUS_SOLVER_SOLVER_H

#include "expr/Assignment.h"
#include "expr/Expr.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace theseus {

enum class SatResult { Sat, Unsat, Unknown };
const char *toString(SatResult R);

struct SolverResponse {
  SatResult Result = SatResult::Unknown;
  /// On Sat: every byte of every array the (sliced) query reads.
  Assignment Model;
};

/// A decision procedure for a conjunction of width-1 expressions.
class SolverBackend {
public:
  virtual ~SolverBackend();
  /// `Hint` supplies the bytes the constraints do not mention.
  virtual SolverResponse check(const std::vector<ExprRef> &Constraints,
                               const Assignment &Hint) = 0;
  /// Per-query time limit; 0 means none.
  virtual void setTimeout(unsigned Ms) = 0;
};

/// Z3 over the theory of bit-vectors, with a per-query timeout. When `Stop`
/// returns true (it is polled from a watchdog thread every few
/// milliseconds), a query in progress is interrupted and answers Unknown.
std::unique_ptr<SolverBackend>
createZ3Backend(unsigned TimeoutMs, std::function<bool()> Stop = nullptr);

struct SolverStats {
  uint64_t Queries = 0;        ///< solve() calls.
  uint64_t TrivialAnswers = 0; ///< Decided by simplification alone.
  uint64_t CacheHits = 0;      ///< The same constraint set answered before.
  uint64_t CexUnsatHits = 0;   ///< A stored unsatisfiable subset.
  uint64_t CexSatHits = 0;     ///< A stored superset's or subset's model.
  uint64_t ModelReuses = 0;
  uint64_t SingleByteAnswers = 0; ///< Decided by trying a byte's values.
  uint64_t BackendCalls = 0;
  uint64_t Unknowns = 0;
  uint64_t Validated = 0;      ///< Answers re-checked (Validate).
  uint64_t ConstraintsIn = 0;  ///< Total constraints before slicing.
  uint64_t ConstraintsOut = 0; ///< Total constraints after slicing.
  double Seconds = 0;          ///< Wall time inside solve().
  double BackendSeconds = 0;   ///< Wall time inside the backend.
  /// The queries that reach the stages after slicing with a float
  /// operation in them (Expr::hasFloat), so that their cost can be told
  /// from the rest (FloatCountingStage).
  uint64_t FloatQueries = 0;
  uint64_t FloatStageAnswers = 0; ///< Answered by a stage before the backend.
  uint64_t FloatBackendCalls = 0;
  double FloatSeconds = 0; ///< Their wall time in the stages.
};

/// The cone of influence of `Goal` within `Prefix`: the constraints that
/// share an input byte with the goal, directly or through other such
/// constraints. Constant-true constraints are dropped. Order is preserved and
/// the goal comes last.
std::vector<ExprRef> sliceForGoal(const std::vector<ExprRef> &Prefix,
                                  ExprRef Goal);

/// Test hook for the self-check: when set, Z3 is given a wrong rule for
/// signed remainder. Never set outside tests.
bool &wrongSRemForTesting();

/// Which stages the chain has. Switching one off changes what a query costs
/// and which model a Sat answer carries, never whether a decided query is
/// Sat or Unsat.
struct SolverChainOptions {
  bool Slicing = true;
  bool Cache = true;
  bool CexCache = true;
  bool ModelReuse = true;
  bool SingleByte = true;
  /// Re-check every answer independently, and abort on a wrong one. For
  /// tests: it costs a Z3 call per Unsat answer.
  bool Validate = false;
};

/// The solver chain. A solver memoises by expression node, so it serves a
/// single ExprContext.
class Solver {
public:
  explicit Solver(std::unique_ptr<SolverBackend> Backend,
                  const SolverChainOptions &Opts = {});
  ~Solver();

  /// Is `Prefix ∧ Goal` satisfiable? Bytes outside the goal's cone keep
  /// their values from `Hint` (which must satisfy the constraints outside
  /// the cone); so do unconstrained bytes.
  SolverResponse solve(const std::vector<ExprRef> &Prefix, ExprRef Goal,
                       const Assignment &Hint);
  /// Satisfiability of a conjunction, without slicing.
  SolverResponse check(const std::vector<ExprRef> &Constraints,
                       const Assignment &Hint);

  const SolverStats &stats() const { return Stats; }
  void setTimeout(unsigned Ms);

private:
  struct Impl;
  std::unique_ptr<Impl> P;
  SolverStats Stats;
};

} // namespace theseus

#endif
