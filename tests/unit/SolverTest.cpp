//===- SolverTest.cpp - Slicing, caching, model reuse, Z3 semantics -------===//
#include "solver/Solver.h"
#include "expr/Assignment.h"
#include "expr/Expr.h"
#include "expr/Printer.h"
#include "solver/CexCache.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <unistd.h>
#include <vector>

using namespace theseus;

namespace theseus {
// Readable results in failure messages.
void PrintTo(SatResult R, std::ostream *OS) { *OS << toString(R); }
} // namespace theseus

namespace {

/// Four-byte signed inputs named like the C variables they stand for.
class SolverTest : public ::testing::Test {
protected:
  ExprRef var(const std::string &Name) {
    return Ctx.readLE(Ctx.array(Name, 4), 0, 4);
  }
  ExprRef c(int32_t V) { return Ctx.constant(uint32_t(V), 32); }

  /// Every constraint holds under `Model` laid over `Hint`.
  void expectSatisfies(const std::vector<ExprRef> &Cs, const Assignment &Hint,
                       const Assignment &Model) {
    Assignment Full = Hint;
    Full.overlay(Model);
    for (ExprRef C : Cs)
      EXPECT_EQ(evaluate(C, Full), 1u) << toString(C);
  }

  ExprContext Ctx;
  Solver S{createZ3Backend(5000)};
};

TEST_F(SolverTest, SliceKeepsTheConstraintsSharingInputsWithTheGoal) {
  ExprRef X = var("x"), A = var("a"), Y = var("y");
  ExprRef XltA = Ctx.slt(X, A), Aneg = Ctx.slt(A, c(0)),
          Ypos = Ctx.sgt(Y, c(0));
  ExprRef Goal = Ctx.eq(X, c(0));
  std::vector<ExprRef> Want = {XltA, Aneg, Goal};
  EXPECT_EQ(sliceForGoal({XltA, Aneg, Ypos}, Goal), Want);
  // Order does not change what is kept, and the goal stays last.
  Want = {Aneg, XltA, Goal};
  EXPECT_EQ(sliceForGoal({Ypos, Aneg, XltA}, Goal), Want);
  // A goal on y keeps only y's constraint.
  ExprRef YGoal = Ctx.eq(Y, c(3));
  Want = {Ypos, YGoal};
  EXPECT_EQ(sliceForGoal({XltA, Aneg, Ypos}, YGoal), Want);
}

TEST_F(SolverTest, SliceFollowsChainsOfSharedInputs) {
  ExprRef A = var("a"), B = var("b"), C = var("c"), D = var("d"), E = var("e");
  ExprRef AB = Ctx.slt(A, B), BC = Ctx.slt(B, C), CD = Ctx.slt(C, D);
  ExprRef Epos = Ctx.sgt(E, c(0)), Dsmall = Ctx.slt(D, c(100));
  ExprRef Goal = Ctx.eq(A, c(0));
  // The link from c to d comes after d's own constraint: slicing must not
  // depend on the order in which links are discovered.
  std::vector<ExprRef> Want = {Dsmall, AB, BC, CD, Goal};
  EXPECT_EQ(sliceForGoal({Dsmall, Epos, AB, BC, CD}, Goal), Want);
  // Without the c-d link, d's constraint drops out.
  Want = {AB, BC, Goal};
  EXPECT_EQ(sliceForGoal({Dsmall, Epos, AB, BC}, Goal), Want);
}

TEST_F(SolverTest, SliceDropsTrueAndKeepsFalse) {
  ExprRef X = var("x"), Y = var("y");
  ExprRef Goal = Ctx.sgt(X, c(1));
  std::vector<ExprRef> Want = {Ctx.falseExpr(), Goal};
  EXPECT_EQ(
      sliceForGoal({Ctx.trueExpr(), Ctx.falseExpr(), Ctx.sgt(Y, c(0))}, Goal),
      Want);
}

TEST_F(SolverTest, SliceIsCorrectAcrossExpressionContexts) {
  // Expression nodes of a destroyed context may share addresses with nodes
  // of a new one; slicing must not confuse them.
  for (int Round = 0; Round < 50; ++Round) {
    auto Local = std::make_unique<ExprContext>();
    std::vector<const Array *> As;
    for (int I = 0; I < 4; ++I)
      As.push_back(Local->array("v" + std::to_string((I + Round) % 4), 4));
    auto V = [&](int I) { return Local->readLE(As[I], 0, 4); };
    auto K = [&](int32_t N) { return Local->constant(uint32_t(N), 32); };
    // The shape changes with the round so that different nodes land at the
    // addresses a previous round used.
    std::vector<ExprRef> Prefix;
    for (int I = 0; I < Round % 5; ++I)
      Prefix.push_back(Local->slt(V(3), K(I)));
    ExprRef Linked = Local->slt(V(0), V(1));
    ExprRef Other = Local->sgt(V(2), K(Round));
    Prefix.push_back(Other);
    Prefix.push_back(Linked);
    ExprRef Goal = Local->eq(V(1), K(Round));
    std::vector<ExprRef> Want = {Linked, Goal};
    ASSERT_EQ(sliceForGoal(Prefix, Goal), Want) << "round " << Round;
  }
}

TEST_F(SolverTest, SeedExampleIsUnsat) {
  // x < a, a < 0 and x == 0 cannot hold together.
  ExprRef X = var("x"), A = var("a"), Y = var("y");
  SolverResponse R = S.solve(
      {Ctx.slt(X, A), Ctx.slt(A, c(0)), Ctx.sgt(Y, c(0))}, Ctx.eq(X, c(0)), {});
  EXPECT_EQ(R.Result, SatResult::Unsat);
  EXPECT_EQ(S.stats().BackendCalls, 1u);
  EXPECT_EQ(S.stats().ConstraintsIn, 4u);
  EXPECT_EQ(S.stats().ConstraintsOut, 3u);
}

TEST_F(SolverTest, ConstantTableReadsAreSolvedAtTheirIndex) {
  // A 20,000-byte table with three non-zero bytes, as a program's static
  // const array: the solver finds the only index holding each value.
  std::vector<uint8_t> Bytes(20000, 0);
  Bytes[0] = 1;
  Bytes[12345] = 2;
  Bytes[19999] = 3;
  const ConstantTable *T = Ctx.table("big", Bytes);
  ExprRef W = Ctx.readLE(Ctx.array("w", 2), 0, 2);
  ExprRef Index = Ctx.zext(W, 64);
  ExprRef Read = Ctx.tableRead(T, Index);
  for (auto [Value, Where] :
       {std::pair<uint64_t, uint64_t>{2, 12345}, {3, 19999}, {1, 0}}) {
    SolverResponse R =
        S.check({Ctx.eq(Read, Ctx.constant(Value, 8))}, Assignment());
    ASSERT_EQ(R.Result, SatResult::Sat) << "value " << Value;
    EXPECT_EQ(evaluate(W, R.Model), Where) << "value " << Value;
  }
  EXPECT_EQ(S.check({Ctx.eq(Read, Ctx.constant(4, 8))}, {}).Result,
            SatResult::Unsat);
  // Past the end the table reads as zero, as the evaluator says.
  ExprRef Far = Ctx.tableRead(T, Ctx.add(Index, Ctx.constant(50000, 64)));
  EXPECT_EQ(S.check({Ctx.ne(Far, Ctx.constant(0, 8))}, {}).Result,
            SatResult::Unsat);
}

TEST_F(SolverTest, UnsatDetection) {
  ExprRef X = var("x"), Y = var("y");
  EXPECT_EQ(S.check({Ctx.eq(X, c(1)), Ctx.eq(X, c(2))}, {}).Result,
            SatResult::Unsat);
  EXPECT_EQ(S.check({Ctx.ult(X, c(5)), Ctx.ugt(X, c(4))}, {}).Result,
            SatResult::Unsat);
  // x * 2 is even.
  EXPECT_EQ(S.check({Ctx.eq(Ctx.mul(X, c(2)), c(7))}, {}).Result,
            SatResult::Unsat);
  EXPECT_EQ(S.check({Ctx.slt(X, Y), Ctx.slt(Y, X)}, {}).Result,
            SatResult::Unsat);
  // A constant-false constraint needs no backend.
  uint64_t Calls = S.stats().BackendCalls;
  EXPECT_EQ(S.check({Ctx.sgt(X, c(0)), Ctx.falseExpr()}, {}).Result,
            SatResult::Unsat);
  EXPECT_EQ(S.stats().BackendCalls, Calls);
}

TEST_F(SolverTest, RepeatedQueryHitsTheCache) {
  ExprRef X = var("x"), Y = var("y");
  std::vector<ExprRef> Prefix = {Ctx.sgt(X, c(10)), Ctx.slt(Y, c(-3))};
  ExprRef Goal = Ctx.eq(Ctx.add(X, Y), c(100));
  SolverResponse First = S.solve(Prefix, Goal, {});
  ASSERT_EQ(First.Result, SatResult::Sat);
  EXPECT_EQ(S.stats().BackendCalls, 1u);
  EXPECT_EQ(S.stats().CacheHits, 0u);

  SolverResponse Second = S.solve(Prefix, Goal, {});
  EXPECT_EQ(Second.Result, SatResult::Sat);
  EXPECT_EQ(Second.Model, First.Model);
  EXPECT_EQ(S.stats().CacheHits, 1u);
  EXPECT_EQ(S.stats().BackendCalls, 1u);
  EXPECT_EQ(S.stats().Queries, 2u);

  // Unsat answers are cached too.
  std::vector<ExprRef> Contradiction = {Ctx.sgt(X, c(5)), Ctx.slt(X, c(3))};
  EXPECT_EQ(S.check(Contradiction, {}).Result, SatResult::Unsat);
  EXPECT_EQ(S.check(Contradiction, {}).Result, SatResult::Unsat);
  EXPECT_EQ(S.stats().CacheHits, 2u);
  EXPECT_EQ(S.stats().BackendCalls, 2u);
}

TEST_F(SolverTest, RecentModelsAnswerQueriesTheySatisfy) {
  ExprRef X = var("x");
  SolverResponse First = S.check({Ctx.sgt(X, c(5)), Ctx.slt(X, c(20))}, {});
  ASSERT_EQ(First.Result, SatResult::Sat);
  ASSERT_EQ(S.stats().BackendCalls, 1u);
  int32_t V = int32_t(evaluate(X, First.Model));

  // Another query the first model satisfies: no backend call.
  std::vector<ExprRef> Looser = {Ctx.sgt(X, c(3))};
  SolverResponse Reused = S.check(Looser, {});
  EXPECT_EQ(Reused.Result, SatResult::Sat);
  EXPECT_EQ(S.stats().ModelReuses, 1u);
  EXPECT_EQ(S.stats().BackendCalls, 1u);
  EXPECT_EQ(int32_t(evaluate(X, Reused.Model)), V);

  // One it does not satisfy goes to the backend.
  SolverResponse Fresh = S.check({Ctx.eq(X, c(V + 1000))}, {});
  EXPECT_EQ(Fresh.Result, SatResult::Sat);
  EXPECT_EQ(S.stats().ModelReuses, 1u);
  EXPECT_EQ(S.stats().BackendCalls, 2u);
  EXPECT_EQ(int32_t(evaluate(X, Fresh.Model)), V + 1000);
}

TEST_F(SolverTest, TheHintCanAnswerAQuery) {
  // The first query has no recent model to reuse; afterwards a model that
  // only works together with the hint's bytes is found by reuse.
  ExprRef X = var("x"), Y = var("y");
  Assignment Hint;
  Hint.set(Ctx.array("y", 4), {7, 0, 0, 0});
  ASSERT_EQ(S.check({Ctx.eq(X, c(2))}, Hint).Result, SatResult::Sat);
  SolverResponse R = S.check({Ctx.eq(Ctx.add(X, Y), c(9))}, Hint);
  ASSERT_EQ(R.Result, SatResult::Sat);
  EXPECT_EQ(S.stats().ModelReuses, 1u);
  expectSatisfies({Ctx.eq(Ctx.add(X, Y), c(9))}, Hint, R.Model);
}

TEST_F(SolverTest, ModelsSatisfyTheConstraints) {
  ExprRef X = var("x"), Y = var("y"), Z = var("z");
  const Array *Buf = Ctx.array("buf", 12);
  ExprRef B0 = Ctx.read(Buf, 0), B5 = Ctx.read(Buf, 5);
  std::vector<std::vector<ExprRef>> Queries = {
      {Ctx.sgt(X, c(1000)), Ctx.slt(X, c(1010))},
      {Ctx.eq(Ctx.add(X, Y), c(-1)), Ctx.sgt(X, c(100))},
      {Ctx.eq(Ctx.mul(X, Y), c(391)), Ctx.sgt(X, c(1)), Ctx.sgt(Y, c(1)),
       Ctx.slt(X, c(100)), Ctx.slt(Y, c(100))},
      {Ctx.eq(Ctx.binary(ExprKind::SRem, X, c(7)), c(-3))},
      {Ctx.eq(Ctx.bitAnd(Z, c(0xff00)), c(0x4200)), Ctx.ult(Z, c(0x10000))},
      {Ctx.eq(B0, Ctx.constant('G', 8)), Ctx.ult(B5, B0),
       Ctx.ugt(B5, Ctx.constant('A', 8))},
      {Ctx.eq(Ctx.binary(ExprKind::Shl, X, c(3)), c(64)), Ctx.slt(X, c(0))},
  };
  for (const auto &Q : Queries) {
    Assignment Hint;
    Hint.set(Ctx.array("z", 4), {1, 2, 3, 4});
    SolverResponse R = S.check(Q, Hint);
    ASSERT_EQ(R.Result, SatResult::Sat) << toString(Q.front());
    expectSatisfies(Q, Hint, R.Model);
  }
}

TEST_F(SolverTest, SolveModelsSatisfyPrefixAndGoal) {
  ExprRef X = var("x"), Y = var("y"), W = var("w");
  std::vector<ExprRef> Prefix = {Ctx.sgt(X, c(3)), Ctx.slt(Y, X),
                                 Ctx.sgt(W, c(0))};
  ExprRef Goal = Ctx.eq(Ctx.sub(X, Y), c(50));
  Assignment Hint;
  for (const char *N : {"x", "y", "w"})
    Hint.set(Ctx.array(N, 4), {9, 0, 0, 0});
  SolverResponse R = S.solve(Prefix, Goal, Hint);
  ASSERT_EQ(R.Result, SatResult::Sat);
  std::vector<ExprRef> All = Prefix;
  All.push_back(Goal);
  expectSatisfies(All, Hint, R.Model);
  // w lies outside the goal's cone: the model leaves it to the hint.
  EXPECT_FALSE(R.Model.has(Ctx.array("w", 4)));
}

TEST_F(SolverTest, UnmentionedBytesKeepTheHintsValues) {
  // A 16-byte buffer: only bytes 3 and 9 are constrained.
  const Array *Buf = Ctx.array("buf", 16);
  Assignment Hint;
  std::vector<uint8_t> HintBytes;
  for (unsigned I = 0; I < 16; ++I)
    HintBytes.push_back(uint8_t(0xa0 + I));
  Hint.set(Buf, HintBytes);
  std::vector<ExprRef> Q = {Ctx.eq(Ctx.read(Buf, 3), Ctx.constant('x', 8)),
                            Ctx.ult(Ctx.read(Buf, 9), Ctx.constant(10, 8))};
  SolverResponse R = S.check(Q, Hint);
  ASSERT_EQ(R.Result, SatResult::Sat);
  const std::vector<uint8_t> *Bytes = R.Model.get(Buf);
  ASSERT_NE(Bytes, nullptr);
  ASSERT_EQ(Bytes->size(), 16u);
  for (unsigned I = 0; I < 16; ++I) {
    if (I == 3)
      EXPECT_EQ((*Bytes)[I], 'x');
    else if (I == 9)
      EXPECT_LT((*Bytes)[I], 10);
    else
      EXPECT_EQ((*Bytes)[I], HintBytes[I]) << "byte " << I;
  }
}

TEST_F(SolverTest, UnmentionedBytesOfASmallIntKeepTheHintsValues) {
  // `(char)x == 5` only mentions x's low byte: the other three bytes are
  // free, and must come from the hint rather than be invented.
  const Array *XA = Ctx.array("x", 4);
  ExprRef X = Ctx.readLE(XA, 0, 4);
  Assignment Hint;
  Hint.set(XA, {9, 0x11, 0x22, 0x33});
  std::vector<ExprRef> Q = {Ctx.eq(Ctx.extract(X, 0, 8), Ctx.constant(5, 8))};
  SolverResponse R = S.check(Q, Hint);
  ASSERT_EQ(R.Result, SatResult::Sat);
  const std::vector<uint8_t> *Bytes = R.Model.get(XA);
  ASSERT_NE(Bytes, nullptr);
  std::vector<uint8_t> Want = {5, 0x11, 0x22, 0x33};
  EXPECT_EQ(*Bytes, Want);
}

TEST_F(SolverTest, ModelsPreferSmallValues) {
  // Documented behaviour (PyExZ3's preference): an int that only needs to be
  // positive comes out within [-256, 256].
  ExprRef X = var("x");
  SolverResponse R = S.check({Ctx.sgt(X, c(0)), Ctx.ne(X, c(1))}, {});
  ASSERT_EQ(R.Result, SatResult::Sat);
  int32_t V = int32_t(evaluate(X, R.Model));
  EXPECT_GT(V, 1);
  EXPECT_LE(V, 256);
  // Unless the constraints need a large one.
  R = S.check({Ctx.sgt(X, c(100000))}, {});
  ASSERT_EQ(R.Result, SatResult::Sat);
  EXPECT_GT(int32_t(evaluate(X, R.Model)), 100000);
}

//===----------------------------------------------------------------------===//
// Z3 and the concrete evaluator agree on every operation.
//===----------------------------------------------------------------------===//

uint64_t mask(unsigned W) {
  return W >= 64 ? ~uint64_t(0) : (uint64_t(1) << W) - 1;
}

/// A symbolic value of width `W` over a fresh array.
ExprRef symbol(ExprContext &Ctx, const std::string &Name, unsigned W) {
  const Array *A = Ctx.array(Name, (W + 7) / 8);
  return Ctx.extract(Ctx.readLE(A, 0, A->Size), 0, W);
}

void setValue(Assignment &Asg, const Array *A, uint64_t V) {
  std::vector<uint8_t> Bytes(A->Size);
  for (unsigned I = 0; I < A->Size; ++I)
    Bytes[I] = uint8_t(V >> (8 * I));
  Asg.set(A, Bytes);
}

TEST_F(SolverTest, Z3AgreesWithTheEvaluator) {
  const ExprKind Ops[] = {ExprKind::Add,  ExprKind::Sub,  ExprKind::Mul,
                          ExprKind::UDiv, ExprKind::SDiv, ExprKind::URem,
                          ExprKind::SRem, ExprKind::And,  ExprKind::Or,
                          ExprKind::Xor,  ExprKind::Shl,  ExprKind::LShr,
                          ExprKind::AShr, ExprKind::Eq,   ExprKind::Ult,
                          ExprKind::Ule,  ExprKind::Slt,  ExprKind::Sle};
  const unsigned Widths[] = {1, 8, 16, 32, 64};
  std::mt19937_64 Rng(99);
  auto Operand = [&](unsigned W) -> uint64_t {
    uint64_t Min = uint64_t(1) << (W - 1);
    switch (Rng() % 6) {
    case 0:
      return 0;
    case 1:
      return mask(W); // -1
    case 2:
      return Min; // INT_MIN
    case 3:
      return Rng() % (W + 2); // Around the shift limit.
    default:
      return Rng() & mask(W);
    }
  };
  int Triples = 0;
  for (ExprKind K : Ops)
    for (unsigned W : Widths)
      for (int I = 0; I < 30; ++I, ++Triples) {
        uint64_t A = Operand(W), B = Operand(W);
        if (I == 0)
          B = 0;      // Always try division by zero...
        if (I == 1) { // ...and INT_MIN / -1.
          A = uint64_t(1) << (W - 1);
          B = mask(W);
        }
        // Fresh inputs per triple: no cached answer or recent model applies.
        std::string Suffix = std::to_string(Triples);
        ExprRef X = symbol(Ctx, "x" + Suffix, W);
        ExprRef Y = symbol(Ctx, "y" + Suffix, W);
        bool Cmp = isComparison(K);
        ExprRef E = Cmp ? Ctx.compare(K, X, Y) : Ctx.binary(K, X, Y);
        uint64_t Want = Cmp ? evalCompare(K, A, B, W) : evalBinary(K, A, B, W);
        ExprRef Value = Ctx.constant(Want, E->width());
        // A hint that does not satisfy the query, so the backend decides.
        Assignment Hint;
        setValue(Hint, Ctx.array("x" + Suffix, (W + 7) / 8), A ^ 1);
        std::vector<ExprRef> Pin = {Ctx.eq(X, Ctx.constant(A, W)),
                                    Ctx.eq(Y, Ctx.constant(B, W))};
        std::vector<ExprRef> Same = Pin, Different = Pin;
        Same.push_back(Ctx.eq(E, Value));
        Different.push_back(Ctx.ne(E, Value));
        std::string What = std::string(kindName(K)) + " i" + std::to_string(W) +
                           " " + std::to_string(A) + ", " + std::to_string(B) +
                           " = " + std::to_string(Want);
        uint64_t Calls = S.stats().BackendCalls;
        SolverResponse R = S.check(Same, Hint);
        ASSERT_EQ(R.Result, SatResult::Sat) << What;
        ASSERT_EQ(S.stats().BackendCalls, Calls + 1) << What;
        ASSERT_EQ(S.check(Different, Hint).Result, SatResult::Unsat) << What;
      }
}

/// xorshift-style mixing: every round uses its input twice, so 20 rounds are
/// 60 nodes as a DAG and some 2^60 as a tree.
ExprRef xorshiftRounds(ExprContext &Ctx, ExprRef E, unsigned Rounds) {
  unsigned W = E->width();
  auto Shift = [&](ExprKind K, unsigned N) {
    return Ctx.binary(K, E, Ctx.constant(N, W));
  };
  for (unsigned I = 0; I < Rounds; ++I) {
    E = Ctx.bitXor(E, Shift(ExprKind::Shl, 13));
    E = Ctx.bitXor(E, Shift(ExprKind::LShr, 17));
    E = Ctx.bitXor(E, Shift(ExprKind::Shl, 5));
  }
  return E;
}

TEST(SolverDeathTest, SharedSubexpressionsAreVisitedOnce) {
  // Run in a child process with an alarm: visiting the tree instead of the
  // DAG would not finish.
  EXPECT_EXIT(
      {
        alarm(60);
        ExprContext Ctx;
        const Array *A = Ctx.array("x", 4);
        ExprRef Mixed = xorshiftRounds(Ctx, Ctx.readLE(A, 0, 4), 20);
        Solver S(createZ3Backend(20000));
        // xorshift maps only 0 to 0.
        std::vector<ExprRef> Q = {Ctx.ne(Mixed, Ctx.constant(0, 32))};
        SolverResponse R = S.check(Q, {});
        bool Ok = R.Result == SatResult::Sat && evaluate(Q[0], R.Model) == 1 &&
                  evaluate(Ctx.readLE(A, 0, 4), R.Model) != 0;
        std::_Exit(Ok ? 0 : 1); // No destructors: this is a fork.
      },
      ::testing::ExitedWithCode(0), "");
}

} // namespace

