//===- Solver.cpp - Slicing, caching and model reuse ----------------------===//
#include "solver/Solver.h"
#include "solver/CexCache.h"
#include "solver/Independence.h"

#include <algorithm>
#include <chrono>
#include <deque>

namespace theseus {

SolverBackend::~SolverBackend() = default;

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

namespace {

double secondsSince(std::chrono::steady_clock::time_point T) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T)
      .count();
}

} // namespace

std::vector<ExprRef> sliceForGoal(const std::vector<ExprRef> &Prefix,
                                  ExprRef Goal) {
  ByteReads Use;
  return sliceWith(Use, Prefix, Goal);
}

struct Solver::Impl {
  std::unique_ptr<SolverBackend> Backend;
  ByteReads Use; // A solver works within one ExprContext.
  CexCache Cache;
  std::deque<ByteModel> RecentModels; // Most recent first.
  static constexpr size_t MaxRecentModels = 8;

  /// The answer's assignment: the arrays `Bytes` lie in, with `Model`'s
  /// values on `Bytes` and `Hint`'s everywhere else. Bytes outside the read
  /// set keep the hint's values even where `Model` has others: constraints
  /// outside the cone hold on the hint.
  Assignment compose(const ByteModel &Model, const ReadSet &Bytes,
                     const Assignment &Hint) {
    Assignment::Map Arrays;
    auto M = Model.begin();
    for (uint32_t Id : Bytes) {
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

  /// The values `A` gives the bytes of `Bytes`.
  ByteModel sparse(const Assignment &A, const ReadSet &Bytes) {
    ByteModel Out;
    Out.reserve(Bytes.size());
    for (uint32_t Id : Bytes) {
      ExprRef Read = Use.readNode(Id);
      Out.emplace_back(Id, A.byte(Read->array(), Read->value()));
    }
    return Out;
  }

  /// True, with the answer's assignment in `Out`, when `Model` laid over
  /// `Hint` satisfies every constraint of `Cs`.
  bool satisfies(const std::vector<ExprRef> &Cs, const ByteModel &Model,
                 const ReadSet &Bytes, const Assignment &Hint,
                 Assignment &Out) {
    Assignment Candidate = compose(Model, Bytes, Hint);
    Evaluator Eval(Candidate);
    if (!std::all_of(Cs.begin(), Cs.end(),
                     [&](ExprRef C) { return Eval.eval(C) == 1; }))
      return false;
    Out = std::move(Candidate);
    return true;
  }

  /// A model for `Cs` among the recent answers.
  bool reuseModel(const std::vector<ExprRef> &Cs, const ReadSet &Bytes,
                  const Assignment &Hint, Assignment &Out) {
    return std::any_of(
        RecentModels.begin(), RecentModels.end(),
        [&](const ByteModel &M) { return satisfies(Cs, M, Bytes, Hint, Out); });
  }

  /// A query reading a single input byte, decided by trying its values:
  /// cheaper than a Z3 call, and byte-level slicing leaves many such queries
  /// (one character of a string). Printable characters come first so that
  /// tests stay readable, then the other values in increasing order.
  /// Unknown for other queries.
  SolverResponse enumerateByte(const std::vector<ExprRef> &Cs,
                               const ReadSet &Bytes, const Assignment &Hint) {
    SolverResponse R;
    if (Bytes.size() != 1)
      return R;
    R.Result = SatResult::Unsat;
    for (unsigned I = 0; I < 256; ++I) {
      auto V = uint8_t(I < 95 ? ' ' + I : I < 127 ? I - 95 : I);
      if (satisfies(Cs, {{Bytes[0], V}}, Bytes, Hint, R.Model)) {
        R.Result = SatResult::Sat;
        break;
      }
    }
    return R;
  }

  void remember(const ByteModel &M) {
    RecentModels.push_front(M);
    if (RecentModels.size() > MaxRecentModels)
      RecentModels.pop_back();
  }

  /// An answer from related stored answers or recent models; Unknown when
  /// none decides the query.
  SolverResponse answerWithoutBackend(const std::vector<ExprRef> &Cs,
                                      const CexCache::Key &Key,
                                      const ReadSet &Bytes,
                                      const Assignment &Hint,
                                      SolverStats &Stats) {
    CexCache::Related Rel = Cache.related(Key);
    SolverResponse R;
    if (Rel.UnsatSubset) {
      ++Stats.CexUnsatHits;
      R.Result = SatResult::Unsat;
      return R;
    }
    if (Rel.SatSuperset) { // Its model covers every byte the query reads.
      ++Stats.CexSatHits;
      R.Result = SatResult::Sat;
      R.Model = compose(Rel.SatSuperset->Model, Bytes, Hint);
      return R;
    }
    for (const CexCache::Entry *Sub : Rel.SatSubsets)
      if (satisfies(Cs, Sub->Model, Bytes, Hint, R.Model)) {
        ++Stats.CexSatHits;
        R.Result = SatResult::Sat;
        return R;
      }
    if (reuseModel(Cs, Bytes, Hint, R.Model)) {
      ++Stats.ModelReuses;
      R.Result = SatResult::Sat;
    }
    return R;
  }
};

Solver::Solver(std::unique_ptr<SolverBackend> Backend)
    : P(std::make_unique<Impl>()) {
  P->Backend = std::move(Backend);
}

Solver::~Solver() = default;

void Solver::setTimeout(unsigned Ms) { P->Backend->setTimeout(Ms); }

SolverResponse Solver::solve(const std::vector<ExprRef> &Prefix, ExprRef Goal,
                             const Assignment &Hint) {
  Stats.ConstraintsIn += Prefix.size() + 1;
  return check(sliceWith(P->Use, Prefix, Goal), Hint);
}

SolverResponse Solver::check(const std::vector<ExprRef> &Constraints,
                             const Assignment &Hint) {
  auto Start = std::chrono::steady_clock::now();
  ++Stats.Queries;
  struct Timer {
    SolverStats &S;
    std::chrono::steady_clock::time_point T;
    ~Timer() { S.Seconds += secondsSince(T); }
  } Timing{Stats, Start};

  std::vector<ExprRef> Cs;
  for (ExprRef C : Constraints) {
    if (C->isFalse()) {
      ++Stats.TrivialAnswers;
      return {SatResult::Unsat, {}};
    }
    if (!C->isTrue())
      Cs.push_back(C);
  }
  Stats.ConstraintsOut += Cs.size();
  if (Cs.empty()) {
    ++Stats.TrivialAnswers;
    return {SatResult::Sat, {}};
  }

  CexCache::Key Key;
  for (ExprRef C : Cs)
    Key.push_back(C->id());
  std::sort(Key.begin(), Key.end());
  Key.erase(std::unique(Key.begin(), Key.end()), Key.end());
  ReadSet Bytes = P->Use.ofAll(Cs);
  if (const CexCache::Entry *E = P->Cache.exact(Key)) {
    ++Stats.CacheHits;
    if (!E->Sat)
      return {SatResult::Unsat, {}};
    return {SatResult::Sat, P->compose(E->Model, Bytes, Hint)};
  }
  SolverResponse R = P->answerWithoutBackend(Cs, Key, Bytes, Hint, Stats);
  if (R.Result == SatResult::Unknown) {
    R = P->enumerateByte(Cs, Bytes, Hint);
    Stats.SingleByteAnswers += R.Result != SatResult::Unknown;
  }
  if (R.Result == SatResult::Unknown) {
    ++Stats.BackendCalls;
    auto B = std::chrono::steady_clock::now();
    R = P->Backend->check(Cs, Hint);
    Stats.BackendSeconds += secondsSince(B);
    if (R.Result == SatResult::Sat)
      P->remember(P->sparse(R.Model, Bytes));
  }
  if (R.Result == SatResult::Unknown)
    ++Stats.Unknowns;
  else // Unknown may be a timeout that a later, luckier call would beat.
    P->Cache.store(std::move(Key), R.Result == SatResult::Sat,
                   R.Result == SatResult::Sat ? P->sparse(R.Model, Bytes)
                                              : ByteModel());
  return R;
}

} // namespace theseus
