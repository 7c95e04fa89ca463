//===- RunDatabase.cpp - The run's record in SQLite -----------------------===//
#include "store/RunDatabase.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <unistd.h>

namespace theseus {

namespace {

const char *const Schema = R"SQL(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE parts(
  id INTEGER PRIMARY KEY,
  started TEXT NOT NULL,
  theseus_version TEXT NOT NULL,
  options TEXT NOT NULL,
  program TEXT NOT NULL,
  ended TEXT,
  stop_reason TEXT,
  summary TEXT,
  module_hash TEXT NOT NULL);
CREATE TABLE inputs(
  part INTEGER NOT NULL REFERENCES parts(id),
  id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  PRIMARY KEY (part, id));
CREATE TABLE paths(
  number INTEGER PRIMARY KEY,
  part INTEGER NOT NULL REFERENCES parts(id),
  run INTEGER NOT NULL,
  path_id TEXT NOT NULL,
  negated_test INTEGER,
  negated_decision INTEGER,
  variant_of INTEGER,
  found_by TEXT NOT NULL,
  seconds REAL NOT NULL,
  outcome TEXT NOT NULL,
  bug_kind TEXT,
  file TEXT,
  line INTEGER,
  return_value TEXT,
  decisions INTEGER NOT NULL,
  explanation BLOB NOT NULL,
  test_file TEXT,
  test TEXT NOT NULL,
  covers TEXT,
  coverage INTEGER REFERENCES coverage(id),
  input BLOB NOT NULL,
  return_values TEXT,
  route BLOB);
CREATE TABLE coverage(
  id INTEGER PRIMARY KEY,
  lines BLOB NOT NULL,
  edges BLOB NOT NULL);
CREATE TABLE coverage_items(
  kind TEXT NOT NULL,
  id INTEGER NOT NULL,
  file TEXT NOT NULL,
  line INTEGER NOT NULL,
  block INTEGER,
  successor INTEGER,
  PRIMARY KEY (kind, id));
CREATE TABLE closed_sides(
  test INTEGER NOT NULL REFERENCES paths(number),
  sides BLOB NOT NULL);
CREATE TABLE sites(
  id INTEGER PRIMARY KEY,
  file TEXT NOT NULL,
  line INTEGER NOT NULL,
  condition TEXT NOT NULL,
  kind TEXT NOT NULL);
CREATE TABLE exchange(
  part INTEGER NOT NULL REFERENCES parts(id),
  seconds REAL NOT NULL,
  direction TEXT NOT NULL,
  test INTEGER REFERENCES paths(number),
  input BLOB);
CREATE TABLE conditions(
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL UNIQUE);
CREATE TABLE tree(
  id INTEGER PRIMARY KEY,
  parent INTEGER REFERENCES tree(id),
  condition INTEGER REFERENCES conditions(id),
  file TEXT,
  line INTEGER,
  leaf TEXT,
  test INTEGER REFERENCES paths(number));
CREATE TABLE bugs(
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  file TEXT,
  line INTEGER,
  message TEXT NOT NULL,
  first_test INTEGER NOT NULL REFERENCES paths(number),
  count INTEGER NOT NULL,
  confirmation TEXT NOT NULL,
  replay TEXT);
)SQL";

/// Unsigned LEB128: 7 bits a byte, the low ones first, the high bit set on
/// every byte but the last.
void putVarint(std::string &Out, uint64_t V) {
  while (V >= 0x80) {
    Out += char((V & 0x7f) | 0x80);
    V >>= 7;
  }
  Out += char(V);
}

/// Reads a varint from `In`, consuming it; throws on a damaged one.
uint64_t takeVarint(std::string_view &In) {
  uint64_t V = 0;
  for (unsigned Shift = 0; Shift < 64 && !In.empty(); Shift += 7) {
    uint8_t B = uint8_t(In.front());
    In.remove_prefix(1);
    V |= uint64_t(B & 0x7f) << Shift;
    if (!(B & 0x80))
      return V;
  }
  throw StoreError("a damaged blob in the run database");
}

uint64_t zigzag(int64_t V) { return (uint64_t(V) << 1) ^ uint64_t(V >> 63); }
int64_t unzigzag(uint64_t V) { return int64_t(V >> 1) ^ -int64_t(V & 1); }