//===----------------------------------------------------------------------===//
// Byte-level independence and the counterexample cache.
//===----------------------------------------------------------------------===//

class ByteLevelTest : public SolverTest {
protected:
  ExprRef byte(const Array *A, uint32_t I) { return Ctx.read(A, I); }
  ExprRef k8(uint8_t V) { return Ctx.constant(V, 8); }
};

TEST_F(ByteLevelTest, SliceKeepsOnlyTheConstraintsOnTheGoalsBytes) {
  // One buffer: constraints on different bytes of it are independent.
  const Array *Buf = Ctx.array("buf", 8);
  ExprRef B0 = byte(Buf, 0), B1 = byte(Buf, 1), B2 = byte(Buf, 2),
          B3 = byte(Buf, 3);
  ExprRef OnB0 = Ctx.ne(B0, k8(0)), OnB1 = Ctx.eq(B1, k8('e')),
          B1B2 = Ctx.ult(B1, B2), OnB3 = Ctx.ne(B3, k8('H'));
  ExprRef Goal = Ctx.eq(B2, k8('l'));
  std::vector<ExprRef> Want = {OnB1, B1B2, Goal};
  EXPECT_EQ(sliceForGoal({OnB0, OnB1, B1B2, OnB3}, Goal), Want);
  // Without the link through b1 < b2, b1's constraint is independent too.
  Want = {Goal};
  EXPECT_EQ(sliceForGoal({OnB0, OnB1, OnB3}, Goal), Want);
}

