//===- ApcCallsTest.cpp - Calls of summarised functions in the apc --------===//
#include "ApcProgram.h"
#include "apc/Apc.h"
#include "apc/Solve.h"
#include "expr/Printer.h"
#include "program/Program.h"

#include "llvm/IR/Module.h"

#include <gtest/gtest.h>
#include <map>
#include <set>

using namespace theseus;

namespace {

/// A word search as a user writes it: every start position, an inner
/// matching loop that leaves at the first mismatch, a return from inside
/// the outer loop at the first match.
const char *Find = "static int find(const char *a, const char *w) {"
                   "  for (int i = 0; a[i] != 0; ++i) { int k = 0;"
                   "    while (w[k] != 0 && a[i + k] == w[k]) ++k;"
                   "    if (w[k] == 0) return 1; }"
                   "  return 0; }\n";

/// The apc of `reach_error` in `f` of a C program.
struct ApcCallsTest : ::testing::Test {
  ExprContext Ctx;
  std::unique_ptr<Program> Prog;
  std::unique_ptr<Flowgraph> G;
  Apc Result;

  void compute(const std::string &Source, unsigned MaxBackbones = 4096) {
    loadApcProgram(Source, "f", Prog, G);
    ASSERT_NE(G, nullptr);
    ApcOptions AO;
    AO.MaxBackbones = MaxBackbones;
    Result = computeApc(Ctx, *G, AO);
  }
  const llvm::Function *copyOf(const std::string &Name) {
    return G->function().getParent()->getFunction(Name);
  }
  ApcAnswer decide() { return solveApc(Ctx, Result.Formula, 25, 60); }
  unsigned unknowns(const std::string &Why) {
    auto It = Result.Unknowns.find(Why);
    return It == Result.Unknowns.end() ? 0 : It->second;
  }
};

// Four calls of the search: one backbone in the caller (inlined, each call
// multiplied the backbones by the callee's), the two loops of each of the
// four contexts (the words differ) summarised once.
TEST_F(ApcCallsTest, CallsOfALoopBearingFunctionDoNotMultiplyBackbones) {
  compute(std::string(Find) + "void f(const char *a) {"
                              "  int h = find(a, \"ab\"), w = find(a, \"cd\");"
                              "  int t = find(a, \"ef\"), m = find(a, \"gh\");"
                              "  if (h && w && t && m) reach_error(); }");
  const llvm::Function *Callee = copyOf("find");
  ASSERT_NE(Callee, nullptr);
  EXPECT_TRUE(Flowgraph::isSummarised(*Callee));
  EXPECT_FALSE(Result.TooManyBackbones);
  EXPECT_EQ(Result.Backbones, 1u);
  EXPECT_EQ(Result.Loops, 8u);
  EXPECT_EQ(Result.Functions, 4u);
  EXPECT_TRUE(Result.Unknowns.empty()) << Result.Unknowns.begin()->first;
}

// The same context twice (the same buffer at a variable offset, the same
// word) is one summary, instantiated per call; a model of the apc holds both
// words, found by the returns from inside the loop (early exits).
TEST_F(ApcCallsTest, OneSummaryPerCallContextWithEarlyExits) {
  compute(std::string(Find) +
          "void f(const char *a, int n) {"
          "  if (find(a + (n & 3), \"Hi\") && find(a + (n & 7), \"Hi\") &&"
          "      find(a, \"Yo\")) reach_error(); }");
  EXPECT_EQ(Result.Loops, 4u);
  EXPECT_EQ(Result.Functions, 2u);
  ApcAnswer A = decide();
  ASSERT_EQ(A.K, ApcAnswer::Satisfiable) << toString(Result.Formula);
  const std::vector<uint8_t> *S = A.Model.get(Ctx.array("a", 0));
  ASSERT_TRUE(S);
  // "Yo" is found from the start, before the first NUL; the searches for
  // "Hi" start at a + (n & 3) and a + (n & 7), which may lie past it (the
  // reads stay in the buffer).
  std::string Buffer(S->begin(), S->end());
  std::string Str = Buffer.substr(0, Buffer.find('\0'));
  EXPECT_NE(Str.find("Yo"), std::string::npos) << Str;
  EXPECT_NE(Buffer.find("Hi"), std::string::npos) << Buffer;
}

// Each instance of a summary binds variables of its own: the fixed-counter
// search fixes an outermost existential by its variable, and a shared one
// would give both calls the same counters.
TEST_F(ApcCallsTest, InstancesBindVariablesOfTheirOwn) {
  compute(std::string(Find) +
          "void f(const char *a, int n) {"
          "  if (find(a + (n & 3), \"Hi\") && find(a + (n & 7), \"Hi\"))"
          "    reach_error(); }");
  ASSERT_EQ(Result.Loops, 2u);
  // Bound variables by the name they had in the summary.
  std::map<std::string, std::set<ExprRef>> Renamed;
  anyNode(Result.Formula, [&](ExprRef X) {
    if (X->kind() == ExprKind::Forall || X->kind() == ExprKind::Exists) {
      const std::string &Name = X->operand(0)->variable()->Name;
      Renamed[Name.substr(0, Name.find('~'))].insert(X->operand(0));
    }
    return false;
  });
  ASSERT_FALSE(Renamed.empty());
  for (const auto &[Name, Vars] : Renamed)
    if (Name.find(".ret") == std::string::npos)
      EXPECT_GE(Vars.size(), 2u) << Name;
}

// The summary says the search returns 1 only past a non-empty prefix: an
// empty string never holds the word, whichever call it is.
TEST_F(ApcCallsTest, ASummaryProvesUnreachability) {
  compute(std::string(Find) + "void f(const char *a) {"
                              "  if (find(a, \"Hi\") && a[0] == 0)"
                              "    reach_error(); }");
  EXPECT_EQ(decide().K, ApcAnswer::Unreachable) << toString(Result.Formula);
}

// A callee with more backbones than allowed gives up for its calls only:
// their results are unknown, and the rest of the program keeps its
// condition, here enough to prove the target unreachable. Inlined, the
// caller had too many backbones and its apc was `true`.
TEST_F(ApcCallsTest, GivesUpPerCall) {
  compute("static int g(const char *a) { int n = 0;"
          "  for (int i = 0; a[i] != 0; ++i) {"
          "    if (a[i] == 'a') n += 1; if (a[i] == 'b') n += 2;"
          "    if (a[i] == 'c') n += 3; }"
          "  if (n > 3) n = 3; if (n < 1) n = 1; if (n == 2) n = 0;"
          "  return n; }\n"
          "void f(const char *a, int x) {"
          "  if (x > 10 && g(a) == 1 && x < 5) reach_error(); }",
          /*MaxBackbones=*/4);
  EXPECT_FALSE(Result.TooManyBackbones);
  EXPECT_EQ(unknowns("the result of a call of g, a function with too many "
                     "backbones"),
            1u);
  EXPECT_EQ(decide().K, ApcAnswer::Unreachable) << toString(Result.Formula);
}

/// Three letters counted in a loop over the string: eight paths through
/// its body to whatever follows the counting.
const char *CountLetters = "if (a[i] == 'a') n += 1; if (a[i] == 'b') n += 2;"
                           "if (a[i] == 'c') n += 4;";

// The entry function itself has too many backbones (eight through the loop
// to the target inside it): the loop is given up, what it writes any value,
// and the rest keeps its condition, here enough to prove the target
// unreachable. Before, the whole apc was `true`.
TEST_F(ApcCallsTest, GivesUpPerLoopInTheEntry) {
  compute(std::string("void f(const char *a, int x) { if (x > 10) return;"
                      "  for (int i = 0; a[i] != 0; ++i) { int n = 0;") +
              CountLetters + "    if (n == 3 && x > 20) reach_error(); } }",
          /*MaxBackbones=*/4);
  EXPECT_FALSE(Result.TooManyBackbones);
  EXPECT_EQ(Result.LoopsGivenUp, 1u);
  EXPECT_EQ(decide().K, ApcAnswer::Unreachable) << toString(Result.Formula);
}

// A summarised function with too many backbones (eight through its loop
// to the return inside it) gives up its loop too, not its calls: whichever
// way it returns, it returns x, which with the caller's condition proves
// the target unreachable. Before, the call's result was unknown.
TEST_F(ApcCallsTest, GivesUpPerLoopInASummarisedFunction) {
  compute(std::string("static int g(const char *a, int x) {"
                      "  for (int i = 0; a[i] != 0; ++i) { int n = 0;") +
              CountLetters +
              "    if (n == 3) return x; } return x; }\n"
              "void f(const char *a, int x) {"
              "  if (x > 10 && g(a, x) < 5) reach_error(); }",
          /*MaxBackbones=*/4);
  EXPECT_EQ(Result.Functions, 1u);
  EXPECT_EQ(Result.LoopsGivenUp, 1u);
  EXPECT_EQ(decide().K, ApcAnswer::Unreachable) << toString(Result.Formula);
}

// Only as many loops as needed are given up, the largest first: the small
// loop before keeps its summary (s is even), which proves s == 7 never
// holds, while n, written by the loop given up, is any value after it, so
// n == 100 may.
TEST_F(ApcCallsTest, GivenUpLoopsKeepTheOthersSummaries) {
  auto Source = [](const std::string &Cond) {
    return std::string("void f(const char *a, int m) { int s = 0, n = 0;"
                       "  for (int j = 0; j < m; ++j) s += 2;"
                       "  for (int i = 0; a[i] != 0; ++i) {") +
           CountLetters + "    if (a[i] == 'z') break; }" + "  if (" + Cond +
           ") reach_error(); }";
  };
  compute(Source("s == 7"), /*MaxBackbones=*/4);
  EXPECT_EQ(Result.LoopsGivenUp, 1u);
  EXPECT_EQ(Result.Loops, 1u);
  EXPECT_EQ(decide().K, ApcAnswer::Unreachable) << toString(Result.Formula);
  compute(Source("s == 6 && n == 100"), /*MaxBackbones=*/4);
  EXPECT_EQ(Result.LoopsGivenUp, 1u);
  EXPECT_EQ(decide().K, ApcAnswer::Satisfiable) << toString(Result.Formula);
}

// A harness that keeps its input in a global, which an inlined function
// changes: only the entry uses it, so it is a value of the entry starting
// at its initializer, and the loop's exit test proves the target
// unreachable. Before, its loads were unknown.
TEST_F(ApcCallsTest, GlobalsOnlyTheEntryUsesAreModelled) {
  compute("int g;\n static void dec(void) { g--; }\n"
          "void f(int x) { g = x; while (g > 0) dec();"
          "  if (g > 0) reach_error(); }");
  EXPECT_TRUE(Result.Unknowns.empty()) << Result.Unknowns.begin()->first;
  EXPECT_EQ(decide().K, ApcAnswer::Unreachable) << toString(Result.Formula);
}

// A global a call left in the entry changes (a recursive function) stays
// unknown: g == 3 after rec(2).
TEST_F(ApcCallsTest, GlobalsACalleeChangesStayUnknown) {
  compute("int g;\n static int rec(int n) { g++; return n ? rec(n - 1) : 0; }\n"
          "void f(int x) { g = 0; rec(x); if (g == 3) reach_error(); }");
  EXPECT_EQ(decide().K, ApcAnswer::Satisfiable) << toString(Result.Formula);
}

// Inside a loop, a call's result differs per iteration: each iteration's
// condition has its own, and the values that depend on it are unknown after
// the iteration. The iteration setting c needs the word in an empty string,
// so none does: the target is unreachable, which an unknown result would
// not show.
TEST_F(ApcCallsTest, CallInsideALoopIsSummarisedPerIteration) {
  compute(std::string(Find) + "void f(const char *a, int n) { int c = 0;"
                              "  for (int i = 0; i < n; ++i)"
                              "    if (find(a, \"Hi\") && a[0] == 0) c = 1;"
                              "  if (c) reach_error(); }");
  EXPECT_TRUE(Result.Unknowns.empty()) << Result.Unknowns.begin()->first;
  EXPECT_EQ(decide().K, ApcAnswer::Unreachable) << toString(Result.Formula);
}

// A value that depends on a call in a loop is unknown after it: the apc
// does not claim that s sums the results, and stays satisfiable.
TEST_F(ApcCallsTest, ValuesOfCallsInALoopAreUnknownAfterIt) {
  compute(std::string(Find) +
          "void f(const char *a, int n) { int s = 0;"
          "  for (int i = 0; i < n; ++i) s += find(a + i, \"Hi\");"
          "  if (s == 2) reach_error(); }");
  EXPECT_EQ(decide().K, ApcAnswer::Satisfiable) << toString(Result.Formula);
}

// A loop-bearing function that writes memory its caller sees is inlined as
// before; one that writes only its own locals, or takes nondeterministic
// values, is summarised.
TEST_F(ApcCallsTest, FunctionsWritingTheCallersMemoryAreInlined) {
  compute("static void fill(int *p, int n) {"
          "  for (int i = 0; i < n; ++i) p[i] = i; }\n"
          "static int local(int n) { int t[4] = {0}; int s = 0;"
          "  for (int i = 0; i < n && i < 4; ++i) { t[i] = i; s += t[i]; }"
          "  return s; }\n"
          "int __VERIFIER_nondet_int(void);\n"
          "static int guess(int n) { int s = 0;"
          "  for (int i = 0; i < n; ++i) s += __VERIFIER_nondet_int();"
          "  return s; }\n"
          "void f(int n) { int q[4]; fill(q, 4);"
          "  if (q[n & 3] == 3 && local(n) == 3 && guess(n) == 2)"
          "    reach_error(); }");
  const llvm::Function *Fill = copyOf("fill");
  const llvm::Function *Local = copyOf("local");
  EXPECT_TRUE(!Fill || !Flowgraph::isSummarised(*Fill));
  ASSERT_NE(Local, nullptr);
  EXPECT_TRUE(Flowgraph::isSummarised(*Local));
  // A nondeterministic value is no write.
  ASSERT_NE(copyOf("guess"), nullptr);
  EXPECT_TRUE(Flowgraph::isSummarised(*copyOf("guess")));
  EXPECT_NE(decide().K, ApcAnswer::Unreachable);
}

} // namespace