/// A path's decisions: each the varint site * 4 + way (StepRow::Way), a
/// case value following as a zigzag varint.
std::string encodeSteps(const std::vector<StepRow> &Steps) {
  std::string Out;
  for (const StepRow &S : Steps) {
    putVarint(Out, uint64_t(S.Site) << 2 | uint64_t(S.Taken));
    if (S.Taken == StepRow::Way::Case)
      putVarint(Out, zigzag(S.Case));
  }
  return Out;
}

std::vector<StepRow> decodeSteps(std::string_view In) {
  std::vector<StepRow> Out;
  while (!In.empty()) {
    uint64_t V = takeVarint(In);
    StepRow S{int64_t(V >> 2), StepRow::Way(V & 3), 0};
    if (S.Taken == StepRow::Way::Case)
      S.Case = unzigzag(takeVarint(In));
    Out.push_back(S);
  }
  return Out;
}

/// Schema version 3's explanation: JSON, [[site, taken], ...], taken true,
/// false, "default" or a case value as a string.
std::vector<StepRow> parseSteps(const std::string &Json) {
  std::vector<StepRow> Out;
  for (const nlohmann::json &Step : nlohmann::json::parse(Json)) {
    StepRow S{Step.at(0).get<int64_t>(), StepRow::Way::False, 0};
    const nlohmann::json &Taken = Step.at(1);
    if (Taken.is_boolean())
      S.Taken = Taken.get<bool>() ? StepRow::Way::True : StepRow::Way::False;
    else if (Taken.get<std::string>() == "default")
      S.Taken = StepRow::Way::Default;
    else {
      S.Taken = StepRow::Way::Case;
      S.Case = std::stoll(Taken.get<std::string>());
    }
    Out.push_back(S);
  }
  return Out;
}

/// The states of closed sides, numbered in their blobs.
constexpr const char *SideStates[] = {"infeasible", "unknown", "diverged",
                                      "pruned",     "closed",  "elsewhere",
                                      "explored",   "open",    "unseen"};

/// A closed side in a test's blob: the varint depth * 2 + side, then the
/// state's number in SideStates.
void encodeSide(std::string &Out, const ClosedSideRow &C) {
  auto It = std::find_if(std::begin(SideStates), std::end(SideStates),
                         [&](const char *S) { return C.State == S; });
  if (It == std::end(SideStates))
    throw StoreError("a closed side of unknown state " + C.State);
  putVarint(Out, uint64_t(C.Depth) << 1 | uint64_t(C.Side));
  Out += char(It - std::begin(SideStates));
}

void decodeSides(uint64_t Test, std::string_view In,
                 std::vector<ClosedSideRow> &Out) {
  while (!In.empty()) {
    uint64_t V = takeVarint(In);
    if (In.empty() || uint8_t(In.front()) >= std::size(SideStates))
      throw StoreError("a damaged closed side in the run database");
    Out.push_back(
        {Test, uint32_t(V >> 1), bool(V & 1), SideStates[uint8_t(In.front())]});
    In.remove_prefix(1);
  }
}

/// Sorted numbers as the varint differences from the one before (the first
/// from 0).
std::string encodeSorted(const std::vector<uint32_t> &Ids) {
  std::string Out;
  uint32_t Last = 0;
  for (uint32_t Id : Ids) {
    putVarint(Out, Id - Last);
    Last = Id;
  }
  return Out;
}

std::vector<uint32_t> decodeSorted(std::string_view In) {
  std::vector<uint32_t> Out;
  uint32_t Last = 0;
  while (!In.empty())
    Out.push_back(Last += uint32_t(takeVarint(In)));
  return Out;
}

/// A coverage row's two blobs as one key.
std::string coverageKey(const std::string &Lines, const std::string &Edges) {
  std::string Key;
  putVarint(Key, Lines.size());
  return Key + Lines + Edges;
}

/// A prepared statement, reset for reuse after each run.
class Statement {
public:
  Statement(sqlite3 *Db, const char *Sql) : Db(Db) {
    if (sqlite3_prepare_v2(Db, Sql, -1, &S, nullptr) != SQLITE_OK)
      throw StoreError(sqlite3_errmsg(Db));
  }
  ~Statement() { sqlite3_finalize(S); }
  Statement(const Statement &) = delete;
  Statement &operator=(const Statement &) = delete;

