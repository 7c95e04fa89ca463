//===- FloatSearchTest.cpp - Models of float queries found by evaluation --===//
#include "solver/FloatSearch.h"

#include "expr/FloatOps.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace theseus;

namespace {

uint32_t bitsOf(float V) {
  uint32_t B;
  std::memcpy(&B, &V, 4);
  return B;
}
uint64_t bitsOf(double V) {
  uint64_t B;
  std::memcpy(&B, &V, 8);
  return B;
}
float floatOf(uint32_t B) {
  float V;
  std::memcpy(&V, &B, 4);
  return V;
}

/// SV-COMP's floats-cdfpl newton_3_6: three Newton steps for a root of a
/// degree-7 polynomial from IN in (-1.2, 1.2), and the error needs the
/// result at 0.1 or above. Z3 does not decide it within minutes.
float nativePoly(float X) {
  return X - (X * X * X) / 6.0f + (X * X * X * X * X) / 120.0f +
         (X * X * X * X * X * X * X) / 5040.0f;
}
float nativeDerivative(float X) {
  return 1 - (X * X) / 2.0f + (X * X * X * X) / 24.0f +
         (X * X * X * X * X * X) / 720.0f;
}
float nativeNewton3(float In) {
  float X = In - nativePoly(In) / nativeDerivative(In);
  X = X - nativePoly(X) / nativeDerivative(X);
  return X - nativePoly(X) / nativeDerivative(X);
}

class FloatSearchTest : public ::testing::Test {
protected:
  ExprRef f(float V) { return Ctx.constant(bitsOf(V), 32); }
  ExprRef d(double V) { return Ctx.constant(bitsOf(V), 64); }
  ExprRef add(ExprRef A, ExprRef B) {
    return Ctx.floatBinary(FloatBinaryOp::Add, A, B);
  }
  ExprRef sub(ExprRef A, ExprRef B) {
    return Ctx.floatBinary(FloatBinaryOp::Sub, A, B);
  }
  ExprRef mul(ExprRef A, ExprRef B) {
    return Ctx.floatBinary(FloatBinaryOp::Mul, A, B);
  }
  ExprRef div(ExprRef A, ExprRef B) {
    return Ctx.floatBinary(FloatBinaryOp::Div, A, B);
  }
  /// X to the power N, multiplied left to right as C does.
  ExprRef power(ExprRef X, unsigned N) {
    ExprRef P = X;
    for (unsigned I = 1; I < N; ++I)
      P = mul(P, X);
    return P;
  }
  ExprRef poly(ExprRef X) {
    return add(add(sub(X, div(power(X, 3), f(6))), div(power(X, 5), f(120))),
               div(power(X, 7), f(5040)));
  }
  ExprRef derivative(ExprRef X) {
    return add(add(sub(f(1), div(power(X, 2), f(2))), div(power(X, 4), f(24))),
               div(power(X, 6), f(720)));
  }
  ExprRef newton3(ExprRef In) {
    ExprRef X = sub(In, div(poly(In), derivative(In)));
    X = sub(X, div(poly(X), derivative(X)));
    return sub(X, div(poly(X), derivative(X)));
  }
  float valueOf(const Assignment &A) {
    uint32_t B = 0;
    for (unsigned I = 0; I < 4; ++I)
      B |= uint32_t(A.byte(InArray, I)) << (8 * I);
    return floatOf(B);
  }

  ExprContext Ctx;
  const Array *InArray = Ctx.array("IN", 4);
  ExprRef In = Ctx.readLE(InArray, 0, 4);
  Assignment Zero = [this] {
    Assignment A;
    A.set(InArray, {0, 0, 0, 0});
    return A;
  }();
};

} // namespace

TEST_F(FloatSearchTest, FindsAnExactModelOfANewtonIteration) {
  // IN > -1.2f && IN < 1.2f && !(newton3(IN) < 0.1), as clang compiles it:
  // fcmp ogt, olt, and the negation of olt on the result extended.
  std::vector<ExprRef> Cs = {
      Ctx.floatCompare(4, f(-1.2f), In), Ctx.floatCompare(4, In, f(1.2f)),
      Ctx.logicalNot(Ctx.floatCompare(
          4, Ctx.floatConvert(newton3(In), FloatFormat::Double), d(0.1)))};
  std::optional<Assignment> M = searchFloatModel(Cs, Zero, 20000);
  ASSERT_TRUE(M);
  EXPECT_TRUE(satisfiesAll(*M, Cs));
  // The model holds natively too: the evaluator is bit-exact.
  float Found = valueOf(*M);
  EXPECT_GT(Found, -1.2f);
  EXPECT_LT(Found, 1.2f);
  EXPECT_FALSE(nativeNewton3(Found) < 0.1) << Found;
  // The same query, hint and seed give the same model.
  EXPECT_EQ(searchFloatModel(Cs, Zero, 20000), M);
}

TEST_F(FloatSearchTest, ProvesNothing) {
  // x * x == 2 has no float solution: the search gives up within its
  // budget rather than claim anything.
  std::vector<ExprRef> Cs = {Ctx.floatCompare(1, mul(In, In), f(2.0f))};
  EXPECT_FALSE(searchFloatModel(Cs, Zero, 5000));
  // Its neighbour within an ulp of 2 is found.
  ExprRef Err = sub(mul(In, In), f(2.0f));
  std::vector<ExprRef> Near = {Ctx.floatCompare(4, Err, f(1e-6f)),
                               Ctx.floatCompare(4, f(-1e-6f), Err)};
  std::optional<Assignment> M = searchFloatModel(Near, Zero, 20000);
  ASSERT_TRUE(M);
  float X = valueOf(*M);
  EXPECT_LT(X * X - 2.0f, 1e-6f);
  EXPECT_GT(X * X - 2.0f, -1e-6f);
}

TEST_F(FloatSearchTest, LeavesQueriesWithoutFloatsAlone) {
  std::vector<ExprRef> Cs = {Ctx.eq(In, Ctx.constant(12345, 32))};
  EXPECT_FALSE(searchFloatModel(Cs, Zero, 20000));
}
