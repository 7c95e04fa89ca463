//===- RunDatabase.h - The run's record in SQLite -------------------------===//
//
// Every run keeps its record in run.db, an SQLite database in the run
// directory: the parts of the run (a resumed run adds one), every path with
// its test and coverage, and the bugs. It is written as the run goes, in WAL
// mode, so a run that is killed keeps what it reported up to the last commit
// (at most CommitInterval before), and a user can query it with `sqlite3` while
// the run goes on. The schema is documented in docs/run-database.md and
// versioned by `meta.schema_version`.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_STORE_RUNDATABASE_H
#define THESEUS_STORE_RUNDATABASE_H

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

struct sqlite3;

namespace theseus {

/// The version of the schema this Theseus writes and reads.
constexpr unsigned RunDatabaseSchemaVersion = 5;
/// The database's name in the run directory.
constexpr const char *RunDatabaseName = "run.db";

/// A database that cannot be opened, read or written.
struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One part of a run: the first run or one resumption of it.
struct PartRow {
  int64_t Id = 0;
  std::string Started; ///< ISO 8601, UTC.
  std::string TheseusVersion;
  std::string Options; ///< JSON: the options of this part.
  std::string Program; ///< JSON: the program as each test names it.
  std::string Ended;   ///< Empty while the part runs.
  std::string StopReason;
  std::string Summary; ///< JSON: summary.json at the end of the part.
  /// The program's compiled module, hashed: a run resumes only on the
  /// same one.
  std::string ModuleHash;
};

/// A decision of a path: where it was taken (a SiteRow's id) and which
/// way.
struct StepRow {
  enum class Way : uint8_t { False, True, Default, Case };
  int64_t Site = 0;
  Way Taken = Way::False;
  int64_t Case = 0; ///< The switch's case value, for Way::Case.
  bool operator==(const StepRow &O) const {
    return Site == O.Site && Taken == O.Taken && Case == O.Case;
  }
};

/// What a path ran: its lines and branch edges, as Coverage numbers them
/// (the same numbers in every process on the same module), each sorted.
struct CoverageRow {
  std::vector<uint32_t> Lines, Edges;
};

/// A line or branch edge that CoverageRow numbers: `Id` among the lines
/// or among the edges (`Kind` "line" or "edge"); an edge is the successor
/// `Successor` of the branch `Block` (numbered as in coverage.info).
struct CoverageItemRow {
  uint32_t Id = 0;
  std::string Kind;
  std::string File;
  unsigned Line = 0, Block = 0, Successor = 0;
};

/// One path that ended (or was interrupted), with its test.
struct PathRow {
  uint64_t Number = 0; ///< The 1-based test number, as in testNNNNNN.json.
  int64_t Part = 0;
  uint64_t Run = 0;
  uint64_t PathId = 0; ///< The hash of its branch edges.
  uint64_t NegatedTest = 0, NegatedDecision = 0, VariantOf = 0;
  std::string FoundBy; ///< "engine", or who found its input ("fuzzer").
  double Seconds = 0;  ///< Since the start of the run.
  std::string Outcome; ///< "return", "exit", "bug", ...
  std::string BugKind;
  std::string File;
  unsigned Line = 0;
  std::string ReturnValue; ///< As JSON; empty when it did not return.
  unsigned Decisions = 0;
  /// The decisions of the path in order.
  std::vector<StepRow> Explanation;
  /// The test's file name; empty when the run keeps no file of it (not in
  /// the suite).
  std::string TestFile;
  /// The test as JSON, format theseus-test-1, without its "program" (the
  /// part's) and "explanation" (Explanation, with the sites); from schema
  /// version 4 on also without what the other columns and the part's
  /// inputs hold (see docs/run-database.md, StoredTestText).
  std::string Test;
  /// JSON: the lines and branch edges its path ran, by file, for the paths
  /// offered to the suite; empty for the others.
  std::string Covers;
  /// What the path ran, when the run records it (adding a path); read
  /// back as the id of its row in `coverage` (0: none).
  std::optional<CoverageRow> Covered;
  int64_t CoverageId = 0;
  /// The run's input, every input array by name with its bytes
  /// (encodeAssignment): what a resumed run runs again.
  std::string Input;
  /// How the search for the path's other return values ended
  /// ("enumerated", ...); empty when there was none.
  std::string ReturnValues;
  /// A forking run's: the path's decisions (explore/Route.h's encoding),
  /// what a resumed forking run rebuilds its tree from; empty otherwise.
  std::string Route;
};

/// A side of a decision on test `Test`'s path, at `Depth` decisions from
/// the root, that the run closed without a run taking it.
struct ClosedSideRow {
  uint64_t Test = 0;
  uint32_t Depth = 0;
  bool Side = false;
  std::string State; ///< "infeasible", "unknown", "diverged", "pruned".
};

/// An input of the tests of part `Part`: a parameter of the entry or an
/// input the program created, described once (JSON) for every test that
/// has it.
struct InputRow {
  int64_t Part = 0, Id = 0;
  std::string Kind; ///< "parameter" or "created".
  std::string Name;
  std::string Description;
};

/// Where a decision is taken, in source terms.
struct SiteRow {
  int64_t Id = 0;
  std::string File;
  unsigned Line = 0;
  std::string Condition; ///< As source text.
  std::string Kind;      ///< "branch", "check" or "assume".
};

/// A node of a forking run's tree (as tree.json has it): its parent (-1 at
/// the root), the condition added on the edge from it (as the tree prints
/// it; empty at the root), where the node's run ends, and for a leaf its
/// kind and its test (0: none).
struct TreeNodeRow {
  uint32_t Id = 0;
  int64_t Parent = -1;
  std::string Condition;
  std::string File;
  unsigned Line = 0;
  std::string Leaf;
  uint64_t Test = 0;
};

/// --fuzz: an input that went between the search and the fuzzer in part
/// `Part`, `Seconds` after the part started: "to-fuzzer" (test `Test`'s
/// input) or "from-fuzzer" (the test its run made, or 0 and the input as
/// the fuzzer gave it).
struct ExchangeRow {
  int64_t Part = 0;
  double Seconds = 0;
  std::string Direction;
  uint64_t Test = 0;
  std::string Input;
};

/// One distinct bug and its confirmation by a native run.
struct BugRow {
  std::string Kind, File;
  unsigned Line = 0;
  std::string Message;
  uint64_t FirstTest = 0;
  uint64_t Count = 0;
  std::string Confirmation, Replay;
};

class RunDatabase {
public:
  /// Commits of the paths added are at most this far apart.
  static constexpr std::chrono::milliseconds CommitInterval{50};