  Statement &bind(int I, int64_t V) {
    check(sqlite3_bind_int64(S, I, V));
    return *this;
  }
  Statement &bind(int I, double V) {
    check(sqlite3_bind_double(S, I, V));
    return *this;
  }
  /// Text; empty text is bound as NULL where `EmptyIsNull`.
  Statement &bind(int I, const std::string &V, bool EmptyIsNull = false) {
    if (EmptyIsNull && V.empty())
      check(sqlite3_bind_null(S, I));
    else
      check(sqlite3_bind_text(S, I, V.data(), int(V.size()), SQLITE_STATIC));
    return *this;
  }
  /// `V`, or NULL unless `Present`.
  Statement &bindIf(int I, bool Present, int64_t V) {
    if (Present)
      return bind(I, V);
    check(sqlite3_bind_null(S, I));
    return *this;
  }
  /// A blob; an empty one is bound as NULL where `EmptyIsNull`.
  Statement &bindBlob(int I, const std::string &V, bool EmptyIsNull = false) {
    if (EmptyIsNull && V.empty())
      check(sqlite3_bind_null(S, I));
    else
      check(sqlite3_bind_blob(S, I, V.data(), int(V.size()), SQLITE_STATIC));
    return *this;
  }
  /// A number where 0 means "none": bound as NULL.
  Statement &bindOptional(int I, uint64_t V) {
    return bindIf(I, V != 0, int64_t(V));
  }

  /// Steps once: true while a row is there.
  bool next() {
    int Rc = sqlite3_step(S);
    if (Rc == SQLITE_ROW)
      return true;
    if (Rc != SQLITE_DONE)
      throw StoreError(sqlite3_errmsg(Db));
    return false;
  }
  /// Runs a statement that returns no rows, and resets it.
  void run() {
    next();
    reset();
  }
  void reset() {
    sqlite3_reset(S);
    sqlite3_clear_bindings(S);
  }

  sqlite3_stmt *handle() const { return S; }
  int64_t integer(int Col) const { return sqlite3_column_int64(S, Col); }
  double real(int Col) const { return sqlite3_column_double(S, Col); }
  std::string blob(int Col) const {
    const void *B = sqlite3_column_blob(S, Col);
    return B ? std::string(static_cast<const char *>(B),
                           sqlite3_column_bytes(S, Col))
             : std::string();
  }
  std::string text(int Col) const {
    const unsigned char *T = sqlite3_column_text(S, Col);
    return T ? std::string(reinterpret_cast<const char *>(T),
                           sqlite3_column_bytes(S, Col))
             : std::string();
  }

private:
  void check(int Rc) const {
    if (Rc != SQLITE_OK)
      throw StoreError(sqlite3_errmsg(Db));
  }
  sqlite3 *Db;
  sqlite3_stmt *S = nullptr;
};

std::string hex64(uint64_t V) {
  char Buf[17];
  std::snprintf(Buf, sizeof Buf, "%016" PRIx64, V);
  return Buf;
}

} // namespace

struct RunDatabase::Statements {
  explicit Statements(sqlite3 *Db)
      : InsertPath(Db, "INSERT INTO paths VALUES "
                       "(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,"
                       "?16,?17,?18,?19,?20,?21,NULL,?22)"),
        InsertSite(Db, "INSERT INTO sites VALUES (?1, ?2, ?3, ?4, ?5)"),
        InsertInput(Db, "INSERT INTO inputs VALUES (?1, ?2, ?3, ?4, ?5)"),
        InsertCoverage(Db, "INSERT INTO coverage (lines, edges) VALUES "
                           "(?1, ?2)"),
        DropTestFile(Db, "UPDATE paths SET test_file = NULL WHERE number = ?1"),
        InsertClosedSides(Db, "INSERT INTO closed_sides VALUES (?1, ?2)"),
        SetReturnValues(
            Db, "UPDATE paths SET return_values = ?1 WHERE number = ?2"),
        InsertExchange(Db, "INSERT INTO exchange VALUES (?1, ?2, ?3, ?4, ?5)") {
  }
  Statement InsertPath;
  Statement InsertSite;
  Statement InsertInput;
  Statement InsertCoverage;
  Statement DropTestFile;
  Statement InsertClosedSides;
  Statement SetReturnValues;
  Statement InsertExchange;
};

