//===- ExprTest.cpp - Expressions: hash-consing, folding, evaluation ------===//
//
// Expected values come from a reference model written here from the SMT-LIB
// definitions of the bit-vector operations (bvsdiv and friends are defined
// through bvudiv and bvneg there), never from the code under test.
//
//===----------------------------------------------------------------------===//
#include "expr/Expr.h"
#include "expr/Assignment.h"
#include "expr/Printer.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <vector>

using namespace theseus;

namespace {

//===----------------------------------------------------------------------===//
// Reference bit-vector semantics.
//===----------------------------------------------------------------------===//

uint64_t mask(unsigned W) {
  return W >= 64 ? ~uint64_t(0) : (uint64_t(1) << W) - 1;
}
bool msb(uint64_t V, unsigned W) { return (V >> (W - 1)) & 1; }
uint64_t neg(uint64_t V, unsigned W) { return (~V + 1) & mask(W); }

uint64_t refUDiv(uint64_t A, uint64_t B, unsigned W) {
  return B == 0 ? mask(W) : A / B;
}
uint64_t refURem(uint64_t A, uint64_t B) { return B == 0 ? A : A % B; }

/// SMT-LIB bvsdiv, defined by cases on the sign bits.
uint64_t refSDiv(uint64_t A, uint64_t B, unsigned W) {
  bool SA = msb(A, W), SB = msb(B, W);
  if (!SA && !SB)
    return refUDiv(A, B, W);
  if (SA && !SB)
    return neg(refUDiv(neg(A, W), B, W), W);
  if (!SA && SB)
    return neg(refUDiv(A, neg(B, W), W), W);
  return refUDiv(neg(A, W), neg(B, W), W);
}

/// SMT-LIB bvsrem: the sign follows the dividend.
uint64_t refSRem(uint64_t A, uint64_t B, unsigned W) {
  bool SA = msb(A, W), SB = msb(B, W);
  if (!SA && !SB)
    return refURem(A, B);
  if (SA && !SB)
    return neg(refURem(neg(A, W), B), W);
  if (!SA && SB)
    return refURem(A, neg(B, W));
  return neg(refURem(neg(A, W), neg(B, W)), W);
}

uint64_t refLShr(uint64_t A, uint64_t B, unsigned W) {
  return B >= W ? 0 : A >> B;
}

/// SMT-LIB bvashr: a logical shift of the complement for negative values.
uint64_t refAShr(uint64_t A, uint64_t B, unsigned W) {
  if (!msb(A, W))
    return refLShr(A, B, W);
  return ~refLShr(~A & mask(W), B, W) & mask(W);
}

uint64_t refBinary(ExprKind K, uint64_t A, uint64_t B, unsigned W) {
  A &= mask(W);
  B &= mask(W);
  switch (K) {
  case ExprKind::Add:
    return (A + B) & mask(W);
  case ExprKind::Sub:
    return (A + neg(B, W)) & mask(W);
  case ExprKind::Mul:
    return uint64_t((unsigned __int128)A * B) & mask(W);
  case ExprKind::UDiv:
    return refUDiv(A, B, W);
  case ExprKind::URem:
    return refURem(A, B);
  case ExprKind::SDiv:
    return refSDiv(A, B, W);
  case ExprKind::SRem:
    return refSRem(A, B, W);
  case ExprKind::And:
    return A & B;
  case ExprKind::Or:
    return A | B;
  case ExprKind::Xor:
    return A ^ B;
  case ExprKind::Shl:
    return B >= W ? 0 : (A << B) & mask(W);
  case ExprKind::LShr:
    return refLShr(A, B, W);
  case ExprKind::AShr:
    return refAShr(A, B, W);
  default:
    ADD_FAILURE() << "not a binary operation: " << kindName(K);
    return 0;
  }
}

/// SMT-LIB bvslt: a negative value is below a non-negative one; otherwise
/// the unsigned order decides.
bool refSlt(uint64_t A, uint64_t B, unsigned W) {
  if (msb(A, W) != msb(B, W))
    return msb(A, W);
  return A < B;
}

bool refCompare(ExprKind K, uint64_t A, uint64_t B, unsigned W) {
  A &= mask(W);
  B &= mask(W);
  switch (K) {
  case ExprKind::Eq:
    return A == B;
  case ExprKind::Ult:
    return A < B;
  case ExprKind::Ule:
    return A <= B;
  case ExprKind::Slt:
    return refSlt(A, B, W);
  case ExprKind::Sle:
    return A == B || refSlt(A, B, W);
  default:
    ADD_FAILURE() << "not a comparison: " << kindName(K);
    return false;
  }
}

const ExprKind BinaryKinds[] = {ExprKind::Add,  ExprKind::Sub,  ExprKind::Mul,
                                ExprKind::UDiv, ExprKind::SDiv, ExprKind::URem,
                                ExprKind::SRem, ExprKind::And,  ExprKind::Or,
                                ExprKind::Xor,  ExprKind::Shl,  ExprKind::LShr,
                                ExprKind::AShr};
const ExprKind CompareKinds[] = {ExprKind::Eq, ExprKind::Ult, ExprKind::Ule,
                                 ExprKind::Slt, ExprKind::Sle};
const unsigned Widths[] = {1, 8, 16, 32, 64};

/// Values that exercise the corner cases of width `W`: zero, one, all ones
/// (-1), the signed extremes, and shift amounts around the width.
std::vector<uint64_t> edgeValues(unsigned W) {
  uint64_t M = mask(W);
  uint64_t Min = uint64_t(1) << (W - 1);
  std::vector<uint64_t> V = {0, 1, 2, 3, M, M - 1, Min, Min - 1, Min + 1};
  V.insert(V.end(), {W - 1, W, W + 1, 0x5a5a5a5a5a5a5a5aULL});
  for (uint64_t &X : V)
    X &= M;
  return V;
}

/// Edge values plus random ones, as (left, right) pairs.
std::vector<std::pair<uint64_t, uint64_t>> operandPairs(unsigned W,
                                                        std::mt19937_64 &Rng) {
  std::vector<uint64_t> Edge = edgeValues(W);
  std::vector<std::pair<uint64_t, uint64_t>> Pairs;
  for (uint64_t A : Edge)
    for (uint64_t B : Edge)
      Pairs.push_back({A, B});
  for (int I = 0; I < 200; ++I) {
    // Mix full-width values with small ones so that divisions and shifts
    // by small amounts are common.
    uint64_t A = Rng(), B = Rng();
    if (I % 3 == 0)
      B %= 70;
    if (I % 5 == 0)
      A = ~(A % 300);
    Pairs.push_back({A & mask(W), B & mask(W)});
  }
  return Pairs;
}

/// A symbolic value of width `W` over bytes of `A` (at least 8 bytes).
ExprRef symbolOf(ExprContext &Ctx, const Array *A, unsigned W) {
  if (W % 8 == 0)
    return Ctx.readLE(A, 0, W / 8);
  return Ctx.extract(Ctx.readLE(A, 0, (W + 7) / 8), 0, W);
}

/// The assignment giving `Value` to the symbol built by symbolOf.
void assignValue(Assignment &Asg, const Array *A, uint64_t Value) {
  std::vector<uint8_t> Bytes(A->Size, 0);
  for (unsigned I = 0; I < A->Size && I < 8; ++I)
    Bytes[I] = uint8_t(Value >> (8 * I));
  Asg.set(A, Bytes);
}

//===----------------------------------------------------------------------===//
// Hash-consing.
//===----------------------------------------------------------------------===//

TEST(ExprHashConsTest, StructurallyEqualBuildsShareOneNode) {
  ExprContext Ctx;
  const Array *X = Ctx.array("x", 4);
  auto Build = [&] {
    ExprRef V = Ctx.readLE(X, 0, 4);
    return Ctx.slt(Ctx.mul(V, Ctx.readLE(X, 0, 4)), Ctx.constant(100, 32));
  };
  ExprRef First = Build();
  size_t Nodes = Ctx.numExprs();
  ExprRef Second = Build();
  EXPECT_EQ(First, Second);
  EXPECT_EQ(Nodes, Ctx.numExprs()) << "rebuilding created new nodes";
  EXPECT_EQ(Ctx.read(X, 2), Ctx.read(X, 2));
  EXPECT_EQ(Ctx.constant(5, 16), Ctx.constant(5, 16));
  EXPECT_EQ(Ctx.array("x", 4), X);
}

TEST(ExprHashConsTest, DifferentBuildsGetDifferentNodes) {
  ExprContext Ctx;
  const Array *X = Ctx.array("x", 4);
  const Array *Y = Ctx.array("y", 4);
  EXPECT_NE(X, Y);
  EXPECT_NE(Ctx.read(X, 0), Ctx.read(X, 1));
  EXPECT_NE(Ctx.read(X, 0), Ctx.read(Y, 0));
  EXPECT_NE(Ctx.constant(5, 8), Ctx.constant(5, 16));
  EXPECT_NE(Ctx.constant(5, 8), Ctx.constant(6, 8));
  ExprRef VX = Ctx.readLE(X, 0, 4), VY = Ctx.readLE(Y, 0, 4);
  EXPECT_NE(Ctx.add(VX, Ctx.constant(7, 32)), Ctx.add(VX, Ctx.constant(8, 32)));
  EXPECT_NE(Ctx.add(VX, VY), Ctx.sub(VX, VY));
  EXPECT_NE(Ctx.ult(VX, VY), Ctx.slt(VX, VY));
  EXPECT_NE(Ctx.sub(VX, VY), Ctx.sub(VY, VX));
  EXPECT_NE(Ctx.extract(VX, 0, 8 + 8), Ctx.extract(VX, 8, 16));
  EXPECT_NE(Ctx.zext(VX, 64), Ctx.sext(VX, 64));
}

TEST(ExprHashConsTest, ConstantsAreTruncatedToTheirWidth) {
  ExprContext Ctx;
  EXPECT_EQ(Ctx.constant(0x1ff, 8), Ctx.constant(0xff, 8));
  EXPECT_EQ(Ctx.constant(0x1ff, 8)->value(), 0xffu);
  EXPECT_EQ(Ctx.constant(2, 1), Ctx.falseExpr());
  EXPECT_EQ(Ctx.constant(3, 1), Ctx.trueExpr());
  EXPECT_TRUE(Ctx.boolConst(true)->isTrue());
  EXPECT_TRUE(Ctx.boolConst(false)->isFalse());
}

TEST(ExprHashConsTest, IdsAreDenseAndIncreasing) {
  ExprContext Ctx;
  const Array *X = Ctx.array("x", 2);
  ExprRef A = Ctx.read(X, 0);
  ExprRef B = Ctx.read(X, 1);
  ExprRef C = Ctx.concat(B, A);
  EXPECT_LT(A->id(), B->id());
  EXPECT_LT(B->id(), C->id());
  EXPECT_EQ(C->id() + 1, Ctx.numExprs());
}

//===----------------------------------------------------------------------===//
// Constant folding.
//===----------------------------------------------------------------------===//

TEST(ExprFoldTest, BinaryOperationsFoldLikeSmtLib) {
  ExprContext Ctx;
  std::mt19937_64 Rng(1);
  for (unsigned W : Widths)
    for (ExprKind K : BinaryKinds)
      for (auto [A, B] : operandPairs(W, Rng)) {
        uint64_t Want = refBinary(K, A, B, W);
        ExprRef E = Ctx.binary(K, Ctx.constant(A, W), Ctx.constant(B, W));
        ASSERT_TRUE(E->isConst()) << kindName(K) << " did not fold";
        ASSERT_EQ(E->width(), W);
        ASSERT_EQ(E->value(), Want)
            << kindName(K) << " i" << W << " " << A << ", " << B;
        ASSERT_EQ(evalBinary(K, A, B, W), Want)
            << "evalBinary " << kindName(K) << " i" << W << " " << A << ", "
            << B;
      }
}

TEST(ExprFoldTest, ComparisonsFoldLikeSmtLib) {
  ExprContext Ctx;
  std::mt19937_64 Rng(2);
  for (unsigned W : Widths)
    for (ExprKind K : CompareKinds)
      for (auto [A, B] : operandPairs(W, Rng)) {
        bool Want = refCompare(K, A, B, W);
        ExprRef E = Ctx.compare(K, Ctx.constant(A, W), Ctx.constant(B, W));
        ASSERT_EQ(E, Ctx.boolConst(Want))
            << kindName(K) << " i" << W << " " << A << ", " << B;
        ASSERT_EQ(evalCompare(K, A, B, W), Want);
      }
}

TEST(ExprFoldTest, DerivedComparisonsFold) {
  ExprContext Ctx;
  std::mt19937_64 Rng(3);
  for (unsigned W : Widths)
    for (auto [A, B] : operandPairs(W, Rng)) {
      ExprRef L = Ctx.constant(A, W), R = Ctx.constant(B, W);
      EXPECT_EQ(Ctx.ne(L, R), Ctx.boolConst(A != B));
      EXPECT_EQ(Ctx.ugt(L, R), Ctx.boolConst(A > B));
      EXPECT_EQ(Ctx.uge(L, R), Ctx.boolConst(A >= B));
      EXPECT_EQ(Ctx.sgt(L, R), Ctx.boolConst(refSlt(B, A, W)));
      EXPECT_EQ(Ctx.sge(L, R), Ctx.boolConst(!refSlt(A, B, W)));
    }
}

/// Hand-checked values, so the reference model is itself anchored.
TEST(ExprFoldTest, DivisionEdgeCases) {
  ExprContext Ctx;
  auto Fold = [&](ExprKind K, uint64_t A, uint64_t B, unsigned W) {
    ExprRef E = Ctx.binary(K, Ctx.constant(A, W), Ctx.constant(B, W));
    EXPECT_TRUE(E->isConst());
    return E->value();
  };
  // INT_MIN / -1 wraps to INT_MIN; INT_MIN % -1 is 0.
  EXPECT_EQ(Fold(ExprKind::SDiv, 0x80, 0xff, 8), 0x80u);
  EXPECT_EQ(Fold(ExprKind::SRem, 0x80, 0xff, 8), 0u);
  EXPECT_EQ(Fold(ExprKind::SDiv, 0x8000, 0xffff, 16), 0x8000u);
  EXPECT_EQ(Fold(ExprKind::SDiv, 0x80000000, 0xffffffff, 32), 0x80000000u);
  EXPECT_EQ(Fold(ExprKind::SRem, 0x80000000, 0xffffffff, 32), 0u);
  EXPECT_EQ(Fold(ExprKind::SDiv, uint64_t(INT64_MIN), ~uint64_t(0), 64),
            uint64_t(INT64_MIN));
  EXPECT_EQ(Fold(ExprKind::SRem, uint64_t(INT64_MIN), ~uint64_t(0), 64), 0u);
  // Division by zero: bvudiv gives all ones, bvurem the dividend.
  EXPECT_EQ(Fold(ExprKind::UDiv, 5, 0, 8), 0xffu);
  EXPECT_EQ(Fold(ExprKind::UDiv, 0, 0, 64), ~uint64_t(0));
  EXPECT_EQ(Fold(ExprKind::URem, 5, 0, 8), 5u);
  EXPECT_EQ(Fold(ExprKind::URem, 0xdeadbeef, 0, 32), 0xdeadbeefu);
  // bvsdiv by zero: 1 for a negative dividend, -1 otherwise.
  EXPECT_EQ(Fold(ExprKind::SDiv, uint64_t(-5), 0, 64), 1u);
  EXPECT_EQ(Fold(ExprKind::SDiv, 0xfb, 0, 8), 1u);
  EXPECT_EQ(Fold(ExprKind::SDiv, 5, 0, 32), 0xffffffffu);
  EXPECT_EQ(Fold(ExprKind::SDiv, 0, 0, 16), 0xffffu);
  // bvsrem by zero: the dividend.
  EXPECT_EQ(Fold(ExprKind::SRem, 0xfb, 0, 8), 0xfbu);
  EXPECT_EQ(Fold(ExprKind::SRem, 7, 0, 32), 7u);
  // Truncating signed division: -7 / 2 == -3, -7 % 2 == -1, 7 % -2 == 1.
  EXPECT_EQ(Fold(ExprKind::SDiv, 0xf9, 2, 8), 0xfdu);
  EXPECT_EQ(Fold(ExprKind::SRem, 0xf9, 2, 8), 0xffu);
  EXPECT_EQ(Fold(ExprKind::SRem, 7, 0xfe, 8), 1u);
  EXPECT_EQ(Fold(ExprKind::SDiv, 7, uint64_t(-2), 64), uint64_t(-3));
  // Width 1: the only values are 0 and -1.
  EXPECT_EQ(Fold(ExprKind::SDiv, 1, 1, 1), 1u);
  EXPECT_EQ(Fold(ExprKind::SDiv, 0, 0, 1), 1u);
  EXPECT_EQ(Fold(ExprKind::UDiv, 1, 0, 1), 1u);
}

TEST(ExprFoldTest, ShiftEdgeCases) {
  ExprContext Ctx;
  auto Fold = [&](ExprKind K, uint64_t A, uint64_t B, unsigned W) {
    return Ctx.binary(K, Ctx.constant(A, W), Ctx.constant(B, W))->value();
  };
  EXPECT_EQ(Fold(ExprKind::Shl, 1, 7, 8), 0x80u);
  EXPECT_EQ(Fold(ExprKind::Shl, 1, 8, 8), 0u);
  EXPECT_EQ(Fold(ExprKind::Shl, 0xff, 4, 8), 0xf0u);
  EXPECT_EQ(Fold(ExprKind::LShr, 0x80, 7, 8), 1u);
  EXPECT_EQ(Fold(ExprKind::LShr, 0x80, 8, 8), 0u);
  EXPECT_EQ(Fold(ExprKind::AShr, 0x80, 7, 8), 0xffu);
  EXPECT_EQ(Fold(ExprKind::AShr, 0x80, 200, 8), 0xffu);
  EXPECT_EQ(Fold(ExprKind::AShr, 0x40, 200, 8), 0u);
  EXPECT_EQ(Fold(ExprKind::AShr, uint64_t(INT64_MIN), 63, 64), ~uint64_t(0));
  EXPECT_EQ(Fold(ExprKind::AShr, uint64_t(INT64_MIN), 64, 64), ~uint64_t(0));
  EXPECT_EQ(Fold(ExprKind::Shl, 1, 63, 64), uint64_t(1) << 63);
  EXPECT_EQ(Fold(ExprKind::Shl, 1, 64, 64), 0u);
  EXPECT_EQ(Fold(ExprKind::LShr, ~uint64_t(0), 64, 64), 0u);
}

TEST(ExprFoldTest, CastsFold) {
  ExprContext Ctx;
  EXPECT_EQ(Ctx.sext(Ctx.constant(0x80, 8), 32), Ctx.constant(0xffffff80, 32));
  EXPECT_EQ(Ctx.zext(Ctx.constant(0x80, 8), 32), Ctx.constant(0x80, 32));
  EXPECT_EQ(Ctx.sext(Ctx.constant(1, 1), 64), Ctx.constant(~uint64_t(0), 64));
  EXPECT_EQ(Ctx.extract(Ctx.constant(0x12345678, 32), 8, 16),
            Ctx.constant(0x3456, 16));
  EXPECT_EQ(Ctx.concat(Ctx.constant(0x12, 8), Ctx.constant(0x3456, 16)),
            Ctx.constant(0x123456, 24));
  EXPECT_EQ(Ctx.bitNot(Ctx.constant(0x0f, 8)), Ctx.constant(0xf0, 8));
  EXPECT_EQ(Ctx.select(Ctx.trueExpr(), Ctx.constant(1, 8), Ctx.constant(2, 8)),
            Ctx.constant(1, 8));
  EXPECT_EQ(Ctx.select(Ctx.falseExpr(), Ctx.constant(1, 8), Ctx.constant(2, 8)),
            Ctx.constant(2, 8));
}

//===----------------------------------------------------------------------===//
// Identities on symbolic operands.
//===----------------------------------------------------------------------===//

class ExprIdentityTest : public ::testing::TestWithParam<unsigned> {
protected:
  ExprContext Ctx;
  const Array *A = Ctx.array("a", 8);
  const Array *B = Ctx.array("b", 8);
};

TEST_P(ExprIdentityTest, ArithmeticIdentities) {
  unsigned W = GetParam();
  ExprRef X = symbolOf(Ctx, A, W);
  ExprRef Zero = Ctx.constant(0, W), One = Ctx.constant(1, W);
  ExprRef Ones = Ctx.constant(~uint64_t(0), W);
  EXPECT_EQ(Ctx.add(X, Zero), X);
  EXPECT_EQ(Ctx.add(Zero, X), X);
  EXPECT_EQ(Ctx.sub(X, Zero), X);
  EXPECT_EQ(Ctx.sub(X, X), Zero);
  EXPECT_EQ(Ctx.mul(X, One), X);
  EXPECT_EQ(Ctx.mul(One, X), X);
  EXPECT_EQ(Ctx.mul(X, Zero), Zero);
  EXPECT_EQ(Ctx.mul(Zero, X), Zero);
  EXPECT_EQ(Ctx.bitAnd(X, Zero), Zero);
  EXPECT_EQ(Ctx.bitAnd(Zero, X), Zero);
  EXPECT_EQ(Ctx.bitAnd(X, Ones), X);
  EXPECT_EQ(Ctx.bitAnd(X, X), X);
  EXPECT_EQ(Ctx.bitOr(X, Zero), X);
  EXPECT_EQ(Ctx.bitOr(Zero, X), X);
  EXPECT_EQ(Ctx.bitOr(X, Ones), Ones);
  EXPECT_EQ(Ctx.bitOr(X, X), X);
  EXPECT_EQ(Ctx.bitXor(X, X), Zero);
  EXPECT_EQ(Ctx.bitXor(X, Zero), X);
  EXPECT_EQ(Ctx.bitNot(Ctx.bitNot(X)), X);
  EXPECT_EQ(Ctx.binary(ExprKind::UDiv, X, One), X);
  EXPECT_EQ(Ctx.binary(ExprKind::SDiv, X, One), X);
  EXPECT_EQ(Ctx.binary(ExprKind::URem, X, One), Zero);
  EXPECT_EQ(Ctx.binary(ExprKind::Shl, X, Zero), X);
  EXPECT_EQ(Ctx.binary(ExprKind::AShr, X, Zero), X);
  EXPECT_EQ(Ctx.binary(ExprKind::LShr, Zero, X), Zero);
}

TEST_P(ExprIdentityTest, ComparisonIdentities) {
  unsigned W = GetParam();
  ExprRef X = symbolOf(Ctx, A, W);
  EXPECT_TRUE(Ctx.eq(X, X)->isTrue());
  EXPECT_TRUE(Ctx.ule(X, X)->isTrue());
  EXPECT_TRUE(Ctx.sle(X, X)->isTrue());
  EXPECT_TRUE(Ctx.ult(X, X)->isFalse());
  EXPECT_TRUE(Ctx.slt(X, X)->isFalse());
  EXPECT_TRUE(Ctx.ne(X, X)->isFalse());
  // Nothing is unsigned-below zero; zero is unsigned-below-or-equal anything.
  EXPECT_TRUE(Ctx.ult(X, Ctx.constant(0, W))->isFalse());
  EXPECT_TRUE(Ctx.ule(Ctx.constant(0, W), X)->isTrue());
  // ne is the negation of eq, so negating twice gives eq back.
  ExprRef Y = symbolOf(Ctx, B, W);
  EXPECT_EQ(Ctx.logicalNot(Ctx.ne(X, Y)), Ctx.eq(X, Y));
}

TEST_P(ExprIdentityTest, ExtractOfConcatCollapses) {
  unsigned W = GetParam();
  ExprRef X = symbolOf(Ctx, A, W);
  EXPECT_EQ(Ctx.extract(X, 0, W), X);
  if (W > 1) { // Split a sum in two and put it back together.
    ExprRef Sum = Ctx.add(X, symbolOf(Ctx, B, W));
    EXPECT_EQ(Ctx.concat(Ctx.extract(Sum, W / 2, W - W / 2),
                         Ctx.extract(Sum, 0, W / 2)),
              Sum);
  }
  if (W > 48)
    return; // No room for a 16-bit low part.
  ExprRef Hi = X;
  ExprRef Lo = symbolOf(Ctx, B, 16);
  ExprRef C = Ctx.concat(Hi, Lo);
  EXPECT_EQ(C->width(), W + Lo->width());
  EXPECT_EQ(Ctx.extract(C, 0, Lo->width()), Lo);
  EXPECT_EQ(Ctx.extract(C, Lo->width(), W), Hi);
  EXPECT_EQ(Ctx.extract(C, 0, C->width()), C);
}

INSTANTIATE_TEST_SUITE_P(Widths, ExprIdentityTest,
                         ::testing::Values(1u, 8u, 16u, 32u, 48u, 64u),
                         [](const auto &Info) {
                           return "i" + std::to_string(Info.param);
                         });

TEST(ExprSimplifyTest, ConcatOfAdjacentExtractsGivesBackTheOriginal) {
  ExprContext Ctx;
  const Array *A = Ctx.array("a", 4);
  const Array *B = Ctx.array("b", 4);
  ExprRef IntA = Ctx.readLE(A, 0, 4);
  // An int that is not itself a concatenation of bytes.
  ExprRef X = Ctx.add(IntA, Ctx.readLE(B, 0, 4));
  for (ExprRef V : {IntA, X}) {
    // Store the int's four bytes, then load them back the way a
    // little-endian load does: right-nested from byte 0.
    ExprRef Byte[4];
    for (unsigned I = 0; I < 4; ++I)
      Byte[I] = Ctx.extract(V, 8 * I, 8);
    ExprRef Acc = Byte[0];
    for (unsigned I = 1; I < 4; ++I)
      Acc = Ctx.concat(Byte[I], Acc);
    EXPECT_EQ(Acc, V) << toString(Acc);
  }
  // Bytes of a non-concatenation are extracts, and adjacent extracts merge
  // whatever the nesting.
  ExprRef Byte[4];
  for (unsigned I = 0; I < 4; ++I)
    Byte[I] = Ctx.extract(X, 8 * I, 8);
  ExprRef Left =
      Ctx.concat(Ctx.concat(Ctx.concat(Byte[3], Byte[2]), Byte[1]), Byte[0]);
  EXPECT_EQ(Left, X) << toString(Left);
  ExprRef Balanced =
      Ctx.concat(Ctx.concat(Byte[3], Byte[2]), Ctx.concat(Byte[1], Byte[0]));
  EXPECT_EQ(Balanced, X) << toString(Balanced);
  EXPECT_EQ(Ctx.concat(Byte[2], Byte[1]), Ctx.extract(X, 8, 16));
  // Non-adjacent or out-of-order extracts stay a concatenation.
  EXPECT_EQ(Ctx.concat(Byte[0], Byte[1])->kind(), ExprKind::Concat);
  EXPECT_EQ(Ctx.concat(Byte[3], Byte[1])->kind(), ExprKind::Concat);
}

TEST(ExprSimplifyTest, ExtractsOfExtensions) {
  ExprContext Ctx;
  ExprRef X = Ctx.readLE(Ctx.array("x", 2), 0, 2);
  ExprRef Z = Ctx.zext(X, 64), S = Ctx.sext(X, 64);
  EXPECT_EQ(Ctx.extract(Z, 0, 16), X);
  EXPECT_EQ(Ctx.extract(S, 0, 16), X);
  EXPECT_EQ(Ctx.extract(Z, 16, 16), Ctx.constant(0, 16));
  EXPECT_EQ(Ctx.extract(Z, 0, 32), Ctx.zext(X, 32));
  EXPECT_EQ(Ctx.extract(S, 0, 32), Ctx.sext(X, 32));
  EXPECT_EQ(Ctx.zext(Ctx.zext(X, 32), 64), Z);
  EXPECT_EQ(Ctx.sext(Ctx.sext(X, 32), 64), S);
  // A zero-extended value is non-negative, so sign-extending it again is a
  // zero extension.
  EXPECT_EQ(Ctx.sext(Ctx.zext(X, 32), 64), Z);
  EXPECT_EQ(Ctx.resize(Z, 16, true), X);
  EXPECT_EQ(Ctx.resize(X, 64, true), S);
  EXPECT_EQ(Ctx.resize(X, 64, false), Z);
}

TEST(ExprSimplifyTest, SelectSimplifies) {
  ExprContext Ctx;
  ExprRef C = Ctx.extract(Ctx.read(Ctx.array("c", 1), 0), 0, 1);
  ExprRef T = Ctx.constant(1, 8), F = Ctx.constant(2, 8);
  EXPECT_EQ(Ctx.select(C, T, T), T);
  EXPECT_EQ(Ctx.select(C, Ctx.trueExpr(), Ctx.falseExpr()), C);
  EXPECT_EQ(Ctx.select(C, Ctx.falseExpr(), Ctx.trueExpr()), Ctx.logicalNot(C));
  EXPECT_EQ(Ctx.select(Ctx.logicalNot(C), T, F), Ctx.select(C, F, T));
}

//===----------------------------------------------------------------------===//
// Concrete evaluation.
//===----------------------------------------------------------------------===//

TEST(ExprEvaluateTest, AgreesWithEvalBinaryAndEvalCompare) {
  ExprContext Ctx;
  const Array *A = Ctx.array("a", 8), *B = Ctx.array("b", 8);
  std::mt19937_64 Rng(4);
  for (unsigned W : Widths) {
    ExprRef X = symbolOf(Ctx, A, W), Y = symbolOf(Ctx, B, W);
    for (auto [VA, VB] : operandPairs(W, Rng)) {
      Assignment Asg;
      assignValue(Asg, A, VA);
      assignValue(Asg, B, VB);
      ASSERT_EQ(evaluate(X, Asg), VA);
      ASSERT_EQ(evaluate(Y, Asg), VB);
      for (ExprKind K : BinaryKinds) {
        uint64_t Got = evaluate(Ctx.binary(K, X, Y), Asg);
        ASSERT_EQ(Got, evalBinary(K, VA, VB, W))
            << kindName(K) << " i" << W << " " << VA << ", " << VB;
        ASSERT_EQ(Got, refBinary(K, VA, VB, W));
      }
      for (ExprKind K : CompareKinds) {
        uint64_t Got = evaluate(Ctx.compare(K, X, Y), Asg);
        ASSERT_EQ(Got, uint64_t(evalCompare(K, VA, VB, W)))
            << kindName(K) << " i" << W << " " << VA << ", " << VB;
        ASSERT_EQ(Got, uint64_t(refCompare(K, VA, VB, W)));
      }
    }
  }
}

TEST(ExprEvaluateTest, SharedSubexpressionsAreEvaluatedOnce) {
  // x doubled 60 times: 61 nodes, but a tree with 2^60 leaves.
  ExprContext Ctx;
  const Array *A = Ctx.array("a", 8);
  ExprRef E = Ctx.readLE(A, 0, 8);
  for (int I = 0; I < 60; ++I)
    E = Ctx.add(E, E);
  Assignment Asg;
  Asg.set(A, {3, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(evaluate(E, Asg), uint64_t(3) << 60);
}

TEST(ExprEvaluateTest, UnassignedBytesReadAsZero) {
  ExprContext Ctx;
  const Array *A = Ctx.array("a", 4), *B = Ctx.array("b", 2);
  Assignment Asg;
  Asg.set(A, {0x01, 0x02}); // Shorter than the array.
  EXPECT_EQ(evaluate(Ctx.readLE(A, 0, 4), Asg), 0x0201u);
  EXPECT_EQ(evaluate(Ctx.readLE(B, 0, 2), Asg), 0u);
  EXPECT_TRUE(covers(Asg, Ctx.readLE(A, 0, 4)));
  EXPECT_FALSE(covers(Asg, Ctx.add(Ctx.readLE(A, 0, 2), Ctx.readLE(B, 0, 2))));
}

TEST(ExprEvaluateTest, CastsAndSelect) {
  ExprContext Ctx;
  const Array *A = Ctx.array("a", 1);
  ExprRef X = Ctx.read(A, 0);
  ExprRef Neg = Ctx.slt(X, Ctx.constant(0, 8));
  ExprRef E = Ctx.select(Neg, Ctx.sext(X, 32), Ctx.zext(X, 32));
  for (unsigned V = 0; V < 256; ++V) {
    Assignment Asg;
    Asg.set(A, {uint8_t(V)});
    uint64_t Want = V >= 0x80 ? 0xffffff00u | V : V;
    ASSERT_EQ(evaluate(E, Asg), Want) << V;
    ASSERT_EQ(evaluate(Ctx.sext(X, 16), Asg), Want & 0xffff);
    ASSERT_EQ(evaluate(Ctx.bitNot(X), Asg), ~V & 0xffu);
    ASSERT_EQ(evaluate(Ctx.extract(X, 3, 4), Asg), (V >> 3) & 0xf);
  }
}

//===----------------------------------------------------------------------===//
// Printing.
//===----------------------------------------------------------------------===//

TEST(ExprPrinterTest, ReadableNames) {
  ExprContext Ctx;
  const Array *N = Ctx.array("n", 4);
  const Array *Buf = Ctx.array("buf", 8);
  ExprRef IntN = Ctx.readLE(N, 0, 4);
  EXPECT_EQ(toString(IntN), "n");
  EXPECT_EQ(toString(Ctx.read(Buf, 3)), "buf[3]");
  EXPECT_EQ(toString(Ctx.slt(IntN, Ctx.constant(10, 32))), "n < 10");
  EXPECT_EQ(toString(Ctx.ult(IntN, Ctx.constant(10, 32))), "n <u 10");
  EXPECT_EQ(toString(Ctx.ne(IntN, Ctx.constant(0, 32))), "n != 0");
  EXPECT_EQ(toString(Ctx.eq(Ctx.add(IntN, IntN), IntN)), "(n + n) == n");
  EXPECT_EQ(toString(Ctx.constant(-1, 32)), "-1");
  EXPECT_EQ(toString(Ctx.trueExpr()), "true");
  // Part of an array is not the whole input: it must not print as `n`.
  EXPECT_NE(toString(Ctx.readLE(N, 0, 2)), "n");
}

//===----------------------------------------------------------------------===//
// Constant tables.
//===----------------------------------------------------------------------===//

TEST(ExprArrayReadTest, FoldsAtConstantIndicesAndEvaluatesElements) {
  ExprContext Ctx;
  const Array *A = Ctx.array("a", 8);
  EXPECT_EQ(Ctx.arrayRead(A, Ctx.constant(1, 64), 4), Ctx.readLE(A, 4, 4));
  EXPECT_EQ(Ctx.arrayRead(A, Ctx.constant(2, 64), 4), Ctx.constant(0, 32))
      << "past the end reads as 0";
  const Array *I = Ctx.array("i", 1);
  ExprRef Index = Ctx.zext(Ctx.read(I, 0), 64);
  ExprRef R = Ctx.arrayRead(A, Index, 2);
  EXPECT_EQ(R->kind(), ExprKind::ArrayRead);
  EXPECT_EQ(R->width(), 16u);
  EXPECT_EQ(Ctx.arrayRead(A, Index, 2), R) << "hash-consed";
  EXPECT_NE(Ctx.arrayRead(A, Index, 1), R);
  Assignment In;
  In.set(A, {1, 2, 3, 4, 5, 6, 7, 8});
  for (auto [At, Want] :
       {std::pair<uint8_t, uint64_t>{0, 0x0201}, {3, 0x0807}, {4, 0}}) {
    In.set(I, {At});
    EXPECT_EQ(evaluate(R, In), Want) << "index " << int(At);
  }
  EXPECT_EQ(toString(R), "a.i16[(u64)i]");
}

TEST(ExprTableTest, ReadsFoldAtConstantIndicesAndEvaluateAtSymbolicOnes) {
  ExprContext Ctx;
  std::vector<uint8_t> Bytes(300, 0);
  Bytes[7] = 3;
  Bytes[299] = 9;
  const ConstantTable *T = Ctx.table("tab", Bytes);
  EXPECT_EQ(Ctx.tableRead(T, Ctx.constant(7, 64)), Ctx.constant(3, 8));
  EXPECT_EQ(Ctx.tableRead(T, Ctx.constant(300, 64)), Ctx.constant(0, 8))
      << "past the end reads as 0";
  const Array *I = Ctx.array("i", 2);
  ExprRef Index = Ctx.zext(Ctx.readLE(I, 0, 2), 64);
  ExprRef R = Ctx.tableRead(T, Index);
  EXPECT_EQ(R->kind(), ExprKind::TableRead);
  EXPECT_EQ(R->width(), 8u);
  EXPECT_EQ(Ctx.tableRead(T, Index), R) << "hash-consed";
  // The same index into another table with the same bytes is another node.
  EXPECT_NE(Ctx.tableRead(Ctx.table("tab", Bytes), Index), R);
  for (auto [At, Want] :
       {std::pair<uint16_t, uint64_t>{7, 3}, {299, 9}, {8, 0}, {1000, 0}}) {
    Assignment A;
    A.set(I, {uint8_t(At), uint8_t(At >> 8)});
    EXPECT_EQ(evaluate(R, A), Want) << "index " << At;
  }
  EXPECT_EQ(toString(R), "tab[(u64)i]");
}

//===----------------------------------------------------------------------===//
// Property test: random trees against an independent reference evaluator.
//===----------------------------------------------------------------------===//

/// A test-side expression tree: what the builders were asked to build, so
/// the reference can evaluate it without looking at the simplified result.
struct RefNode {
  enum Kind {
    Const,
    Bytes,
    Binary,
    Compare,
    Not,
    Select,
    Extract,
    Concat,
    ZExt,
    SExt
  } K;
  unsigned Width;
  ExprKind Op = ExprKind::Add; ///< For Binary and Compare.
  uint64_t Value = 0;          ///< Const value; Bytes/Extract bit offset.
  unsigned ArrayIndex = 0;     ///< For Bytes: which array.
  std::vector<std::unique_ptr<RefNode>> Kids;
};

class RandomTrees {
public:
  RandomTrees(ExprContext &Ctx, uint64_t Seed) : Ctx(Ctx), Rng(Seed) {
    Arrays = {Ctx.array("p", 8), Ctx.array("q", 8), Ctx.array("r", 3)};
  }

  std::unique_ptr<RefNode> generate(unsigned W, unsigned Depth) {
    auto N = std::make_unique<RefNode>();
    N->Width = W;
    unsigned Choice = Depth == 0 ? pick(2) : pick(10);
    switch (Choice) {
    case 0:
      N->K = RefNode::Const;
      N->Value = interestingValue(W);
      return N;
    case 1: {
      // Bits [Off, Off+W) of an array read little-endian from byte 0.
      N->K = RefNode::Bytes;
      N->ArrayIndex = pick(3);
      unsigned Bits = Arrays[N->ArrayIndex]->Size * 8;
      if (W > Bits) { // Too wide for this array: use a constant instead.
        N->K = RefNode::Const;
        N->Value = interestingValue(W);
        return N;
      }
      N->Value = pick(Bits - W + 1);
      return N;
    }
    case 2:
    case 3:
    case 4:
      N->K = RefNode::Binary;
      N->Op = BinaryKinds[pick(std::size(BinaryKinds))];
      N->Kids.push_back(generate(W, Depth - 1));
      N->Kids.push_back(pick(3) == 0 ? constant(W) : generate(W, Depth - 1));
      return N;
    case 5:
      if (W == 1) {
        N->K = RefNode::Compare;
        N->Op = CompareKinds[pick(std::size(CompareKinds))];
        unsigned OW = randomWidth();
        N->Kids.push_back(generate(OW, Depth - 1));
        N->Kids.push_back(pick(2) ? constant(OW) : generate(OW, Depth - 1));
        return N;
      }
      N->K = RefNode::Not;
      N->Kids.push_back(generate(W, Depth - 1));
      return N;
    case 6:
      N->K = RefNode::Select;
      N->Kids.push_back(generate(1, Depth - 1));
      N->Kids.push_back(generate(W, Depth - 1));
      N->Kids.push_back(generate(W, Depth - 1));
      return N;
    case 7: {
      if (W == 64)
        return generate(W, Depth - 1);
      N->K = RefNode::Extract;
      unsigned From = W + 1 + pick(64 - W);
      N->Value = pick(From - W + 1);
      N->Kids.push_back(generate(From, Depth - 1));
      return N;
    }
    case 8: {
      if (W == 1)
        return generate(W, Depth - 1);
      N->K = RefNode::Concat;
      unsigned LoW = 1 + pick(W - 1);
      N->Kids.push_back(generate(W - LoW, Depth - 1));
      N->Kids.push_back(generate(LoW, Depth - 1));
      return N;
    }
    default: {
      if (W == 1)
        return generate(W, Depth - 1);
      N->K = pick(2) ? RefNode::ZExt : RefNode::SExt;
      N->Kids.push_back(generate(1 + pick(W - 1), Depth - 1));
      return N;
    }
    }
  }

  ExprRef build(const RefNode &N) {
    auto Kid = [&](unsigned I) { return build(*N.Kids[I]); };
    switch (N.K) {
    case RefNode::Const:
      return Ctx.constant(N.Value, N.Width);
    case RefNode::Bytes: {
      const Array *A = Arrays[N.ArrayIndex];
      return Ctx.extract(Ctx.readLE(A, 0, A->Size), unsigned(N.Value), N.Width);
    }
    case RefNode::Binary:
      return Ctx.binary(N.Op, Kid(0), Kid(1));
    case RefNode::Compare:
      return Ctx.compare(N.Op, Kid(0), Kid(1));
    case RefNode::Not:
      return Ctx.bitNot(Kid(0));
    case RefNode::Select:
      return Ctx.select(Kid(0), Kid(1), Kid(2));
    case RefNode::Extract:
      return Ctx.extract(Kid(0), unsigned(N.Value), N.Width);
    case RefNode::Concat:
      return Ctx.concat(Kid(0), Kid(1));
    case RefNode::ZExt:
      return Ctx.zext(Kid(0), N.Width);
    case RefNode::SExt:
      return Ctx.sext(Kid(0), N.Width);
    }
    return nullptr;
  }

  /// Straightforward recursive evaluation over the raw input bytes.
  uint64_t reference(const RefNode &N,
                     const std::vector<std::vector<uint8_t>> &In) {
    auto Kid = [&](unsigned I) { return reference(*N.Kids[I], In); };
    unsigned W = N.Width;
    switch (N.K) {
    case RefNode::Const:
      return N.Value & mask(W);
    case RefNode::Bytes: {
      uint64_t R = 0;
      for (unsigned Bit = 0; Bit < W; ++Bit) {
        uint64_t Pos = N.Value + Bit;
        R |= uint64_t((In[N.ArrayIndex][Pos / 8] >> (Pos % 8)) & 1) << Bit;
      }
      return R;
    }
    case RefNode::Binary:
      return refBinary(N.Op, Kid(0), Kid(1), W);
    case RefNode::Compare:
      return refCompare(N.Op, Kid(0), Kid(1), N.Kids[0]->Width);
    case RefNode::Not:
      return ~Kid(0) & mask(W);
    case RefNode::Select:
      return Kid(0) ? Kid(1) : Kid(2);
    case RefNode::Extract:
      return (Kid(0) >> N.Value) & mask(W);
    case RefNode::Concat:
      return (Kid(0) << N.Kids[1]->Width | Kid(1)) & mask(W);
    case RefNode::ZExt:
      return Kid(0);
    case RefNode::SExt: {
      unsigned From = N.Kids[0]->Width;
      uint64_t V = Kid(0);
      return msb(V, From) ? (V | ~mask(From)) & mask(W) : V;
    }
    }
    return 0;
  }

  std::vector<std::vector<uint8_t>> randomInput() {
    std::vector<std::vector<uint8_t>> In;
    for (const Array *A : Arrays) {
      std::vector<uint8_t> Bytes(A->Size);
      for (uint8_t &B : Bytes) {
        static const uint8_t Special[] = {0, 1, 0x7f, 0x80, 0xff};
        B = pick(3) == 0 ? Special[pick(5)] : uint8_t(Rng());
      }
      In.push_back(Bytes);
    }
    return In;
  }

  const std::vector<const Array *> &arrays() const { return Arrays; }

private:
  unsigned pick(size_t N) { return unsigned(Rng() % N); }
  unsigned randomWidth() {
    static const unsigned Ws[] = {1, 3, 8, 13, 16, 24, 32, 33, 48, 63, 64};
    return Ws[pick(std::size(Ws))];
  }
  uint64_t interestingValue(unsigned W) {
    switch (pick(4)) {
    case 0:
      return pick(4) & mask(W); // Small: 0..3.
    case 1:
      return mask(W) - pick(2); // -1 or -2.
    case 2:
      return (uint64_t(1) << (W - 1)) & mask(W); // The signed minimum.
    default:
      return Rng() & mask(W);
    }
  }
  std::unique_ptr<RefNode> constant(unsigned W) {
    auto N = std::make_unique<RefNode>();
    N->K = RefNode::Const;
    N->Width = W;
    N->Value = interestingValue(W);
    return N;
  }

  ExprContext &Ctx;
  std::mt19937_64 Rng;
  std::vector<const Array *> Arrays;
};

TEST(ExprPropertyTest, RandomTreesEvaluateLikeTheReference) {
  ExprContext Ctx;
  RandomTrees Gen(Ctx, 20240611);
  const unsigned Trees = 3000, InputsPerTree = 6;
  static const unsigned RootWidths[] = {1, 8, 16, 32, 64, 7, 40};
  for (unsigned T = 0; T < Trees; ++T) {
    unsigned W = RootWidths[T % std::size(RootWidths)];
    std::unique_ptr<RefNode> Tree = Gen.generate(W, 1 + T % 6);
    ExprRef E = Gen.build(*Tree);
    ASSERT_EQ(E->width(), W);
    for (unsigned I = 0; I < InputsPerTree; ++I) {
      auto In = Gen.randomInput();
      Assignment Asg;
      for (size_t J = 0; J < In.size(); ++J)
        Asg.set(Gen.arrays()[J], In[J]);
      uint64_t Want = Gen.reference(*Tree, In);
      ASSERT_EQ(evaluate(E, Asg), Want)
          << "tree " << T << " input " << I << ": " << toString(E);
    }
  }
}

// An input written to the run database reads back as the same bytes for
// arrays of the same names, in another context; anything else is refused.
TEST(AssignmentCodingTest, RoundTripsThroughBytes) {
  ExprContext Ctx;
  Assignment A;
  A.set(Ctx.array("s", 4), {'a', 0, 0xff, 7});
  A.set(Ctx.array("nondet_int_1", 4), {1, 2, 3, 4});
  A.set(Ctx.array("empty", 0), {});
  std::string Bytes = encodeAssignment(A);

  ExprContext Other;
  Other.array("unrelated", 2); // Ids differ from those in Ctx.
  std::optional<Assignment> B = decodeAssignment(Other, Bytes);
  ASSERT_TRUE(B);
  EXPECT_EQ(B->values().size(), 3u);
  EXPECT_EQ(*B->get(Other.array("s", 4)),
            (std::vector<uint8_t>{'a', 0, 0xff, 7}));
  EXPECT_EQ(*B->get(Other.array("nondet_int_1", 4)),
            (std::vector<uint8_t>{1, 2, 3, 4}));
  EXPECT_TRUE(B->get(Other.array("empty", 0))->empty());
  EXPECT_EQ(encodeAssignment(*B).size(), Bytes.size());

  EXPECT_FALSE(decodeAssignment(Other, Bytes.substr(0, Bytes.size() - 1)));
  EXPECT_FALSE(decodeAssignment(Other, std::string("\x05\x00\x00", 3)));
  EXPECT_TRUE(decodeAssignment(Other, "")->values().empty());
}

} // namespace
