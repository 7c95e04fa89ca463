//===- ApcTest.cpp - Loop summaries, unfolding and deciding an apc --------===//
#include "apc/Apc.h"
#include "ApcProgram.h"
#include "apc/ClosedForms.h"
#include "apc/Heavyweight.h"
#include "apc/Solve.h"
#include "expr/Printer.h"
#include "expr/Rewrite.h"
#include "expr/Substitute.h"
#include "expr/Transfer.h"
#include "solver/Quantified.h"

#include <algorithm>
#include <chrono>
#include <gtest/gtest.h>
#include <random>
#include <thread>

using namespace theseus;

namespace {

struct ApcTest : ::testing::Test {
  ExprContext Ctx;
  ExprRef K = Ctx.var(Ctx.variable("k", 64));
  ExprRef T = Ctx.var(Ctx.variable("t", 64));
  ExprRef N = Ctx.readLE(Ctx.array("n", 8), 0, 8);
  /// exists k. forall t. (t < k -> t < n) && !(k < n) && k == C: the
  /// counting loop `for (k = 0; k < n; k++)` ending with k == C.
  ExprRef loopEndingAt(uint64_t C) {
    ExprRef Phi = Ctx.forall(T, Ctx.implies(Ctx.ult(T, K), Ctx.slt(T, N)));
    ExprRef Body =
        Ctx.logicalAnd(Ctx.logicalAnd(Phi, Ctx.logicalNot(Ctx.slt(K, N))),
                       Ctx.eq(K, Ctx.constant(C, 64)));
    return Ctx.exists(K, Body);
  }
};

TEST_F(ApcTest, UnfoldingInstantiatesEachUniversalKTimes) {
  ExprRef U = unfoldApc(Ctx, loopEndingAt(3), 4);
  std::string S = toString(U);
  EXPECT_EQ(S.find("forall"), std::string::npos) << S;
  EXPECT_EQ(S.find("exists"), std::string::npos) << S;
  EXPECT_NE(S.find("3 <u k#1"), std::string::npos) << S; // tau = 3
  EXPECT_EQ(S.find("4 <u k#1"), std::string::npos) << S; // only 0..3
}

TEST_F(ApcTest, UnfoldingGivesUpWhenStopped) {
  std::atomic<bool> Stop = true;
  EXPECT_EQ(unfoldApc(Ctx, loopEndingAt(3), 4, &Stop), nullptr);
  Stop = false;
  EXPECT_NE(unfoldApc(Ctx, loopEndingAt(3), 4, &Stop), nullptr);
}

TEST_F(ApcTest, UnknownAtomsWeakenByPolarity) {
  Substitution S{{K, nullptr}};
  ExprRef A = Ctx.slt(K, N);
  EXPECT_TRUE(substituteFormula(Ctx, A, S)->isTrue());
  EXPECT_TRUE(substituteFormula(Ctx, Ctx.logicalNot(A), S)->isTrue());
  EXPECT_EQ(substituteValue(Ctx, Ctx.add(K, N), S), nullptr);
}

TEST_F(ApcTest, RaceDecidesSatisfiableAndUnreachable) {
  ApcAnswer Sat = solveApc(Ctx, loopEndingAt(5), 25, 10);
  EXPECT_EQ(Sat.K, ApcAnswer::Satisfiable);
  // n = 5 is the only end of the loop at 5 (n read as 64-bit signed).
  const std::vector<uint8_t> *Bytes = Sat.Model.get(Ctx.array("n", 8));
  ASSERT_NE(Bytes, nullptr);
  EXPECT_EQ((*Bytes)[0], 5);
  // k == 5 and k == 6 at once: unsat.
  ExprRef Both = Ctx.logicalAnd(loopEndingAt(5),
                                Ctx.eq(Ctx.constant(0, 1), Ctx.constant(1, 1)));
  ApcAnswer Unsat = solveApc(Ctx, Both, 25, 10);
  EXPECT_EQ(Unsat.K, ApcAnswer::Unreachable);
}

// --solver-validate: the race's queries re-check every answer they give.
TEST_F(ApcTest, ValidatingQueriesRecheckTheRacesAnswers) {
  for (bool Validate : {false, true}) {
    ApcQueries Q(Validate);
    ApcAnswer A = solveApc(Ctx, loopEndingAt(5), 25, 10, nullptr, nullptr, &Q);
    EXPECT_EQ(A.K, ApcAnswer::Satisfiable);
    EXPECT_EQ(Q.Direct.stats().Validated,
              Validate && A.Direct.Result != SatResult::Unknown ? 1u : 0u);
    if (Validate)
      EXPECT_GT(Q.validated(), 0u);
    else
      EXPECT_EQ(Q.validated(), 0u);
  }
}

TEST_F(ApcTest, RaceEndsAtOnceWhenCancelled) {
  // The loop's apc and a 62-bit semiprime to factor: both sides of the race
  // would keep Z3 busy up to the timeout (120 s); a cancelled race returns
  // at once. "At once" is asserted as well under the timeout, with room for
  // a busy machine: a race that ignored the cancel would run to 120 s.
  const Array *F = Ctx.array("f", 8);
  ExprRef P = Ctx.zext(Ctx.readLE(F, 0, 4), 64);
  ExprRef Q = Ctx.zext(Ctx.readLE(F, 4, 4), 64);
  ExprRef One = Ctx.constant(1, 64);
  ExprRef Factors = Ctx.logicalAnd(
      Ctx.logicalAnd(Ctx.ugt(P, One), Ctx.ugt(Q, One)),
      Ctx.eq(Ctx.mul(P, Q), Ctx.constant(2147483647ull * 2147483629ull, 64)));
  ExprRef Hard = Ctx.logicalAnd(loopEndingAt(5), Factors);
  std::atomic<bool> Cancel = false;
  std::thread Canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    Cancel = true;
  });
  auto Start = std::chrono::steady_clock::now();
  ApcAnswer A = solveApc(Ctx, Hard, 25, 120, &Cancel);
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  Canceller.join();
  EXPECT_LT(Seconds, 40);
  EXPECT_EQ(A.K, ApcAnswer::Unknown);
}

TEST_F(ApcTest, FixedCountersGiveAModelOfTheApc) {
  QuantifiedQuery Q;
  SolverResponse R =
      searchWithFixedCounters(Ctx, loopEndingAt(5), 25, Q, nullptr, 4);
  ASSERT_EQ(R.Result, SatResult::Sat);
  EXPECT_EQ(evaluate(N, R.Model), 5u); // The loop ends at 5 only if n == 5.
}