RunDatabase::RunDatabase(const std::string &Path, Mode How) : Path(Path) {
  bool Create = How == Mode::Create;
  if (Create)
    for (const char *Suffix : {"", "-wal", "-shm"})
      ::unlink((Path + Suffix).c_str());
  int Flags = Create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
              : How == Mode::Continue ? SQLITE_OPEN_READWRITE
                                      : SQLITE_OPEN_READONLY;
  if (sqlite3_open_v2(Path.c_str(), &Db, Flags, nullptr) != SQLITE_OK) {
    std::string Why = Db ? sqlite3_errmsg(Db) : "out of memory";
    sqlite3_close(Db);
    throw StoreError("cannot open " + Path + ": " + Why);
  }
  // A user's sqlite3 reading along waits for a commit instead of failing.
  sqlite3_busy_timeout(Db, 5000);
  if (Create) {
    // WAL: readers never block the run; NORMAL: a commit is durable
    // against a crash of the process, which is what a killed run needs.
    execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;");
    execute("BEGIN");
    execute(Schema);
    Statement Meta(Db, "INSERT INTO meta VALUES (?1, ?2)");
    Meta.bind(1, std::string("schema_version"))
        .bind(2, std::to_string(RunDatabaseSchemaVersion))
        .run();
    Meta.bind(1, std::string("format"))
        .bind(2, std::string("theseus-run"))
        .run();
    execute("COMMIT");
    Prepared = std::make_unique<Statements>(Db);
    LastCommit = std::chrono::steady_clock::now();
    return;
  }
  std::string Text;
  try {
    Statement Q(Db, "SELECT value FROM meta WHERE key = 'schema_version'");
    if (Q.next())
      Text = Q.text(0);
  } catch (const StoreError &) {
  }
  if (Text.empty()) {
    sqlite3_close(Db);
    throw StoreError(Path + " is not a Theseus run database");
  }
  // Versions 2 to 4 keep what is read in other encodings or lack what
  // resuming needs (4: the routes of a forking run's paths): they are
  // read, not continued.
  Version = unsigned(std::strtoul(Text.c_str(), nullptr, 10));
  bool Readable =
      Text == std::to_string(RunDatabaseSchemaVersion) ||
      ((Text == "2" || Text == "3" || Text == "4") && How == Mode::Read);
  if (!Readable) {
    sqlite3_close(Db);
    throw StoreError(Path + " has schema version " + Text + "; this Theseus " +
                     (How == Mode::Continue ? "continues" : "reads") +
                     " version " + std::to_string(RunDatabaseSchemaVersion));
  }
  if (How == Mode::Continue) {
    execute("PRAGMA synchronous=NORMAL;"); // Per connection; WAL persists.
    Prepared = std::make_unique<Statements>(Db);
    LastCommit = std::chrono::steady_clock::now();
    Statement Q(Db, "SELECT id, lines, edges FROM coverage");
    while (Q.next())
      CoverageIds.emplace(coverageKey(Q.blob(1), Q.blob(2)), Q.integer(0));
  }
}

std::unique_ptr<RunDatabase> RunDatabase::create(const std::string &Path) {
  return std::unique_ptr<RunDatabase>(new RunDatabase(Path, Mode::Create));
}

std::unique_ptr<RunDatabase> RunDatabase::open(const std::string &Path) {
  return std::unique_ptr<RunDatabase>(new RunDatabase(Path, Mode::Read));
}

std::unique_ptr<RunDatabase>
RunDatabase::openToContinue(const std::string &Path) {
  return std::unique_ptr<RunDatabase>(new RunDatabase(Path, Mode::Continue));
}

RunDatabase::~RunDatabase() {
  try {
    flushClosedSides();
  } catch (const StoreError &) { // Nothing to tell it to in a destructor.
  }
  if (InTransaction)
    sqlite3_exec(Db, "COMMIT", nullptr, nullptr, nullptr);
  Prepared.reset(); // Statements before the connection.
  sqlite3_close(Db);
}

void RunDatabase::execute(const char *Sql) {
  char *Error = nullptr;
  if (sqlite3_exec(Db, Sql, nullptr, nullptr, &Error) != SQLITE_OK) {
    std::string Why = Error ? Error : "unknown error";
    sqlite3_free(Error);
    throw StoreError(Path + ": " + Why);
  }
}

void RunDatabase::beginIfIdle() {
  if (InTransaction)
    return;
  execute("BEGIN");
  InTransaction = true;
}

void RunDatabase::commit() {
  flushClosedSides();
  if (InTransaction)
    execute("COMMIT");
  InTransaction = false;
  LastCommit = std::chrono::steady_clock::now();
}

int64_t RunDatabase::beginPart(const PartRow &P) {
  beginIfIdle();
  Statement Insert(Db, "INSERT INTO parts (started, theseus_version, options, "
                       "program, module_hash) VALUES (?1, ?2, ?3, ?4, ?5)");
  Insert.bind(1, P.Started)
      .bind(2, P.TheseusVersion)
      .bind(3, P.Options)
      .bind(4, P.Program)
      .bind(5, P.ModuleHash)
      .run();
  int64_t Id = sqlite3_last_insert_rowid(Db);
  commit();
  return Id;
}

