//===- RunDatabaseTest.cpp - The run's record in SQLite -------------------===//
//
// run.db keeps every path and bug as the run reports them, visible to a
// reader once committed (a killed run keeps them), and refuses files that
// are not a run database of this schema.
//
//===----------------------------------------------------------------------===//
#include "store/RunDatabase.h"

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace theseus {
namespace {

class RunDatabaseTest : public ::testing::Test {
protected:
  RunDatabaseTest()
      : Dir(std::filesystem::temp_directory_path() /
            ("theseus-rundb-" + std::to_string(getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name())),
        Path((Dir / "run.db").string()) {
    std::filesystem::create_directories(Dir);
  }
  ~RunDatabaseTest() override { std::filesystem::remove_all(Dir); }

  static PathRow path(uint64_t Number) {
    PathRow P;
    P.Number = Number;
    P.Part = 1;
    P.Run = Number;
    P.PathId = 0xfedcba9876543210ULL + Number;
    P.FoundBy = "engine";
    P.Seconds = 0.5 * double(Number);
    P.Outcome = "return";
    P.ReturnValue = std::to_string(Number * 10);
    P.Decisions = unsigned(Number);
    P.Explanation = "[[1,true]]";
    P.TestFile = "test00000" + std::to_string(Number) + ".json";
    P.Test = "{\"n\": " + std::to_string(Number) + "}";
    return P;
  }

  std::filesystem::path Dir;
  std::string Path;
};

TEST_F(RunDatabaseTest, KeepsPartsPathsAndBugs) {
  {
    auto Db = RunDatabase::create(Path);
    int64_t Part =
        Db->beginPart({0, "2026-11-27T00:00:00Z", "1.0",
                       "{\"command_line\": []}", "{}", "", "", "", ""});
    EXPECT_EQ(Part, 1);
    Db->addSite({1, "f.c", 3, "x > 2", "branch"});
    Db->addPath(path(1));
    PathRow Bug = path(2);
    Bug.Outcome = "bug";
    Bug.BugKind = "division-by-zero";
    Bug.File = "f.c";
    Bug.Line = 7;
    Bug.ReturnValue.clear();
    Bug.NegatedTest = 1;
    Bug.NegatedDecision = 0; // The first decision: not NULL.
    Db->addPath(Bug);
    Db->setBugs({{"division-by-zero", "f.c", 7, "x / 0", 2, 1, "confirmed",
                  "native run: SIGFPE"}});
    Db->endPart(Part, "exhausted", "{\"paths\": 2}");
  }
  auto Db = RunDatabase::open(Path);
  std::vector<PartRow> Parts = Db->parts();
  ASSERT_EQ(Parts.size(), 1u);
  EXPECT_EQ(Parts[0].StopReason, "exhausted");
  EXPECT_EQ(Parts[0].Summary, "{\"paths\": 2}");
  EXPECT_FALSE(Parts[0].Ended.empty());
  std::vector<PathRow> Paths;
  Db->forEachPath([&](const PathRow &P) { Paths.push_back(P); });
  ASSERT_EQ(Paths.size(), 2u);
  EXPECT_EQ(Paths[0].PathId, 0xfedcba9876543211ULL);
  EXPECT_EQ(Paths[0].ReturnValue, "10");
  EXPECT_EQ(Paths[0].NegatedTest, 0u); // NULL reads as none.
  EXPECT_EQ(Paths[0].Test, "{\"n\": 1}");
  EXPECT_EQ(Paths[0].Explanation, "[[1,true]]");
  std::vector<SiteRow> Sites = Db->sites();
  ASSERT_EQ(Sites.size(), 1u);
  EXPECT_EQ(Sites[0].Condition, "x > 2");
  EXPECT_EQ(Sites[0].Line, 3u);
  EXPECT_EQ(Paths[1].BugKind, "division-by-zero");
  EXPECT_EQ(Paths[1].Line, 7u);
  EXPECT_EQ(Paths[1].NegatedTest, 1u);
  EXPECT_EQ(Paths[1].NegatedDecision, 0u);
  EXPECT_EQ(Paths[1].ReturnValue, "");
  sqlite3 *Raw = nullptr;
  ASSERT_EQ(sqlite3_open(Path.c_str(), &Raw), SQLITE_OK);
  sqlite3_stmt *Q = nullptr;
  sqlite3_prepare_v2(Raw,
                     "SELECT negated_decision IS NULL FROM paths ORDER BY "
                     "number",
                     -1, &Q, nullptr);
  ASSERT_EQ(sqlite3_step(Q), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(Q, 0), 1); // Not solved from another test.
  ASSERT_EQ(sqlite3_step(Q), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(Q, 0), 0);
  sqlite3_finalize(Q);
  sqlite3_close(Raw);
  std::vector<BugRow> Bugs = Db->bugs();
  ASSERT_EQ(Bugs.size(), 1u);
  EXPECT_EQ(Bugs[0].FirstTest, 2u);
  EXPECT_EQ(Bugs[0].Confirmation, "confirmed");
}

// The writer is never closed here, as when the run is killed: what was
// committed is there for a reader, what was not is not.
TEST_F(RunDatabaseTest, AReaderSeesWhatWasCommittedWhileTheRunGoesOn) {
  auto Writer = RunDatabase::create(Path);
  Writer->beginPart({0, "now", "1.0", "{}", "{}", "", "", "", ""});
  Writer->addPath(path(1));
  Writer->commit();
  Writer->addPath(path(2)); // Within CommitInterval: not yet committed.
  auto Reader = RunDatabase::open(Path);
  EXPECT_EQ(Reader->pathCount(), 1u);
  Writer->commit();
  EXPECT_EQ(Reader->pathCount(), 2u);
}

TEST_F(RunDatabaseTest, CreateReplacesAnEarlierRun) {
  {
    auto Db = RunDatabase::create(Path);
    Db->beginPart({0, "then", "1.0", "{}", "{}", "", "", "", ""});
    Db->addPath(path(1));
  }
  auto Db = RunDatabase::create(Path);
  EXPECT_EQ(Db->pathCount(), 0u);
  EXPECT_TRUE(Db->parts().empty());
}

TEST_F(RunDatabaseTest, RefusesWhatIsNotARunDatabaseOfThisSchema) {
  std::ofstream(Path) << "not a database";
  try {
    RunDatabase::open(Path);
    FAIL() << "opened a text file";
  } catch (const StoreError &E) {
    EXPECT_NE(std::string(E.what()).find("is not a Theseus run database"),
              std::string::npos);
  }
  std::filesystem::remove(Path);
  RunDatabase::create(Path).reset();
  sqlite3 *Raw = nullptr;
  ASSERT_EQ(sqlite3_open(Path.c_str(), &Raw), SQLITE_OK);
  sqlite3_exec(Raw, "UPDATE meta SET value = '99' WHERE key = 'schema_version'",
               nullptr, nullptr, nullptr);
  sqlite3_close(Raw);
  try {
    RunDatabase::open(Path);
    FAIL() << "opened schema version 99";
  } catch (const StoreError &E) {
    EXPECT_NE(std::string(E.what()).find("schema version 99"),
              std::string::npos);
  }
  EXPECT_THROW(RunDatabase::open((Dir / "missing.db").string()), StoreError);
}

// A resumed run adds a part to the database and reads back what resuming
// needs: the module's hash, each test's input (bytes, NULs included), how
// its return values were settled, and the closed sides.
TEST_F(RunDatabaseTest, ContinuesARunWithWhatResumingNeeds) {
  const std::string Input("\x01\x00\x00\x00s\x00\xff", 7);
  {
    auto Db = RunDatabase::create(Path);
    PartRow P;
    P.ModuleHash = "0123456789abcdef";
    int64_t Part = Db->beginPart(P);
    PathRow Row = path(1);
    Row.Input = Input;
    Db->addPath(Row);
    Db->setReturnValues(1, "more-than-limit");
    Db->addClosedSide({1, 3, true, "infeasible"});
    Db->endPart(Part, "max-time", "{}");
  }
  {
    auto Db = RunDatabase::openToContinue(Path);
    EXPECT_EQ(Db->beginPart({}), 2);
    PathRow Row = path(2);
    Row.TestFile.clear();
    Db->addPath(Row);
    Db->keepTestFile(2, "test000002.json");
  }
  auto Db = RunDatabase::open(Path);
  std::vector<PartRow> Parts = Db->parts();
  ASSERT_EQ(Parts.size(), 2u);
  EXPECT_EQ(Parts[0].ModuleHash, "0123456789abcdef");
  std::optional<PathRow> First = Db->path(1);
  ASSERT_TRUE(First);
  EXPECT_EQ(First->Input, Input);
  EXPECT_EQ(First->ReturnValues, "more-than-limit");
  EXPECT_EQ(Db->path(2)->TestFile, "test000002.json");
  EXPECT_EQ(Db->path(2)->ReturnValues, "");
  EXPECT_FALSE(Db->path(3));
  std::vector<ClosedSideRow> Closed = Db->closedSides();
  ASSERT_EQ(Closed.size(), 1u);
  EXPECT_EQ(Closed[0].Test, 1u);
  EXPECT_EQ(Closed[0].Depth, 3u);
  EXPECT_TRUE(Closed[0].Side);
  EXPECT_EQ(Closed[0].State, "infeasible");
}

// A database of schema version 2 is read but not continued.
TEST_F(RunDatabaseTest, AVersionTwoDatabaseIsReadNotContinued) {
  RunDatabase::create(Path).reset();
  sqlite3 *Raw = nullptr;
  ASSERT_EQ(sqlite3_open(Path.c_str(), &Raw), SQLITE_OK);
  sqlite3_exec(Raw, "UPDATE meta SET value = '2' WHERE key = 'schema_version'",
               nullptr, nullptr, nullptr);
  sqlite3_close(Raw);
  EXPECT_NO_THROW(RunDatabase::open(Path));
  try {
    RunDatabase::openToContinue(Path);
    FAIL() << "continued schema version 2";
  } catch (const StoreError &E) {
    EXPECT_NE(std::string(E.what()).find("continues version 3"),
              std::string::npos);
  }
}

} // namespace
} // namespace theseus