  /// Creates the database `Path`, replacing an earlier run's.
  static std::unique_ptr<RunDatabase> create(const std::string &Path);
  /// Opens the existing database `Path` for reading.
  static std::unique_ptr<RunDatabase> open(const std::string &Path);
  /// Opens the existing database `Path` to add a part (a resumed run).
  static std::unique_ptr<RunDatabase> openToContinue(const std::string &Path);
  ~RunDatabase();
  RunDatabase(const RunDatabase &) = delete;
  RunDatabase &operator=(const RunDatabase &) = delete;

  /// Starts a part of the run; returns its id.
  int64_t beginPart(const PartRow &P);
  /// Ends part `Id` with its stop reason and summary, and commits.
  void endPart(int64_t Id, const std::string &StopReason,
               const std::string &Summary);
  /// Adds a path; committed with the next commit (at most CommitInterval
  /// later, or by commit()).
  void addPath(const PathRow &P);
  /// Notes that the run keeps no file of the tests `Numbers` (dropped from
  /// the suite), and commits.
  void dropTestFiles(const std::vector<uint64_t> &Numbers);
  /// Notes that the run keeps test `Number` as the file `Name` again.
  void keepTestFile(uint64_t Number, const std::string &Name);
  /// Notes how the search for the other return values of test `Number`'s
  /// path ended.
  void setReturnValues(uint64_t Number, const std::string &How);
  /// Adds a closed side; committed with the next commit, one row with
  /// each test's sides closed since the commit before.
  void addClosedSide(const ClosedSideRow &C);
  /// Adds an input description; committed with the next path.
  void addInput(const InputRow &I);
  /// Describes the lines and edges that coverage rows number, unless an
  /// earlier part did (on the same module: the same numbers).
  void describeCoverage(const std::vector<CoverageItemRow> &Items);
  /// Adds a decision site; committed with the next path.
  void addSite(const SiteRow &S);
  /// Numbers the tests again: the test numbered `Order[K]` becomes test
  /// K + 1 (`Order` holds every test's number once), in every column that
  /// names a test. No test keeps its file: the caller writes the files
  /// again (keepTestFile). One transaction, committed.
  void renumberTests(const std::vector<uint64_t> &Order);
  /// Replaces the bugs (their confirmations change as the run goes).
  void setBugs(const std::vector<BugRow> &Bugs);
  /// Adds an input that went to the fuzzer or came from it; committed
  /// with the next commit.
  void addExchange(const ExchangeRow &X);
  /// Replaces the tree of a forking run with `Nodes` (parents first), and
  /// commits.
  void setTree(const std::vector<TreeNodeRow> &Nodes);
  /// Makes everything added so far durable.
  void commit();