TEST_F(ApcTest, FixedCountersCoverEveryInstanceOfAUniversal) {
  // exists k. 3 <= k <= 8 && forall t < k. a[t] > 10: with k fixed, every
  // t < k is an instance, so the model's first k bytes are all above 10.
  const Array *A = Ctx.array("a", 8);
  ExprRef Phi = Ctx.forall(
      T, Ctx.implies(Ctx.ult(T, K),
                     Ctx.ult(Ctx.constant(10, 8), Ctx.arrayRead(A, T, 1))));
  ExprRef Range = Ctx.logicalAnd(Ctx.ule(Ctx.constant(3, 64), K),
                                 Ctx.ule(K, Ctx.constant(8, 64)));
  QuantifiedQuery Q;
  SolverResponse R = searchWithFixedCounters(
      Ctx, Ctx.exists(K, Ctx.logicalAnd(Range, Phi)), 25, Q, nullptr, 4);
  ASSERT_EQ(R.Result, SatResult::Sat);
  const std::vector<uint8_t> *Bytes = R.Model.get(A);
  ASSERT_NE(Bytes, nullptr);
  for (unsigned I = 0; I < 3; ++I)
    EXPECT_GT((*Bytes)[I], 10) << I;
}

TEST_F(ApcTest, FixedCountersNeverAnswerUnsatOrOtherForms) {
  QuantifiedQuery Q;
  // Unsatisfiable (n == 5 and n < 0): the strengthening proves nothing.
  ExprRef Unsat =
      Ctx.logicalAnd(loopEndingAt(5), Ctx.slt(N, Ctx.constant(0, 64)));
  EXPECT_EQ(searchWithFixedCounters(Ctx, Unsat, 25, Q, nullptr, 4).Result,
            SatResult::Unknown);
  // A universal whose range is not `t <u E`: no exact unfolding.
  ExprRef Unbounded =
      Ctx.exists(K, Ctx.logicalAnd(Ctx.eq(K, N),
                                   Ctx.forall(T, Ctx.ule(N, Ctx.bitOr(T, N)))));
  ASSERT_EQ(Unbounded->operand(1)->operand(1)->kind(), ExprKind::Forall);
  EXPECT_EQ(searchWithFixedCounters(Ctx, Unbounded, 25, Q, nullptr, 4).Result,
            SatResult::Unknown);
}

TEST_F(ApcTest, TransferRebuildsByNameInAnotherContext) {
  ExprRef U = unfoldApc(Ctx, loopEndingAt(3), 4);
  ExprContext Other;
  ExprTransfer Copy(Other);
  ExprRef V = Copy.copy(U);
  EXPECT_EQ(toString(V), toString(U));
  EXPECT_EQ(Copy.copy(U), V); // Memoised: the same node again.
  ExprRef Q = Copy.copy(loopEndingAt(3));
  EXPECT_EQ(Q->kind(), ExprKind::Exists);
  // The input array is the receiving context's array of that name.
  Assignment M;
  M.set(Ctx.array("n", 8), {3, 0, 0, 0, 0, 0, 0, 0});
  Assignment N = Copy.copy(M);
  const Array *Arr = Other.array("n", 8);
  ASSERT_NE(N.get(Arr), nullptr);
  EXPECT_EQ(evaluate(Other.readLE(Arr, 0, 8), N), 3u);
  // An element read of a buffer reads the receiving context's array too.
  const Array *S = Ctx.array("s", 8);
  ExprRef Elem = Ctx.arrayRead(S, Ctx.var(Ctx.variable("i", 64)), 2);
  ExprRef Moved = Copy.copy(Elem);
  ASSERT_EQ(Moved->kind(), ExprKind::ArrayRead);
  EXPECT_EQ(Moved->array(), Other.array("s", 8));
  EXPECT_EQ(Moved->value(), 2u);
}

TEST_F(ApcTest, IncrementalChecksKeepTheBaseAndPopToTheSharedPrefix) {
  QuantifiedQuery Q;
  ExprRef Base = unfoldApc(Ctx, loopEndingAt(5), 25); // n == 5.
  ExprRef Small = Ctx.slt(N, Ctx.constant(4, 64));
  ExprRef Pos = Ctx.slt(Ctx.constant(0, 64), N);
  ExprRef Odd = Ctx.eq(Ctx.bitAnd(N, Ctx.constant(1, 64)), Ctx.constant(1, 64));
  EXPECT_EQ(Q.checkWith(Base, {Pos}, 0).Result, SatResult::Sat);
  EXPECT_EQ(Q.checkWith(Base, {Pos, Small}, 0).Result, SatResult::Unsat);
  // Small is popped again: the sibling condition holds with n == 5.
  SolverResponse R = Q.checkWith(Base, {Pos, Odd}, 0);
  ASSERT_EQ(R.Result, SatResult::Sat);
  EXPECT_EQ(evaluate(N, R.Model), 5u);
  // Another base starts afresh.
  EXPECT_EQ(Q.checkWith(Ctx.trueExpr(), {Pos, Small}, 0).Result,
            SatResult::Sat);
}

/// The apc of `reach_error` in `Entry` of a C program, with its loop
/// summaries, to check each rule of section 3.1 on what it computes.
struct ApcRuleTest : ::testing::Test {
  ExprContext Ctx;
  std::unique_ptr<Program> Prog;
  std::unique_ptr<Flowgraph> G;
  Apc Result;

  void compute(const std::string &Source, const std::string &Entry,
               bool Heavyweight = false, bool Validate = false) {
    loadApcProgram(Source, Entry, Prog, G);
    ASSERT_NE(G, nullptr);
    ApcOptions AO;
    AO.Heavyweight = Heavyweight;
    AO.Validate = Validate;
    Result = computeApc(Ctx, *G, AO);
  }