TEST_F(ByteLevelTest, SliceKeepsEveryByteASymbolicIndexCanRead) {
  // buf[i] with a symbolic i is a choice among the candidate bytes (as the
  // interpreter builds it): the goal depends on all of them and on i.
  const Array *Buf = Ctx.array("buf", 4);
  ExprRef I = Ctx.zext(Ctx.read(Ctx.array("i", 1), 0), 64);
  ExprRef At = byte(Buf, 3);
  for (uint64_t K : {2, 1, 0})
    At = Ctx.select(Ctx.eq(I, Ctx.constant(K, 64)), byte(Buf, K), At);
  std::vector<ExprRef> Prefix;
  for (uint32_t K = 0; K < 4; ++K)
    Prefix.push_back(Ctx.ne(byte(Buf, K), k8(0)));
  ExprRef IBound = Ctx.ult(I, Ctx.constant(4, 64));
  ExprRef Other = Ctx.eq(byte(Ctx.array("other", 2), 1), k8(7));
  Prefix.push_back(IBound);
  Prefix.push_back(Other);
  ExprRef Goal = Ctx.eq(At, k8('x'));
  std::vector<ExprRef> Want = Prefix;
  Want.pop_back(); // Only the other array's constraint is independent.
  Want.push_back(Goal);
  EXPECT_EQ(sliceForGoal(Prefix, Goal), Want);
  // A constant table read at a symbolic index depends on the index only.
  const ConstantTable *T = Ctx.table("word", {'H', 'e', 'l', 'l', 'o'});
  ExprRef TableGoal = Ctx.eq(Ctx.tableRead(T, I), k8('l'));
  Want = {IBound, TableGoal};
  EXPECT_EQ(sliceForGoal(Prefix, TableGoal), Want);
}

