//===- StoredTests.cpp - Tests read back from the run database ------------===//
#include "report/StoredTests.h"

#include "program/Program.h"
#include "report/TestFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>

namespace theseus {

std::unique_ptr<RunDatabase> openRunDatabase(const std::string &Dir,
                                             const std::string &Cmd) {
  std::string Path = Dir + "/" + RunDatabaseName;
  if (!llvm::sys::fs::exists(Path))
    throw InputError{fmt::format("{}: {} has no {} (a run directory of an "
                                 "older Theseus?)",
                                 Cmd, Dir, RunDatabaseName)};
  try {
    return RunDatabase::open(Path);
  } catch (const StoreError &E) {
    throw InputError{fmt::format("{}: {}", Cmd, E.what())};
  }
}

namespace {

/// The explanation entries of a stored path, worded by their sites.
nlohmann::json explanation(const std::string &Stored,
                           const std::map<int64_t, SiteRow> &Sites) {
  nlohmann::json Out = nlohmann::json::array();
  for (const nlohmann::json &Step : nlohmann::json::parse(Stored)) {
    const SiteRow &S = Sites.at(Step.at(0).get<int64_t>());
    Out.push_back({{"condition", S.Condition},
                   {"file", S.File},
                   {"kind", S.Kind},
                   {"line", S.Line},
                   {"taken", Step.at(1)}});
  }
  return Out;
}

} // namespace

void forEachStoredTest(
    RunDatabase &Db,
    const std::function<void(const PathRow &, const std::string &)> &Fn,
    const std::function<bool(uint64_t)> &Select) {
  std::map<int64_t, SiteRow> Sites;
  for (SiteRow &S : Db.sites())
    Sites.emplace(S.Id, std::move(S));
  std::map<int64_t, nlohmann::json> Programs;
  for (const PartRow &P : Db.parts())
    Programs.emplace(P.Id, nlohmann::json::parse(P.Program));
  Db.forEachPath([&](const PathRow &P) {
    if (Select && !Select(P.Number))
      return;
    nlohmann::json Test = nlohmann::json::parse(P.Test);
    Test["program"] = Programs.at(P.Part);
    Test["explanation"] = explanation(P.Explanation, Sites);
    // As TestWriter writes a test file (JsonWriter.h).
    Fn(P, Test.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
              "\n");
  });
}

std::optional<std::string> storedTestText(const std::string &Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  uint64_t Number = 0;
  if (!Name.consume_front("test") || !Name.consume_back(".json") ||
      Name.size() != 6 || Name.getAsInteger(10, Number))
    return std::nullopt;
  llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
  std::string Db = (Dir.empty() ? "." : Dir.str()) + "/" + RunDatabaseName;
  if (!llvm::sys::fs::exists(Db))
    return std::nullopt;
  std::optional<std::string> Text;
  try {
    std::unique_ptr<RunDatabase> Run = RunDatabase::open(Db);
    forEachStoredTest(
        *Run, [&](const PathRow &, const std::string &T) { Text = T; },
        [&](uint64_t N) { return N == Number; });
  } catch (const StoreError &) {
    return std::nullopt; // Said as a missing file.
  }
  return Text;
}

void forEachTest(
    const std::string &Path, bool All, const std::string &Cmd,
    const std::function<void(const std::string &, const TestRecord &)> &Fn) {
  if (!All || !llvm::sys::fs::is_directory(Path)) {
    std::vector<std::string> Files;
    collectTests(Path, Files, Cmd);
    for (const std::string &F : Files)
      Fn(F, readTestFile(F, Cmd));
    return;
  }
  std::unique_ptr<RunDatabase> Db = openRunDatabase(Path, Cmd);
  try {
    forEachStoredTest(*Db, [&](const PathRow &P, const std::string &Text) {
      std::string File = Path + "/" + testFileName(P.Number);
      Fn(File, parseTest(Text, File, Cmd));
    });
  } catch (const StoreError &E) {
    throw InputError{fmt::format("{}: {}", Cmd, E.what())};
  }
}

uint64_t exportStoredTests(const std::string &Dir, const std::string &Output) {
  std::unique_ptr<RunDatabase> Db = openRunDatabase(Dir, "export");
  if (std::error_code E = llvm::sys::fs::create_directories(Output))
    throw InputError{
        fmt::format("export: cannot create {}: {}", Output, E.message())};
  uint64_t Written = 0;
  try {
    forEachStoredTest(*Db, [&](const PathRow &P, const std::string &Text) {
      writeFileWhole(Output + "/" + testFileName(P.Number), Text);
      ++Written;
    });
  } catch (const StoreError &E) {
    throw InputError{fmt::format("export: {}", E.what())};
  } catch (const nlohmann::json::exception &E) {
    throw InputError{fmt::format("export: {}/{}: a damaged test: {}", Dir,
                                 RunDatabaseName, E.what())};
  } catch (const std::out_of_range &) {
    throw InputError{fmt::format(
        "export: {}/{}: a test names a site or part that is not there", Dir,
        RunDatabaseName)};
  }
  return Written;
}

} // namespace theseus