void RunDatabase::endPart(int64_t Id, const std::string &StopReason,
                          const std::string &Summary) {
  beginIfIdle();
  Statement Update(Db, "UPDATE parts SET ended = strftime('%Y-%m-%dT%H:%M:%SZ',"
                       " 'now'), stop_reason = ?1, summary = ?2 WHERE id = ?3");
  Update.bind(1, StopReason).bind(2, Summary).bind(3, Id).run();
  commit();
}

void RunDatabase::addPath(const PathRow &P) {
  beginIfIdle();
  Statement &S = Prepared->InsertPath;
  S.bind(1, int64_t(P.Number))
      .bind(2, P.Part)
      .bind(3, int64_t(P.Run))
      .bind(4, hex64(P.PathId))
      .bindOptional(5, P.NegatedTest)
      .bindIf(6, P.NegatedTest != 0, int64_t(P.NegatedDecision))
      .bindOptional(7, P.VariantOf)
      .bind(8, P.FoundBy)
      .bind(9, P.Seconds)
      .bind(10, P.Outcome)
      .bind(11, P.BugKind, true)
      .bind(12, P.File, true)
      .bindOptional(13, P.Line)
      .bind(14, P.ReturnValue, true)
      .bind(15, int64_t(P.Decisions))
      .bindBlob(16, encodeSteps(P.Explanation))
      .bind(17, P.TestFile, true)
      .bind(18, P.Test)
      .bind(19, P.Covers, true)
      .bindOptional(20, P.Covered ? uint64_t(coverageId(*P.Covered)) : 0)
      .bindBlob(21, P.Input)
      .bindBlob(22, P.Route, true)
      .run();
  if (std::chrono::steady_clock::now() - LastCommit >= CommitInterval)
    commit();
}

void RunDatabase::dropTestFiles(const std::vector<uint64_t> &Numbers) {
  beginIfIdle();
  for (uint64_t N : Numbers)
    Prepared->DropTestFile.bind(1, int64_t(N)).run();
  commit();
}

void RunDatabase::addClosedSide(const ClosedSideRow &C) {
  encodeSide(PendingSides[C.Test], C);
}

void RunDatabase::flushClosedSides() {
  if (PendingSides.empty())
    return;
  beginIfIdle();
  for (const auto &[Test, Sides] : PendingSides)
    Prepared->InsertClosedSides.bind(1, int64_t(Test)).bindBlob(2, Sides).run();
  PendingSides.clear();
}

int64_t RunDatabase::coverageId(const CoverageRow &C) {
  std::string Lines = encodeSorted(C.Lines), Edges = encodeSorted(C.Edges);
  auto [It, New] = CoverageIds.try_emplace(coverageKey(Lines, Edges), 0);
  if (New) {
    Prepared->InsertCoverage.bindBlob(1, Lines).bindBlob(2, Edges).run();
    It->second = sqlite3_last_insert_rowid(Db);
  }
  return It->second;
}

void RunDatabase::describeCoverage(const std::vector<CoverageItemRow> &Items) {
  beginIfIdle();
  Statement Described(Db, "SELECT count(*) FROM coverage_items");
  if (Described.next() && Described.integer(0) > 0)
    return;
  Statement Insert(Db, "INSERT INTO coverage_items VALUES "
                       "(?1, ?2, ?3, ?4, ?5, ?6)");
  for (const CoverageItemRow &I : Items) {
    bool Edge = I.Kind == "edge";
    Insert.bind(1, I.Kind)
        .bind(2, int64_t(I.Id))
        .bind(3, I.File)
        .bind(4, int64_t(I.Line))
        .bindIf(5, Edge, I.Block)
        .bindIf(6, Edge, I.Successor)
        .run();
  }
}

std::vector<CoverageItemRow> RunDatabase::coverageItems() {
  std::vector<CoverageItemRow> Out;
  if (Version < 4)
    return Out;
  Statement Q(Db, "SELECT id, kind, file, line, block, successor FROM "
                  "coverage_items ORDER BY kind DESC, id");
  while (Q.next())
    Out.push_back({uint32_t(Q.integer(0)), Q.text(1), Q.text(2),
                   unsigned(Q.integer(3)), unsigned(Q.integer(4)),
                   unsigned(Q.integer(5))});
  return Out;
}

