//===- TreeOrder.cpp - Test numbers that do not depend on the workers -----===//
#include "report/TreeOrder.h"

#include "report/TestFile.h"
#include "store/RunDatabase.h"

#include "report/StoredTests.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <map>
#include <tuple>

namespace theseus {

namespace {

/// What tree order compares of a test.
struct OrderKey {
  uint64_t Number = 0;
  std::vector<StepRow> Steps;
  std::string ReturnValue, Outcome, BugKind, File;
  unsigned Line = 0;
  uint64_t PathId = 0;
};

/// Compares two return values as the tests show them: numbers by value,
/// the others (structs, floats) by their JSON.
int compareReturnValues(const std::string &A, const std::string &B) {
  if (A == B)
    return 0;
  if (A.empty() || B.empty())
    return A.empty() ? -1 : 1;
  nlohmann::json X = nlohmann::json::parse(A, nullptr, false),
                 Y = nlohmann::json::parse(B, nullptr, false);
  if (X.is_number_unsigned() && Y.is_number_unsigned())
    return X.get<uint64_t>() < Y.get<uint64_t>() ? -1 : 1;
  if (X.is_number_integer() && Y.is_number_integer())
    return X.get<int64_t>() < Y.get<int64_t>() ? -1 : 1;
  return A < B ? -1 : 1;
}

class TreeOrderLess {
public:
  explicit TreeOrderLess(const std::vector<SiteRow> &SiteRows) {
    for (const SiteRow &S : SiteRows)
      Sites.try_emplace(S.Id, &S);
  }

  bool operator()(const OrderKey &A, const OrderKey &B) const {
    if (int C = compareSteps(A.Steps, B.Steps))
      return C < 0;
    if (int C = compareReturnValues(A.ReturnValue, B.ReturnValue))
      return C < 0;
    return std::tie(A.Outcome, A.BugKind, A.File, A.Line, A.PathId, A.Number) <
           std::tie(B.Outcome, B.BugKind, B.File, B.Line, B.PathId, B.Number);
  }

private:
  int compareSteps(const std::vector<StepRow> &A,
                   const std::vector<StepRow> &B) const {
    for (size_t K = 0; K < A.size() && K < B.size(); ++K) {
      if (A[K] == B[K])
        continue;
      // The same decisions before lead to the same site; sites differ
      // only after a divergence, and are then told apart by their words,
      // as their ids depend on the order the run met them.
      if (A[K].Site != B[K].Site)
        return compareSites(A[K].Site, B[K].Site);
      if (A[K].Taken != B[K].Taken)
        return A[K].Taken < B[K].Taken ? -1 : 1;
      return A[K].Case < B[K].Case ? -1 : 1;
    }
    if (A.size() == B.size())
      return 0;
    return A.size() < B.size() ? -1 : 1;
  }

  int compareSites(int64_t A, int64_t B) const {
    const SiteRow &X = *Sites.lookup(A), &Y = *Sites.lookup(B);
    auto Words = [](const SiteRow &S) {
      return std::tie(S.File, S.Line, S.Condition, S.Kind);
    };
    if (Words(X) == Words(Y))
      return A < B ? -1 : 1;
    return Words(X) < Words(Y) ? -1 : 1;
  }

