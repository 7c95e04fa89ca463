//===- SolverChainTest.cpp - Each stage of the solver chain alone ---------===//
//
// Every stage is tested in front of a fake next stage that counts the
// queries reaching it, so a stage that stops answering (or answers wrongly)
// fails its own test. The last test runs the whole chain with every
// combination of stages switched off.
//
//===----------------------------------------------------------------------===//
#include "expr/Assignment.h"
#include "expr/Expr.h"
#include "expr/Printer.h"
#include "solver/Quantified.h"
#include "solver/Solver.h"
#include "solver/SolverStages.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

using namespace theseus;

namespace {

/// The next stage of the stage under test: answers with `Answer` if set,
/// else asks Z3, and keeps the queries it receives.
class FakeStage : public SolverStage {
public:
  StageAnswer solve(const SolverQuery &Q) override {
    Seen.push_back(Q.constraints());
    if (Answer)
      return *Answer;
    return {Z3->check(Q.constraints(), Q.hint()), Source};
  }
  void setTimeout(unsigned Ms) override { TimeoutMs = Ms; }

  std::vector<std::vector<ExprRef>> Seen;
  std::optional<StageAnswer> Answer;
  AnswerSource Source = AnswerSource::Backend;
  unsigned TimeoutMs = 0;

private:
  std::unique_ptr<SolverBackend> Z3 = createZ3Backend(5000);
};

class SolverChainTest : public ::testing::Test {
protected:
  ExprRef var(const std::string &Name) {
    return Ctx.readLE(Ctx.array(Name, 4), 0, 4);
  }
  ExprRef c(int32_t V) { return Ctx.constant(uint32_t(V), 32); }
  ExprRef k8(uint8_t V) { return Ctx.constant(V, 8); }

  /// `S` in front of a fake stage, which `Fake` then points to.
  template <typename StageT, typename... ArgTs>
  std::unique_ptr<StageT> stage(ArgTs &&...Args) {
    auto F = std::make_unique<FakeStage>();
    Fake = F.get();
    return std::make_unique<StageT>(std::move(F), std::forward<ArgTs>(Args)...);
  }
  SolverQuery query(std::vector<ExprRef> Cs, const Assignment &Hint = {},
                    bool HasGoal = false) {
    Hints.push_back(std::make_unique<Assignment>(Hint));
    return SolverQuery(std::move(Cs), *Hints.back(), Use, HasGoal);
  }
  static void expectSatisfies(const std::vector<ExprRef> &Cs,
                              const Assignment &Hint, const Assignment &M) {
    Assignment Full = Hint;
    Full.overlay(M);
    for (ExprRef C : Cs)
      EXPECT_EQ(evaluate(C, Full), 1u) << toString(C);
  }

