//===- TestFile.h - Writing tests as they are found -----------------------===//
#ifndef THESEUS_REPORT_TESTFILE_H
#define THESEUS_REPORT_TESTFILE_H

#include "explore/Exploration.h"

#include "report/KeptSuite.h"
#include "report/SourceText.h"
#include "store/RunDatabase.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace theseus {

class JsonWriter;

/// What a test needs to be replayed without the run that made it.
struct ProgramDescription {
  std::vector<std::string> Sources;       ///< Absolute paths.
  std::vector<std::string> NativeSources; ///< Compiled natively, opaque.
  std::vector<std::string> CFlags;
  SanitizerChecks UndefinedBehaviorChecks; ///< --check's.
  DataModel Model = DataModel::LP64;
  std::string Entry;
  ReturnInfo Return;
  /// The concrete stdin of every test (--stdin); kept in each test, not in
  /// the program's JSON.
  std::string Stdin;
  nlohmann::json toJson() const;
  static ProgramDescription fromJson(const nlohmann::json &J);
};

struct BugRecord {
  std::string Kind;
  std::string File;
  unsigned Line = 0;
  std::string Message;
  std::string Test;        ///< File name of the first test that shows it.
  uint64_t TestNumber = 0; ///< Its number.
  uint64_t Count = 0;
  /// Native replay of the test: "confirmed", "unconfirmed" (with what the
  /// native run did in `Replay`), or "unchecked" (and why).
  std::string Confirmation = "unchecked";
  std::string Replay;
  /// When the first test showing it was found: seconds since the start,
  /// and paths ended by then.
  double FoundSeconds = 0;
  uint64_t FoundPaths = 0;
  /// Its first test is a native run's (the fuzzer's), which the engine
  /// did not run to the bug.
  bool Native = false;
};

/// Writes the JSON test of each new path as a file, immediately (nothing
/// found is lost if the run stops), and keeps what the summary needs. With
/// keepSuite, only the tests of the suite (KeptSuite.h) become files.
class TestWriter : public ExplorationListener {
public:
  TestWriter(std::string OutDir, ProgramDescription Program,
             const EntryInputs &Inputs);

  void onNewPath(const PathResult &R) override;
  /// Records the closed side in the database.
  void onSideClosed(const ClosedSide &C) override;
  /// Records how the search for the path's return values ended.
  void onReturnValuesSettled(uint64_t Test, ReturnValueSet How) override;
  /// Records the input that went to the fuzzer or came from it.
  void onExchange(const ExchangedTest &X) override;
  /// Resuming a run: takes the earlier parts' test `P` into the counts
  /// and the files; their decision sites are `Sites`. Restored paths
  /// (PathResult::Restored) then rebuild the rest: the bugs, return values
  /// and the suite.
  void noteEarlierTest(const PathRow &P);
  void continueSites(const std::vector<SiteRow> &Sites);

  /// Writes files only for the tests of the suite, each path's coverage
  /// read from `Cov`.
  void keepSuite(const Coverage &Cov) { SuiteCoverage = &Cov; }
  /// At the end of the run: reduces the suite to a minimal one, removing
  /// the other tests' files (the database keeps them).
  void finishSuite();
  /// An exhausted run of several workers: numbers the tests again in tree
  /// order (TreeOrder.h) in the database, chooses the suite again in that
  /// order and writes its files again, and sorts the bugs by their first
  /// test, now the first in that order. Returns the bugs whose first test
  /// is another path's than before (their confirmation is stale).
  std::vector<size_t> numberInTreeOrder();
  /// The number now of the test numbered `N` while the run went on.
  uint64_t numberNow(uint64_t N) const {
    auto It = NumberedAgain.find(N);
    return It == NumberedAgain.end() ? N : It->second;
  }
  /// The tests written as files, by number.
  const std::vector<uint64_t> &files() const { return Files; }
  bool keepsSuite() const { return SuiteCoverage; }

  /// Records each test also in `Db`, as paths of the run's part `Part`,
  /// with what it covered as `Cov` numbers it; describes the part's
  /// parameters and the coverage items in `Db`.
  void recordIn(RunDatabase &Db, int64_t Part, const Coverage &Cov);
  /// Writes the bugs and their confirmations so far to the database.
  void recordBugs() const;
  /// The database the tests are recorded in; null when there is none.
  RunDatabase *database() const { return Db; }

