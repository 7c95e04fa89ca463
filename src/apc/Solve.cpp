//===- Solve.cpp - Deciding an apc: the formula and its unfolding raced --===//
#include "apc/Solve.h"

#include "expr/Rewrite.h"
#include "expr/Substitute.h"
#include "expr/Transfer.h"
#include "solver/Quantified.h"

#include <chrono>
#include <condition_variable>
#include <fmt/format.h>
#include <mutex>
#include <thread>
#include <vector>

namespace theseus {

namespace {

/// Thrown out of an unfolding whose caller stopped waiting for it.
struct Abandoned {};

class Unfolder {
public:
  Unfolder(ExprContext &Ctx, unsigned K, const std::atomic<bool> *Stop)
      : Ctx(Ctx), K(K), Stop(Stop) {}

  /// Makes the unfolding a strengthening of the apc rather than a
  /// weakening: each universal's range is also bounded by K, which its K
  /// instances then cover exactly, and each outermost existential named in
  /// `Values` takes its value there.
  void strengthen(const Substitution &Values) {
    Strengthened = true;
    Fixed = Values;
  }

  /// The variable standing for each outermost existential (outside every
  /// universal) in the last unfolding, by the variable it binds.
  const std::vector<std::pair<ExprRef, ExprRef>> &outermost() const {
    return Outermost;
  }

  ExprRef visit(ExprRef F, const Substitution &Bound, bool Positive) {
    switch (F->kind()) {
    case ExprKind::Forall:
    case ExprKind::Exists:
      if (!Positive)
        return substituteValue(Ctx, F, Bound);
      return F->kind() == ExprKind::Forall ? forall(F, Bound)
                                           : exists(F, Bound);
    case ExprKind::And:
    case ExprKind::Or:
      if (F->width() == 1)
        return Ctx.rebuild(
            F, std::array<ExprRef, 2>{visit(F->operand(0), Bound, Positive),
                                      visit(F->operand(1), Bound, Positive)}
                   .data());
      break;
    case ExprKind::Not:
      if (F->width() == 1)
        return Ctx.bitNot(visit(F->operand(0), Bound, !Positive));
      break;
    default:
      break;
    }
    return substituteValue(Ctx, F, Bound);
  }

private:
  ExprRef forall(ExprRef F, const Substitution &Bound) {
    ExprRef V = F->operand(0);
    ExprRef All = Ctx.trueExpr();
    ExprRef Range = rangeOf(F);
    if (Range)
      Range = substituteValue(Ctx, Range, Bound);
    if (Strengthened) {
      if (!Range)
        throw Abandoned{};
      All = Ctx.ule(Range, Ctx.constant(K, V->width()));
    }
    // Instances at or past a constant range hold vacuously.
    uint64_t Instances = K;
    if (Range && Range->isConst())
      Instances = std::min<uint64_t>(K, Range->value());
    Substitution Inner = Bound;
    ++Universals;
    for (unsigned C = 0; C < Instances; ++C) {
      if (Stop && Stop->load(std::memory_order_relaxed))
        throw Abandoned{};
      Inner[V] = Ctx.constant(C, V->width());
      All = Ctx.logicalAnd(All, visit(F->operand(1), Inner, true));
    }
    --Universals;
    return All;
  }

  /// E in `forall t. !(t <u E) || Body`, the form the apc gives its
  /// universals; null for any other form.
  static ExprRef rangeOf(ExprRef F) {
    ExprRef V = F->operand(0), Body = F->operand(1);
    if (Body->kind() != ExprKind::Or)
      return nullptr;
    for (ExprRef Op : {Body->operand(0), Body->operand(1)})
      if (Op->kind() == ExprKind::Not && Op->width() == 1 &&
          Op->operand(0)->kind() == ExprKind::Ult &&
          Op->operand(0)->operand(0) == V)
        return Op->operand(0)->operand(1);
    return nullptr;
  }

  /// E in `exists t. t <=u E && Body`, the form of the apc's existentials
  /// under a universal; null for any other form.
  static ExprRef existsRangeOf(ExprRef F) {
    ExprRef V = F->operand(0), Body = F->operand(1);
    if (Body->kind() != ExprKind::And || Body->width() != 1)
      return nullptr;
    for (ExprRef Op : {Body->operand(0), Body->operand(1)})
      if (Op->kind() == ExprKind::Ule && Op->operand(0) == V)
        return Op->operand(1);
    return nullptr;
  }