  std::vector<PartRow> parts();
  uint64_t pathCount();
  std::vector<SiteRow> sites();
  /// The inputs of every part.
  std::vector<InputRow> inputs();
  /// The coverage row `Id` (PathRow::CoverageId).
  std::optional<CoverageRow> coverage(int64_t Id);
  std::vector<CoverageItemRow> coverageItems();
  /// The schema version of the database.
  unsigned version() const { return Version; }
  /// The path of test `Number`, if there is one.
  std::optional<PathRow> path(uint64_t Number);
  /// The columns of `paths` forEachPath reads.
  enum class PathColumns {
    All,
    /// All but the test and its covers.
    NoTest,
    /// All but the test, its covers and its explanation (what resuming
    /// reads).
    NoText,
  };
  /// Calls `Fn` for each path in the order of their numbers.
  void forEachPath(const std::function<void(const PathRow &)> &Fn,
                   PathColumns Columns = PathColumns::All);
  std::vector<BugRow> bugs();
  /// The closed sides in the order they were closed.
  std::vector<ClosedSideRow> closedSides();
  /// The tree's nodes by id; none in concolic mode and before version 5.
  std::vector<TreeNodeRow> tree();
  /// The inputs exchanged with the fuzzer, in order; none before version 5.
  std::vector<ExchangeRow> exchanges();

private:
  enum class Mode { Create, Read, Continue };
  RunDatabase(const std::string &Path, Mode How);
  void execute(const char *Sql);
  void beginIfIdle();
  /// Writes the closed sides added since the last commit.
  void flushClosedSides();
  /// The id of the coverage row `C`, added when it is new.
  int64_t coverageId(const CoverageRow &C);

  std::string Path;
  sqlite3 *Db = nullptr;
  struct Statements;
  std::unique_ptr<Statements> Prepared;
  unsigned Version = RunDatabaseSchemaVersion;
  bool InTransaction = false;
  std::chrono::steady_clock::time_point LastCommit;
  /// Closed sides not yet written, encoded, by test.
  std::map<uint64_t, std::string> PendingSides;
  /// The coverage rows by their encoding (lines, then edges), read in
  /// when a run is continued.
  std::unordered_map<std::string, int64_t> CoverageIds;
};

} // namespace theseus

#endif