void RunDatabase::addInput(const InputRow &I) {
  beginIfIdle();
  Prepared->InsertInput.bind(1, I.Part)
      .bind(2, I.Id)
      .bind(3, I.Kind)
      .bind(4, I.Name)
      .bind(5, I.Description)
      .run();
}

void RunDatabase::setReturnValues(uint64_t Number, const std::string &How) {
  beginIfIdle();
  Prepared->SetReturnValues.bind(1, How).bind(2, int64_t(Number)).run();
}

void RunDatabase::addSite(const SiteRow &S) {
  beginIfIdle();
  Prepared->InsertSite.bind(1, S.Id)
      .bind(2, S.File)
      .bind(3, int64_t(S.Line))
      .bind(4, S.Condition)
      .bind(5, S.Kind)
      .run();
}

void RunDatabase::renumberTests(const std::vector<uint64_t> &Order) {
  commit(); // The closed sides still pending name tests by the old numbers.
  beginIfIdle();
  execute("CREATE TEMP TABLE renumbered(old INTEGER PRIMARY KEY, "
          "new INTEGER NOT NULL)");
  {
    Statement Insert(Db, "INSERT INTO renumbered VALUES (?1, ?2)");
    for (size_t K = 0; K < Order.size(); ++K)
      Insert.bind(1, int64_t(Order[K])).bind(2, int64_t(K + 1)).run();
  }
  // A test's number is its row's id: updating it in place moves every row
  // (twice, through free numbers), where copying the rows in their new
  // order into a table of the same schema writes each once.
  std::string Columns;
  {
    Statement Info(Db, "SELECT name FROM pragma_table_info('paths')");
    while (Info.next()) {
      std::string Name = Info.text(0);
      std::string Value = Name;
      if (Name == "number")
        Value = "r.new";
      else if (Name == "test_file")
        Value = "NULL";
      else if (Name == "negated_test" || Name == "variant_of")
        Value = "(SELECT new FROM renumbered WHERE old = p." + Name + ")";
      else
        Value = "p." + Name;
      Columns += (Columns.empty() ? "" : ", ") + Value;
    }
  }
  std::string Create;
  {
    Statement Schema(Db, "SELECT sql FROM sqlite_master WHERE name = 'paths'");
    if (!Schema.next())
      throw StoreError(Path + ": no table of paths");
    Create = Schema.text(0);
    Create.replace(0, std::strlen("CREATE TABLE paths"),
                   "CREATE TABLE renumbered_paths");
  }
  execute(Create.c_str());
  execute(("INSERT INTO renumbered_paths SELECT " + Columns +
           " FROM paths p JOIN renumbered r ON r.old = p.number ORDER BY r.new")
              .c_str());
  execute(R"SQL(
DROP TABLE paths;
ALTER TABLE renumbered_paths RENAME TO paths;
UPDATE closed_sides SET test = (SELECT new FROM renumbered WHERE old = test);
UPDATE bugs SET first_test = (SELECT new FROM renumbered WHERE old = first_test);
UPDATE exchange SET test = (SELECT new FROM renumbered WHERE old = test)
  WHERE test IS NOT NULL;
UPDATE tree SET test = (SELECT new FROM renumbered WHERE old = test)
  WHERE test IS NOT NULL;
DROP TABLE renumbered;
)SQL");
  commit();
}

