//===- Solver.cpp - Slicing, caching and model reuse ----------------------===//
#include "solver/Solver.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <map>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

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

/// The input arrays an expression reads, memoised per node.
class ArrayUse {
public:
  const std::vector<uint32_t> &of(ExprRef E) {
    auto It = Memo.find(E);
    if (It != Memo.end())
      return It->second;
    std::vector<uint32_t> Ids;
    if (E->kind() == ExprKind::Read) {
      Ids.push_back(E->array()->Id);
    } else {
      for (unsigned I = 0; I < E->numOperands(); ++I) {
        const auto &Sub = of(E->operand(I));
        std::vector<uint32_t> Merged;
        std::set_union(Ids.begin(), Ids.end(), Sub.begin(), Sub.end(),
                       std::back_inserter(Merged));
        Ids.swap(Merged);
      }
    }
    return Memo.emplace(E, std::move(Ids)).first->second;
  }

private:
  std::unordered_map<ExprRef, std::vector<uint32_t>> Memo;
};

/// Union-find over array ids.
class ArrayClasses {
public:
  uint32_t find(uint32_t X) {
    auto It = Parent.find(X);
    if (It == Parent.end() || It->second == X)
      return X;
    uint32_t R = find(It->second);
    Parent[X] = R;
    return R;
  }
  void unite(uint32_t A, uint32_t B) {
    A = find(A);
    B = find(B);
    if (A != B)
      Parent[A] = B;
  }

private:
  std::unordered_map<uint32_t, uint32_t> Parent;
};

using CacheKey = std::vector<uint32_t>; // Sorted expression ids.

struct CacheKeyHash {
  size_t operator()(const CacheKey &K) const {
    size_t H = K.size();
    for (uint32_t V : K)
      H ^= V + 0x9e3779b97f4a7c15ULL + (H << 6) + (H >> 2);
    return H;
  }
};

double secondsSince(std::chrono::steady_clock::time_point T) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T)
      .count();
}

/// The memo is keyed by node address, so it must not outlive the nodes'
/// ExprContext: a later context may reuse the addresses for other nodes.
std::vector<ExprRef>
sliceWith(ArrayUse &Use, const std::vector<ExprRef> &Prefix, ExprRef Goal) {
  ArrayClasses Classes;
  auto Link = [&](ExprRef E) {
    const auto &Ids = Use.of(E);
    for (size_t I = 1; I < Ids.size(); ++I)
      Classes.unite(Ids[0], Ids[I]);
  };
  for (ExprRef C : Prefix)
    Link(C);
  Link(Goal);
  std::unordered_set<uint32_t> GoalClasses;
  for (uint32_t Id : Use.of(Goal))
    GoalClasses.insert(Classes.find(Id));
  std::vector<ExprRef> Out;
  for (ExprRef C : Prefix) {
    if (C->isTrue())
      continue;
    if (C->isFalse()) { // An infeasible prefix makes any goal infeasible.
      Out.push_back(C);
      continue;
    }
    const auto &Ids = Use.of(C);
    if (!Ids.empty() && GoalClasses.count(Classes.find(Ids[0])))
      Out.push_back(C);
  }
  Out.push_back(Goal);
  return Out;
}

} // namespace

std::vector<ExprRef> sliceForGoal(const std::vector<ExprRef> &Prefix,
                                  ExprRef Goal) {
  ArrayUse Use;
  return sliceWith(Use, Prefix, Goal);
}

struct Solver::Impl {
  std::unique_ptr<SolverBackend> Backend;
  ArrayUse Use; // A solver works within one ExprContext.
  std::unordered_map<CacheKey, SolverResponse, CacheKeyHash> Cache;
  /// The cache is bounded so that memory stays with the states: past this
  /// many answers it starts over (the answers are only ever a shortcut).
  static constexpr size_t MaxCacheEntries = 100'000;
  void store(CacheKey Key, const SolverResponse &R) {
    if (Cache.size() >= MaxCacheEntries)
      Cache.clear();
    Cache.emplace(std::move(Key), R);
  }
  std::deque<Assignment> RecentModels; // Most recent first.
  static constexpr size_t MaxRecentModels = 8;

  /// A model for `Cs` from recent answers, if one satisfies them all.
  bool reuseModel(const std::vector<ExprRef> &Cs, const Assignment &Hint,
                  Assignment &Out) {
    auto Satisfies = [&](const Assignment &A) {
      return std::all_of(Cs.begin(), Cs.end(),
                         [&](ExprRef C) { return evaluate(C, A) == 1; });
    };
    for (const Assignment &M : RecentModels) {
      Assignment Candidate = Hint;
      Candidate.overlay(M);
      if (Satisfies(Candidate)) {
        Out = restrictTo(Candidate, Cs);
        return true;
      }
    }
    return false;
  }

  /// Only the arrays the constraints read.
  Assignment restrictTo(const Assignment &A, const std::vector<ExprRef> &Cs) {
    std::vector<uint32_t> Ids;
    for (ExprRef C : Cs) {
      const auto &U = Use.of(C);
      Ids.insert(Ids.end(), U.begin(), U.end());
    }
    Assignment Out;
    for (const auto &[Arr, Bytes] : A.values())
      if (std::find(Ids.begin(), Ids.end(), Arr->Id) != Ids.end())
        Out.set(Arr, Bytes);
    return Out;
  }

  void remember(const Assignment &M) {
    RecentModels.push_front(M);
    if (RecentModels.size() > MaxRecentModels)
      RecentModels.pop_back();
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

  CacheKey Key;
  for (ExprRef C : Cs)
    Key.push_back(C->id());
  std::sort(Key.begin(), Key.end());
  Key.erase(std::unique(Key.begin(), Key.end()), Key.end());
  if (auto It = P->Cache.find(Key); It != P->Cache.end()) {
    ++Stats.CacheHits;
    return It->second;
  }

  SolverResponse R;
  if (P->reuseModel(Cs, Hint, R.Model)) {
    ++Stats.ModelReuses;
    R.Result = SatResult::Sat;
  } else {
    ++Stats.BackendCalls;
    auto B = std::chrono::steady_clock::now();
    R = P->Backend->check(Cs, Hint);
    Stats.BackendSeconds += secondsSince(B);
    if (R.Result == SatResult::Sat)
      P->remember(R.Model);
  }
  if (R.Result == SatResult::Unknown)
    ++Stats.Unknowns;
  else // Unknown may be a timeout that a later, luckier call would beat.
    P->store(std::move(Key), R);
  return R;
}

} // namespace theseus