  const LoopSummaryInfo &summaryAt(const std::string &Entry) {
    for (const LoopSummaryInfo &L : Result.Summaries)
      if (L.Entry == Entry)
        return L;
    ADD_FAILURE() << "no loop summary at " << Entry;
    static LoopSummaryInfo None;
    return None;
  }
  /// The carried value of `L` whose name starts with `Prefix` ("k." for
  /// the phi mem2reg makes of variable k).
  const LoopSummaryInfo::Carried &value(const LoopSummaryInfo &L,
                                        const std::string &Prefix) {
    for (const LoopSummaryInfo::Carried &C : L.Values)
      if (C.Name.rfind(Prefix, 0) == 0)
        return C;
    ADD_FAILURE() << "no carried value " << Prefix;
    static LoopSummaryInfo::Carried None{};
    return None;
  }
  /// Whether A == B at many points: variables and input bytes drawn from
  /// small values (where loops run) and a few extreme ones.
  bool equivalent(ExprRef A, ExprRef B) {
    if (!A || !B || A->width() != B->width())
      return false;
    std::vector<ExprRef> Vars;
    std::vector<const Array *> Arrays;
    collect(A, Vars, Arrays);
    collect(B, Vars, Arrays);
    std::mt19937_64 Rng(7);
    const int64_t Picks[] = {0, 1, 2, 3, 4, 5, 7, 10, -1, -3, INT32_MAX};
    for (int Trial = 0; Trial < 500; ++Trial) {
      auto Pick = [&] { return uint64_t(Picks[Rng() % std::size(Picks)]); };
      Substitution Sub;
      for (ExprRef V : Vars)
        Sub[V] = Ctx.constant(truncBits(Pick(), V->width()), V->width());
      Assignment In;
      for (const Array *Arr : Arrays) {
        std::vector<uint8_t> Bytes(Arr->Size);
        uint64_t V = Pick();
        for (uint32_t I = 0; I < Arr->Size; ++I)
          Bytes[I] = uint8_t(V >> (8 * (I % 8)));
        In.set(Arr, Bytes);
      }
      Evaluator E(In);
      if (E.eval(substituteValue(Ctx, A, Sub)) !=
          E.eval(substituteValue(Ctx, B, Sub)))
        return false;
    }
    return true;
  }
  static void collect(ExprRef E, std::vector<ExprRef> &Vars,
                      std::vector<const Array *> &Arrays) {
    if (E->kind() == ExprKind::Var &&
        std::find(Vars.begin(), Vars.end(), E) == Vars.end())
      Vars.push_back(E);
    if (E->kind() == ExprKind::Read &&
        std::find(Arrays.begin(), Arrays.end(), E->array()) == Arrays.end())
      Arrays.push_back(E->array());
    for (unsigned I = 0; I < E->numOperands(); ++I)
      collect(E->operand(I), Vars, Arrays);
  }
  ExprRef input(const std::string &Name) {
    return Ctx.readLE(Ctx.array(Name, 4), 0, 4);
  }
  ExprRef counter(ExprRef Kappa, unsigned W) {
    return Ctx.resize(Kappa, W, false);
  }
  /// Whether the rules left `C` unknown: after the loop it is a witness,
  /// any value of its type.
  static bool anyValue(const LoopSummaryInfo::Carried &C) {
    return C.Iterated && C.Iterated->kind() == ExprKind::Var &&
           C.Iterated != C.Initial;
  }
  std::string text(const LoopSummaryInfo::Carried &C) {
    return C.Iterated ? toString(C.Iterated) : "unknown";
  }
  ApcAnswer::Kind decide(ExprRef Extra = nullptr) {
    ExprRef F = Extra ? Ctx.logicalAnd(Result.Formula, Extra) : Result.Formula;
    return solveApc(Ctx, F, 25, 20).K;
  }
};

// Rule 2 with two backbones: i steps by one on both, k only on the one
// that sees a 1: theta(i) = i + k1 + k2, theta(k) = k + k1 (Strejček and Trtík,
// section 1).
TEST_F(ApcRuleTest, AddStepOnTwoBackbones) {
  compute("void f(int n, int m) { int k = 3;"
          "  for (int i = 0; i < n; ++i) if (i % 3 == m) ++k;"
          "  if (k > 12) reach_error(); }",
          "f");
  const LoopSummaryInfo &L = summaryAt("for.cond");
  ASSERT_EQ(L.Counters.Kappa.size(), 2u);
  ExprRef K1 = counter(L.Counters.Kappa[0], 32);
  ExprRef K2 = counter(L.Counters.Kappa[1], 32);
  const auto &I = value(L, "i.");
  EXPECT_TRUE(equivalent(I.Iterated, Ctx.add(I.Initial, Ctx.add(K1, K2))))
      << text(I);
  const auto &K = value(L, "k.");
  // Which backbone increments k depends on the branch order.
  EXPECT_TRUE(equivalent(K.Iterated, Ctx.add(K.Initial, K1)) ||
              equivalent(K.Iterated, Ctx.add(K.Initial, K2)))
      << text(K);
  EXPECT_FALSE(equivalent(K.Iterated, I.Iterated));
}

// Rule 3: set to the same invariant value on the backbones that change
// it: theta(s) = ite(k1 > 0, n + 1, s).
TEST_F(ApcRuleTest, SetToInvariantWithIteOnCounterSum) {
  compute("void f(int n, int m) { int s = 0;"
          "  for (int i = 0; i < m; ++i) if (i == 4) s = n + 1;"
          "  if (s == 7) reach_error(); }",
          "f");
  const LoopSummaryInfo &L = summaryAt("for.cond");
  ASSERT_EQ(L.Counters.Kappa.size(), 2u);
  const auto &S = value(L, "s.");
  ExprRef N1 = Ctx.add(input("n"), Ctx.constant(1, 32));
  ExprRef Zero = Ctx.constant(0, 64);
  bool Matched = false;
  for (ExprRef Kappa : L.Counters.Kappa)
    Matched = Matched || equivalent(S.Iterated, Ctx.select(Ctx.ult(Zero, Kappa),
                                                           N1, S.Initial));
  EXPECT_TRUE(Matched) << text(S);
}

// Rule 4: one backbone sets x to a value of its own counter: the value
// before the last iteration, theta(x) = ite(k > 0, 2 * (i + k - 1), x).
TEST_F(ApcRuleTest, SingleBackboneRecurrenceSubstitutesKappaMinusOne) {
  compute("void f(int n) { int x = 5;"
          "  for (int i = 0; i < n; ++i) x = 2 * i;"
          "  if (x == 9) reach_error(); }",
          "f");
  const LoopSummaryInfo &L = summaryAt("for.cond");
  ASSERT_EQ(L.Counters.Kappa.size(), 1u);
  ExprRef Kappa = L.Counters.Kappa[0];
  const auto &I = value(L, "i.");
  const auto &X = value(L, "x.");
  ExprRef Before =
      Ctx.add(I.Initial, Ctx.sub(counter(Kappa, 32), Ctx.constant(1, 32)));
  ExprRef Expected =
      Ctx.select(Ctx.ult(Ctx.constant(0, 64), Kappa),
                 Ctx.mul(Ctx.constant(2, 32), Before), X.Initial);
  EXPECT_TRUE(equivalent(X.Iterated, Expected)) << text(X);
}

