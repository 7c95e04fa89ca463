//===- TestComp.cpp - Test suites in the Test-Comp exchange format --------===//
#include "report/TestComp.h"

#include "program/Program.h"
#include "report/Html.h"
#include "report/StoredTests.h"
#include "report/TestRecord.h"
#include "support/Process.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>

#ifndef THESEUS_VERSION
#define THESEUS_VERSION "0.1.0"
#endif

namespace theseus {
namespace {

/// Absolute, without `.`, `..` or a trailing separator.
std::string normalized(const std::string &Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, true);
  while (P.size() > 1 && llvm::sys::path::is_separator(P.back()))
    P.pop_back();
  return std::string(P);
}

/// Written to a temporary file, then renamed, so a killed run never leaves
/// half a file.
void writeTextFile(const std::string &Path, const std::string &Text) {
  std::string Tmp = Path + ".tmp";
  {
    std::ofstream OS(Tmp);
    OS << Text;
    if (!OS)
      throw std::runtime_error("cannot write " + Tmp);
  }
  if (std::rename(Tmp.c_str(), Path.c_str()) != 0)
    throw std::runtime_error("cannot write " + Path);
}

std::string utcNow() {
  std::time_t Now = std::time(nullptr);
  std::tm Utc{};
  gmtime_r(&Now, &Utc);
  char Buf[32];
  std::strftime(Buf, sizeof(Buf), "%Y-%m-%dT%H:%M:%SZ", &Utc);
  return Buf;
}

std::string sha256OfFile(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    throw InputError{fmt::format("cannot read {}", Path)};
  auto Bytes = llvm::arrayRefFromStringRef((*Buf)->getBuffer());
  return llvm::toHex(llvm::SHA256::hash(Bytes), /*LowerCase=*/true);
}

/// A suite directory made ready for a new suite: created, with the files
/// of an earlier suite and its archive removed.
void prepareSuiteDir(const std::string &Dir) {
  prepareDirectory(Dir,
                   [](llvm::StringRef Name) { return Name.ends_with(".xml"); });
  llvm::sys::fs::remove(normalized(Dir) + ".zip");
}

void writeMetadata(const std::string &Dir, const TestCompMetadata &M) {
  writeTextFile(Dir + "/metadata.xml", metadataXml(M));
}

/// Writes test `Test`, of the file `TestFile`, into the suite.
void writeTestcase(const std::string &SuiteDir, const std::string &TestFile,
                   const TestRecord &Test) {
  std::string Name = llvm::sys::path::stem(TestFile).str() + ".xml";
  writeTextFile(SuiteDir + "/" + Name, testcaseXml(Test));
}

/// Whether `Json` is an integer, not a fraction, a string or an array.
bool isInteger(llvm::StringRef Json) {
  Json.consume_front("-");
  return !Json.empty() && llvm::all_of(Json, llvm::isDigit);
}

/// The text of a nondet input's value in a testcase: an integer as it
/// is; a float or double as the decimal the test records (a JSON string),
/// which scanf's %f reads back exactly, or nan, -nan, inf, -inf (a NaN's
/// payload is lost).
std::optional<std::string> testcaseValue(const TestInput &In) {
  llvm::StringRef V = *In.Value;
  if (isInteger(V))
    return V.str();
  bool Float = In.CType == "float" || In.CType == "double";
  if (Float && V.size() > 2 && V.front() == '"' && V.back() == '"')
    return V.drop_front().drop_back().str();
  return std::nullopt;
}

bool hasTestFiles(const std::string &RunDir) {
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(RunDir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (Name.starts_with("test") && Name.ends_with(".json"))
      return true;
  }
  return false;
}

/// The entry of the run in `RunDir`, from its summary.
std::string runEntry(const std::string &RunDir) {
  std::ifstream In(RunDir + "/summary.json");
  nlohmann::json Summary = nlohmann::json::parse(In, nullptr, false);
  if (Summary.is_discarded() || !Summary.contains("entry"))
    throw InputError{fmt::format("{} is not a run directory", RunDir)};
  return Summary["entry"].get<std::string>();
}

} // namespace

std::string branchCoverageSpecification(const std::string &Entry) {
  return fmt::format("COVER( init({}()), FQL(COVER EDGES(@DECISIONEDGE)) )",
                     Entry);
}

TestCompMetadata testCompMetadata(const std::string &ProgramFile,
                                  const std::string &Entry,
                                  const TestCompSuiteOptions &Opts) {
  TestCompMetadata M;
  M.Specification = Opts.Specification.empty()
                        ? branchCoverageSpecification(Entry)
                        : Opts.Specification;
  M.ProgramFile = ProgramFile;
  M.ProgramHash = sha256OfFile(ProgramFile);
  M.EntryFunction = Entry;
  M.Architecture = Opts.DataModel == "ILP32" ? "32bit" : "64bit";
  M.CreationTime = utcNow();
  return M;
}

std::string metadataXml(const TestCompMetadata &M) {
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
      "<!DOCTYPE test-metadata PUBLIC \"+//IDN sosy-lab.org//DTD test-format "
      "test-metadata 1.1//EN\" "
      "\"https://sosy-lab.org/test-format/test-metadata-1.1.dtd\">\n"
      "<test-metadata>\n"
      "  <sourcecodelang>C</sourcecodelang>\n"
      "  <producer>Theseus {}</producer>\n"
      "  <specification>{}</specification>\n"
      "  <programfile>{}</programfile>\n"
      "  <programhash>{}</programhash>\n"
      "  <entryfunction>{}</entryfunction>\n"
      "  <architecture>{}</architecture>\n"
      "  <creationtime>{}</creationtime>\n"
      "</test-metadata>\n",
      THESEUS_VERSION, escapeHtml(M.Specification), escapeHtml(M.ProgramFile),
      M.ProgramHash, escapeHtml(M.EntryFunction), M.Architecture,
      M.CreationTime);
}

