//===- NativeCheck.cpp - Claims checked against the native program --------===//
#include "report/NativeCheck.h"

#include "program/Program.h"
#include "report/Replay.h"
#include "report/StoredTests.h"
#include "report/TestFile.h"
#include "report/TestRecord.h"

#include <set>

#include <fmt/format.h>

namespace theseus {

namespace {

/// Mismatches kept in full; the rest are only counted.
constexpr size_t MismatchesKept = 5;

} // namespace

NativeCheck checkNatively(Replayer &Replay, RunDatabase &Db, uint64_t Tests,
                          uint64_t Limit, const std::function<bool()> &TimeUp) {
  NativeCheck C;
  C.Tests = Tests;
  uint64_t Count = std::min(Tests, Limit);
  std::set<uint64_t> Spread;
  for (uint64_t I = 0; I < Count; ++I)
    // Test numbers start at 1; a spread keeps the first and the last.
    Spread.insert(Count == Tests
                      ? I + 1
                      : 1 + I * (Tests - 1) / std::max<uint64_t>(Count - 1, 1));
  Db.commit();
  try {
    forEachStoredTest(
        Db,
        [&](const PathRow &P, const std::string &Text) {
          if (C.CutByTime || (TimeUp && TimeUp())) {
            C.CutByTime = true;
            return;
          }
          std::string Name = testFileName(P.Number);
          C.count(Name, Replay.replayTest(parseTest(Text, Name, "replay")));
        },
        [&](uint64_t Number) { return Spread.count(Number) != 0; });
  } catch (const InputError &E) {
    C.NotRun = E.Message;
  } catch (const StoreError &E) {
    C.NotRun = E.what();
  }
  return C;
}

void NativeCheck::count(const std::string &Name, const TestReplay &R) {
  ++Replayed;
  switch (R.Verdict) {
  case ReplayVerdict::Match:
    ++Matched;
    break;
  case ReplayVerdict::Skipped:
    ++Skipped;
    break;
  case ReplayVerdict::Mismatch:
    if (Mismatched++ < MismatchesKept)
      Mismatches.push_back({Name, R.Expected, R.Native});
    break;
  }
}

nlohmann::json NativeCheck::toJson() const {
  nlohmann::json List = nlohmann::json::array();
  for (const Mismatch &M : Mismatches)
    List.push_back(
        {{"test", M.Test}, {"engine", M.Expected}, {"native", M.Native}});
  nlohmann::json J = {{"tests", Tests},     {"replayed", Replayed},
                      {"matched", Matched}, {"mismatched", Mismatched},
                      {"skipped", Skipped}, {"mismatches", List}};
  if (!NotRun.empty())
    J["not_run"] = NotRun;
  if (CutByTime)
    J["cut_by_max_time"] = true;
  return J;
}

std::string nativeCheckText(const nlohmann::json &Check) {
  if (Check.contains("not_run"))
    return "not run: " + Check["not_run"].get<std::string>();
  auto U = [&Check](const char *Key) { return Check.value(Key, uint64_t(0)); };
  std::string Text = fmt::format(
      "{} of {} tests replayed natively{}", U("replayed"), U("tests"),
      Check.value("cut_by_max_time", false) ? " (--max-time ended the check)"
                                            : "");
  if (U("mismatched") == 0)
    return Text + (U("skipped") ? fmt::format(", {} match, {} cannot run "
                                              "natively",
                                              U("matched"), U("skipped"))
                                : std::string(", all match"));
  Text += fmt::format(", {} disagree: the engine's semantics and the native "
                      "run differ",
                      U("mismatched"));
  for (const nlohmann::json &M : Check.value("mismatches", nlohmann::json()))
    Text +=
        fmt::format("\n    {}: engine {}, native run {}", M.value("test", ""),
                    M.value("engine", ""), M.value("native", ""));
  return Text;
}

} // namespace theseus
