//===- NativeCheck.cpp - Claims checked against the native program --------===//
#include "report/NativeCheck.h"

#include "program/Program.h"
#include "report/Replay.h"
#include "report/TestFile.h"

#include <fmt/format.h>

namespace theseus {

namespace {

/// Mismatches kept in full; the rest are only counted.
constexpr size_t MismatchesKept = 5;

} // namespace

NativeCheck checkNatively(Replayer &Replay, const std::string &OutDir,
                          uint64_t Tests, uint64_t Limit) {
  NativeCheck C;
  C.Tests = Tests;
  uint64_t Count = std::min(Tests, Limit);
  for (uint64_t I = 0; I < Count; ++I) {
    // Test numbers start at 1; a spread keeps the first and the last.
    uint64_t Index =
        Count == Tests ? I + 1
                       : 1 + I * (Tests - 1) / std::max<uint64_t>(Count - 1, 1);
    std::string Name = testFileName(Index);
    TestReplay R;
    try {
      R = Replay.replay(OutDir + "/" + Name);
    } catch (const InputError &E) {
      C.NotRun = E.Message;
      return C;
    }
    ++C.Replayed;
    switch (R.Verdict) {
    case ReplayVerdict::Match:
      ++C.Matched;
      break;
    case ReplayVerdict::Skipped:
      ++C.Skipped;
      break;
    case ReplayVerdict::Mismatch:
      if (C.Mismatched++ < MismatchesKept)
        C.Mismatches.push_back({Name, R.Expected, R.Native});
      break;
    }
  }
  return C;
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
  return J;
}

std::string nativeCheckText(const nlohmann::json &Check) {
  if (Check.contains("not_run"))
    return "not run: " + Check["not_run"].get<std::string>();
  auto U = [&Check](const char *Key) { return Check.value(Key, uint64_t(0)); };
  std::string Text = fmt::format("{} of {} tests replayed natively",
                                 U("replayed"), U("tests"));
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
