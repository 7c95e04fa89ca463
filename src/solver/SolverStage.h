//===- SolverStage.h - One step of the solver chain -----------------------===//
//
// The solver is a chain of stages (after KLEE's solver chain): each stage
// either answers a query itself or passes it, possibly transformed, to the
// next one, and may learn from the answer on its way back. Every stage can
// be left out of the chain (SolverChainOptions), so each one's cost and
// benefit can be measured alone, and each can be tested with a fake next
// stage.
//
// A query reaching a stage has no constant constraint: the Solver façade
// decides those itself.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_SOLVER_SOLVERSTAGE_H
#define THESEUS_SOLVER_SOLVERSTAGE_H

#include "expr/Assignment.h"
#include "expr/Expr.h"
#include "solver/CexCache.h"
#include "solver/Independence.h"
#include "solver/Solver.h"

#include <memory>
#include <optional>
#include <vector>

namespace theseus {

/// How a query's constraints are read. The Solver façade's queries are
/// Ground; the others are QuantifiedQuery's (Quantified.h), answered by the
/// QuantifiedStage with a model of every byte of every array they read.
enum class QueryForm : uint8_t {
  Ground,
  /// Forall/Exists nodes and free Variables (existential) allowed.
  Quantified,
  /// Quantifier-free; the first constraint stays asserted across queries
  /// with the same one, the others as scopes above it.
  Incremental,
  /// Quantifier-free, input buffers read at a computed index as free
  /// functions: Unsat is a proof, Sat proves nothing and has no model.
  Weakened,
};

/// A conjunction of width-1 constraints (non-constant when Ground), with the
/// hint that supplies the bytes they do not read.
class SolverQuery {
public:
  /// With `HasGoal`, the last constraint is the goal and the others only
  /// matter through the input bytes they share with it: the hint satisfies
  /// those outside the goal's cone, so slicing may drop them. `Use` is the
  /// chain's memo of read sets; it must outlive the query.
  SolverQuery(std::vector<ExprRef> Constraints, const Assignment &Hint,
              ByteReads &Use, bool HasGoal = false,
              QueryForm Form = QueryForm::Ground)
      : Cs(std::move(Constraints)), Hint(Hint), Use(Use), Goal(HasGoal),
        Form(Form) {}

  const std::vector<ExprRef> &constraints() const { return Cs; }
  const Assignment &hint() const { return Hint; }
  bool hasGoal() const { return Goal; }
  QueryForm form() const { return Form; }
  ByteReads &reads() const { return Use; }
  /// The same question about other constraints (e.g. a slice), without a
  /// goal.
  SolverQuery with(std::vector<ExprRef> Constraints) const {
    return SolverQuery(std::move(Constraints), Hint, Use, false, Form);
  }

  /// The constraint set as the caches know it: sorted, distinct ids.
  /// Computed once, on first use.
  const CexCache::Key &key() const;
  /// Every input byte the constraints read. Computed once, on first use.
  const ReadSet &bytes() const;

  /// The answer's assignment: the arrays bytes() lie in, with `Model`'s
  /// values on bytes() and the hint's everywhere else. Bytes outside the
  /// read set keep the hint's values even where `Model` has others:
  /// constraints outside the cone hold on the hint.
  Assignment compose(const ByteModel &Model) const;
  /// The values `A` gives bytes().
  ByteModel sparse(const Assignment &A) const;
  /// True, with the answer's assignment in `Out`, when `Model` laid over
  /// the hint satisfies every constraint.
  bool satisfiedBy(const ByteModel &Model, Assignment &Out) const;

private:
  std::vector<ExprRef> Cs;
  const Assignment &Hint;
  ByteReads &Use;
  bool Goal;
  QueryForm Form;
  mutable std::optional<CexCache::Key> Key;
  mutable std::optional<ReadSet> Bytes;
};

/// Which stage decided a query: the model reuse stage only remembers
/// models Z3 found, and a validation failure names the culprit.
enum class AnswerSource : uint8_t {
  Cache,
  CexCache,
  ModelReuse,
  SingleByte,
  Backend,
};
const char *toString(AnswerSource S);

struct StageAnswer {
  SolverResponse Response;
  AnswerSource Source = AnswerSource::Backend;
};

class SolverStage {
public:
  explicit SolverStage(std::unique_ptr<SolverStage> Next = nullptr)
      : Next(std::move(Next)) {}
  virtual ~SolverStage();
  virtual StageAnswer solve(const SolverQuery &Q) = 0;
  /// Per-query time limit of the stages that call a solver; 0 means none.
  virtual void setTimeout(unsigned Ms);

protected:
  std::unique_ptr<SolverStage> Next;
};

} // namespace theseus

#endif