TEST_F(ByteLevelTest, ModelsOfASliceKeepTheHintOutsideTheCone) {
  // The prefix pins byte 0; the goal is on byte 1. Byte 0 stays the hint's
  // value even when a cached model of the same query has another one.
  const Array *Buf = Ctx.array("buf", 2);
  ExprRef Goal = Ctx.eq(byte(Buf, 1), k8('e'));
  for (uint8_t First : {'a', 'b'}) {
    Assignment Hint;
    Hint.set(Buf, {First, 0});
    SolverResponse R = S.solve({Ctx.eq(byte(Buf, 0), k8(First))}, Goal, Hint);
    ASSERT_EQ(R.Result, SatResult::Sat);
    std::vector<uint8_t> Want = {First, 'e'};
    EXPECT_EQ(*R.Model.get(Buf), Want);
  }
  EXPECT_EQ(S.stats().SingleByteAnswers, 1u);
  EXPECT_EQ(S.stats().CacheHits, 1u);
}

TEST_F(ByteLevelTest, AStoredUnsatSubsetAnswersUnsat) {
  ExprRef X = var("x"), Y = var("y");
  ASSERT_EQ(S.check({Ctx.eq(X, c(1)), Ctx.eq(X, c(2))}, {}).Result,
            SatResult::Unsat);
  ASSERT_EQ(S.stats().BackendCalls, 1u);
  EXPECT_EQ(
      S.check({Ctx.sgt(Y, c(0)), Ctx.eq(X, c(2)), Ctx.eq(X, c(1))}, {}).Result,
      SatResult::Unsat);
  EXPECT_EQ(S.stats().CexUnsatHits, 1u);
  EXPECT_EQ(S.stats().BackendCalls, 1u);
}