  ExprRef exists(ExprRef F, const Substitution &Bound) {
    ExprRef V = F->operand(0);
    Substitution Inner = Bound;
    // Strengthened, an existential over a constant range is the
    // disjunction of its instances: the reads they index become reads of
    // known elements.
    if (ExprRef Range = Strengthened ? existsRangeOf(F) : nullptr) {
      Range = substituteValue(Ctx, Range, Bound);
      if (Range->isConst() && Range->value() < K) {
        ExprRef Any = Ctx.falseExpr();
        for (uint64_t C = 0; C <= Range->value(); ++C) {
          Inner[V] = Ctx.constant(C, V->width());
          Any = Ctx.logicalOr(Any, visit(F->operand(1), Inner, true));
        }
        return Any;
      }
    }
    auto It = Fixed.find(V);
    if (Universals == 0 && It != Fixed.end()) {
      Inner[V] = It->second;
    } else {
      // A fresh variable per instance of the enclosing universals.
      Inner[V] = Ctx.var(Ctx.variable(
          fmt::format("{}#{}", V->variable()->Name, ++Fresh), V->width()));
      if (Universals == 0)
        Outermost.push_back({V, Inner[V]});
    }
    return visit(F->operand(1), Inner, true);
  }

  ExprContext &Ctx;
  unsigned K;
  const std::atomic<bool> *Stop;
  unsigned Fresh = 0;
  unsigned Universals = 0;
  bool Strengthened = false;
  Substitution Fixed;
  std::vector<std::pair<ExprRef, ExprRef>> Outermost;
};

double secondsSince(std::chrono::steady_clock::time_point T) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T)
      .count();
}

/// Choices of counters the search for a model of the apc tries, and its
/// time: on the benchmarks it answers within tens of milliseconds when it
/// answers at all; past that, its CPU goes back to the other two queries.
constexpr unsigned FixedCounterAttempts = 4;
constexpr std::chrono::milliseconds FixedCounterBudget{250};
constexpr std::chrono::milliseconds FixedCounterHeadStart{30};

/// The K of each apc^K the race tries, growing up to `K`.
std::vector<unsigned> unfoldingSteps(unsigned K) {
  std::vector<unsigned> Steps;
  for (unsigned Step : {2u, 6u})
    if (Step < K)
      Steps.push_back(Step);
  Steps.push_back(K);
  return Steps;
}

} // namespace

SolverResponse searchWithFixedCounters(ExprContext &Ctx, ExprRef Apc,
                                       unsigned K, QuantifiedQuery &Q,
                                       const std::atomic<bool> *Stop,
                                       unsigned Attempts) try {
  Unfolder Weakest(Ctx, 0, Stop);
  ExprRef Choices = Weakest.visit(Apc, {}, true);
  std::vector<ExprRef> Counters;
  for (const auto &[Bound, Free] : Weakest.outermost()) {
    Counters.push_back(Free);
    Choices =
        Ctx.logicalAnd(Choices, Ctx.ule(Free, Ctx.constant(K, Free->width())));
  }
  for (unsigned I = 0; I < Attempts; ++I) {
    std::vector<ExprRef> Zero;
    for (ExprRef C : Counters) {
      Zero.push_back(Ctx.eq(C, Ctx.constant(0, C->width())));
      SatResult R = Q.checkWith(Choices, Zero, 0).Result;
      if (R == SatResult::Unknown)
        return {};
      if (R == SatResult::Unsat)
        Zero.pop_back();
    }
    std::vector<uint64_t> Values;
    if (Q.checkWith(Choices, Zero, 0, Counters, &Values).Result !=
        SatResult::Sat)
      return {};
    Substitution Fixed;
    ExprRef Chosen = Ctx.trueExpr();
    for (size_t C = 0; C < Counters.size(); ++C) {
      ExprRef Value = Ctx.constant(Values[C], Counters[C]->width());
      Fixed[Weakest.outermost()[C].first] = Value;
      Chosen = Ctx.logicalAnd(Chosen, Ctx.eq(Counters[C], Value));
    }
    Unfolder Exact(Ctx, K, Stop);
    Exact.strengthen(Fixed);
    SolverResponse R = Q.check(Exact.visit(Apc, {}, true), 0);
    if (R.Result != SatResult::Unsat)
      return R;
    Choices = Ctx.logicalAnd(Choices, Ctx.logicalNot(Chosen));
  }
  return {};
} catch (const Abandoned &) {
  return {};
}

bool hasQuantifier(ExprRef E) {
  return anyNode(E, [](ExprRef X) {
    return X->kind() == ExprKind::Forall || X->kind() == ExprKind::Exists;
  });
}

ExprRef unfoldApc(ExprContext &Ctx, ExprRef Apc, unsigned K,
                  const std::atomic<bool> *Stop) {
  try {
    return Unfolder(Ctx, K, Stop).visit(Apc, {}, true);
  } catch (const Abandoned &) {
    return nullptr;
  }
}

