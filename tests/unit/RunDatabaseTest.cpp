//===- RunDatabaseTest.cpp - The run's record in SQLite -------------------===//
//
// run.db keeps every path and bug as the run reports them, visible to a
// reader once committed (a killed run keeps them), and refuses files that
// are not a run database of this schema. Explanations, closed sides and
// coverage are kept in compact blobs that read back as they were given.
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
    P.Explanation = {{1, StepRow::Way::True, 0}};
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
    Bug.Explanation = {{1, StepRow::Way::False, 0},
                       {200, StepRow::Way::Case, -129},
                       {3, StepRow::Way::Default, 0},
                       {1, StepRow::Way::Case, int64_t(1) << 40},
                       {1u << 30, StepRow::Way::True, 0}};
    Bug.Route = std::string("\x03\xa0", 2);
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
  EXPECT_EQ(Paths[0].Explanation, path(1).Explanation);
  std::vector<StepRow> Steps = {{1, StepRow::Way::False, 0},
                                {200, StepRow::Way::Case, -129},
                                {3, StepRow::Way::Default, 0},
                                {1, StepRow::Way::Case, int64_t(1) << 40},
                                {1u << 30, StepRow::Way::True, 0}};
  EXPECT_EQ(Paths[1].Explanation, Steps);
  std::vector<SiteRow> Sites = Db->sites();
  ASSERT_EQ(Sites.size(), 1u);
  EXPECT_EQ(Sites[0].Condition, "x > 2");
  EXPECT_EQ(Sites[0].Line, 3u);
  EXPECT_EQ(Paths[1].BugKind, "division-by-zero");
  EXPECT_EQ(Paths[1].Line, 7u);
  EXPECT_EQ(Paths[1].NegatedTest, 1u);
  EXPECT_EQ(Paths[1].NegatedDecision, 0u);
  EXPECT_EQ(Paths[1].ReturnValue, "");
  EXPECT_EQ(Paths[0].Route, ""); // A concolic path has none: NULL.
  EXPECT_EQ(Paths[1].Route, std::string("\x03\xa0", 2));
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

// The closed sides of a test that come between two commits are one row;
// all read back in the order each test's sides were closed.
TEST_F(RunDatabaseTest, KeepsEachTestsClosedSidesInOneRowPerCommit) {
  {
    auto Db = RunDatabase::create(Path);
    Db->beginPart({});
    Db->addPath(path(1));
    Db->addPath(path(2));
    Db->addClosedSide({1, 300, true, "infeasible"});
    Db->addClosedSide({2, 0, false, "diverged"});
    Db->addClosedSide({1, 2, false, "unknown"});
    Db->commit();
    Db->addClosedSide({1, 1, true, "pruned"});
    EXPECT_THROW(Db->addClosedSide({1, 1, true, "no such state"}), StoreError);
  } // Closing commits the last one.
  auto Db = RunDatabase::open(Path);
  std::vector<ClosedSideRow> Closed = Db->closedSides();
  ASSERT_EQ(Closed.size(), 4u);
  EXPECT_EQ(Closed[0].Test, 1u);
  EXPECT_EQ(Closed[0].Depth, 300u);
  EXPECT_TRUE(Closed[0].Side);
  EXPECT_EQ(Closed[0].State, "infeasible");
  EXPECT_EQ(Closed[1].Test, 1u);
  EXPECT_EQ(Closed[1].Depth, 2u);
  EXPECT_EQ(Closed[1].State, "unknown");
  EXPECT_EQ(Closed[2].Test, 2u);
  EXPECT_EQ(Closed[2].State, "diverged");
  EXPECT_EQ(Closed[3].Depth, 1u);
  EXPECT_EQ(Closed[3].State, "pruned");
  sqlite3 *Raw = nullptr;
  ASSERT_EQ(sqlite3_open(Path.c_str(), &Raw), SQLITE_OK);
  sqlite3_stmt *Q = nullptr;
  sqlite3_prepare_v2(Raw, "SELECT count(*) FROM closed_sides", -1, &Q, nullptr);
  ASSERT_EQ(sqlite3_step(Q), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(Q, 0), 3);
  sqlite3_finalize(Q);
  sqlite3_close(Raw);
}