TEST_F(ByteLevelTest, AStoredSupersetsModelAnswersSat) {
  ExprRef X = var("x"), Y = var("y");
  ExprRef Xbig = Ctx.sgt(X, c(5000)), Ysmall = Ctx.slt(Y, c(-7000));
  ASSERT_EQ(S.check({Xbig, Ysmall, Ctx.eq(Ctx.add(X, Y), c(-1000))}, {}).Result,
            SatResult::Sat);
  ASSERT_EQ(S.stats().BackendCalls, 1u);
  Assignment Hint; // Satisfies neither constraint: the model must.
  Hint.set(Ctx.array("x", 4), {0, 0, 0, 0});
  Hint.set(Ctx.array("y", 4), {0, 0, 0, 0});
  SolverResponse R = S.check({Ysmall, Xbig}, Hint);
  ASSERT_EQ(R.Result, SatResult::Sat);
  EXPECT_EQ(S.stats().CexSatHits, 1u);
  EXPECT_EQ(S.stats().BackendCalls, 1u);
  expectSatisfies({Ysmall, Xbig}, Hint, R.Model);
}

TEST_F(ByteLevelTest, AStoredSubsetsModelIsTriedOnTheQuery) {
  ExprRef X = var("x");
  ExprRef Big = Ctx.sgt(X, c(100000)), Odd = Ctx.eq(Ctx.bitAnd(X, c(1)), c(1));
  SolverResponse First = S.check({Big, Odd}, {});
  ASSERT_EQ(First.Result, SatResult::Sat);
  int32_t V = int32_t(evaluate(X, First.Model));
  // Holds for the stored model: answered without the backend.
  ExprRef Below = Ctx.slt(X, c(V + 1));
  SolverResponse R = S.check({Big, Odd, Below}, {});
  ASSERT_EQ(R.Result, SatResult::Sat);
  EXPECT_EQ(S.stats().CexSatHits, 1u);
  EXPECT_EQ(S.stats().BackendCalls, 1u);
  // Does not hold for it: the backend decides.
  ExprRef Above = Ctx.sgt(X, c(V));
  R = S.check({Big, Odd, Above}, {});
  ASSERT_EQ(R.Result, SatResult::Sat);
  EXPECT_EQ(S.stats().BackendCalls, 2u);
  expectSatisfies({Big, Odd, Above}, {}, R.Model);
}