const char *toString(ApcAnswer::Kind K) {
  switch (K) {
  case ApcAnswer::Unreachable:
    return "unreachable";
  case ApcAnswer::Satisfiable:
    return "apc satisfiable";
  case ApcAnswer::Unknown:
    break;
  }
  return "unknown";
}

ApcQueries::ApcQueries(bool Validate) {
  if (!Validate)
    return;
  for (QuantifiedQuery *Q : {&Feasibility, &Direct, &Fixed, &Unfolded})
    Q->validate();
}

uint64_t ApcQueries::validated() const {
  return Feasibility.stats().Validated + Direct.stats().Validated +
         Fixed.stats().Validated + Unfolded.stats().Validated;
}

const char *verdictOf(const ApcAnswer &A) {
  if (A.K == ApcAnswer::Satisfiable && !A.modelsTheApc())
    return "apc^K satisfiable";
  return toString(A.K);
}

ApcAnswer solveApc(ExprContext &Ctx, ExprRef Apc, unsigned K,
                   double TimeoutSeconds, const std::atomic<bool> *Cancel,
                   const CandidateFn &OnCandidate, ApcQueries *Queries) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point Start = Clock::now();
  Clock::time_point Deadline =
      Start + std::chrono::milliseconds(int64_t(TimeoutSeconds * 1000));
  Clock::time_point FixedDeadline =
      std::min(Deadline, Start + FixedCounterBudget);
  ApcAnswer A;
  std::unique_ptr<ApcQueries> Own;
  if (!Queries)
    Queries = (Own = std::make_unique<ApcQueries>()).get();
  QuantifiedQuery &DirectQ = Queries->Direct, &FixedQ = Queries->Fixed,
                  &UnfoldedQ = Queries->Unfolded;
  SolverResponse DirectR, FixedR, UnfoldedR;
  std::mutex Mu;
  std::condition_variable Done;
  bool DirectDone = false, FixedDone = false, UnfoldedDone = false;
  std::atomic<bool> StopUnfolding = false;
  // The deadline is kept by interrupting the queries, not by Z3's own
  // timeout: its timer holds a lock that Z3's fork handler waits for, so a
  // search beside the race could not fork (to replay a test natively)
  // until the query ended.
  std::thread Direct([&] {
    {
      // Three solvers on two cores slowed the short search with fixed
      // counters down 2x (MatrIR: 0.015 s alone, up to 0.033 s beside the
      // other two): the quantified apc, which takes longer, waits for it
      // a little.
      std::unique_lock<std::mutex> Lock(Mu);
      Done.wait_until(Lock, Start + FixedCounterHeadStart,
                      [&] { return FixedDone; });
    }
    Clock::time_point T = Clock::now();
    SolverResponse R = DirectQ.check(Apc, 0);
    std::lock_guard<std::mutex> Lock(Mu);
    A.Direct = {R.Result, secondsSince(T)};
    DirectR = std::move(R);
    DirectDone = true;
    Done.notify_all();
  });
  // The unfolding side builds its formulas in Ctx: this side builds its
  // own in a context of its own (only the apc's nodes, which do not
  // change, are read from Ctx), and its model is copied back at the end.
  ExprContext FixedCtx;
  std::thread Fixed([&] {
    Clock::time_point T = Clock::now();
    ExprRef Copy = ExprTransfer(FixedCtx).copy(Apc);
    SolverResponse R = searchWithFixedCounters(
        FixedCtx, Copy, K, FixedQ, &StopUnfolding, FixedCounterAttempts);
    std::lock_guard<std::mutex> Lock(Mu);
    A.Fixed = {R.Result, secondsSince(T)};
    FixedR = std::move(R);
    FixedDone = true;
    Done.notify_all();
  });
  std::thread Unfolded([&] {
    // Growing K: every apc^K is implied by the apc, so an unsatisfiable
    // one at any K is a proof, and a small K answers in a fraction of the
    // time (Hello: 0.1 s at K = 2, unknown after 10 s at K = 25). A larger
    // K gives a candidate closer to a real input; its answer replaces the
    // smaller one's.
    //
    // An apc^K with products of non-constants (polynomial closed forms) is
    // first decided with them as free variables: a weaker formula, so its
    // unsat is as much a proof, decided without multiplier circuits, as
    // fast as an apc whose polynomial values were unknown. Only its proofs
    // count.
    double UnfoldSeconds = 0, SolveSeconds = 0;
    for (unsigned Step : unfoldingSteps(K)) {
      Clock::time_point T = Clock::now();
      ExprRef U = unfoldApc(Ctx, Apc, Step, &StopUnfolding);
      UnfoldSeconds += secondsSince(T);
      T = Clock::now();
      SolverResponse R;
      if (U && hasNonlinear(U) && !hasQuantifier(U)) {
        R = UnfoldedQ.check(abstractNonlinear(Ctx, U, "nonlinear#"), 0);
        if (R.Result != SatResult::Unsat)
          R = SolverResponse(); // Its model is no model of apc^K.
      }
      if (U && R.Result != SatResult::Unsat && !StopUnfolding)
        R = UnfoldedQ.check(U, 0);
      SolveSeconds += secondsSince(T);
      std::lock_guard<std::mutex> Lock(Mu);
      A.UnfoldSeconds = UnfoldSeconds;
      if (R.Result != SatResult::Unknown || !A.UnfoldedApc) {
        A.UnfoldedApc = U;
        A.UnfoldedK = Step;
        A.Unfolded = {R.Result, SolveSeconds};
        UnfoldedR = std::move(R);
      }
      // With a taker of candidates, the first one goes to it and the CPU
      // to the apc.
      if (UnfoldedR.Result == SatResult::Unsat ||
          (UnfoldedR.Result == SatResult::Sat && OnCandidate) || StopUnfolding)
        break;
    }
    std::lock_guard<std::mutex> Lock(Mu);
    UnfoldedDone = true;
    Done.notify_all();
  });
  {
    std::unique_lock<std::mutex> Lock(Mu);
    auto Decided = [&] {
      return (DirectDone && DirectR.Result != SatResult::Unknown) ||
             FixedR.Result == SatResult::Sat ||
             (UnfoldedDone && UnfoldedR.Result == SatResult::Unsat) ||
             (DirectDone && FixedDone && UnfoldedDone);
    };
    bool Offered = false;
    auto CandidateWaits = [&] {
      return OnCandidate && !Offered && UnfoldedDone &&
             UnfoldedR.Result == SatResult::Sat;
    };
    // The canceller does not know this condition variable: poll it.
    auto Cancelled = [Cancel] { return Cancel && Cancel->load(); };
    while (!Decided() && !Cancelled()) {
      if (CandidateWaits()) {
        Offered = true;
        ApcAnswer Early;
        Early.K = ApcAnswer::Satisfiable;
        Early.AnsweredBy = "apc^K";
        Early.UnfoldedApc = A.UnfoldedApc;
        Early.UnfoldedK = A.UnfoldedK;
        Early.Model = UnfoldedR.Model;
        OnCandidate(Early);
      }
      if (Clock::now() >= Deadline)
        break;
      if (!FixedDone && Clock::now() >= FixedDeadline)
        FixedQ.interrupt();
      Done.wait_until(
          Lock, std::min(Deadline, Clock::now() + std::chrono::milliseconds(5)),
          [&] { return Decided() || Cancelled() || CandidateWaits(); });
    }
  }
  StopUnfolding = true;
  {
    // Z3 forgets an interrupt that lands before its check starts: repeat it
    // until both queries have returned.
    std::unique_lock<std::mutex> Lock(Mu);
    while (!(DirectDone && FixedDone && UnfoldedDone)) {
      DirectQ.interrupt();
      FixedQ.interrupt();
      UnfoldedQ.interrupt();
      Done.wait_for(Lock, std::chrono::milliseconds(5));
    }
  }
  Direct.join();
  Fixed.join();
  Unfolded.join();
  // Of two sides that answered alike, the verdict names the first.
  double UnfoldedAt = A.UnfoldSeconds + A.Unfolded.Seconds;
  if (DirectR.Result == SatResult::Unsat ||
      UnfoldedR.Result == SatResult::Unsat) {
    A.K = ApcAnswer::Unreachable;
    bool ByApc =
        DirectR.Result == SatResult::Unsat &&
        (UnfoldedR.Result != SatResult::Unsat || A.Direct.Seconds < UnfoldedAt);
    A.AnsweredBy = ByApc ? "apc" : "apc^K";
  } else if (DirectR.Result == SatResult::Sat &&
             (FixedR.Result != SatResult::Sat ||
              A.Direct.Seconds < A.Fixed.Seconds)) {
    A.K = ApcAnswer::Satisfiable;
    A.AnsweredBy = "apc";
    A.Model = DirectR.Model;
  } else if (FixedR.Result == SatResult::Sat) {
    A.K = ApcAnswer::Satisfiable;
    A.AnsweredBy = "apc, counters fixed";
    A.Model = ExprTransfer(Ctx).copy(FixedR.Model);
  } else if (UnfoldedR.Result == SatResult::Sat) {
    A.K = ApcAnswer::Satisfiable;
    A.AnsweredBy = "apc^K";
    A.Model = UnfoldedR.Model;
  }
  A.Seconds = secondsSince(Start);
  return A;
}

} // namespace theseus