// Renumbering moves every column that names a test, and no test keeps a
// file named by its old number.
TEST_F(RunDatabaseTest, RenumberingMovesEveryColumnThatNamesATest) {
  {
    auto Db = RunDatabase::create(Path);
    Db->beginPart({});
    Db->addPath(path(1));
    PathRow Second = path(2);
    Second.NegatedTest = 1;
    Db->addPath(Second);
    PathRow Third = path(3);
    Third.VariantOf = 2;
    Third.Route = "\x01\x80";
    Db->addPath(Third);
    Db->addExchange({1, 0.5, "to-fuzzer", 3, ""});
    Db->addExchange({1, 0.6, "from-fuzzer", 0, "x"});
    Db->setTree({{0, -1, "", "f.c", 1, "normal", 3}});
    Db->addClosedSide({2, 4, true, "infeasible"});
    Db->commit();
    Db->addClosedSide({3, 5, false, "unknown"}); // Pending until renumbered.
    Db->setBugs(
        {{"null-dereference", "f.c", 9, "at 0", 3, 1, "confirmed", ""}});
    Db->renumberTests({3, 1, 2});
    Db->keepTestFile(1, "test000001.json");
  }
  auto Db = RunDatabase::open(Path);
  std::vector<PathRow> Paths;
  Db->forEachPath([&](const PathRow &P) { Paths.push_back(P); });
  ASSERT_EQ(Paths.size(), 3u);
  EXPECT_EQ(Paths[0].PathId, path(3).PathId);
  EXPECT_EQ(Paths[0].VariantOf, 3u);
  EXPECT_EQ(Paths[0].TestFile, "test000001.json");
  EXPECT_EQ(Paths[0].Route, "\x01\x80");
  EXPECT_EQ(Paths[1].PathId, path(1).PathId);
  EXPECT_EQ(Paths[1].TestFile, "");
  EXPECT_EQ(Paths[2].PathId, path(2).PathId);
  EXPECT_EQ(Paths[2].NegatedTest, 2u);
  std::vector<ClosedSideRow> Closed = Db->closedSides();
  ASSERT_EQ(Closed.size(), 2u);
  EXPECT_EQ(Closed[0].Test, 3u);
  EXPECT_EQ(Closed[0].Depth, 4u);
  EXPECT_EQ(Closed[1].Test, 1u);
  EXPECT_EQ(Closed[1].Depth, 5u);
  std::vector<BugRow> Bugs = Db->bugs();
  ASSERT_EQ(Bugs.size(), 1u);
  EXPECT_EQ(Bugs[0].FirstTest, 1u);
  std::vector<ExchangeRow> X = Db->exchanges();
  ASSERT_EQ(X.size(), 2u);
  EXPECT_EQ(X[0].Test, 1u);
  EXPECT_EQ(X[1].Test, 0u); // No test: none to move.
  EXPECT_EQ(Db->tree().at(0).Test, 1u);
}

// Paths that ran the same lines and edges share one coverage row, in this
// part and in a resumed one; what it numbers is described once.
TEST_F(RunDatabaseTest, PathsThatCoverTheSameShareACoverageRow) {
  CoverageRow Some{{0, 3, 4, 200, 70000}, {1, 2}};
  CoverageRow Other{{0, 3, 4}, {}};
  {
    auto Db = RunDatabase::create(Path);
    Db->beginPart({});
    Db->describeCoverage(
        {{0, "line", "f.c", 3, 0, 0}, {1, "edge", "f.c", 4, 2, 1}});
    for (uint64_t N : {1, 2, 3}) {
      PathRow P = path(N);
      P.Covered = N == 2 ? Other : Some;
      Db->addPath(P);
    }
    Db->addPath(path(4)); // Without coverage.
  }
  {
    auto Db = RunDatabase::openToContinue(Path);
    Db->beginPart({});
    Db->describeCoverage({{0, "line", "other.c", 1, 0, 0}}); // Not again.
    PathRow P = path(5);
    P.Covered = Other;
    Db->addPath(P);
  }
  auto Db = RunDatabase::open(Path);
  std::vector<int64_t> Ids;
  Db->forEachPath([&](const PathRow &P) { Ids.push_back(P.CoverageId); });
  ASSERT_EQ(Ids.size(), 5u);
  EXPECT_NE(Ids[0], 0);
  EXPECT_NE(Ids[1], Ids[0]);
  EXPECT_EQ(Ids[2], Ids[0]);
  EXPECT_EQ(Ids[3], 0);
  EXPECT_EQ(Ids[4], Ids[1]);
  std::optional<CoverageRow> Read = Db->coverage(Ids[0]);
  ASSERT_TRUE(Read);
  EXPECT_EQ(Read->Lines, Some.Lines);
  EXPECT_EQ(Read->Edges, Some.Edges);
  EXPECT_EQ(Db->coverage(Ids[1])->Edges.size(), 0u);
  std::vector<CoverageItemRow> Items = Db->coverageItems();
  ASSERT_EQ(Items.size(), 2u);
  EXPECT_EQ(Items[0].Kind, "line");
  EXPECT_EQ(Items[0].File, "f.c");
  EXPECT_EQ(Items[1].Kind, "edge");
  EXPECT_EQ(Items[1].Block, 2u);
  EXPECT_EQ(Items[1].Successor, 1u);
}