  llvm::DenseMap<int64_t, const SiteRow *> Sites;
};

} // namespace

std::vector<uint64_t> treeOrder(RunDatabase &Db) {
  std::vector<OrderKey> Keys;
  Db.forEachPath(
      [&](const PathRow &P) {
        Keys.push_back({P.Number, P.Explanation, P.ReturnValue, P.Outcome,
                        P.BugKind, P.File, P.Line, P.PathId});
      },
      RunDatabase::PathColumns::NoTest);
  std::vector<SiteRow> Sites = Db.sites();
  llvm::sort(Keys, TreeOrderLess(Sites));
  std::vector<uint64_t> Order;
  Order.reserve(Keys.size());
  for (const OrderKey &K : Keys)
    Order.push_back(K.Number);
  return Order;
}

std::vector<size_t> TestWriter::numberInTreeOrder() {
  std::vector<uint64_t> Order = treeOrder(*Db);
  NumberedAgain.clear();
  for (size_t K = 0; K < Order.size(); ++K)
    NumberedAgain[Order[K]] = K + 1;
  std::vector<uint64_t> FilesBefore = std::move(Files);
  Db->renumberTests(Order);
  chooseFilesAgain();
  writeFilesAgain();
  // Removed last: a file made just after many were removed costs ext4 a
  // search past their inodes.
  for (uint64_t N : FilesBefore)
    if (!std::binary_search(Files.begin(), Files.end(), N))
      llvm::sys::fs::remove(OutDir + "/" + testFileName(N));
  std::vector<uint64_t> FirstBefore;
  for (const BugRecord &B : Bugs)
    FirstBefore.push_back(NumberedAgain.lookup(B.TestNumber));
  return sortBugsByFirstTest(FirstBefore);
}

void TestWriter::chooseFilesAgain() {
  Suite = KeptSuite();
  Features.clear();
  FileOutputs.clear();
  std::map<std::tuple<std::string, std::string, unsigned>, BugRecord *> BugsAt;
  for (BugRecord &B : Bugs) {
    BugsAt[{B.Kind, B.File, B.Line}] = &B;
    B.TestNumber = 0;
  }
  std::vector<uint64_t> All;
  Db->forEachPath([&](const PathRow &P) {
    // Most tests are neither an exit nor a bug nor print: their text is
    // not read.
    bool Prints = P.Test.find("\"stdout\"") != std::string::npos;
    nlohmann::json Test;
    if (P.Outcome == "exit" || P.Outcome == "bug" || Prints)
      Test = nlohmann::json::parse(P.Test);
    std::vector<uint64_t> Items{featureItem("end " + P.Outcome)};
    bool Required = false;
    if (!P.ReturnValue.empty())
      Items.push_back(featureItem("return " + P.ReturnValue));
    if (P.Outcome == "exit")
      Items.push_back(featureItem("exit " + Test["outcome"]["code"].dump()));
    if (P.Outcome == "bug") {
      Items.push_back(
          featureItem(fmt::format("bug {} {}:{}", P.BugKind, P.File, P.Line)));
      BugRecord *B = BugsAt[{P.BugKind, P.File, P.Line}];
      if (B && !B->TestNumber) {
        B->TestNumber = P.Number;
        B->Test = testFileName(P.Number);
        B->Message = Test["outcome"].value("message", B->Message);
        B->Native = Test.value("evidence", "") == "native";
        Required = true;
      }
    }
    if (std::optional<CoverageRow> C = Db->coverage(P.CoverageId)) {
      for (uint32_t L : C->Lines)
        Items.push_back(LineItems | L);
      for (uint32_t E : C->Edges)
        Items.push_back(EdgeItems | E);
    }
    bool Kept = !SuiteCoverage || Suite.offer(P.Number, Items, Required);
    All.push_back(P.Number);
    if (Kept && Prints)
      FileOutputs.emplace(P.Number, Test["stdout"].get<std::string>());
  });
  Files = SuiteCoverage ? Suite.minimal() : std::move(All);
}

void TestWriter::writeFilesAgain() {
  StoredTestText Text(*Db);
  std::string Output;
  auto Write = [&](const PathRow &P) {
    std::string Name = testFileName(P.Number);
    writeFileWhole(OutDir + "/" + Name, Text(P));
    Db->keepTestFile(P.Number, Name);
    if (auto It = FileOutputs.find(P.Number); It != FileOutputs.end())
      Output += programOutputBlock(Name, It->second);
  };
  if (SuiteCoverage) {
    for (uint64_t N : Files)
      Write(*Db->path(N));
  } else {
    Db->forEachPath(Write);
  }
  Db->commit();
  std::string OutputFile = OutDir + "/program-output.txt";
  if (!Output.empty())
    writeFileWhole(OutputFile, Output);
  else
    llvm::sys::fs::remove(OutputFile);
}

std::vector<size_t>
TestWriter::sortBugsByFirstTest(const std::vector<uint64_t> &FirstBefore) {
  std::vector<size_t> Index(Bugs.size());
  for (size_t K = 0; K < Index.size(); ++K)
    Index[K] = K;
  llvm::sort(Index, [&](size_t A, size_t B) {
    return Bugs[A].TestNumber < Bugs[B].TestNumber;
  });
  std::vector<BugRecord> Sorted;
  std::vector<size_t> Changed;
  for (size_t K : Index) {
    if (Bugs[K].TestNumber != FirstBefore[K])
      Changed.push_back(Sorted.size());
    Sorted.push_back(std::move(Bugs[K]));
  }
  Bugs = std::move(Sorted);
  return Changed;
}

} // namespace theseus