// Rule 1: a value no backbone changes keeps its symbol. SSA has no phi for
// a variable the loop never assigns, so the unchanged value is the bound
// n, read in the looping condition as the input itself: with n the
// input, forall t < k: t < n, and no unknown anywhere.
TEST_F(ApcRuleTest, UnchangedValueStaysItsInitialValue) {
  compute("void f(int n) { int i = 0; int c = n;"
          "  while (i < c) { if (i == 100) c = c; ++i; }"
          "  if (i == 3) reach_error(); }",
          "f");
  const LoopSummaryInfo &L = summaryAt("while.cond");
  for (const LoopSummaryInfo::Carried &C : L.Values)
    EXPECT_NE(C.Iterated, nullptr) << C.Name;
  EXPECT_TRUE(Result.Unknowns.empty());
  std::string Phi = toString(L.Phi);
  EXPECT_NE(Phi.find("< n)"), std::string::npos) << Phi;
  // The apc: k1 + k2 == 3 iterations with 3 <= n.
  EXPECT_EQ(solveApc(Ctx,
                     Ctx.logicalAnd(Result.Formula,
                                    Ctx.slt(input("n"), Ctx.constant(3, 32))),
                     25, 10)
                .K,
            ApcAnswer::Unreachable);
}

// Figure 3 of Strejček and Trtík: the inner loop's counter is fixed by its exit
// test, so theta(j) = ite(k > 0, max(n, i + k - 1), j) in the outer loop
// (section 3.2); without that, j would be unknown.
TEST_F(ApcRuleTest, NestedLoopCounterEliminatedByExitTest) {
  compute("void f(int m, int n) { int i, j = 0;"
          "  for (i = 0; i < m; ++i) { j = i; while (j < n) ++j; }"
          "  if (j == 5) reach_error(); }",
          "f");
  const LoopSummaryInfo &Outer = summaryAt("for.cond");
  ASSERT_EQ(Outer.Counters.Kappa.size(), 1u);
  ExprRef Kappa = Outer.Counters.Kappa[0];
  const auto &I = value(Outer, "i.");
  const auto &J = value(Outer, "j.");
  ExprRef Last =
      Ctx.add(I.Initial, Ctx.sub(counter(Kappa, 32), Ctx.constant(1, 32)));
  ExprRef N = input("n");
  ExprRef Max = Ctx.select(Ctx.slt(Last, N), N, Last);
  ExprRef Expected =
      Ctx.select(Ctx.ult(Ctx.constant(0, 64), Kappa), Max, J.Initial);
  EXPECT_TRUE(equivalent(J.Iterated, Expected)) << text(J);
  // The inner loop, alone: theta(j) = j + k'.
  const LoopSummaryInfo &Inner = summaryAt("while.cond");
  const auto &JIn = value(Inner, "j.");
  EXPECT_TRUE(equivalent(
      JIn.Iterated, Ctx.add(JIn.Initial, counter(Inner.Counters.Kappa[0], 32))))
      << text(JIn);
}

/// Strejček and Trtík's inner loop `while (j < n) j += Step` (Figure 3 has Step
/// 1) entered with j = i + kappa in an iteration of the outer loop, as a
/// backbone of the outer loop sees it, and the facts on its count s.
struct InnerLoopExample {
  ExprContext Ctx;
  ExprRef Kappa = Ctx.var(Ctx.variable("k", 64));
  ExprRef Inner = Ctx.var(Ctx.variable("k'", 64));
  ExprRef S = Ctx.var(Ctx.variable("s", 64));
  ExprRef I = Ctx.var(Ctx.variable("i", 32));
  ExprRef J = Ctx.var(Ctx.variable("j", 32));
  ExprRef N = Ctx.var(Ctx.variable("n", 32));
  ExprRef Current = Ctx.add(I, Ctx.resize(Kappa, 32, false));

  ExprRef facts(uint64_t Step) {
    auto Stepped = [&](ExprRef From) {
      return Ctx.add(
          From, Ctx.mul(Ctx.constant(Step, 32), Ctx.resize(Inner, 32, false)));
    };
    InnerLoopVisit V;
    V.Kappa = {Inner};
    V.Apcs = {Ctx.slt(J, N)};
    V.Iterated = {{J, Stepped(J)}};
    V.Before = {{J, Current}};
    V.Exit = Ctx.logicalNot(Ctx.slt(Stepped(Current), N));
    ExprRef Zero = Ctx.constant(0, 64);
    return Ctx.logicalAnd(
        countConditions(Ctx, V, S, "s"),
        Ctx.logicalAnd(Ctx.sle(Zero, S), Ctx.sle(Zero, Kappa)));
  }
};

// Algorithm 2 on Strejček and Trtík's nested example (Figure 3): the inner loop
// runs max(0, n - j) times when entered with j = i + kappa. The weakened
// looping condition and the exit determine its count s, which the solver
// infers as that linear form of n and the current i.
TEST(ApcHeavyweightTest, InfersTheSeedsInnerCount) {
  InnerLoopExample E;
  ExprContext &Ctx = E.Ctx;
  QuantifiedQuery Q;
  ExprRef Count =
      inferLinearCount(Ctx, E.S, E.facts(1), {E.Kappa, E.N, E.Current},
                       {true, false, false}, Q, 30000);
  ASSERT_NE(Count, nullptr);
  ExprRef Zero = Ctx.constant(0, 64);
  ExprRef Diff =
      Ctx.sub(Ctx.resize(E.N, 64, true), Ctx.resize(E.Current, 64, true));
  ExprRef Expected = Ctx.select(Ctx.slt(Diff, Zero), Zero, Diff);
  EXPECT_EQ(Q.check(Ctx.ne(Count, Expected), 30000).Result, SatResult::Unsat)
      << toString(Count);
}

// A count that is not linear (j steps by 2: ceil((n - j) / 2)) is not
// inferred: nothing is claimed.
TEST(ApcHeavyweightTest, NoLinearDependencyIsNotInferred) {
  InnerLoopExample E;
  QuantifiedQuery Q;
  EXPECT_EQ(inferLinearCount(E.Ctx, E.S, E.facts(2), {E.Kappa, E.N, E.Current},
                             {true, false, false}, Q, 5000),
            nullptr);
}

