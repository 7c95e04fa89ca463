//===- SourceTextTest.cpp - Conditions as source text ---------------------===//
//
// Columns are those clang -g gives the branch of each construct: the
// keyword for `for`, `while` and `switch`, the first character of the
// condition for `if` and `?:`, the operator for the left operand of `&&`
// and `||`, the closing brace for `do ... while`.
//
//===----------------------------------------------------------------------===//
#include "report/SourceText.h"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace theseus {
namespace {

/// The 1-based column of the `Nth` occurrence of `What` in `Line`.
unsigned columnOf(const std::string &Line, const std::string &What,
                  unsigned Nth = 1) {
  size_t At = Line.find(What);
  while (--Nth > 0 && At != std::string::npos)
    At = Line.find(What, At + 1);
  EXPECT_NE(At, std::string::npos) << What << " not in " << Line;
  return static_cast<unsigned>(At + 1);
}

TEST(SourceText, IfTakesTheParenthesisedCondition) {
  std::string L = "  if (a > (b + 1)) {";
  EXPECT_EQ(conditionAt(L, columnOf(L, "a >")), "a > (b + 1)");
  EXPECT_EQ(conditionAt(L, columnOf(L, "if")), "a > (b + 1)");
}

TEST(SourceText, WhileAndSwitchAtTheirKeyword) {
  std::string W = "  while (s < a) s++;";
  EXPECT_EQ(conditionAt(W, columnOf(W, "while")), "s < a");
  std::string S = "  switch (k & 3) {";
  EXPECT_EQ(conditionAt(S, columnOf(S, "switch")), "k & 3");
}

TEST(SourceText, ForTakesItsMiddleClause) {
  std::string L = "  for (int i = 0; i < n && i < f(2, 3); i++)";
  EXPECT_EQ(conditionAt(L, columnOf(L, "for")), "i < n && i < f(2, 3)");
}

TEST(SourceText, DoWhileFromTheClosingBrace) {
  std::string L = "  do { s--; } while (s > b);";
  EXPECT_EQ(conditionAt(L, columnOf(L, "}")), "s > b");
}

TEST(SourceText, LogicalOperatorsTakeTheirLeftOperand) {
  std::string L = "  if ((a == 1) || (b == 2 && a == 3))";
  EXPECT_EQ(conditionAt(L, columnOf(L, "||")), "(a == 1)");
  EXPECT_EQ(conditionAt(L, columnOf(L, "&&")), "b == 2");
  // The statement's own branch decides the whole condition.
  EXPECT_EQ(conditionAt(L, columnOf(L, "(a")),
            "(a == 1) || (b == 2 && a == 3)");
  std::string F = "  for (int i = 0; i < n && i < 3; i++)";
  EXPECT_EQ(conditionAt(F, columnOf(F, "&&")), "i < n");
  std::string R = "  return x > 0 && y > 0;";
  EXPECT_EQ(conditionAt(R, columnOf(R, "&&")), "x > 0");
  std::string A = "  int ok = x >= 0 || y != 0;";
  EXPECT_EQ(conditionAt(A, columnOf(A, "||")), "x >= 0");
}

TEST(SourceText, ConditionalOperatorTakesThePartBeforeTheQuestionMark) {
  std::string L = "  int t = a > f(2) ? b : s;";
  EXPECT_EQ(conditionAt(L, columnOf(L, "a >")), "a > f(2)");
  std::string C = "  g(x == 1 ? 3 : 4);";
  EXPECT_EQ(conditionAt(C, columnOf(C, "x ==")), "x == 1");
}

TEST(SourceText, ConditionsGoingOnPastTheLineAreCut) {
  std::string L = "  if ((a == 1) || (b == 2 &&";
  EXPECT_EQ(conditionAt(L, columnOf(L, "(a")), "(a == 1) || (b == 2 && ...");
  EXPECT_EQ(conditionAt(L, columnOf(L, "&&")), "b == 2");
  std::string Next = "      c == 3 && d == 4)) {";
  EXPECT_EQ(conditionAt(Next, columnOf(Next, "&&")), "... c == 3");
}

TEST(SourceText, NoConditionWhereTheLineShowsNone) {
  EXPECT_EQ(conditionAt("  x = y + 1;", 3), "");
  EXPECT_EQ(conditionAt("  if (a)", 0), "");
  EXPECT_EQ(conditionAt("  if (a)", 40), "");
}

TEST(SourceText, ChecksAndCalls) {
  std::string D = "  return s / (b - 3) + t % c;";
  EXPECT_EQ(rightOperandAt(D, columnOf(D, "/")), "(b - 3)");
  EXPECT_EQ(rightOperandAt(D, columnOf(D, "%")), "c");
  std::string A = "  theseus_assert(x > (1));";
  EXPECT_EQ(callArgumentsAt(A, columnOf(A, "theseus")), "x > (1)");
  EXPECT_EQ(callArgumentsAt(A, columnOf(A, "x >")), "");
}

TEST(SourceText, StatementOfACondition) {
  EXPECT_EQ(statementOf("  if (a > b) {", "a > b"), "if (a > b)");
  EXPECT_EQ(statementOf("  } else if(a > b)", "a > b"), "if (a > b)");
  EXPECT_EQ(statementOf("  while (x)", "x"), "while (x)");
  EXPECT_EQ(statementOf("  if (a > b && c)", "a > b"), "a > b");
  EXPECT_EQ(statementOf("  elif (a)", "a"), "a");
}

TEST(SourceText, FilesAreReadOnceAndMissingOnesGiveNothing) {
  std::string Path = testing::TempDir() + "/source_text_test.c";
  std::ofstream(Path) << "int f(int a) {\n  if (a)\n    return 1;\n}\n";
  SourceFiles Files;
  const std::string *L = Files.line(Path, 2);
  ASSERT_NE(L, nullptr);
  EXPECT_EQ(*L, "  if (a)");
  std::remove(Path.c_str());
  // Cached: the file is gone, its lines are not.
  EXPECT_EQ(Files.line(Path, 2), L);
  EXPECT_EQ(Files.line(Path, 5), nullptr);
  EXPECT_EQ(Files.line(Path, 0), nullptr);
  EXPECT_EQ(Files.line(Path + ".missing", 1), nullptr);
}

} // namespace
} // namespace theseus