TEST(CexCacheTest, RelatedSetsAndTheBound) {
  CexCache Cache(3);
  Cache.store({1, 2}, false, {});
  Cache.store({3, 4, 5}, true, {{10, 'a'}});
  EXPECT_EQ(Cache.related({1, 2, 9}).UnsatSubset, Cache.exact({1, 2}));
  EXPECT_EQ(Cache.related({1, 9}).UnsatSubset, nullptr);
  EXPECT_EQ(Cache.related({3, 5}).SatSuperset, Cache.exact({3, 4, 5}));
  auto Sub = Cache.related({3, 4, 5, 6}).SatSubsets;
  ASSERT_EQ(Sub.size(), 1u);
  EXPECT_EQ(Sub[0]->Model, (ByteModel{{10, 'a'}}));
  Cache.store({7}, true, {});
  EXPECT_EQ(Cache.size(), 3u);
  Cache.store({8}, true, {}); // Past the bound: starts over.
  EXPECT_EQ(Cache.size(), 1u);
  EXPECT_EQ(Cache.exact({1, 2}), nullptr);
  EXPECT_EQ(Cache.related({1, 2, 9}).UnsatSubset, nullptr);
}

/// Random constraints over three 1-byte and one 2-byte input.
class RandomQueries {
public:
  RandomQueries(ExprContext &Ctx, uint64_t Seed) : Ctx(Ctx), Rng(Seed) {
    for (const char *N : {"a", "b", "c"})
      Vars.push_back(Ctx.zext(Ctx.read(Ctx.array(N, 1), 0), 16));
    Vars.push_back(Ctx.readLE(Ctx.array("w", 2), 0, 2));
  }
  ExprRef term() {
    ExprRef V = Vars[Rng() % Vars.size()];
    if (Rng() % 3)
      return V;
    static const ExprKind Ops[] = {ExprKind::Add, ExprKind::Xor, ExprKind::And,
                                   ExprKind::Mul};
    return Ctx.binary(Ops[Rng() % 4], V, Vars[Rng() % Vars.size()]);
  }
  ExprRef constraint() {
    static const ExprKind Cmps[] = {ExprKind::Eq, ExprKind::Ult, ExprKind::Ule,
                                    ExprKind::Slt};
    ExprRef R = Rng() % 2 ? term() : Ctx.constant(Rng() % 300, 16);
    ExprRef C = Ctx.compare(Cmps[Rng() % 4], term(), R);
    return Rng() % 3 ? C : Ctx.logicalNot(C);
  }
  std::mt19937_64 &rng() { return Rng; }

private:
  ExprContext &Ctx;
  std::mt19937_64 Rng;
  std::vector<ExprRef> Vars;
};

