//===- ReturnValuesTest.cpp - Every return value of a path ----------------===//
//
// A path's further return values become tests only when the solver proves
// they are all (at most --return-values of them); otherwise the path is
// counted as having more, or values not enumerated, in both drivers.
//
//===----------------------------------------------------------------------===//
#include "explore/Concolic.h"
#include "explore/Fork.h"
#include "program/Program.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <set>
#include <unistd.h>

namespace theseus {
namespace {

const char *const Source = R"C(
int small(int x) {
  if (x > 0 && x < 4)
    return x;
  return 0;
}

int any(int x) { return x; }

int sole(int x) {
  if (x == 5)
    return x;
  return 0;
}

int product(int x, int y) {
  if (x > 0 && x < 4)
    return x * y + x;
  return 0;
}

struct wide { long a, b, c; };
struct wide wide(long x) {
  struct wide w = {x, 0, 0};
  return w;
}
)C";

/// The tests written: how many, the variants among them, the values.
struct Tests : ExplorationListener {
  void onNewPath(const PathResult &R) override {
    ++Count;
    Variants += R.VariantOf != 0;
    Values.insert(static_cast<int32_t>(R.Outcome->Value));
  }
  uint64_t Count = 0;
  uint64_t Variants = 0;
  std::set<int32_t> Values;
};

/// The parameter: whether the forking driver is under test.
class ReturnValuesTest : public ::testing::TestWithParam<bool> {
protected:
  void SetUp() override {
    Dir = std::filesystem::temp_directory_path() /
          ("theseus-return-values-" + std::to_string(getpid()));
    std::filesystem::create_directories(Dir);
    std::ofstream(Dir / "values.c") << Source;
    CompileOptions Opts;
    Opts.Sources = {(Dir / "values.c").string()};
    Prog = Program::load(Opts);
  }
  void TearDown() override { std::filesystem::remove_all(Dir); }

  ExplorationStats explore(const char *Entry, unsigned Limit,
                           bool ConcretizeNonlinear = false) {
    const llvm::Function &F = Prog->selectEntry(Entry);
    ExploreOptions Opts;
    Opts.ReturnValues = Limit;
    Opts.Exec.ConcretizeNonlinear = ConcretizeNonlinear;
    std::unique_ptr<Explorer> E;
    if (GetParam())
      E = std::make_unique<ForkExplorer>(*Prog, F, Opts);
    else
      E = std::make_unique<ConcolicExplorer>(*Prog, F, Opts);
    return E->run(Written);
  }

  Tests Written;
  std::filesystem::path Dir;
  std::unique_ptr<Program> Prog;
};

TEST_P(ReturnValuesTest, AllValuesWithinTheLimitBecomeTests) {
  ExplorationStats S = explore("small", 16);
  EXPECT_EQ(S.Paths, 3u);
  EXPECT_EQ(Written.Count, 5u);
  EXPECT_EQ(Written.Variants, 2u);
  EXPECT_EQ(S.ReturnVariants, 2u);
  EXPECT_EQ(Written.Values, (std::set<int32_t>{0, 1, 2, 3}));
  EXPECT_EQ(S.ReturnValueSets.Limit, 16u);
  EXPECT_EQ(S.ReturnValueSets.Enumerated, 1u);
  EXPECT_EQ(S.ReturnValueSets.MoreThanLimit, 0u);
  EXPECT_EQ(S.ReturnValueSets.NotEnumerated, 0u);
}

TEST_P(ReturnValuesTest, ExactlyTheLimitIsComplete) {
  ExplorationStats S = explore("small", 3);
  EXPECT_EQ(Written.Variants, 2u);
  EXPECT_EQ(S.ReturnValueSets.Enumerated, 1u);
}

TEST_P(ReturnValuesTest, OneMoreThanTheLimitWritesNoVariant) {
  ExplorationStats S = explore("small", 2);
  EXPECT_EQ(Written.Count, 3u);
  EXPECT_EQ(Written.Variants, 0u);
  EXPECT_EQ(S.ReturnValueSets.Enumerated, 0u);
  EXPECT_EQ(S.ReturnValueSets.MoreThanLimit, 1u);
}

TEST_P(ReturnValuesTest, UnboundedValuesAreMoreThanTheLimit) {
  ExplorationStats S = explore("any", 16);
  EXPECT_EQ(Written.Count, 1u);
  EXPECT_EQ(S.ReturnValueSets.MoreThanLimit, 1u);
}

TEST_P(ReturnValuesTest, AnInputDependentValueMayStillBeTheOnlyOne) {
  ExplorationStats S = explore("sole", 16);
  EXPECT_EQ(Written.Count, 2u);
  EXPECT_EQ(S.ReturnValueSets.Enumerated, 1u);
  EXPECT_EQ(S.ReturnVariants, 0u);
}

TEST_P(ReturnValuesTest, ZeroEnumeratesNothing) {
  uint64_t Queries = explore("small", 16).Solver.Queries;
  Written = Tests();
  ExplorationStats S = explore("small", 0);
  EXPECT_EQ(Written.Count, 3u);
  EXPECT_EQ(S.Solver.Queries + 3, Queries); // x != 1, != 2, != 3.
  EXPECT_EQ(S.ReturnValueSets.Enumerated, 0u);
  EXPECT_EQ(S.ReturnValueSets.NotEnumerated, 1u);
}

// x * y fixed at its value: the values the solver would find for x + c are
// no proof of the path's values, though each variant would replay (y stays
// 0 in the solver's sparse models).
TEST_P(ReturnValuesTest, AConcretizedValueIsNoProof) {
  ExplorationStats S = explore("product", 16, /*ConcretizeNonlinear=*/true);
  EXPECT_EQ(Written.Variants, 0u);
  EXPECT_EQ(S.ReturnValueSets.Enumerated, 0u);
  EXPECT_EQ(S.ReturnValueSets.NotEnumerated, 1u);
}

TEST_P(ReturnValuesTest, AStructsBytesAreNotEnumerated) {
  ExplorationStats S = explore("wide", 16);
  EXPECT_EQ(Written.Count, 1u);
  EXPECT_EQ(S.ReturnValueSets.NotEnumerated, 1u);
}

INSTANTIATE_TEST_SUITE_P(BothDrivers, ReturnValuesTest, ::testing::Bool(),
                         [](const auto &Info) {
                           return Info.param ? "Fork" : "Concolic";
                         });

} // namespace
} // namespace theseus