// The whole of Algorithm 2: j counts down from i to 0 in the inner loop,
// which the exit test alone does not count (section 3.2 needs an
// increment), so the lightweight processing leaves j unknown in the outer
// loop (any value after it); the heavyweight one infers
// s = max(0, i + kappa) and
// theta(j) = ite(kappa > 0, i' - max(0, i'), j) with i' = i + kappa - 1.
TEST_F(ApcRuleTest, HeavyweightSummarizesAnInnerCountDown) {
  const std::string Source =
      "void f(int m) { int i, j = 7;"
      "  for (i = 0; i < m; ++i) { j = i; while (j > 0) --j; }"
      "  if (m > 0 && j != 0) reach_error(); }";
  compute(Source, "f");
  EXPECT_TRUE(anyValue(value(summaryAt("for.cond"), "j.")));
  EXPECT_EQ(decide(), ApcAnswer::Satisfiable);
  compute(Source, "f", /*Heavyweight=*/true);
  const LoopSummaryInfo &Outer = summaryAt("for.cond");
  ExprRef Kappa = Outer.Counters.Kappa[0];
  const auto &I = value(Outer, "i.");
  const auto &J = value(Outer, "j.");
  ExprRef Last =
      Ctx.add(I.Initial, Ctx.sub(counter(Kappa, 32), Ctx.constant(1, 32)));
  ExprRef Zero = Ctx.constant(0, 32);
  ExprRef Expected = Ctx.select(
      Ctx.ult(Ctx.constant(0, 64), Kappa),
      Ctx.sub(Last, Ctx.select(Ctx.slt(Last, Zero), Zero, Last)), J.Initial);
  EXPECT_TRUE(equivalent(J.Iterated, Expected)) << text(J);
  EXPECT_EQ(decide(), ApcAnswer::Unreachable);
}

// --solver-validate reaches the queries the computation makes itself: the
// heavyweight processing's answers are re-checked too.
TEST_F(ApcRuleTest, ValidationRechecksTheHeavyweightQueries) {
  const std::string Source =
      "void f(int m) { int i, j = 7;"
      "  for (i = 0; i < m; ++i) { j = i; while (j > 0) --j; }"
      "  if (m > 0 && j != 0) reach_error(); }";
  compute(Source, "f", /*Heavyweight=*/false, /*Validate=*/true);
  uint64_t Lightweight = Result.Validated;
  compute(Source, "f", /*Heavyweight=*/true, /*Validate=*/true);
  EXPECT_GT(Result.Validated, Lightweight);
  compute(Source, "f", /*Heavyweight=*/true);
  EXPECT_EQ(Result.Validated, 0u);
}

// Where the inner count has no linear form (a step of 2), the heavyweight
// processing leaves j unknown and says so, and the apc stays satisfiable:
// j == 5 is reached with m = 2, n = 5 (j = 1, 3, 5).
TEST_F(ApcRuleTest, HeavyweightWithoutDependencyStaysUnknown) {
  compute("void f(int m, int n) { int i, j = 0;"
          "  for (i = 0; i < m; ++i) { j = i; while (j < n) j += 2; }"
          "  if (j == 5) reach_error(); }",
          "f", /*Heavyweight=*/true);
  EXPECT_TRUE(anyValue(value(summaryAt("for.cond"), "j.")));
  EXPECT_EQ(Result.Unknowns.count(
                "an inner loop's count the heavyweight inference did not find"),
            1u);
  EXPECT_EQ(decide(), ApcAnswer::Satisfiable);
}

// Section 4: a local array filled in a loop at the counter's index. The
// cell read after the loop is what the last iteration writing it stored:
// a[k] == 3k + 1, so a[n & 3] == 4 only for n & 3 == 1.
TEST_F(ApcRuleTest, ArrayFilledInALoopIsReadAfterIt) {
  compute("void f(int n) { int a[4];"
          "  for (int i = 0; i < 4; ++i) a[i] = 3 * i + 1;"
          "  if (a[n & 3] == 4) reach_error(); }",
          "f");
  EXPECT_TRUE(Result.Unknowns.empty());
  ExprRef Low = Ctx.bitAnd(input("n"), Ctx.constant(3, 32));
  EXPECT_EQ(decide(), ApcAnswer::Satisfiable);
  EXPECT_EQ(decide(Ctx.ne(Low, Ctx.constant(1, 32))), ApcAnswer::Unreachable);
}

// A cell written with a value read from itself (a[i & 1] += 1) depends on
// the iterations before: unknown, and the apc claims nothing about it.
TEST_F(ApcRuleTest, ArrayCellReadingItselfStaysUnknown) {
  compute("void f(int n) { int a[2]; a[0] = 0; a[1] = 0;"
          "  for (int i = 0; i < n; ++i) a[i & 1] += 1;"
          "  if (a[0] == 3) reach_error(); }",
          "f");
  EXPECT_EQ(Result.Unknowns.count(
                "an array cell changed by a loop in a way the rules do not "
                "cover"),
            1u);
  EXPECT_EQ(decide(), ApcAnswer::Satisfiable);
}

// Read-only buffers (Strejček and Trtík, section 4): an element at a computed
// index is one ArrayRead node of the array, whatever its size, not an ite over
// its elements; rows of a 2-D parameter are read at row * columns + column.
TEST_F(ApcRuleTest, BufferReadsAreArrayReadsAtTheElementIndex) {
  compute("void f(const char *s, int (*m)[21]) {"
          "  int i = 0; while (s[i]) ++i;"
          "  if (i == 7 && m[i][i + 1] == 42) reach_error(); }",
          "f");
  std::vector<ExprRef> Reads;
  anyNode(Result.Formula, [&](ExprRef X) {
    if (X->kind() == ExprKind::ArrayRead)
      Reads.push_back(X);
    EXPECT_NE(X->kind(), ExprKind::Select) << "an ite in the apc";
    return false;
  });
  std::string Text = toString(Result.Formula);
  ASSERT_GE(Reads.size(), 2u) << Text;
  EXPECT_TRUE(Result.Unknowns.empty()) << Text;
  EXPECT_NE(Text.find("m.i32[("), std::string::npos) << Text;
  EXPECT_NE(Text.find(" * 21)"), std::string::npos) << Text;
  // The bytes as the executor reads them: decided by the race, with a
  // candidate that reaches the target.
  ApcAnswer A = solveApc(Ctx, Result.Formula, 25, 30);
  ASSERT_EQ(A.K, ApcAnswer::Satisfiable);
  const std::vector<uint8_t> *S = A.Model.get(Ctx.array("s", 0));
  const std::vector<uint8_t> *M = A.Model.get(Ctx.array("m", 0));
  ASSERT_TRUE(S && M);
  EXPECT_EQ(std::string(S->begin(), S->end()).find('\0'), 7u);
  EXPECT_EQ((*M)[(7 * 21 + 8) * 4], 42);
}

