//===- ApcTest.cpp - Unfolding and deciding an apc ------------------------===//
#include "apc/Solve.h"
#include "expr/Printer.h"
#include "expr/Substitute.h"

#include <gtest/gtest.h>

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

} // namespace
