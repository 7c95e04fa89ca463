//===- Solver.cpp - The façade of the solver chain ------------------------===//
#include "solver/Solver.h"
#include "solver/SolverStages.h"

#include <algorithm>
#include <chrono>

namespace theseus {

SolverBackend::~SolverBackend() = default;
SolverStage::~SolverStage() = default;

void SolverStage::setTimeout(unsigned Ms) {
  if (Next)
    Next->setTimeout(Ms);
}

bool &wrongSRemForTesting() {
  static bool Wrong = false;
  return Wrong;
}

const char *toString(SatResult R) {
  switch (R) {
  case SatResult::Sat:
    return "sat";
  case SatResult::Unsat:
    return "unsat";
  case SatResult::Unknown:
    return "unknown";
  }
  return "?";
}

const char *toString(AnswerSource S) {
  switch (S) {
  case AnswerSource::Cache:
    return "cache";
  case AnswerSource::CexCache:
    return "counterexample cache";
  case AnswerSource::ModelReuse:
    return "model reuse";
  case AnswerSource::SingleByte:
    return "single-byte enumeration";
  case AnswerSource::Backend:
    return "backend";
  }
  return "?";
}

std::vector<ExprRef> sliceForGoal(const std::vector<ExprRef> &Prefix,
                                  ExprRef Goal) {
  ByteReads Use;
  return sliceWith(Use, Prefix, Goal);
}

//===----------------------------------------------------------------------===//
// SolverQuery
//===----------------------------------------------------------------------===//

const CexCache::Key &SolverQuery::key() const {
  if (!Key) {
    Key.emplace();
    for (ExprRef C : Cs)
      Key->push_back(C->id());
    std::sort(Key->begin(), Key->end());
    Key->erase(std::unique(Key->begin(), Key->end()), Key->end());
  }
  return *Key;
}

const ReadSet &SolverQuery::bytes() const {
  if (!Bytes)
    Bytes = Use.ofAll(Cs);
  return *Bytes;
}

Assignment SolverQuery::compose(const ByteModel &Model) const {
  Assignment::Map Arrays;
  auto M = Model.begin();
  for (uint32_t Id : bytes()) {
    ExprRef Read = Use.readNode(Id);
    const Array *A = Read->array();
    auto [It, New] = Arrays.try_emplace(A);
    if (New) {
      if (const auto *H = Hint.get(A))
        It->second = *H;
      It->second.resize(A->Size);
    }
    while (M != Model.end() && M->first < Id)
      ++M;
    if (M != Model.end() && M->first == Id)
      It->second[Read->value()] = M->second;
  }
  Assignment Out;
  for (auto &[A, Values] : Arrays)
    Out.set(A, std::move(Values));
  return Out;
}

ByteModel SolverQuery::sparse(const Assignment &A) const {
  ByteModel Out;
  Out.reserve(bytes().size());
  for (uint32_t Id : bytes()) {
    ExprRef Read = Use.readNode(Id);
    Out.emplace_back(Id, A.byte(Read->array(), Read->value()));
  }
  return Out;
}

bool SolverQuery::satisfiedBy(const ByteModel &Model, Assignment &Out) const {
  Assignment Candidate = compose(Model);
  Evaluator Eval(Candidate);
  if (!std::all_of(Cs.begin(), Cs.end(),
                   [&](ExprRef C) { return Eval.eval(C) == 1; }))
    return false;
  Out = std::move(Candidate);
  return true;
}

//===----------------------------------------------------------------------===//
// Solver
//===----------------------------------------------------------------------===//

namespace {

double secondsSince(std::chrono::steady_clock::time_point T) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T)
      .count();
}

} // namespace

struct Solver::Impl {
  ByteReads Use; // A solver works within one ExprContext.
  std::unique_ptr<SolverStage> Chain;

  /// The chain's answer to the non-constant `Cs`, or the trivial answer
  /// when a constraint is constant.
  SolverResponse ask(const std::vector<ExprRef> &Cs, const Assignment &Hint,
                     bool HasGoal, SolverStats &Stats);
};

Solver::Solver(std::unique_ptr<SolverBackend> Backend,
               const SolverChainOptions &Opts)
    : P(std::make_unique<Impl>()) {
  std::unique_ptr<SolverStage> Chain =
      std::make_unique<BackendStage>(std::move(Backend), Stats);
  if (Opts.SingleByte)
    Chain = std::make_unique<SingleByteStage>(std::move(Chain), Stats);
  if (Opts.ModelReuse)
    Chain = std::make_unique<ModelReuseStage>(std::move(Chain), Stats);
  if (Opts.CexCache)
    Chain = std::make_unique<CexCacheStage>(std::move(Chain), Stats);
  if (Opts.Cache)
    Chain = std::make_unique<CacheStage>(std::move(Chain), Stats);
  Chain = std::make_unique<FloatCountingStage>(std::move(Chain), Stats);
  if (Opts.Slicing)
    Chain = std::make_unique<SlicingStage>(std::move(Chain), Stats);
  if (Opts.Validate)
    Chain = std::make_unique<ValidatingStage>(
        std::move(Chain), Stats, AnswerValidator::DefaultTimeoutMs);
  P->Chain = std::move(Chain);
}

Solver::~Solver() = default;

void Solver::setTimeout(unsigned Ms) { P->Chain->setTimeout(Ms); }

SolverResponse Solver::Impl::ask(const std::vector<ExprRef> &Cs,
                                 const Assignment &Hint, bool HasGoal,
                                 SolverStats &Stats) {
  auto Start = std::chrono::steady_clock::now();
  ++Stats.Queries;
  struct Timer {
    SolverStats &S;
    std::chrono::steady_clock::time_point T;
    ~Timer() { S.Seconds += secondsSince(T); }
  } Timing{Stats, Start};

  std::vector<ExprRef> Left;
  for (ExprRef C : Cs) {
    if (C->isFalse()) {
      ++Stats.TrivialAnswers;
      return {SatResult::Unsat, {}};
    }
    if (!C->isTrue())
      Left.push_back(C);
  }
  // A true goal has an empty cone: the hint satisfies the rest.
  if (Left.empty() || (HasGoal && Cs.back()->isTrue())) {
    ++Stats.TrivialAnswers;
    return {SatResult::Sat, {}};
  }
  // Counted as the stages below slicing see them: slicing subtracts what
  // it drops.
  Stats.ConstraintsOut += Left.size();
  SolverResponse R =
      Chain->solve(SolverQuery(std::move(Left), Hint, Use, HasGoal)).Response;
  if (R.Result == SatResult::Unknown)
    ++Stats.Unknowns;
  return R;
}

SolverResponse Solver::solve(const std::vector<ExprRef> &Prefix, ExprRef Goal,
                             const Assignment &Hint) {
  Stats.ConstraintsIn += Prefix.size() + 1;
  std::vector<ExprRef> Cs = Prefix;
  Cs.push_back(Goal);
  return P->ask(Cs, Hint, /*HasGoal=*/true, Stats);
}

SolverResponse Solver::check(const std::vector<ExprRef> &Constraints,
                             const Assignment &Hint) {
  return P->ask(Constraints, Hint, /*HasGoal=*/false, Stats);
}

} // namespace theseus
