//===- StoredTests.cpp - Tests read back from the run database ------------===//
#include "report/StoredTests.h"

#include "program/Program.h"
#include "report/JsonWriter.h"
#include "report/TestFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>

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

/// The side a step took as a test names it: true, false, or a switch's
/// case ("default" or its value).
nlohmann::json taken(const StepRow &S) {
  switch (S.Taken) {
  case StepRow::Way::False:
    return false;
  case StepRow::Way::True:
    return true;
  case StepRow::Way::Default:
    return "default";
  case StepRow::Way::Case:
    break;
  }
  return std::to_string(S.Case);
}

/// The explanation entries of a stored path, worded by their sites.
nlohmann::json explanation(const std::vector<StepRow> &Steps,
                           const std::map<int64_t, SiteRow> &Sites) {
  nlohmann::json Out = nlohmann::json::array();
  for (const StepRow &Step : Steps) {
    const SiteRow &S = Sites.at(Step.Site);
    Out.push_back({{"condition", S.Condition},
                   {"file", S.File},
                   {"kind", S.Kind},
                   {"line", S.Line},
                   {"taken", taken(Step)}});
  }
  return Out;
}

/// Sets `Test`'s member `Key` to `Value` unless the test has it.
void setDefault(nlohmann::json &Test, const char *Key, nlohmann::json Value) {
  if (!Test.contains(Key))
    Test[Key] = std::move(Value);
}

} // namespace

StoredTestText::StoredTestText(RunDatabase &Db) : Version(Db.version()) {
  for (SiteRow &S : Db.sites())
    Sites.emplace(S.Id, std::move(S));
  for (const PartRow &P : Db.parts())
    Programs.emplace(P.Id, nlohmann::json::parse(P.Program));
  for (const InputRow &I : Db.inputs())
    Inputs[I.Part].emplace(I.Id, StoredInput::fromRow(I));
}

void StoredTestText::restore(nlohmann::json &Test, const PathRow &P) const {
  Test["decisions"] = P.Decisions;
  setDefault(Test, "diverged", false);
  setDefault(Test, "explanation_truncated", 0);
  Test["format"] = testFormat();
  if (P.FoundBy != "engine")
    Test["found_by"] = P.FoundBy;
  std::string Inputs;
  JsonWriter W(Inputs, /*Compact=*/true);
  auto Described = this->Inputs.find(P.Part); // None: an entry without any.
  writeStoredInputs(
      W, Test.at("inputs"),
      Described == this->Inputs.end() ? NoInputs : Described->second, P.Input);
  Test["inputs"] = nlohmann::json::parse(Inputs);
  if (P.NegatedTest)
    Test["negated"] = {{"decision", P.NegatedDecision},
                       {"test", P.NegatedTest}};
  if (!Test.contains("outcome")) {
    Test["outcome"] = {{"kind", P.Outcome}};
    if (!P.ReturnValue.empty())
      Test["outcome"]["value"] = nlohmann::json::parse(P.ReturnValue);
  }
  Test["path"] = fmt::format("{:016x}", P.PathId);
  Test["run"] = P.Run;
  setDefault(Test, "stdin", {{"bytes", ""}, {"string", ""}});
  setDefault(Test, "stdout", "");
  Test["test"] = P.Number;
  if (P.VariantOf)
    Test["variant_of"] = P.VariantOf;
}

std::string StoredTestText::operator()(const PathRow &P) const {
  nlohmann::json Test = nlohmann::json::parse(P.Test);
  if (Version >= 4)
    restore(Test, P);
  Test["program"] = Programs.at(P.Part);
  Test["explanation"] = explanation(P.Explanation, Sites);
  // As TestWriter writes a test file (JsonWriter.h).
  return Test.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
         "\n";
}

void forEachStoredTest(
    RunDatabase &Db,
    const std::function<void(const PathRow &, const std::string &)> &Fn,
    const std::function<bool(uint64_t)> &Select) {
  StoredTestText Text(Db);
  Db.forEachPath([&](const PathRow &P) {
    if (!Select || Select(P.Number))
      Fn(P, Text(P));
  });
}

void readStoredTests(const std::string &Dir, const std::string &Cmd,
                     const std::function<void()> &Read) {
  try {
    Read();
  } catch (const StoreError &E) {
    throw InputError{fmt::format("{}: {}", Cmd, E.what())};
  } catch (const nlohmann::json::exception &E) {
    throw InputError{fmt::format("{}: {}/{}: a damaged test: {}", Cmd, Dir,
                                 RunDatabaseName, E.what())};
  } catch (const std::out_of_range &) {
    throw InputError{
        fmt::format("{}: {}/{}: a test names a site or part that is not there",
                    Cmd, Dir, RunDatabaseName)};
  }
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
  readStoredTests(Dir, "export", [&] {
    forEachStoredTest(*Db, [&](const PathRow &P, const std::string &Text) {
      writeFileWhole(Output + "/" + testFileName(P.Number), Text);
      ++Written;
    });
  });
  return Written;
}

} // namespace theseus