std::string testcaseXml(const TestRecord &Test) {
  bool CoversError = Test.Outcome.Bug == "reach-error";
  std::string Xml = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
      "<!DOCTYPE testcase PUBLIC \"+//IDN sosy-lab.org//DTD test-format "
      "testcase 1.1//EN\" "
      "\"https://sosy-lab.org/test-format/testcase-1.1.dtd\">\n"
      "<testcase{}>\n",
      CoversError ? " coversError=\"true\"" : "");
  // Only __VERIFIER_nondet_* calls read a suite's values; other created
  // inputs (klee_make_symbolic, stdin) and parameters have no place in it.
  for (const TestInput &In : Test.Inputs) {
    if (!In.Created || !llvm::StringRef(In.Name).starts_with("nondet_") ||
        !In.Value)
      continue;
    std::optional<std::string> Value = testcaseValue(In);
    if (Value)
      Xml += fmt::format("  <input type=\"{}\">{}</input>\n",
                         escapeHtml(In.CType), *Value);
  }
  return Xml + "</testcase>\n";
}

TestCompWriter::TestCompWriter(TestWriter &Inner, std::string RunDir,
                               const TestCompSuiteOptions &Opts,
                               const ProgramDescription &Program)
    : Inner(Inner), RunDir(std::move(RunDir)), SuiteDir(Opts.Dir) {
  if (SuiteDir.empty())
    return;
  prepareSuiteDir(SuiteDir);
  std::string File =
      Opts.ProgramFile.empty() ? Program.Sources.front() : Opts.ProgramFile;
  writeMetadata(SuiteDir, testCompMetadata(File, Program.Entry, Opts));
}

void TestCompWriter::onNewPath(const PathResult &R) {
  Inner.onNewPath(R);
  // The tests of the run's suite (TestWriter keeps the files); a restored
  // one may have had its file since an earlier part.
  const std::vector<uint64_t> &Files = Inner.files();
  bool Written = R.Restored
                     ? std::binary_search(Files.begin(), Files.end(), R.Index)
                     : !Files.empty() && Files.back() == R.Index;
  if (SuiteDir.empty() || !Written)
    return;
  std::string File = RunDir + "/" + testFileName(R.Index);
  writeTestcase(SuiteDir, File, readTestFile(File, "export"));
  Testcases.push_back(R.Index);
}

void TestCompWriter::numberAgain() {
  if (SuiteDir.empty())
    return;
  for (uint64_t N : Testcases)
    llvm::sys::fs::remove(
        SuiteDir + "/" + llvm::sys::path::stem(testFileName(N)).str() + ".xml");
  Testcases = Inner.files();
  for (uint64_t N : Testcases) {
    std::string File = RunDir + "/" + testFileName(N);
    writeTestcase(SuiteDir, File, readTestFile(File, "export"));
  }
}

void TestCompWriter::finish() const {
  if (SuiteDir.empty())
    return;
  // The run's suite lost the tests its minimal set does not need.
  const std::vector<uint64_t> &Kept = Inner.files();
  for (uint64_t N : Testcases)
    if (!std::binary_search(Kept.begin(), Kept.end(), N))
      llvm::sys::fs::remove(SuiteDir + "/" +
                            llvm::sys::path::stem(testFileName(N)).str() +
                            ".xml");
  zipTestCompSuite(SuiteDir);
}

size_t exportTestComp(const std::string &RunDir, const std::string &SuiteDir,
                      const TestCompSuiteOptions &Opts, bool Zip, bool All) {
  size_t Written = 0;
  auto Write = [&](const std::string &File, const TestRecord &Test) {
    if (!Written++) {
      prepareSuiteDir(SuiteDir);
      std::string Program =
          Opts.ProgramFile.empty() && !Test.Program.Sources.empty()
              ? Test.Program.Sources.front()
              : Opts.ProgramFile;
      writeMetadata(SuiteDir,
                    testCompMetadata(Program, Test.Program.Entry, Opts));
    }
    writeTestcase(SuiteDir, File, Test);
  };
  if (All || hasTestFiles(RunDir))
    forEachTest(RunDir, All, "export", Write);
  if (!Written) {
    std::string Entry = runEntry(RunDir);
    if (Opts.ProgramFile.empty())
      throw InputError{
          fmt::format("{} holds no tests naming the program", RunDir)};
    prepareSuiteDir(SuiteDir);
    writeMetadata(SuiteDir, testCompMetadata(Opts.ProgramFile, Entry, Opts));
  }
  if (Zip)
    zipTestCompSuite(SuiteDir);
  return Written;
}

void zipTestCompSuite(const std::string &SuiteDir) {
  std::string Dir = normalized(SuiteDir);
  std::string Parent = llvm::sys::path::parent_path(Dir).str();
  std::string Name = llvm::sys::path::filename(Dir).str();
  llvm::sys::fs::remove(Dir + ".zip");
  // zip names entries as given, so it runs in the parent directory.
  ProcessOptions O;
  O.Argv = {"zip", "-q", "-r", "-X", Name + ".zip", Name};
  O.Directory = Parent;
  std::string Error;
  std::optional<ProcessResult> R = runProcess(O, Error);
  if (!R)
    throw std::runtime_error("cannot run zip (is it installed?)");
  if (!R->succeeded())
    throw std::runtime_error(fmt::format("zip failed on {}", Dir));
}

} // namespace theseus