void RunDatabase::setBugs(const std::vector<BugRow> &Bugs) {
  beginIfIdle();
  execute("DELETE FROM bugs");
  Statement Insert(Db, "INSERT INTO bugs (kind, file, line, message, "
                       "first_test, count, confirmation, replay) VALUES "
                       "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
  for (const BugRow &B : Bugs)
    Insert.bind(1, B.Kind)
        .bind(2, B.File, true)
        .bindOptional(3, B.Line)
        .bind(4, B.Message)
        .bind(5, int64_t(B.FirstTest))
        .bind(6, int64_t(B.Count))
        .bind(7, B.Confirmation)
        .bind(8, B.Replay, true)
        .run();
  commit();
}

void RunDatabase::addExchange(const ExchangeRow &X) {
  beginIfIdle();
  Prepared->InsertExchange.bind(1, X.Part)
      .bind(2, X.Seconds)
      .bind(3, X.Direction)
      .bindOptional(4, X.Test)
      .bindBlob(5, X.Input, true)
      .run();
}

std::vector<ExchangeRow> RunDatabase::exchanges() {
  std::vector<ExchangeRow> Out;
  if (Version < 5)
    return Out;
  Statement Q(Db, "SELECT part, seconds, direction, test, input FROM "
                  "exchange ORDER BY rowid");
  while (Q.next())
    Out.push_back({Q.integer(0), Q.real(1), Q.text(2), uint64_t(Q.integer(3)),
                   Q.blob(4)});
  return Out;
}

void RunDatabase::setTree(const std::vector<TreeNodeRow> &Nodes) {
  beginIfIdle();
  execute("DELETE FROM tree; DELETE FROM conditions");
  Statement Insert(Db, "INSERT INTO tree VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  Statement InsertCondition(Db, "INSERT INTO conditions VALUES (?1, ?2)");
  // Conditions repeat across the tree (the same test on other paths):
  // each is kept once.
  std::unordered_map<std::string, int64_t> Conditions;
  for (const TreeNodeRow &N : Nodes) {
    int64_t Condition = 0;
    if (!N.Condition.empty()) {
      auto [It, New] =
          Conditions.try_emplace(N.Condition, int64_t(Conditions.size()) + 1);
      if (New)
        InsertCondition.bind(1, It->second).bind(2, N.Condition).run();
      Condition = It->second;
    }
    Insert.bind(1, int64_t(N.Id))
        .bindIf(2, N.Parent >= 0, N.Parent)
        .bindOptional(3, uint64_t(Condition))
        .bind(4, N.File, true)
        .bindOptional(5, N.Line)
        .bind(6, N.Leaf, true)
        .bindOptional(7, N.Test)
        .run();
  }
  commit();
}

std::vector<TreeNodeRow> RunDatabase::tree() {
  std::vector<TreeNodeRow> Out;
  if (Version < 5)
    return Out;
  Statement Q(Db, "SELECT tree.id, parent, text, file, line, leaf, test "
                  "FROM tree LEFT JOIN conditions ON conditions.id = "
                  "tree.condition ORDER BY tree.id");
  while (Q.next())
    Out.push_back(
        {uint32_t(Q.integer(0)),
         sqlite3_column_type(Q.handle(), 1) == SQLITE_NULL ? -1 : Q.integer(1),
         Q.text(2), Q.text(3), unsigned(Q.integer(4)), Q.text(5),
         uint64_t(Q.integer(6))});
  return Out;
}

std::vector<PartRow> RunDatabase::parts() {
  bool HasHash = Version >= 3;
  Statement Q(Db, HasHash ? "SELECT id, started, theseus_version, options, "
                            "program, ended, stop_reason, summary, "
                            "module_hash FROM parts ORDER BY id"
                          : "SELECT id, started, theseus_version, options, "
                            "program, ended, stop_reason, summary "
                            "FROM parts ORDER BY id");
  std::vector<PartRow> Out;
  while (Q.next())
    Out.push_back({Q.integer(0), Q.text(1), Q.text(2), Q.text(3), Q.text(4),
                   Q.text(5), Q.text(6), Q.text(7),
                   HasHash ? Q.text(8) : std::string()});
  return Out;
}

uint64_t RunDatabase::pathCount() {
  Statement Q(Db, "SELECT count(*) FROM paths");
  return Q.next() ? uint64_t(Q.integer(0)) : 0;
}

namespace {

/// The columns of `paths` as pathRow reads them, with `Where` and the
/// order; version 4 had no `route`, version 3 no `coverage` and its
/// explanation in JSON.
std::string pathQuery(unsigned Version, RunDatabase::PathColumns Columns,
                      const char *Where) {
  using PathColumns = RunDatabase::PathColumns;
  std::string Sql = "SELECT number, part, run, path_id, negated_test, "
                    "negated_decision, variant_of, found_by, seconds, "
                    "outcome, bug_kind, file, line, return_value, decisions, ";
  Sql += Columns == PathColumns::NoText ? "NULL, " : "explanation, ";
  Sql += Columns == PathColumns::All ? "test_file, test, covers, "
                                     : "test_file, NULL, NULL, ";
  Sql += Version >= 5   ? "coverage, input, return_values, route"
         : Version == 4 ? "coverage, input, return_values, NULL"
         : Version == 3 ? "NULL, input, return_values, NULL"
                        : "NULL, NULL, NULL, NULL";
  return Sql + " FROM paths " + Where;
}

PathRow pathRow(const Statement &Q, unsigned Version) {
  PathRow P;
  P.Number = Q.integer(0);
  P.Part = Q.integer(1);
  P.Run = Q.integer(2);
  P.PathId = std::stoull(Q.text(3), nullptr, 16);
  P.NegatedTest = Q.integer(4);
  P.NegatedDecision = Q.integer(5);
  P.VariantOf = Q.integer(6);
  P.FoundBy = Q.text(7);
  P.Seconds = Q.real(8);
  P.Outcome = Q.text(9);
  P.BugKind = Q.text(10);
  P.File = Q.text(11);
  P.Line = unsigned(Q.integer(12));
  P.ReturnValue = Q.text(13);
  P.Decisions = unsigned(Q.integer(14));
  std::string Steps = Q.blob(15);
  P.Explanation = Version >= 4    ? decodeSteps(Steps)
                  : Steps.empty() ? std::vector<StepRow>()
                                  : parseSteps(Steps);
  P.TestFile = Q.text(16);
  P.Test = Q.text(17);
  P.Covers = Q.text(18);
  P.CoverageId = Q.integer(19);
  P.Input = Q.blob(20);
  P.ReturnValues = Q.text(21);
  P.Route = Q.blob(22);
  return P;
}

} // namespace

void RunDatabase::forEachPath(const std::function<void(const PathRow &)> &Fn,
                              PathColumns Columns) {
  Statement Q(Db, pathQuery(Version, Columns, "ORDER BY number").c_str());
  while (Q.next())
    Fn(pathRow(Q, Version));
}

std::optional<PathRow> RunDatabase::path(uint64_t Number) {
  Statement Q(
      Db, pathQuery(Version, PathColumns::All, "WHERE number = ?1").c_str());
  Q.bind(1, int64_t(Number));
  if (!Q.next())
    return std::nullopt;
  return pathRow(Q, Version);
}

void RunDatabase::keepTestFile(uint64_t Number, const std::string &Name) {
  beginIfIdle();
  Statement Update(Db, "UPDATE paths SET test_file = ?1 WHERE number = ?2");
  Update.bind(1, Name).bind(2, int64_t(Number)).run();
}

std::vector<SiteRow> RunDatabase::sites() {
  Statement Q(Db, "SELECT * FROM sites ORDER BY id");
  std::vector<SiteRow> Out;
  while (Q.next())
    Out.push_back({Q.integer(0), Q.text(1), unsigned(Q.integer(2)), Q.text(3),
                   Q.text(4)});
  return Out;
}

std::vector<ClosedSideRow> RunDatabase::closedSides() {
  std::vector<ClosedSideRow> Out;
  if (Version == 3) {
    Statement Q(Db, "SELECT test, depth, side, state FROM closed_sides "
                    "ORDER BY rowid");
    while (Q.next())
      Out.push_back({uint64_t(Q.integer(0)), uint32_t(Q.integer(1)),
                     Q.integer(2) != 0, Q.text(3)});
  } else if (Version >= 4) {
    Statement Q(Db, "SELECT test, sides FROM closed_sides ORDER BY rowid");
    while (Q.next())
      decodeSides(uint64_t(Q.integer(0)), Q.blob(1), Out);
  }
  return Out;
}

std::vector<InputRow> RunDatabase::inputs() {
  std::vector<InputRow> Out;
  if (Version < 4)
    return Out;
  Statement Q(Db, "SELECT part, id, kind, name, description FROM inputs "
                  "ORDER BY part, id");
  while (Q.next())
    Out.push_back(
        {Q.integer(0), Q.integer(1), Q.text(2), Q.text(3), Q.text(4)});
  return Out;
}

std::optional<CoverageRow> RunDatabase::coverage(int64_t Id) {
  if (Version < 4)
    return std::nullopt;
  Statement Q(Db, "SELECT lines, edges FROM coverage WHERE id = ?1");
  Q.bind(1, Id);
  if (!Q.next())
    return std::nullopt;
  return CoverageRow{decodeSorted(Q.blob(0)), decodeSorted(Q.blob(1))};
}

std::vector<BugRow> RunDatabase::bugs() {
  Statement Q(Db, "SELECT kind, file, line, message, first_test, count, "
                  "confirmation, replay FROM bugs ORDER BY id");
  std::vector<BugRow> Out;
  while (Q.next())
    Out.push_back({Q.text(0), Q.text(1), unsigned(Q.integer(2)), Q.text(3),
                   uint64_t(Q.integer(4)), uint64_t(Q.integer(5)), Q.text(6),
                   Q.text(7)});
  return Out;
}

} // namespace theseus