TEST_F(RunDatabaseTest, KeepsTheInputsOfEachPart) {
  {
    auto Db = RunDatabase::create(Path);
    Db->beginPart({});
    Db->addInput({1, 1, "parameter", "text", "{\"name\": \"text\"}"});
    Db->addInput({1, 2, "created", "pattern", "{}"});
    Db->commit();
  }
  std::vector<InputRow> Inputs = RunDatabase::open(Path)->inputs();
  ASSERT_EQ(Inputs.size(), 2u);
  EXPECT_EQ(Inputs[0].Kind, "parameter");
  EXPECT_EQ(Inputs[0].Name, "text");
  EXPECT_EQ(Inputs[0].Description, "{\"name\": \"text\"}");
  EXPECT_EQ(Inputs[1].Id, 2);
  EXPECT_EQ(Inputs[1].Kind, "created");
}

// A database of schema version 3 (explanations in JSON, a row per closed
// side) is read but not continued.
TEST_F(RunDatabaseTest, AVersionThreeDatabaseIsReadNotContinued) {
  sqlite3 *Raw = nullptr;
  ASSERT_EQ(sqlite3_open(Path.c_str(), &Raw), SQLITE_OK);
  ASSERT_EQ(
      sqlite3_exec(
          Raw,
          "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
          "INSERT INTO meta VALUES ('schema_version', '3');"
          "CREATE TABLE parts(id INTEGER PRIMARY KEY, started TEXT, "
          "theseus_version TEXT, options TEXT, program TEXT, ended TEXT, "
          "stop_reason TEXT, summary TEXT, module_hash TEXT);"
          "INSERT INTO parts VALUES (1, 'then', '0.1.0', '{}', '{}', NULL, "
          "NULL, NULL, 'abc');"
          "CREATE TABLE paths(number INTEGER PRIMARY KEY, part, run, path_id, "
          "negated_test, negated_decision, variant_of, found_by, seconds, "
          "outcome, bug_kind, file, line, return_value, decisions, "
          "explanation, test_file, test, covers, input, return_values);"
          "INSERT INTO paths VALUES (1, 1, 1, '00000000000000ff', NULL, NULL, "
          "NULL, 'engine', 0.5, 'return', NULL, NULL, NULL, '3', 2, "
          "'[[1,true],[2,\"-5\"],[2,\"default\"]]', NULL, '{\"t\": 1}', "
          "NULL, x'01', NULL);"
          "CREATE TABLE closed_sides(test, depth, side, state);"
          "INSERT INTO closed_sides VALUES (1, 4, 1, 'unknown');",
          nullptr, nullptr, nullptr),
      SQLITE_OK);
  sqlite3_close(Raw);
  auto Db = RunDatabase::open(Path);
  EXPECT_EQ(Db->version(), 3u);
  std::optional<PathRow> P = Db->path(1);
  ASSERT_TRUE(P);
  std::vector<StepRow> Steps = {{1, StepRow::Way::True, 0},
                                {2, StepRow::Way::Case, -5},
                                {2, StepRow::Way::Default, 0}};
  EXPECT_EQ(P->Explanation, Steps);
  EXPECT_EQ(P->Test, "{\"t\": 1}");
  EXPECT_EQ(P->Input, "\x01");
  EXPECT_EQ(P->CoverageId, 0);
  std::vector<ClosedSideRow> Closed = Db->closedSides();
  ASSERT_EQ(Closed.size(), 1u);
  EXPECT_EQ(Closed[0].Depth, 4u);
  EXPECT_EQ(Closed[0].State, "unknown");
  EXPECT_TRUE(Db->inputs().empty());
  try {
    RunDatabase::openToContinue(Path);
    FAIL() << "continued schema version 3";
  } catch (const StoreError &E) {
    EXPECT_NE(std::string(E.what()).find("has schema version 3; this "
                                         "Theseus continues version 5"),
              std::string::npos);
  }
}