// A backbone of the outer loop that leaves the inner loop through its
// `w[k] == 0` exit and then takes `w[k] != 0` is never taken: it gets no
// counter, and the apc (Hello of Strejček and Trtík's appendix) stays
// satisfiable, with a model that contains the word.
TEST_F(ApcRuleTest, NeverTakenLoopBackbonesAreLeftOut) {
  compute("void f(const char *a) { const char *w = \"Hi\"; int h = 0;"
          "  for (int i = 0; a[i] != 0; ++i) { int j = i, k = 0;"
          "    while (w[k] != 0 && a[j] != 0 && a[j] == w[k]) { ++j; ++k; }"
          "    if (w[k] == 0) { h = 1; break; }"
          "    if (a[j] == 0) break; }"
          "  if (h == 1) reach_error(); }",
          "f");
  EXPECT_GE(Result.NeverTaken, 1u);
  const LoopSummaryInfo &Outer = summaryAt("for.cond");
  EXPECT_EQ(Outer.Counters.Kappa.size(), 3 - Result.NeverTaken)
      << toString(Result.Formula);
  ApcAnswer A = solveApc(Ctx, Result.Formula, 25, 30);
  ASSERT_EQ(A.K, ApcAnswer::Satisfiable);
  const std::vector<uint8_t> *S = A.Model.get(Ctx.array("a", 0));
  ASSERT_TRUE(S);
  EXPECT_NE(std::string(S->begin(), S->end()).find("Hi"), std::string::npos);
}

// A flag set on one backbone of a loop over a string: the loop's state
// depends on its counters through their sum alone (i), so its looping
// condition numbers the iterations, and found == 1 means some iteration
// below the string's length saw an 'x'. With s[0] == 0 the loop runs no
// iteration: unreachable. (The paper's form, each backbone's iterations
// with the other's counter existential, left this satisfiable.)
TEST_F(ApcRuleTest, FlagLoopNumbersItsIterations) {
  compute("void f(const char *s) { int found = 0;"
          "  for (int i = 0; s[i]; i++) if (s[i] == 'x') found = 1;"
          "  if (found && s[0] == 0) reach_error(); }",
          "f");
  EXPECT_EQ(Result.NumberedLoops, 1u);
  EXPECT_EQ(decide(), ApcAnswer::Unreachable);
}

// The flag set when an inner loop matched "ab" at i: the match lies within
// the string, so a string of at most one letter never sets it; one of two
// letters does, and the apc's model is a string starting with "ab".
TEST_F(ApcRuleTest, FlagSetByAnInnerSearchIsWitnessedInTheString) {
  auto Source = [](const std::string &Length) {
    return "void f(const char *s) { const char *w = \"ab\"; int found = 0;"
           "  for (int i = 0; s[i]; i++) { int j = 0;"
           "    while (w[j] && s[i + j] == w[j]) j++;"
           "    if (!w[j]) found = 1; }"
           "  if (found && s[" +
           Length + "] == 0) reach_error(); }";
  };
  compute(Source("1"), "f");
  EXPECT_EQ(Result.NumberedLoops, 1u);
  EXPECT_EQ(decide(), ApcAnswer::Unreachable);
  compute(Source("2"), "f");
  ApcAnswer A = solveApc(Ctx, Result.Formula, 25, 30);
  ASSERT_EQ(A.K, ApcAnswer::Satisfiable);
  const std::vector<uint8_t> *S = A.Model.get(Ctx.array("s", 0));
  ASSERT_TRUE(S);
  EXPECT_EQ(std::string(S->begin(), S->begin() + 2), "ab");
}

// A count on the flag's backbone depends on how the iterations split
// between the backbones, which numbered iterations would lose: the loop
// keeps the paper's looping condition, and a count of 1 with the flag
// still 0 stays unreachable.
TEST_F(ApcRuleTest, CountOnTheFlagsBackboneKeepsThePapersForm) {
  compute("void f(const char *s) { int found = 0, c = 0;"
          "  for (int i = 0; s[i]; i++) if (s[i] == 'x') { found = 1; c++; }"
          "  if (!found && c == 1) reach_error(); }",
          "f");
  EXPECT_EQ(Result.NumberedLoops, 0u);
  EXPECT_EQ(decide(), ApcAnswer::Unreachable);
}

// An ArrayRead is the bytes of its array in both translations: as a
// function tied to the bytes (quantified) and as a multiplexer.
TEST(ApcArrayReadTest, QueriesTieArrayReadsToTheBytes) {
  ExprContext Ctx;
  const Array *S = Ctx.array("s", 8);
  ExprRef X = Ctx.var(Ctx.variable("x", 64));
  ExprRef T = Ctx.var(Ctx.variable("t", 64));
  // s[x] == 'H' with x == 5, and s[5] read as a byte: 'H' or a conflict.
  ExprRef At5 =
      Ctx.logicalAnd(Ctx.eq(Ctx.arrayRead(S, X, 1), Ctx.constant('H', 8)),
                     Ctx.eq(X, Ctx.constant(5, 64)));
  // forall t < 2. s.i16[t] == 0x0102: the first 4 bytes.
  ExprRef All = Ctx.forall(
      T, Ctx.implies(Ctx.ult(T, Ctx.constant(2, 64)),
                     Ctx.eq(Ctx.arrayRead(S, T, 2), Ctx.constant(0x0102, 16))));
  for (ExprRef F : {At5, Ctx.logicalAnd(At5, All)}) {
    SolverResponse R = QuantifiedQuery().check(F, 20000);
    ASSERT_EQ(R.Result, SatResult::Sat) << toString(F);
    const std::vector<uint8_t> *B = R.Model.get(S);
    ASSERT_NE(B, nullptr);
    EXPECT_EQ((*B)[5], 'H');
    if (F != At5)
      EXPECT_EQ((*B)[2] | (*B)[3] << 8, 0x0102);
    EXPECT_EQ(evaluate(Ctx.arrayRead(S, Ctx.constant(5, 64), 1), R.Model),
              (*B)[5]);
    ExprRef Other =
        Ctx.logicalAnd(F, Ctx.ne(Ctx.read(S, 5), Ctx.constant((*B)[5], 8)));
    EXPECT_EQ(QuantifiedQuery().check(Other, 20000).Result, SatResult::Unsat)
        << toString(Other);
  }
}

} // namespace

namespace {
// Only the quantified apc's model makes the apc satisfiable: apc^K is
// implied by the apc, not the converse, so its model is said as such.
TEST(ApcVerdictTest, ASatisfiableUnfoldingIsNotASatisfiableApc) {
  ApcAnswer A;
  A.K = ApcAnswer::Satisfiable;
  A.AnsweredBy = "apc";
  EXPECT_STREQ(verdictOf(A), "apc satisfiable");
  A.AnsweredBy = "apc^K";
  EXPECT_STREQ(verdictOf(A), "apc^K satisfiable");
  A.K = ApcAnswer::Unreachable;
  EXPECT_STREQ(verdictOf(A), "unreachable");
}
} // namespace