TEST_F(ByteLevelTest, TheChainAnswersAsZ3Does) {
  // Paths as an explorer makes them: a prefix the hint satisfies, then a
  // goal. The chain (slicing, caches, reuse) must answer like Z3 on the
  // whole conjunction, with models that satisfy all of it.
  RandomQueries Gen(Ctx, 7);
  auto Z3 = createZ3Backend(5000);
  unsigned Sat = 0, Unsat = 0;
  for (int Path = 0; Path < 60; ++Path) {
    std::vector<ExprRef> Prefix;
    Assignment Hint;
    for (int Depth = 0; Depth < 8; ++Depth) {
      ExprRef Goal = Gen.constraint();
      std::vector<ExprRef> All = Prefix;
      All.push_back(Goal);
      SatResult Want = Z3->check(All, Hint).Result;
      SolverResponse Got = S.solve(Prefix, Goal, Hint);
      ASSERT_EQ(Got.Result, Want) << "path " << Path << " depth " << Depth;
      if (Want == SatResult::Unsat) {
        ++Unsat;
        Goal = Ctx.logicalNot(Goal); // The path takes the other side.
        All.back() = Goal;
        Got = S.solve(Prefix, Goal, Hint);
        if (Got.Result != SatResult::Sat)
          break;
      } else {
        ++Sat;
      }
      Assignment Next = Hint;
      Next.overlay(Got.Model);
      for (ExprRef C : All)
        ASSERT_EQ(evaluate(C, Next), 1u) << toString(C);
      Prefix.push_back(Goal);
      Hint = Next;
    }
  }
  // The test covers both answers and the shortcuts.
  EXPECT_GT(Sat, 50u);
  EXPECT_GT(Unsat, 20u);
  EXPECT_GT(S.stats().CacheHits + S.stats().CexSatHits + S.stats().ModelReuses,
            20u);
}

TEST_F(ByteLevelTest, AQueryOnOneByteIsDecidedByItsValues) {
  const Array *Buf = Ctx.array("buf", 4);
  ExprRef B2 = byte(Buf, 2);
  Assignment Hint;
  Hint.set(Buf, {1, 2, 3, 4});
  // The first printable value that satisfies the query; other bytes keep
  // the hint.
  SolverResponse R = S.check({Ctx.ugt(B2, k8('a')), Ctx.ne(B2, k8('b'))}, Hint);
  ASSERT_EQ(R.Result, SatResult::Sat);
  std::vector<uint8_t> Want = {1, 2, 'c', 4};
  EXPECT_EQ(*R.Model.get(Buf), Want);
  // Then the other values, in increasing order.
  R = S.check({Ctx.ult(B2, k8(' '))}, Hint);
  ASSERT_EQ(R.Result, SatResult::Sat);
  EXPECT_EQ(R.Model.get(Buf)->at(2), 0);
  // No value satisfies this one: unsat, also without the backend.
  ExprRef Sq = Ctx.mul(Ctx.zext(B2, 16), Ctx.zext(B2, 16));
  EXPECT_EQ(S.check({Ctx.eq(Sq, Ctx.constant(2, 16))}, Hint).Result,
            SatResult::Unsat);
  EXPECT_EQ(S.stats().SingleByteAnswers, 3u);
  EXPECT_EQ(S.stats().BackendCalls, 0u);
  // Two bytes go to the backend.
  EXPECT_EQ(S.check({Ctx.ult(B2, byte(Buf, 3))}, Hint).Result, SatResult::Sat);
  EXPECT_EQ(S.stats().BackendCalls, 1u);
}