// A forking run's tree reads back node by node, each condition kept once;
// a new tree replaces the old one.
TEST_F(RunDatabaseTest, KeepsTheTreeOfAForkingRun) {
  auto Db = RunDatabase::create(Path);
  Db->beginPart({0, "now", "1.0", "{}", "{}", "", "", "", ""});
  std::vector<TreeNodeRow> Nodes = {{0, -1, "", "f.c", 3, "", 0},
                                    {1, 0, "x > 2", "f.c", 5, "", 0},
                                    {2, 0, "!(x > 2)", "f.c", 9, "normal", 1},
                                    {3, 1, "y == 0", "", 0, "infeasible", 0},
                                    {4, 1, "!(y == 0)", "f.c", 7, "error", 2},
                                    {5, 4, "x > 2", "f.c", 8, "normal", 3}};
  Db->setTree({{0, -1, "", "f.c", 1, "normal", 9}});
  Db->setTree(Nodes);
  std::vector<TreeNodeRow> Back = Db->tree();
  ASSERT_EQ(Back.size(), Nodes.size());
  for (size_t I = 0; I < Nodes.size(); ++I) {
    EXPECT_EQ(Back[I].Id, Nodes[I].Id);
    EXPECT_EQ(Back[I].Parent, Nodes[I].Parent);
    EXPECT_EQ(Back[I].Condition, Nodes[I].Condition);
    EXPECT_EQ(Back[I].File, Nodes[I].File);
    EXPECT_EQ(Back[I].Line, Nodes[I].Line);
    EXPECT_EQ(Back[I].Leaf, Nodes[I].Leaf);
    EXPECT_EQ(Back[I].Test, Nodes[I].Test);
  }
  sqlite3 *Raw = nullptr;
  ASSERT_EQ(sqlite3_open(Path.c_str(), &Raw), SQLITE_OK);
  sqlite3_stmt *Q = nullptr;
  sqlite3_prepare_v2(Raw, "SELECT count(*) FROM conditions", -1, &Q, nullptr);
  ASSERT_EQ(sqlite3_step(Q), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(Q, 0), 4); // "x > 2" once.
  sqlite3_finalize(Q);
  sqlite3_close(Raw);
}

// The inputs exchanged with the fuzzer read back in order; an input
// offered or one that made a test has no bytes of its own.
TEST_F(RunDatabaseTest, KeepsTheInputsExchangedWithTheFuzzer) {
  auto Db = RunDatabase::create(Path);
  Db->beginPart({0, "now", "1.0", "{}", "{}", "", "", "", ""});
  Db->addPath(path(1));
  Db->addExchange({1, 0.25, "to-fuzzer", 1, ""});
  Db->addExchange({1, 0.5, "from-fuzzer", 0, std::string("ab\0c", 4)});
  Db->addExchange({1, 0.75, "from-fuzzer", 1, ""});
  Db->commit();
  std::vector<ExchangeRow> X = RunDatabase::open(Path)->exchanges();
  ASSERT_EQ(X.size(), 3u);
  EXPECT_EQ(X[0].Direction, "to-fuzzer");
  EXPECT_EQ(X[0].Test, 1u);
  EXPECT_EQ(X[0].Seconds, 0.25);
  EXPECT_EQ(X[1].Direction, "from-fuzzer");
  EXPECT_EQ(X[1].Test, 0u);
  EXPECT_EQ(X[1].Input, std::string("ab\0c", 4));
  EXPECT_EQ(X[2].Input, "");
}

// A database of schema version 4 (no routes) is read but not continued.
TEST_F(RunDatabaseTest, AVersionFourDatabaseIsReadNotContinued) {
  {
    auto Db = RunDatabase::create(Path);
    Db->beginPart({0, "then", "1.0", "{}", "{}", "", "", "", ""});
    Db->addPath(path(1));
  }
  sqlite3 *Raw = nullptr;
  ASSERT_EQ(sqlite3_open(Path.c_str(), &Raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(Raw,
                         "ALTER TABLE paths DROP COLUMN route;"
                         "DROP TABLE tree; DROP TABLE conditions;"
                         "DROP TABLE exchange;"
                         "UPDATE meta SET value = '4' WHERE key = "
                         "'schema_version'",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(Raw);
  auto Db = RunDatabase::open(Path);
  EXPECT_EQ(Db->version(), 4u);
  std::optional<PathRow> P = Db->path(1);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Test, path(1).Test);
  EXPECT_EQ(P->Route, "");
  EXPECT_TRUE(Db->tree().empty());
  try {
    RunDatabase::openToContinue(Path);
    FAIL() << "continued schema version 4";
  } catch (const StoreError &E) {
    EXPECT_NE(std::string(E.what()).find("has schema version 4; this "
                                         "Theseus continues version 5"),
              std::string::npos);
  }
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
    EXPECT_NE(std::string(E.what()).find("continues version 5"),
              std::string::npos);
  }
}

} // namespace
} // namespace theseus
