//===- Solve.cpp - Deciding an apc: the formula and its unfolding raced --===//
#include "apc/Solve.h"

#include "expr/Substitute.h"
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
    Substitution Inner = Bound;
    for (unsigned C = 0; C < K; ++C) {
      if (Stop && Stop->load(std::memory_order_relaxed))
        throw Abandoned{};
      Inner[V] = Ctx.constant(C, V->width());
      All = Ctx.logicalAnd(All, visit(F->operand(1), Inner, true));
    }
    return All;
  }

  ExprRef exists(ExprRef F, const Substitution &Bound) {
    ExprRef V = F->operand(0);
    Substitution Inner = Bound;
    // A fresh variable per instance of the enclosing universals.
    Inner[V] = Ctx.var(Ctx.variable(
        fmt::format("{}#{}", V->variable()->Name, ++Fresh), V->width()));
    return visit(F->operand(1), Inner, true);
  }

  ExprContext &Ctx;
  unsigned K;
  const std::atomic<bool> *Stop;
  unsigned Fresh = 0;
};

/// The K of each apc^K the race tries, growing up to `K`.
std::vector<unsigned> unfoldingSteps(unsigned K) {
  std::vector<unsigned> Steps;
  for (unsigned Step : {2u, 6u})
    if (Step < K)
      Steps.push_back(Step);
  Steps.push_back(K);
  return Steps;
}

double secondsSince(std::chrono::steady_clock::time_point T) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T)
      .count();
}

} // namespace

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

const char *verdictOf(const ApcAnswer &A) {
  if (A.K == ApcAnswer::Satisfiable && A.AnsweredBy != "apc")
    return "apc^K satisfiable";
  return toString(A.K);
}

ApcAnswer solveApc(ExprContext &Ctx, ExprRef Apc, unsigned K,
                   double TimeoutSeconds, const std::atomic<bool> *Cancel,
                   const CandidateFn &OnCandidate) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point Start = Clock::now();
  Clock::time_point Deadline =
      Start + std::chrono::milliseconds(int64_t(TimeoutSeconds * 1000));
  ApcAnswer A;
  QuantifiedQuery DirectQ, UnfoldedQ;
  SolverResponse DirectR, UnfoldedR;
  std::mutex Mu;
  std::condition_variable Done;
  bool DirectDone = false, UnfoldedDone = false;
  std::atomic<bool> StopUnfolding = false;
  // The deadline is kept by interrupting both queries, not by Z3's own
  // timeout: its timer holds a lock that Z3's fork handler waits for, so a
  // search beside the race could not fork (to replay a test natively)
  // until the query ended.
  std::thread Direct([&] {
    Clock::time_point T = Clock::now();
    SolverResponse R = DirectQ.check(Apc, 0);
    std::lock_guard<std::mutex> Lock(Mu);
    A.Direct = {R.Result, secondsSince(T)};
    DirectR = std::move(R);
    DirectDone = true;
    Done.notify_all();
  });
  std::thread Unfolded([&] {
    // Growing K: every apc^K is implied by the apc, so an unsatisfiable
    // one at any K is a proof, and a small K answers in a fraction of the
    // time (Hello: 0.1 s at K = 2, unknown after 10 s at K = 25). A larger
    // K gives a candidate closer to a real input; its answer replaces the
    // smaller one's.
    double UnfoldSeconds = 0, SolveSeconds = 0;
    for (unsigned Step : unfoldingSteps(K)) {
      Clock::time_point T = Clock::now();
      ExprRef U = unfoldApc(Ctx, Apc, Step, &StopUnfolding);
      UnfoldSeconds += secondsSince(T);
      T = Clock::now();
      SolverResponse R;
      if (U)
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
             (UnfoldedDone && UnfoldedR.Result == SatResult::Unsat) ||
             (DirectDone && UnfoldedDone);
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
    while (!(DirectDone && UnfoldedDone)) {
      DirectQ.interrupt();
      UnfoldedQ.interrupt();
      Done.wait_for(Lock, std::chrono::milliseconds(5));
    }
  }
  Direct.join();
  Unfolded.join();
  if (DirectR.Result == SatResult::Unsat ||
      UnfoldedR.Result == SatResult::Unsat) {
    A.K = ApcAnswer::Unreachable;
    A.AnsweredBy = DirectR.Result == SatResult::Unsat ? "apc" : "apc^K";
  } else if (DirectR.Result == SatResult::Sat) {
    A.K = ApcAnswer::Satisfiable;
    A.AnsweredBy = "apc";
    A.Model = DirectR.Model;
  } else if (UnfoldedR.Result == SatResult::Sat) {
    A.K = ApcAnswer::Satisfiable;
    A.AnsweredBy = "apc^K";
    A.Model = UnfoldedR.Model;
  }
  return A;
}

} // namespace theseus