//===- Floating point
//------------------------------------------------------===//

namespace {

/// Float queries through the whole chain, each answer re-checked by the
/// validating stage; models are checked by the host's own arithmetic.
class FloatSolverTest : public ::testing::Test {
protected:
  FloatSolverTest() {
    SolverChainOptions Opts;
    Opts.Validate = true;
    S = std::make_unique<Solver>(createZ3Backend(20000), Opts);
  }
  ExprRef f(float V) { return Ctx.constant(std::bit_cast<uint32_t>(V), 32); }
  ExprRef d(double V) { return Ctx.constant(std::bit_cast<uint64_t>(V), 64); }
  float modelFloat(const SolverResponse &R) {
    uint32_t Bits = 0;
    for (unsigned B = 0; B < 4; ++B)
      Bits |= uint32_t(R.Model.byte(Ctx.array("x", 4), B)) << (8 * B);
    return std::bit_cast<float>(Bits);
  }
  double modelDouble(const SolverResponse &R) {
    uint64_t Bits = 0;
    for (unsigned B = 0; B < 8; ++B)
      Bits |= uint64_t(R.Model.byte(Ctx.array("dx", 8), B)) << (8 * B);
    return std::bit_cast<double>(Bits);
  }
  ExprContext Ctx;
  ExprRef X = Ctx.readLE(Ctx.array("x", 4), 0, 4);
  ExprRef DX = Ctx.readLE(Ctx.array("dx", 8), 0, 8);
  std::unique_ptr<Solver> S;
};

} // namespace

TEST_F(FloatSolverTest, NoFloatSquaresToTwoButOneComesClose) {
  ExprRef Square = Ctx.floatBinary(FloatBinaryOp::Mul, X, X);
  EXPECT_EQ(S->solve({}, Ctx.floatCompare(1, Square, f(2.0f)), {}).Result,
            SatResult::Unsat);
  ExprRef Diff = Ctx.floatBinary(FloatBinaryOp::Sub, Square, f(2.0f));
  ExprRef Close = Ctx.floatCompare(
      4, Ctx.floatFunction(FloatFunction::Fabs, &Diff), f(1e-6f));
  SolverResponse R = S->solve({}, Close, {});
  ASSERT_EQ(R.Result, SatResult::Sat);
  volatile float V = modelFloat(R);
  EXPECT_LT(std::fabs(V * V - 2.0f), 1e-6f) << V;
}

TEST_F(FloatSolverTest, FindsNaNNegativeZeroAndOverflow) {
  SolverResponse Nan = S->solve({}, Ctx.floatCompare(14, X, X), {}); // x != x
  ASSERT_EQ(Nan.Result, SatResult::Sat);
  EXPECT_TRUE(std::isnan(modelFloat(Nan)));

  // 1.0 / x < 0 with x == 0: only -0.0.
  ExprRef Inverse = Ctx.floatBinary(FloatBinaryOp::Div, d(1.0), DX);
  SolverResponse Zero = S->solve({Ctx.floatCompare(1, DX, d(0.0))},
                                 Ctx.floatCompare(4, Inverse, d(0.0)), {});
  ASSERT_EQ(Zero.Result, SatResult::Sat);
  EXPECT_EQ(std::bit_cast<uint64_t>(modelDouble(Zero)),
            std::bit_cast<uint64_t>(-0.0));

  // A finite x whose double is infinite.
  ExprRef Finite = Ctx.floatCompare(
      4, Ctx.floatFunction(FloatFunction::Fabs, &X), f(INFINITY));
  ExprRef Twice = Ctx.floatBinary(FloatBinaryOp::Add, X, X);
  SolverResponse Over =
      S->solve({Finite}, Ctx.floatCompare(1, Twice, f(INFINITY)), {});
  ASSERT_EQ(Over.Result, SatResult::Sat);
  volatile float V = modelFloat(Over);
  EXPECT_TRUE(std::isfinite(V) && std::isinf(V + V)) << V;
}

TEST_F(FloatSolverTest, ConversionsAndTheCachesAgree) {
  // (int)x == 7 with x not integral, then again: the exact cache answers.
  ExprRef Seven = Ctx.eq(Ctx.floatToInt(X, 32, true), Ctx.constant(7, 32));
  ExprRef Fraction = Ctx.floatCompare(
      14, X, Ctx.floatFunction(FloatFunction::Trunc, &X)); // x != trunc(x)
  SolverResponse R = S->solve({Fraction}, Seven, {});
  ASSERT_EQ(R.Result, SatResult::Sat);
  float V = modelFloat(R);
  EXPECT_EQ(int(V), 7) << V;
  EXPECT_NE(V, std::trunc(V));
  uint64_t Z3Calls = S->stats().BackendCalls;
  EXPECT_EQ(S->solve({Fraction}, Seven, {}).Result, SatResult::Sat);
  EXPECT_EQ(S->stats().BackendCalls, Z3Calls);
  // A subset's model answers a weaker query by evaluation.
  EXPECT_EQ(S->solve({}, Seven, {}).Result, SatResult::Sat);
  EXPECT_EQ(S->stats().BackendCalls, Z3Calls);
}