// C(kappa, m) modulo 2^w, exactly: against the integers where kappa^3
// fits in 128 bits, and Pascal's rule C(k+1, m) = C(k, m) + C(k, m-1)
// where the products wrap around 64 bits.
TEST(ApcClosedFormTest, BinomialsAreExactModuloTheWidth) {
  ExprContext Ctx;
  Evaluator E{Assignment()};
  auto At = [&](uint64_t Kappa, unsigned M, unsigned W) {
    return M == 0 ? 1 : E.eval(binomial(Ctx, Ctx.constant(Kappa, 64), M, W));
  };
  const uint64_t Small[] = {
      0, 1, 2, 3, 4, 5, 6, 7, 100, 65537, 4294967295u, (uint64_t(1) << 40) + 3};
  for (unsigned W : {8u, 32u, 64u})
    for (uint64_t K : Small) {
      unsigned __int128 N = K;
      unsigned __int128 Exact[] = {N, N * (N - (N > 0)) / 2,
                                   N < 2 ? 0 : N * (N - 1) * (N - 2) / 6};
      for (unsigned M = 1; M <= 3; ++M)
        EXPECT_EQ(At(K, M, W), truncBits(uint64_t(Exact[M - 1]), W))
            << "C(" << K << ", " << M << ") mod 2^" << W;
    }
  const uint64_t Huge[] = {uint64_t(1) << 63, (uint64_t(1) << 63) + 7,
                           ~uint64_t(0) - 1, 0x9e3779b97f4a7c15u};
  for (unsigned W : {16u, 64u})
    for (uint64_t K : Huge)
      for (unsigned M = 1; M <= 3; ++M)
        EXPECT_EQ(At(K + 1, M, W), truncBits(At(K, M, W) + At(K, M - 1, W), W))
            << "C(" << K << " + 1, " << M << ") mod 2^" << W;
}

// The sum of a step polynomial in the counter equals the iterations' sum,
// wrapping as 32-bit additions do; other shapes have no closed form.
TEST(ApcClosedFormTest, SumsOfPolynomialStepsMatchTheIterations) {
  ExprContext Ctx;
  ExprRef Kappa = Ctx.var(Ctx.variable("k", 64));
  ExprRef Other = Ctx.var(Ctx.variable("k2", 64));
  ExprRef K0 = Ctx.var(Ctx.variable("k0", 32));
  auto NoCounter = [&](ExprRef X) {
    return !mentionsAny(X, {{Kappa, true}, {Other, true}});
  };
  ExprRef T = Ctx.add(K0, Ctx.resize(Kappa, 32, false));
  auto C = [&](uint64_t V) { return Ctx.constant(V, 32); };
  // 2 * k + 1 (the odd numbers), k * k - 3 * k, and (k << 2) - 7.
  ExprRef Steps[] = {Ctx.add(Ctx.mul(C(2), T), C(1)),
                     Ctx.sub(Ctx.mul(T, T), Ctx.mul(C(3), T)),
                     Ctx.sub(Ctx.binary(ExprKind::Shl, T, C(2)), C(7))};
  for (ExprRef Step : Steps) {
    ExprRef Sum = sumOverCounter(Ctx, Step, Kappa, NoCounter);
    ASSERT_NE(Sum, nullptr) << toString(Step);
    for (uint64_t Start : {uint64_t(0), uint64_t(5), uint64_t(0xfffffff0)}) {
      uint32_t Expected = 0;
      for (uint64_t N = 0; N < 70; ++N) {
        Substitution At{{Kappa, Ctx.constant(N, 64)}, {K0, C(Start)}};
        Evaluator E{Assignment()};
        ASSERT_EQ(E.eval(substituteValue(Ctx, Sum, At)), Expected)
            << toString(Step) << " at k0 = " << Start << ", kappa = " << N;
        Substitution Now{{Kappa, Ctx.constant(N, 64)}, {K0, C(Start)}};
        Expected += uint32_t(E.eval(substituteValue(Ctx, Step, Now)));
      }
    }
  }
  // Cubic, another counter, a division: no closed form.
  EXPECT_EQ(sumOverCounter(Ctx, Ctx.mul(T, Ctx.mul(T, T)), Kappa, NoCounter),
            nullptr);
  EXPECT_EQ(sumOverCounter(Ctx, Ctx.add(T, Ctx.resize(Other, 32, false)), Kappa,
                           NoCounter),
            nullptr);
  EXPECT_EQ(sumOverCounter(Ctx, Ctx.binary(ExprKind::UDiv, T, C(2)), Kappa,
                           NoCounter),
            nullptr);
}

// s += 2 * k + 1: theta(s) = s + 2 k kappa + kappa^2, so the sum of the
// first n odd numbers is never 2000 (no square is 2000 modulo 2^32 either)
// but is 2025 for n = 45.
TEST_F(ApcRuleTest, PolynomialStepHasAClosedForm) {
  compute("void f(int n) { int s = 0;"
          "  for (int k = 0; k < n; k++) s += 2 * k + 1;"
          "  if (s == 2000) reach_error(); }",
          "f");
  const LoopSummaryInfo &L = summaryAt("for.cond");
  ASSERT_EQ(L.Counters.Kappa.size(), 1u);
  ExprRef Kappa = counter(L.Counters.Kappa[0], 32);
  const auto &K = value(L, "k.");
  const auto &S = value(L, "s.");
  ExprRef Expected =
      Ctx.add(S.Initial,
              Ctx.add(Ctx.mul(Ctx.mul(Ctx.constant(2, 32), K.Initial), Kappa),
                      Ctx.mul(Kappa, Kappa)));
  EXPECT_TRUE(equivalent(S.Iterated, Expected)) << text(S);
  EXPECT_EQ(decide(), ApcAnswer::Unreachable);
  compute("void f(int n) { int s = 0;"
          "  for (int k = 0; k < n; k++) s += 2 * k + 1;"
          "  if (s == 2025) reach_error(); }",
          "f");
  EXPECT_EQ(decide(), ApcAnswer::Satisfiable);
}

// Occurrences of a letter and of adjacent pairs of it: pairs <= letters is
// inductive (with 0 <= pairs and letters <= i, which the in-bounds reads
// bound), so pairs > letters is unreachable.
TEST_F(ApcRuleTest, RelationalInvariantBetweenTwoCountersOfOneLoop) {
  compute("void f(const char *s) { int letters = 0, pairs = 0;"
          "  for (int i = 0; s[i]; i++) if (s[i] == 'a') { letters++;"
          "    if (s[i + 1] == 'a') pairs++; }"
          "  if (pairs > letters) reach_error(); }",
          "f");
  EXPECT_GT(Result.Invariants, 0u);
  EXPECT_EQ(decide(), ApcAnswer::Unreachable);
}

