//===- RunDatabase.cpp - The run's record in SQLite -----------------------===//
#include "store/RunDatabase.h"

#include <sqlite3.h>

#include <cinttypes>
#include <cstdio>
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
  explanation TEXT NOT NULL,
  test_file TEXT,
  test TEXT NOT NULL,
  covers TEXT,
  input BLOB NOT NULL,
  return_values TEXT);
CREATE TABLE closed_sides(
  test INTEGER NOT NULL REFERENCES paths(number),
  depth INTEGER NOT NULL,
  side INTEGER NOT NULL,
  state TEXT NOT NULL);
CREATE TABLE sites(
  id INTEGER PRIMARY KEY,
  file TEXT NOT NULL,
  line INTEGER NOT NULL,
  condition TEXT NOT NULL,
  kind TEXT NOT NULL);
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
  Statement &bindBlob(int I, const std::string &V) {
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
                       "?16,?17,?18,?19,?20,NULL)"),
        InsertSite(Db, "INSERT INTO sites VALUES (?1, ?2, ?3, ?4, ?5)"),
        DropTestFile(Db, "UPDATE paths SET test_file = NULL WHERE number = ?1"),
        InsertClosedSide(Db,
                         "INSERT INTO closed_sides VALUES (?1, ?2, ?3, ?4)"),
        SetReturnValues(
            Db, "UPDATE paths SET return_values = ?1 WHERE number = ?2") {}
  Statement InsertPath;
  Statement InsertSite;
  Statement DropTestFile;
  Statement InsertClosedSide;
  Statement SetReturnValues;
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
  std::string Version;
  try {
    Statement Q(Db, "SELECT value FROM meta WHERE key = 'schema_version'");
    if (Q.next())
      Version = Q.text(0);
  } catch (const StoreError &) {
  }
  if (Version.empty()) {
    sqlite3_close(Db);
    throw StoreError(Path + " is not a Theseus run database");
  }
  // Version 2 lacks only what resuming needs: it is read, not continued.
  bool Readable = Version == std::to_string(RunDatabaseSchemaVersion) ||
                  (Version == "2" && How == Mode::Read);
  if (!Readable) {
    sqlite3_close(Db);
    throw StoreError(Path + " has schema version " + Version +
                     "; this Theseus " +
                     (How == Mode::Continue ? "continues" : "reads") +
                     " version " + std::to_string(RunDatabaseSchemaVersion));
  }
  if (How == Mode::Continue) {
    execute("PRAGMA synchronous=NORMAL;"); // Per connection; WAL persists.
    Prepared = std::make_unique<Statements>(Db);
    LastCommit = std::chrono::steady_clock::now();
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
      .bind(16, P.Explanation)
      .bind(17, P.TestFile, true)
      .bind(18, P.Test)
      .bind(19, P.Covers, true)
      .bindBlob(20, P.Input)
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
  beginIfIdle();
  Prepared->InsertClosedSide.bind(1, int64_t(C.Test))
      .bind(2, int64_t(C.Depth))
      .bind(3, int64_t(C.Side))
      .bind(4, C.State)
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

std::vector<PartRow> RunDatabase::parts() {
  bool HasHash = schemaVersion() >= 3;
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
PathRow pathRow(const Statement &Q) {
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
  P.Explanation = Q.text(15);
  P.TestFile = Q.text(16);
  P.Test = Q.text(17);
  P.Covers = Q.text(18);
  if (sqlite3_column_count(Q.handle()) > 20) { // Schema version 3.
    P.Input = Q.blob(19);
    P.ReturnValues = Q.text(20);
  }
  return P;
}
} // namespace

void RunDatabase::forEachPath(const std::function<void(const PathRow &)> &Fn,
                              bool WithText) {
  // Without the text: the same columns, NULL for the three left out.
  Statement Q(Db, WithText ? "SELECT * FROM paths ORDER BY number"
                           : "SELECT number, part, run, path_id, "
                             "negated_test, negated_decision, variant_of, "
                             "found_by, seconds, outcome, bug_kind, file, "
                             "line, return_value, decisions, NULL, "
                             "test_file, NULL, NULL, input, return_values "
                             "FROM paths ORDER BY number");
  while (Q.next())
    Fn(pathRow(Q));
}

std::optional<PathRow> RunDatabase::path(uint64_t Number) {
  Statement Q(Db, "SELECT * FROM paths WHERE number = ?1");
  Q.bind(1, int64_t(Number));
  if (!Q.next())
    return std::nullopt;
  return pathRow(Q);
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
  if (schemaVersion() < 3)
    return Out;
  Statement Q(Db, "SELECT test, depth, side, state FROM closed_sides "
                  "ORDER BY rowid");
  while (Q.next())
    Out.push_back({uint64_t(Q.integer(0)), uint32_t(Q.integer(1)),
                   Q.integer(2) != 0, Q.text(3)});
  return Out;
}

unsigned RunDatabase::schemaVersion() {
  Statement Q(Db, "SELECT value FROM meta WHERE key = 'schema_version'");
  return Q.next() ? unsigned(std::stoul(Q.text(0))) : 0;
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
