//===- TreeOrderTest.cpp - Test numbers in tree order ---------------------===//
//
// Tree order is depth first with the false side first, a path that ends
// where another goes on before it, sites told apart by their words when
// two paths meet different ones, and the tests of one path by return value
// (numerically, not as text).
//
//===----------------------------------------------------------------------===//
#include "report/TreeOrder.h"
#include "store/RunDatabase.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <unistd.h>

namespace theseus {
namespace {

PathRow pathWith(uint64_t Number, std::vector<StepRow> Steps,
                 std::string ReturnValue) {
  PathRow P;
  P.Number = Number;
  P.Part = 1;
  P.PathId = Number;
  P.FoundBy = "engine";
  P.Outcome = "return";
  P.ReturnValue = std::move(ReturnValue);
  P.Explanation = std::move(Steps);
  P.Test = "{}";
  return P;
}

TEST(TreeOrderTest, DepthFirstFalseSideFirstThenByReturnValue) {
  std::filesystem::path Path =
      std::filesystem::temp_directory_path() /
      ("theseus-treeorder-" + std::to_string(getpid()) + ".db");
  std::filesystem::remove(Path);
  {
    auto Db = RunDatabase::create(Path.string());
    Db->beginPart({});
    // Site 2 was met first, but site 3's words come first.
    Db->addSite({1, "a.c", 5, "x > 0", "branch"});
    Db->addSite({2, "b.c", 1, "y > 0", "branch"});
    Db->addSite({3, "a.c", 9, "z > 0", "branch"});
    using W = StepRow::Way;
    Db->addPath(pathWith(1, {{1, W::True, 0}}, "5"));
    Db->addPath(pathWith(2, {{1, W::False, 0}, {2, W::True, 0}}, "10"));
    Db->addPath(pathWith(3, {{1, W::False, 0}}, "0"));
    Db->addPath(pathWith(4, {{1, W::False, 0}, {2, W::True, 0}}, "9"));
    Db->addPath(pathWith(5, {{1, W::False, 0}, {3, W::False, 0}}, "1"));
    Db->addPath(pathWith(6, {{1, W::False, 0}, {2, W::True, 0}}, "-3"));
    Db->commit();
    EXPECT_EQ(treeOrder(*Db), (std::vector<uint64_t>{3, 5, 6, 4, 2, 1}));
  }
  std::filesystem::remove(Path);
}

} // namespace
} // namespace theseus