// x >= 0 holds at the entry and no step decreases x, but x++ wraps
// around at INT_MAX where nothing bounds the loop: not inductive, so not
// used, and x < 0 stays satisfiable (n = 2^31).
TEST_F(ApcRuleTest, InvariantBrokenByWrapAroundIsNotUsed) {
  compute("void f(unsigned n) { int x = 0;"
          "  for (unsigned i = 0; i < n; i++) x++;"
          "  if (x < 0) reach_error(); }",
          "f");
  EXPECT_GT(Result.InvariantQueries, 0u);
  EXPECT_EQ(decide(), ApcAnswer::Satisfiable);
}

// y <= x is preserved (y steps only where x does) but need not hold at
// the entry, where y is a parameter: it is not used, and y > x stays
// satisfiable.
TEST_F(ApcRuleTest, InvariantThatMayFailAtTheEntryIsNotUsed) {
  compute("void f(const char *s, int y) { int x = 0;"
          "  for (int i = 0; s[i]; i++) if (s[i] == 'a') { x++;"
          "    if (s[i + 1] == 'b') y++; }"
          "  if (y > x) reach_error(); }",
          "f");
  EXPECT_GT(Result.InvariantQueries, 0u);
  EXPECT_EQ(decide(), ApcAnswer::Satisfiable);
}

/// SV-COMP's input and assumption functions, declared.
const char *Harness = "int __VERIFIER_nondet_int(void);\n"
                      "unsigned __VERIFIER_nondet_uint(void);\n"
                      "void __VERIFIER_assume(int);\n";

// An input read before a loop is a value like a parameter: the loop counts
// x up to 100 from it, so x < 100 after the loop is unreachable; with the
// input unknown, nothing was known of x. An assumption bounds an input.
TEST_F(ApcRuleTest, InputReadBeforeALoopIsAVariable) {
  compute(std::string(Harness) +
              "void f(void) { unsigned x = __VERIFIER_nondet_uint();"
              "  while (x < 100) x++;"
              "  if (x < 100) reach_error(); }",
          "f");
  EXPECT_EQ(decide(), ApcAnswer::Unreachable);
  compute(std::string(Harness) +
              "void f(void) { int n = __VERIFIER_nondet_int();"
              "  __VERIFIER_assume(n > 0 && n < 10);"
              "  if (n == 20) reach_error(); }",
          "f");
  EXPECT_EQ(decide(), ApcAnswer::Unreachable);
  compute(std::string(Harness) +
              "void f(void) { int n = __VERIFIER_nondet_int();"
              "  __VERIFIER_assume(n > 0 && n < 10);"
              "  if (n == 5) reach_error(); }",
          "f");
  EXPECT_EQ(decide(), ApcAnswer::Satisfiable);
}

// A task may define the input function, returning an uninitialised local:
// the executor takes its call as an input all the same, and so does the
// apc (inlined, the value would be unknown and n != n satisfiable).
TEST_F(ApcRuleTest, DefinedInputFunctionIsAnInput) {
  compute("int __VERIFIER_nondet_int(void) { int x; return x; }\n"
          "void f(void) { int n = __VERIFIER_nondet_int();"
          "  if (n == 3 && n != 3) reach_error(); }",
          "f");
  EXPECT_EQ(decide(), ApcAnswer::Unreachable);
}

// Each iteration reads a value of its own: the loop below sets a on
// iterations that read 1 and b on the others, and both are set after two
// iterations. Had the two reads been one value, the looping condition would
// make that impossible.
TEST_F(ApcRuleTest, InputReadInALoopIsFreshInEachIteration) {
  compute(std::string(Harness) +
              "void f(void) { int a = 0, b = 0;"
              "  for (int i = 0; i < 2; ++i) {"
              "    if (__VERIFIER_nondet_int() == 1) a = 1; else b = 1; }"
              "  if (a == 1 && b == 1) reach_error(); }",
          "f");
  EXPECT_EQ(decide(), ApcAnswer::Satisfiable);
}

// A value the loop reads from the input is any value of its type after
// the loop, a witness the exit test constrains (more == 0), while the
// counter beside it keeps its closed form (x = 2 k, even): both targets
// are unreachable, and a third one, three iterations away, is not.
TEST_F(ApcRuleTest, ValueReadInALoopIsAWitnessAfterIt) {
  std::string Loop =
      std::string(Harness) +
      "void f(void) { int x = 0, more = 1;"
      "  while (more) { x += 2; more = __VERIFIER_nondet_int(); }";
  compute(Loop + "  if (more != 0) reach_error(); }", "f");
  const LoopSummaryInfo &L = summaryAt("while.cond");
  EXPECT_TRUE(anyValue(value(L, "more.")));
  EXPECT_NE(value(L, "x.").Iterated, nullptr);
  EXPECT_EQ(decide(), ApcAnswer::Unreachable);
  compute(Loop + "  if (x % 2 != 0) reach_error(); }", "f");
  EXPECT_EQ(decide(), ApcAnswer::Unreachable);
  compute(Loop + "  if (x == 6) reach_error(); }", "f");
  EXPECT_EQ(decide(), ApcAnswer::Satisfiable);
}

// apc^K with its products as free variables: weaker (x * y == 7 with
// x = y = 1 becomes satisfiable), but one product is one variable, so
// x * y == 3 && x * y == 4 stays unsatisfiable; linear terms stay.
TEST(ApcNonlinearTest, AbstractedProductsAreOneVariableEach) {
  ExprContext Ctx;
  ExprRef X = Ctx.var(Ctx.variable("x", 32));
  ExprRef Y = Ctx.var(Ctx.variable("y", 32));
  auto C = [&](uint64_t V) { return Ctx.constant(V, 32); };
  ExprRef XY = Ctx.mul(X, Y);
  ExprRef Ones = Ctx.logicalAnd(Ctx.eq(X, C(1)), Ctx.eq(Y, C(1)));
  QuantifiedQuery Q;
  ExprRef Weak =
      abstractNonlinear(Ctx, Ctx.logicalAnd(Ones, Ctx.eq(XY, C(7))), "nl#");
  EXPECT_FALSE(hasNonlinear(Weak));
  EXPECT_EQ(Q.check(Weak, 0).Result, SatResult::Sat);
  ExprRef Both = Ctx.logicalAnd(Ctx.eq(XY, C(3)), Ctx.eq(XY, C(4)));
  EXPECT_EQ(Q.check(abstractNonlinear(Ctx, Both, "nl#"), 0).Result,
            SatResult::Unsat);
  ExprRef Twice = Ctx.logicalAnd(Ctx.eq(Ctx.mul(C(2), X), C(3)), Ones);
  EXPECT_EQ(abstractNonlinear(Ctx, Twice, "nl#"), Twice);
}
