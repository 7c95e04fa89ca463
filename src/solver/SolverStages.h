//===- SolverStages.h - The stages of the solver chain --------------------===//
//
// In the order Solver builds the chain (each optional but the backend):
//   validating -> slicing -> float counting -> cache -> counterexample cache
//     -> model reuse -> single-byte enumeration -> backend.
// QuantifiedQuery's chain (Quantified.h) for the apc's queries:
//   validating -> cache -> quantified.
// Float counting is always there; the stages that answer count their
// answers in the chain's SolverStats;
// each is defined in its own file.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_SOLVER_SOLVERSTAGES_H
#define THESEUS_SOLVER_SOLVERSTAGES_H

#include "solver/CexCache.h"
#include "solver/SolverStage.h"

#include <deque>
#include <functional>
#include <string>
#include <unordered_map>

namespace theseus {

//===----------------------------------------------------------------------===//
// Slicing (SlicingStage.cpp): a query with a goal becomes the goal's cone of
// influence (Independence.h).
//===----------------------------------------------------------------------===//

class SlicingStage : public SolverStage {
public:
  SlicingStage(std::unique_ptr<SolverStage> Next, SolverStats &Stats)
      : SolverStage(std::move(Next)), Stats(Stats) {}
  StageAnswer solve(const SolverQuery &Q) override;

private:
  SolverStats &Stats;
};

//===----------------------------------------------------------------------===//
// Float counting (FloatCountingStage.cpp): the queries with a float operation
// in their (sliced) constraints, their time, and whether a stage before the
// backend answered them (SolverStats::Float*). Answers nothing itself.
//===----------------------------------------------------------------------===//

class FloatCountingStage : public SolverStage {
public:
  FloatCountingStage(std::unique_ptr<SolverStage> Next, SolverStats &Stats)
      : SolverStage(std::move(Next)), Stats(Stats) {}
  StageAnswer solve(const SolverQuery &Q) override;

private:
  SolverStats &Stats;
};

//===----------------------------------------------------------------------===//
// Exact cache (CacheStage.cpp): the stored answer of the same constraint set
// (of the Ground and Quantified forms).
//===----------------------------------------------------------------------===//

class CacheStage : public SolverStage {
public:
  /// Past `MaxEntries` answers the cache starts over, as CexCache does.
  CacheStage(std::unique_ptr<SolverStage> Next, SolverStats &Stats,
             size_t MaxEntries = 100'000)
      : SolverStage(std::move(Next)), Stats(Stats), MaxEntries(MaxEntries) {}
  StageAnswer solve(const SolverQuery &Q) override;

private:
  struct KeyHash {
    size_t operator()(const CexCache::Key &K) const;
  };
  struct Entry {
    bool Sat;
    ByteModel Model;       ///< Empty when unsatisfiable or Quantified.
    Assignment WholeModel; ///< A Quantified query's model.
  };
  SolverStats &Stats;
  size_t MaxEntries;
  std::unordered_map<CexCache::Key, Entry, KeyHash> Answers;
};

//===----------------------------------------------------------------------===//
// Counterexample cache (CexCacheStage.cpp): answers of related constraint
// sets (CexCache.h).
//===----------------------------------------------------------------------===//

class CexCacheStage : public SolverStage {
public:
  CexCacheStage(std::unique_ptr<SolverStage> Next, SolverStats &Stats)
      : SolverStage(std::move(Next)), Stats(Stats) {}
  StageAnswer solve(const SolverQuery &Q) override;

private:
  SolverStats &Stats;
  CexCache Cache;
};

//===----------------------------------------------------------------------===//
// Model reuse (ModelReuseStage.cpp): a recent model of Z3's, laid over the
// query's hint, that satisfies the query.
//===----------------------------------------------------------------------===//

class ModelReuseStage : public SolverStage {
public:
  ModelReuseStage(std::unique_ptr<SolverStage> Next, SolverStats &Stats)
      : SolverStage(std::move(Next)), Stats(Stats) {}
  StageAnswer solve(const SolverQuery &Q) override;
  static constexpr size_t MaxRecentModels = 8;

private:
  SolverStats &Stats;
  std::deque<ByteModel> RecentModels; // Most recent first.
};

//===----------------------------------------------------------------------===//
// Single-byte enumeration (SingleByteStage.cpp): a query reading one input
// byte is decided by evaluating it on the byte's 256 values.
//===----------------------------------------------------------------------===//

class SingleByteStage : public SolverStage {
public:
  SingleByteStage(std::unique_ptr<SolverStage> Next, SolverStats &Stats)
      : SolverStage(std::move(Next)), Stats(Stats) {}
  StageAnswer solve(const SolverQuery &Q) override;

private:
  SolverStats &Stats;
};

//===----------------------------------------------------------------------===//
// Backend (BackendStage.cpp): the end of the chain, a SolverBackend (Z3).
//===----------------------------------------------------------------------===//

class BackendStage : public SolverStage {
public:
  BackendStage(std::unique_ptr<SolverBackend> Backend, SolverStats &Stats)
      : Backend(std::move(Backend)), Stats(Stats) {}
  StageAnswer solve(const SolverQuery &Q) override;
  void setTimeout(unsigned Ms) override { Backend->setTimeout(Ms); }

private:
  std::unique_ptr<SolverBackend> Backend;
  SolverStats &Stats;
};

//===----------------------------------------------------------------------===//
// Quantified (QuantifiedStage.cpp): the end of QuantifiedQuery's chain, a Z3
// context of its own answering the non-Ground forms (SolverStage.h).
//===----------------------------------------------------------------------===//

class QuantifiedStage : public SolverStage {
public:
  QuantifiedStage();
  ~QuantifiedStage() override;
  StageAnswer solve(const SolverQuery &Q) override;
  void setTimeout(unsigned Ms) override { TimeoutMs = Ms; }
  /// The values of `Vars` (free Variables, at most 64 bits wide) in the
  /// model of the last Incremental query, which must have been Sat; none
  /// when Z3 fails (interrupted).
  std::optional<std::vector<uint64_t>>
  valuesOf(const std::vector<ExprRef> &Vars);
  /// Makes a check in progress on another thread answer Unknown soon; later
  /// checks answer Unknown at once.
  void interrupt();
  bool interrupted() const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
  unsigned TimeoutMs = 0;
};

//===----------------------------------------------------------------------===//
// Validating (ValidatingStage.cpp): every answer of the stages below is
// re-checked independently of them.
//===----------------------------------------------------------------------===//

/// An answer the re-check contradicts.
struct Disagreement {
  AnswerSource Source; ///< The stage that answered.
  SatResult Claimed;
  std::string Why;
};

/// The re-checks, also used on their own for the quantified queries: a Sat
/// answer's model must satisfy the constraints under the expression
/// evaluator; an Unsat answer must be Unsat for a fresh Z3 solver, in a
/// fresh context, without the backend's incremental scopes or small-value
/// preference. A re-check that is itself Unknown proves nothing either
/// way, and is not a disagreement.
class AnswerValidator {
public:
  /// The backend's default per-query limit, for re-checks until the chain
  /// is given its own, and of the re-checks of queries without a limit.
  static constexpr unsigned DefaultTimeoutMs = 10'000;
  explicit AnswerValidator(unsigned TimeoutMs) { setTimeout(TimeoutMs); }
  /// A query without a limit (0) still gets a re-check with one: the apc's
  /// race (apc/Solve.h) ends its unlimited queries by interrupting them,
  /// which does not reach the re-check's own context.
  void setTimeout(unsigned Ms) { TimeoutMs = Ms ? Ms : DefaultTimeoutMs; }
  /// Why `R` is wrong for `Cs` over `Hint`; empty when the re-check
  /// confirms it or cannot decide.
  std::string check(const std::vector<ExprRef> &Cs, const Assignment &Hint,
                    const SolverResponse &R) const;
  /// The same for a quantified query (Quantified.h), the conjunction of
  /// `Formulas`, whose quantifiers and free variables the evaluator cannot
  /// decide: a Sat model is re-checked by a fresh solver with the model's
  /// bytes fixed.
  std::string checkQuantified(const std::vector<ExprRef> &Formulas,
                              const SolverResponse &R) const;
  /// The same for a Weakened query's Unsat (its Sat claims nothing): the
  /// weakening only adds models, so `Formulas` satisfiable with the
  /// buffers tied to their bytes refutes it.
  std::string checkWeakened(const std::vector<ExprRef> &Formulas,
                            SatResult R) const;

private:
  unsigned TimeoutMs;
};

class ValidatingStage : public SolverStage {
public:
  using Handler = std::function<void(const Disagreement &)>;
  /// The default handler prints the disagreement and aborts: a wrong answer
  /// silently loses paths or writes tests that miss their target. Each
  /// answer re-checked counts in `Stats.Validated`.
  ValidatingStage(std::unique_ptr<SolverStage> Next, SolverStats &Stats,
                  unsigned TimeoutMs, Handler OnDisagreement = nullptr);
  StageAnswer solve(const SolverQuery &Q) override;
  void setTimeout(unsigned Ms) override;

private:
  SolverStats &Stats;
  AnswerValidator Validator;
  Handler OnDisagreement;
};

/// Prints `D` to stderr and aborts.
[[noreturn]] void abortOnDisagreement(const Disagreement &D);

} // namespace theseus

#endif