  const std::vector<BugRecord> &bugs() const { return Bugs; }
  void setConfirmation(size_t Bug, std::string Verdict, std::string Detail) {
    Bugs[Bug].Confirmation = std::move(Verdict);
    Bugs[Bug].Replay = std::move(Detail);
  }
  /// Distinct return values of the entry, sorted.
  const std::set<int64_t> &signedReturns() const { return SignedReturns; }
  const std::set<uint64_t> &unsignedReturns() const { return UnsignedReturns; }
  /// Returned structs and floats, each as its compact JSON (members, a
  /// decimal string).
  const std::set<std::string> &jsonReturns() const { return JsonReturns; }
  uint64_t tests() const { return Tests; }
  const std::map<std::string, uint64_t> &outcomes() const { return Outcomes; }
  /// Paths ended by an operation the engine cannot run: by message (what
  /// and where), their number and the first one's test.
  struct UnsupportedSite {
    uint64_t Paths = 0;
    std::string Test;
  };
  const std::map<std::string, UnsupportedSite> &unsupported() const {
    return Unsupported;
  }
  const ProgramDescription &program() const { return Program; }

  /// The value path outcome `O` returned, as the C type reads it: a number,
  /// or a struct's integer members by name.
  nlohmann::json returnValue(const PathOutcome &O) const;

private:
  /// Writes test `R` (without the final newline), whose decisions are
  /// `Steps`.
  void writeTest(JsonWriter &W, const PathResult &R,
                 const std::vector<ExplainedDecision> &Steps);
  /// Writes test `R` as the run database keeps it (see StoredTestText).
  void writeStoredTest(JsonWriter &W, const PathResult &R);
  /// The inputs of `R` as the database keeps them: [id] of each input
  /// (in the part's `inputs`), with its bytes in hex unless they are
  /// those of its array in the path's `input`.
  void writeStoredInputs(JsonWriter &W, const PathResult &R);
  /// The id of the created input `Req` (array `Arr`), described in the
  /// database when it is new.
  int64_t createdInputId(const Array *Arr, const InputRequest &Req);
  void writeOutcome(JsonWriter &W, const PathOutcome &O) const;
  /// Counts `O` in `Unsupported` when an unsupported operation ended it.
  void noteUnsupported(const PathOutcome &O, const std::string &Test);
  /// The bytes of the struct or float `O` returned.
  std::vector<uint8_t> returnedBytes(const PathOutcome &O) const;
  void appendProgramOutput(const std::string &Test,
                           const std::string &Output) const;
  /// The block of program-output.txt for test file `Test`.
  static std::string programOutputBlock(const std::string &Test,
                                        const std::string &Output);
  /// The return value of `O`, if any, into the sets of return values.
  void noteReturnValue(const PathOutcome &O);
  /// A test of an earlier part run again: counted into bugs, return
  /// values and the suite; its file written again from the database when
  /// the suite keeps it but the earlier part had dropped it.
  void restorePath(const PathResult &R);
  /// Counts the bug `R` ended in; true when it is a new one.
  bool countBug(const PathResult &R, const std::string &Name);
  /// Offers `R` to the suite; true when it is kept, with `Covers` set to
  /// what it covers (the database's JSON).
  bool offerToSuite(const PathResult &R, bool NewBug, std::string &Covers);
  /// The suite's item for the feature named `Key` ("return 3", ...).
  uint64_t featureItem(std::string Key);
  std::string coversJson(const CoveredItems &C) const;
  /// numberInTreeOrder's steps: the suite offered every test in the new
  /// order (every test without a suite) and each bug's first test; the
  /// files of the chosen tests and their program output; the bugs in the
  /// order of their first tests, given the new numbers of the first tests
  /// before, returning the bugs whose first test changed.
  void chooseFilesAgain();
  void writeFilesAgain();
  std::vector<size_t>
  sortBugsByFirstTest(const std::vector<uint64_t> &FirstBefore);
  /// Adds the test of `R`, written as `Name` (empty: not written), to the
  /// database.
  void recordPath(const PathResult &R, const std::string &Name,
                  const std::vector<ExplainedDecision> &Steps,
                  std::string Covers);
  /// `Steps` as the database keeps them: [site, taken] pairs, each new
  /// site added to its table.
  std::vector<StepRow>
  storedExplanation(const std::vector<ExplainedDecision> &Steps);