  ExprContext Ctx;
  ByteReads Use;
  SolverStats Stats;
  FakeStage *Fake = nullptr;
  std::vector<std::unique_ptr<Assignment>> Hints;
};

//===----------------------------------------------------------------------===//
// Slicing
//===----------------------------------------------------------------------===//

TEST_F(SolverChainTest, SlicingPassesOnlyTheGoalsCone) {
  auto S = stage<SlicingStage>(Stats);
  ExprRef X = var("x"), A = var("a"), Y = var("y");
  ExprRef XltA = Ctx.slt(X, A), Aneg = Ctx.slt(A, c(0)),
          Ypos = Ctx.sgt(Y, c(0)), Goal = Ctx.eq(X, c(0));
  Stats.ConstraintsOut = 4; // As the façade counts them.
  EXPECT_EQ(S->solve(query({XltA, Ypos, Aneg, Goal}, {}, true)).Response.Result,
            SatResult::Unsat);
  ASSERT_EQ(Fake->Seen.size(), 1u);
  std::vector<ExprRef> Want = {XltA, Aneg, Goal};
  EXPECT_EQ(Fake->Seen[0], Want);
  EXPECT_EQ(Stats.ConstraintsOut, 3u);
  // Without a goal there is no cone: the query passes whole.
  Want = {XltA, Ypos};
  S->solve(query(Want));
  EXPECT_EQ(Fake->Seen[1], Want);
}

//===----------------------------------------------------------------------===//
// Exact cache
//===----------------------------------------------------------------------===//

TEST_F(SolverChainTest, CacheAnswersTheSameSetWithoutTheNextStage) {
  auto S = stage<CacheStage>(Stats);
  ExprRef X = var("x"), Y = var("y");
  ExprRef Xbig = Ctx.sgt(X, c(10)), Yneg = Ctx.slt(Y, c(-3));
  StageAnswer First = S->solve(query({Xbig, Yneg}));
  ASSERT_EQ(First.Response.Result, SatResult::Sat);
  // The same set in another order, under another hint: the stored values
  // of the query's bytes, the hint's elsewhere.
  Assignment Hint;
  Hint.set(Ctx.array("z", 4), {1, 2, 3, 4});
  StageAnswer Second = S->solve(query({Yneg, Xbig, Xbig}, Hint));
  EXPECT_EQ(Fake->Seen.size(), 1u);
  EXPECT_EQ(Stats.CacheHits, 1u);
  EXPECT_EQ(Second.Source, AnswerSource::Cache);
  ASSERT_EQ(Second.Response.Result, SatResult::Sat);
  expectSatisfies({Xbig, Yneg}, Hint, Second.Response.Model);
  EXPECT_EQ(*Second.Response.Model.get(Ctx.array("x", 4)),
            *First.Response.Model.get(Ctx.array("x", 4)));
  // Unsat answers are kept too; Unknown ones are not.
  std::vector<ExprRef> Contradiction = {Ctx.sgt(X, c(5)), Ctx.slt(X, c(3))};
  S->solve(query(Contradiction));
  EXPECT_EQ(S->solve(query(Contradiction)).Response.Result, SatResult::Unsat);
  EXPECT_EQ(Fake->Seen.size(), 2u);
  Fake->Answer = StageAnswer{{SatResult::Unknown, {}}, AnswerSource::Backend};
  std::vector<ExprRef> Hard = {Ctx.eq(Ctx.mul(X, Y), c(77))};
  S->solve(query(Hard));
  S->solve(query(Hard));
  EXPECT_EQ(Fake->Seen.size(), 4u);
  EXPECT_EQ(Stats.CacheHits, 2u);
}

TEST_F(SolverChainTest, FloatCountingCountsOnlyQueriesWithFloatOperations) {
  auto S = stage<FloatCountingStage>(Stats);
  ExprRef X = var("x");
  ExprRef Big = Ctx.floatCompare(2, X, Ctx.constant(0x42c80000, 32)); // 100.0f
  ExprRef Small = Ctx.slt(var("y"), c(3));
  S->solve(query({Small}));
  EXPECT_EQ(Stats.FloatQueries, 0u);
  S->solve(query({Small, Big}));
  Fake->Source = AnswerSource::Cache;
  S->solve(query({Big}));
  EXPECT_EQ(Fake->Seen.size(), 3u);
  EXPECT_EQ(Stats.FloatQueries, 2u);
  EXPECT_EQ(Stats.FloatBackendCalls, 1u);
  EXPECT_EQ(Stats.FloatStageAnswers, 1u);
  EXPECT_GT(Stats.FloatSeconds, 0.0);
  // Bit operations on a float's encoding (fneg) need no float theory.
  EXPECT_FALSE(Ctx.floatNegate(X)->hasFloat());
  EXPECT_TRUE(Ctx.logicalNot(Big)->hasFloat());
}

TEST_F(SolverChainTest, CacheStartsOverPastItsBound) {
  auto S = stage<CacheStage>(Stats, 2);
  ExprRef X = var("x");
  for (int32_t V : {1, 2, 3}) // The third answer clears the first two.
    S->solve(query({Ctx.eq(X, c(V))}));
  S->solve(query({Ctx.eq(X, c(3))}));
  EXPECT_EQ(Stats.CacheHits, 1u);
  S->solve(query({Ctx.eq(X, c(1))}));
  EXPECT_EQ(Stats.CacheHits, 1u);
  EXPECT_EQ(Fake->Seen.size(), 4u);
}

//===----------------------------------------------------------------------===//
// Counterexample cache
//===----------------------------------------------------------------------===//

TEST_F(SolverChainTest, CexCacheAnswersFromSubsetsAndSupersets) {
  auto S = stage<CexCacheStage>(Stats);
  ExprRef X = var("x"), Y = var("y");
  ExprRef X1 = Ctx.eq(X, c(1)), X2 = Ctx.eq(X, c(2)), Ypos = Ctx.sgt(Y, c(0));
  S->solve(query({X1, X2}));
  // A stored unsatisfiable subset.
  StageAnswer R = S->solve(query({Ypos, X2, X1}));
  EXPECT_EQ(R.Response.Result, SatResult::Unsat);
  EXPECT_EQ(R.Source, AnswerSource::CexCache);
  EXPECT_EQ(Stats.CexUnsatHits, 1u);
  // A stored satisfiable superset.
  ExprRef Xbig = Ctx.sgt(X, c(5000)), Ysmall = Ctx.slt(Y, c(-7000));
  S->solve(query({Xbig, Ysmall, Ctx.eq(Ctx.add(X, Y), c(-1000))}));
  EXPECT_EQ(Fake->Seen.size(), 2u);
  R = S->solve(query({Ysmall, Xbig}));
  ASSERT_EQ(R.Response.Result, SatResult::Sat);
  expectSatisfies({Ysmall, Xbig}, {}, R.Response.Model);
  EXPECT_EQ(Stats.CexSatHits, 1u);
  // A stored satisfiable subset whose model satisfies the query, then one
  // whose model does not.
  int32_t V = int32_t(evaluate(X, R.Response.Model));
  R = S->solve(query({Xbig, Ysmall, Ctx.slt(X, c(V + 1))}));
  EXPECT_EQ(R.Response.Result, SatResult::Sat);
  EXPECT_EQ(Stats.CexSatHits, 2u);
  EXPECT_EQ(Fake->Seen.size(), 2u);
  S->solve(query({Xbig, Ysmall, Ctx.sgt(X, c(V))}));
  EXPECT_EQ(Fake->Seen.size(), 3u);
}

//===----------------------------------------------------------------------===//
// Model reuse
//===----------------------------------------------------------------------===//

TEST_F(SolverChainTest, ModelReuseTriesZ3sRecentModels) {
  auto S = stage<ModelReuseStage>(Stats);
  ExprRef X = var("x");
  StageAnswer First = S->solve(query({Ctx.sgt(X, c(5)), Ctx.slt(X, c(20))}));
  ASSERT_EQ(First.Response.Result, SatResult::Sat);
  StageAnswer R = S->solve(query({Ctx.sgt(X, c(3))}));
  EXPECT_EQ(R.Source, AnswerSource::ModelReuse);
  EXPECT_EQ(Fake->Seen.size(), 1u);
  EXPECT_EQ(Stats.ModelReuses, 1u);
  EXPECT_EQ(evaluate(X, R.Response.Model), evaluate(X, First.Response.Model));
  // A query no recent model satisfies goes on.
  S->solve(query({Ctx.sgt(X, c(1000))}));
  EXPECT_EQ(Fake->Seen.size(), 2u);
}

TEST_F(SolverChainTest, ModelReuseKeepsOnlyTheBackendsModels) {
  auto S = stage<ModelReuseStage>(Stats);
  ExprRef Y = var("y");
  Fake->Source = AnswerSource::SingleByte;
  ASSERT_EQ(S->solve(query({Ctx.eq(Y, c(7))})).Response.Result, SatResult::Sat);
  S->solve(query({Ctx.sgt(Y, c(6))}));
  EXPECT_EQ(Fake->Seen.size(), 2u);
  EXPECT_EQ(Stats.ModelReuses, 0u);
}

//===----------------------------------------------------------------------===//
// Single-byte enumeration
//===----------------------------------------------------------------------===//

TEST_F(SolverChainTest, SingleByteDecidesQueriesOnOneByte) {
  auto S = stage<SingleByteStage>(Stats);
  const Array *Buf = Ctx.array("buf", 4);
  ExprRef B2 = Ctx.read(Buf, 2);
  Assignment Hint;
  Hint.set(Buf, {1, 2, 3, 4});
  StageAnswer R = S->solve(query({Ctx.ugt(B2, k8('a'))}, Hint));
  ASSERT_EQ(R.Response.Result, SatResult::Sat);
  std::vector<uint8_t> Want = {1, 2, 'b', 4};
  EXPECT_EQ(*R.Response.Model.get(Buf), Want);
  ExprRef Sq = Ctx.mul(Ctx.zext(B2, 16), Ctx.zext(B2, 16));
  EXPECT_EQ(
      S->solve(query({Ctx.eq(Sq, Ctx.constant(2, 16))}, Hint)).Response.Result,
      SatResult::Unsat);
  EXPECT_TRUE(Fake->Seen.empty());
  EXPECT_EQ(Stats.SingleByteAnswers, 2u);
  S->solve(query({Ctx.ult(B2, Ctx.read(Buf, 3))}, Hint));
  EXPECT_EQ(Fake->Seen.size(), 1u);
}

//===----------------------------------------------------------------------===//
// Backend
//===----------------------------------------------------------------------===//

class RecordingBackend : public SolverBackend {
public:
  SolverResponse check(const std::vector<ExprRef> &,
                       const Assignment &) override {
    ++Calls;
    return {SatResult::Unknown, {}};
  }
  void setTimeout(unsigned Ms) override { TimeoutMs = Ms; }
  unsigned Calls = 0, TimeoutMs = 0;
};

TEST_F(SolverChainTest, BackendStageCountsCallsAndTakesTheTimeout) {
  auto B = std::make_unique<RecordingBackend>();
  RecordingBackend *Rec = B.get();
  // Validation passes the limit on through the other stages.
  auto Chain = std::make_unique<ValidatingStage>(
      std::make_unique<CacheStage>(
          std::make_unique<BackendStage>(std::move(B), Stats), Stats),
      Stats, 1000);
  Chain->setTimeout(1234);
  EXPECT_EQ(Rec->TimeoutMs, 1234u);
  StageAnswer R = Chain->solve(query({Ctx.eq(var("x"), c(1))}));
  EXPECT_EQ(R.Response.Result, SatResult::Unknown);
  EXPECT_EQ(R.Source, AnswerSource::Backend);
  EXPECT_EQ(Rec->Calls, 1u);
  EXPECT_EQ(Stats.BackendCalls, 1u);
}

//===----------------------------------------------------------------------===//
// Validation
//===----------------------------------------------------------------------===//

TEST_F(SolverChainTest, ValidationCatchesAWrongModel) {
  std::vector<Disagreement> Found;
  auto S = stage<ValidatingStage>(
      Stats, 1000, [&](const Disagreement &D) { Found.push_back(D); });
  ExprRef X = var("x");
  std::vector<ExprRef> Cs = {Ctx.sgt(X, c(10))};
  S->solve(query(Cs)); // Z3's own answer is right.
  EXPECT_TRUE(Found.empty());
  Assignment Wrong;
  Wrong.set(Ctx.array("x", 4), {3, 0, 0, 0});
  Fake->Answer = StageAnswer{{SatResult::Sat, Wrong}, AnswerSource::ModelReuse};
  StageAnswer R = S->solve(query(Cs));
  EXPECT_EQ(R.Response.Result, SatResult::Sat);
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_EQ(Found[0].Source, AnswerSource::ModelReuse);
  EXPECT_EQ(Found[0].Claimed, SatResult::Sat);
  // The hint's bytes count: a model that needs them is right.
  Assignment Hint = Wrong;
  Hint.set(Ctx.array("x", 4), {11, 0, 0, 0});
  Fake->Answer = StageAnswer{{SatResult::Sat, {}}, AnswerSource::Cache};
  S->solve(query(Cs, Hint));
  EXPECT_EQ(Found.size(), 1u);
  EXPECT_EQ(Stats.Validated, 3u);
}

TEST_F(SolverChainTest, ValidationCatchesAWrongUnsat) {
  std::vector<Disagreement> Found;
  auto S = stage<ValidatingStage>(
      Stats, 1000, [&](const Disagreement &D) { Found.push_back(D); });
  ExprRef X = var("x"), Y = var("y");
  Fake->Answer = StageAnswer{{SatResult::Unsat, {}}, AnswerSource::CexCache};
  S->solve(query({Ctx.slt(X, Y), Ctx.slt(Y, X)})); // Right.
  EXPECT_TRUE(Found.empty());
  S->solve(query({Ctx.slt(X, Y), Ctx.slt(Y, c(0))}));
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_EQ(Found[0].Source, AnswerSource::CexCache);
  EXPECT_EQ(Found[0].Claimed, SatResult::Unsat);
  // Unknown claims nothing: nothing to re-check.
  Fake->Answer = StageAnswer{{SatResult::Unknown, {}}, AnswerSource::Backend};
  S->solve(query({Ctx.slt(X, Y)}));
  EXPECT_EQ(Found.size(), 1u);
  EXPECT_EQ(Stats.Validated, 2u);
}

/// Says every query is unsatisfiable.
class UnsatBackend : public SolverBackend {
public:
  SolverResponse check(const std::vector<ExprRef> &,
                       const Assignment &) override {
    return {SatResult::Unsat, {}};
  }
  void setTimeout(unsigned) override {}
};

TEST(SolverChainDeathTest, TheValidatingChainAbortsOnAWrongBackend) {
  ExprContext Ctx;
  ExprRef X = Ctx.readLE(Ctx.array("x", 4), 0, 4);
  std::vector<ExprRef> Q = {Ctx.ugt(X, Ctx.constant(5, 32))};
  SolverChainOptions Opts;
  Opts.Validate = true;
  Solver Checked(std::make_unique<UnsatBackend>(), Opts);
  EXPECT_DEATH(Checked.check(Q, {}),
               "solver validation: the backend answered unsat");
  // Off by default.
  Solver Unchecked(std::make_unique<UnsatBackend>());
  EXPECT_EQ(Unchecked.check(Q, {}).Result, SatResult::Unsat);
}

TEST_F(SolverChainTest, ValidationRechecksQuantifiedAnswers) {
  // forall i < 4. x != i, with x a byte: x >= 4.
  ExprRef I = Ctx.var(Ctx.variable("i", 8));
  ExprRef X = Ctx.read(Ctx.array("x", 1), 0);
  ExprRef F = Ctx.forall(
      I, Ctx.logicalOr(Ctx.logicalNot(Ctx.ult(I, k8(4))), Ctx.ne(X, I)));
  QuantifiedQuery Q;
  std::vector<Disagreement> Found;
  Q.validate([&](const Disagreement &D) { Found.push_back(D); });
  SolverResponse R = Q.check(F, 5000);
  ASSERT_EQ(R.Result, SatResult::Sat);
  EXPECT_TRUE(Found.empty());
  EXPECT_EQ(Q.checkWith(F, {Ctx.ult(X, k8(4))}, 5000).Result, SatResult::Unsat);
  EXPECT_TRUE(Found.empty());
  EXPECT_EQ(Q.stats().Validated, 2u);
  // The re-checks themselves, on wrong answers.
  AnswerValidator V(5000);
  EXPECT_EQ(V.checkQuantified({F}, R), "");
  SolverResponse Wrong = R;
  Wrong.Model.set(Ctx.array("x", 1), {2});
  EXPECT_NE(V.checkQuantified({F}, Wrong), "");
  EXPECT_NE(V.checkQuantified({F}, {SatResult::Unsat, {}}), "");
  EXPECT_EQ(V.checkQuantified({F, Ctx.ult(X, k8(4))}, {SatResult::Unsat, {}}),
            "");
}

//===----------------------------------------------------------------------===//
// Quantified: the end of QuantifiedQuery's chain
//===----------------------------------------------------------------------===//

TEST_F(SolverChainTest, QuantifiedStageAnswersEachForm) {
  // forall i < 4. x != i, with x a byte: x >= 4.
  ExprRef I = Ctx.var(Ctx.variable("i", 8));
  const Array *XA = Ctx.array("x", 1);
  ExprRef X = Ctx.read(XA, 0);
  ExprRef F = Ctx.forall(
      I, Ctx.logicalOr(Ctx.logicalNot(Ctx.ult(I, k8(4))), Ctx.ne(X, I)));
  QuantifiedStage Z3;
  Z3.setTimeout(5000);
  auto Ask = [&](std::vector<ExprRef> Cs, QueryForm Form) {
    return Z3.solve(SolverQuery(std::move(Cs), {}, Use, false, Form)).Response;
  };
  SolverResponse R = Ask({F}, QueryForm::Quantified);
  ASSERT_EQ(R.Result, SatResult::Sat);
  EXPECT_GE(R.Model.byte(XA, 0), 4);
  EXPECT_EQ(Ask({F, Ctx.ult(X, k8(4))}, QueryForm::Quantified).Result,
            SatResult::Unsat);
  // Incremental: a free variable's value from the model.
  ExprRef Y = Ctx.var(Ctx.variable("y", 8));
  ExprRef Base = Ctx.eq(Y, Ctx.add(X, k8(1)));
  ASSERT_EQ(Ask({Base, Ctx.eq(X, k8(7))}, QueryForm::Incremental).Result,
            SatResult::Sat);
  EXPECT_EQ(Z3.valuesOf({Y}), std::vector<uint64_t>{8});
  EXPECT_EQ(
      Ask({Base, Ctx.eq(X, k8(7)), Ctx.eq(Y, k8(0))}, QueryForm::Incremental)
          .Result,
      SatResult::Unsat);
  // Weakened: a buffer read at a computed index is any value, so only a
  // contradiction that does not rest on the bytes is Unsat.
  const Array *B = Ctx.array("b", 4);
  ExprRef At = Ctx.arrayRead(B, Ctx.resize(X, 64, false), 1);
  EXPECT_EQ(Ask({Ctx.eq(At, k8(3))}, QueryForm::Weakened).Result,
            SatResult::Sat);
  EXPECT_EQ(Ask({Ctx.logicalAnd(Ctx.eq(At, k8(3)), Ctx.eq(At, k8(4)))},
                QueryForm::Weakened)
                .Result,
            SatResult::Unsat);
  // Interrupted, it answers Unknown from then on.
  Z3.interrupt();
  EXPECT_EQ(Ask({F}, QueryForm::Quantified).Result, SatResult::Unknown);
}

TEST_F(SolverChainTest, QuantifiedQueryCachesOnlyItsOneShotChecks) {
  ExprRef I = Ctx.var(Ctx.variable("i", 8));
  ExprRef X = Ctx.read(Ctx.array("x", 1), 0);
  ExprRef F = Ctx.forall(
      I, Ctx.logicalOr(Ctx.logicalNot(Ctx.ult(I, k8(4))), Ctx.ne(X, I)));
  QuantifiedQuery Q;
  SolverResponse First = Q.check(F, 5000);
  SolverResponse Again = Q.check(F, 5000);
  EXPECT_EQ(Q.stats().CacheHits, 1u);
  ASSERT_EQ(Again.Result, SatResult::Sat);
  EXPECT_EQ(Again.Model.values(), First.Model.values());
  Q.checkWith(Ctx.ult(X, k8(9)), {}, 5000);
  Q.checkWith(Ctx.ult(X, k8(9)), {}, 5000);
  Q.mayBeSatisfiable(Ctx.ult(X, k8(4)), 5000);
  Q.mayBeSatisfiable(Ctx.ult(X, k8(4)), 5000);
  EXPECT_EQ(Q.stats().CacheHits, 1u);
  EXPECT_EQ(Q.stats().Queries, 6u);
}

TEST_F(SolverChainTest, ValidationOfQuantifiedFormsCatchesAWrongStage) {
  // A chain whose end claims Unsat for a satisfiable formula, in each
  // form: a Weakened Unsat claims the formula unsatisfiable even with its
  // buffers read as any values, so a model with them tied to their bytes
  // refutes it too.
  ExprRef X = Ctx.read(Ctx.array("x", 1), 0);
  ExprRef I = Ctx.var(Ctx.variable("i", 8));
  ExprRef F = Ctx.exists(I, Ctx.eq(X, I));
  const Array *B = Ctx.array("b", 4);
  ExprRef At = Ctx.arrayRead(B, Ctx.resize(X, 64, false), 1);
  ExprRef Weak = Ctx.eq(At, k8(3));
  std::vector<Disagreement> Found;
  auto S = stage<ValidatingStage>(
      Stats, 5000, [&](const Disagreement &D) { Found.push_back(D); });
  Fake->Answer = StageAnswer{{SatResult::Unsat, {}}, AnswerSource::Backend};
  for (QueryForm Form : {QueryForm::Quantified, QueryForm::Incremental})
    S->solve(SolverQuery({F}, {}, Use, false, Form));
  S->solve(SolverQuery({Weak}, {}, Use, false, QueryForm::Weakened));
  EXPECT_EQ(Found.size(), 3u);
  // A Weakened Unsat that holds, and a Weakened Sat, which claims nothing.
  S->solve(SolverQuery({Ctx.logicalAnd(Weak, Ctx.eq(At, k8(4)))}, {}, Use,
                       false, QueryForm::Weakened));
  Fake->Answer = StageAnswer{{SatResult::Sat, {}}, AnswerSource::Backend};
  S->solve(SolverQuery({Ctx.logicalAnd(Weak, Ctx.eq(At, k8(4)))}, {}, Use,
                       false, QueryForm::Weakened));
  EXPECT_EQ(Found.size(), 3u);
  EXPECT_EQ(Stats.Validated, 4u);
}

//===----------------------------------------------------------------------===//
// The whole chain, with stages switched off
//===----------------------------------------------------------------------===//

SolverChainOptions optionsFor(unsigned Mask) {
  SolverChainOptions O;
  O.Slicing = Mask & 1;
  O.Cache = Mask & 2;
  O.CexCache = Mask & 4;
  O.ModelReuse = Mask & 8;
  O.SingleByte = Mask & 16;
  O.Validate = Mask & 32;
  return O;
}

TEST_F(SolverChainTest, EveryCombinationOfStagesAnswersAlike) {
  // Paths as an explorer makes them, over three bytes and a 16-bit word:
  // a prefix the hint satisfies, then a goal, its negation when unsat.
  std::vector<ExprRef> Vars;
  for (const char *N : {"a", "b", "c"})
    Vars.push_back(Ctx.zext(Ctx.read(Ctx.array(N, 1), 0), 16));
  Vars.push_back(Ctx.readLE(Ctx.array("w", 2), 0, 2));
  std::mt19937_64 Rng(11);
  auto Term = [&] {
    ExprRef V = Vars[Rng() % Vars.size()];
    if (Rng() % 3)
      return V;
    static const ExprKind Ops[] = {ExprKind::Add, ExprKind::Xor, ExprKind::And,
                                   ExprKind::Mul};
    return Ctx.binary(Ops[Rng() % 4], V, Vars[Rng() % Vars.size()]);
  };
  auto Constraint = [&] {
    static const ExprKind Cmps[] = {ExprKind::Eq, ExprKind::Ult, ExprKind::Ule,
                                    ExprKind::Slt};
    ExprRef R = Rng() % 2 ? Term() : Ctx.constant(Rng() % 300, 16);
    ExprRef C = Ctx.compare(Cmps[Rng() % 4], Term(), R);
    return Rng() % 3 ? C : Ctx.logicalNot(C);
  };
  struct Step {
    std::vector<ExprRef> Prefix;
    ExprRef Goal;
    Assignment Hint;
    SatResult Want;
  };
  // First, with nothing stored or recent yet, a query on one byte.
  std::vector<Step> Steps = {
      {{}, Ctx.eq(Vars[0], Ctx.constant('q', 16)), {}, SatResult::Sat}};
  Solver Reference(createZ3Backend(5000), optionsFor(0));
  for (int Path = 0; Path < 14; ++Path) {
    std::vector<ExprRef> Prefix;
    Assignment Hint;
    for (int Depth = 0; Depth < 8; ++Depth) {
      ExprRef Goal = Constraint();
      SolverResponse R = Reference.solve(Prefix, Goal, Hint);
      ASSERT_NE(R.Result, SatResult::Unknown);
      Steps.push_back({Prefix, Goal, Hint, R.Result});
      if (R.Result == SatResult::Unsat) {
        Goal = Ctx.logicalNot(Goal);
        R = Reference.solve(Prefix, Goal, Hint);
        ASSERT_EQ(R.Result, SatResult::Sat);
        Steps.push_back({Prefix, Goal, Hint, R.Result});
      }
      Hint.overlay(R.Model);
      Prefix.push_back(Goal);
    }
  }
  unsigned Unsat = 0;
  for (const Step &S : Steps)
    Unsat += S.Want == SatResult::Unsat;
  ASSERT_GT(Unsat, 5u);
  ASSERT_GT(Steps.size() - Unsat, 40u);
  for (unsigned Mask = 0; Mask < 64; ++Mask) {
    Solver S(createZ3Backend(5000), optionsFor(Mask));
    // Twice: the second time, the caches know every query.
    for (size_t I = 0; I < 2 * Steps.size(); ++I) {
      const Step &St = Steps[I % Steps.size()];
      SolverResponse R = S.solve(St.Prefix, St.Goal, St.Hint);
      ASSERT_EQ(R.Result, St.Want) << "stages " << Mask << ", query " << I;
      if (R.Result != SatResult::Sat)
        continue;
      std::vector<ExprRef> All = St.Prefix;
      All.push_back(St.Goal);
      expectSatisfies(All, St.Hint, R.Model);
    }
    // Each stage that is on answers some of the queries.
    const SolverStats &Stats = S.stats();
    if (Mask & 1)
      EXPECT_LT(Stats.ConstraintsOut, Stats.ConstraintsIn) << Mask;
    if (Mask & 2)
      EXPECT_GT(Stats.CacheHits, 0u) << Mask;
    if (Mask & 4)
      EXPECT_GT(Stats.CexSatHits + Stats.CexUnsatHits, 0u) << Mask;
    if (Mask & 8)
      EXPECT_GT(Stats.ModelReuses, 0u) << Mask;
    if (Mask & 16)
      EXPECT_GT(Stats.SingleByteAnswers, 0u) << Mask;
  }
}

} // namespace