  std::string OutDir;
  ProgramDescription Program;
  const EntryInputs &Inputs;
  nlohmann::json ProgramJson; ///< The same in every test.
  PathExplainer Explainer;
  std::string Text; ///< The test being written, its memory kept.
  std::vector<BugRecord> Bugs;
  std::set<int64_t> SignedReturns;
  std::set<uint64_t> UnsignedReturns;
  std::set<std::string> JsonReturns;
  std::map<std::string, uint64_t> Outcomes;
  std::map<std::string, UnsupportedSite> Unsupported;
  uint64_t Tests = 0;
  std::vector<uint64_t> Files;
  /// numberInTreeOrder's new numbers, by the numbers before.
  llvm::DenseMap<uint64_t, uint64_t> NumberedAgain;
  /// The suite: null when every test is a file.
  const Coverage *SuiteCoverage = nullptr;
  KeptSuite Suite;
  /// Its items: lines, edges and features, told apart by the top bits.
  static constexpr uint64_t LineItems = 0, EdgeItems = 1ull << 62,
                            FeatureItems = 2ull << 62;
  std::map<std::string, uint64_t> Features;
  bool TargetKept = false;
  /// What the tests kept as files printed, to rewrite program-output.txt
  /// for the minimal suite.
  std::map<uint64_t, std::string> FileOutputs;
  RunDatabase *Db = nullptr; ///< Null when the run keeps no database.
  int64_t Part = 0;
  const Coverage *Cov = nullptr; ///< Numbers what each path covered.
  /// The created inputs described in the database, by array, name, size,
  /// type and sign; and the next free id.
  std::map<std::tuple<std::string, std::string, uint32_t, std::string, bool>,
           int64_t>
      CreatedInputs;
  int64_t NextInput = 1;
  /// The database's decision sites by their words (owned by Explainer).
  std::map<std::tuple<const char *, unsigned, const char *, BranchKind>,
           int64_t>
      Sites;
  /// Resuming: the sites of the earlier parts by their words, and the
  /// next free id.
  std::map<std::tuple<std::string, unsigned, std::string, std::string>, int64_t>
      EarlierSites;
  int64_t NextSite = 1;
  /// Resuming: the earlier tests that have a file.
  std::set<uint64_t> EarlierFiles;
};

/// The description of parameter `P` in the run database's `inputs`.
nlohmann::json parameterDescription(const ParamInfo &P);
/// The description of the created input `Req` in the database's `inputs`.
nlohmann::json createdDescription(const InputRequest &Req);

/// An input of a part's tests as the run database describes it.
struct StoredInput {
  std::string Array; ///< The name of its bytes in a path's `input`.
  bool Created = false;
  ParamInfo Param;        ///< A parameter's.
  InputRequest Request{}; ///< A created input's.
  /// Reads `Row`; throws InputError when its description is damaged.
  static StoredInput fromRow(const InputRow &Row);
};

/// Writes the inputs of a test as its file has them, from what the run
/// database keeps: `Stored` (TestWriter::writeStoredInputs), the inputs
/// of the test's part `Described` by id, and the path's encoded `Input`.
/// Throws InputError, or nlohmann's and std::out_of_range on a damaged
/// row.
void writeStoredInputs(JsonWriter &W, const nlohmann::json &Stored,
                       const std::map<int64_t, StoredInput> &Described,
                       std::string_view Input);

/// The name of test number `Index` ("test000001.json").
std::string testFileName(uint64_t Index);

/// Writes `Contents` to `Path` so that a killed run never leaves a partial
/// file: a new file is linked in whole, an existing one replaced by rename.
void writeFileWhole(const std::string &Path, const std::string &Contents);

/// Writes `J` to `Path` (indented by two) with writeFileWhole.
void writeJsonFile(const std::string &Path, const nlohmann::json &J);

/// Creates directory `Dir` if needed and removes the files in it that
/// `Stale` names (results of an earlier run). Throws InputError when it
/// cannot be created.
void prepareDirectory(const std::string &Dir,
                      llvm::function_ref<bool(llvm::StringRef)> Stale);

} // namespace theseus

#endif
