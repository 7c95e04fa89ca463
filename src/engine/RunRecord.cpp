//===- RunRecord.cpp - What a run keeps on disk as it goes ----------------===//
#include "engine/RunRecord.h"

#include "report/Html.h"

#include "llvm/Support/FileSystem.h"

#include <cstdio>

namespace theseus {

void prepareOutDir(const std::string &Dir) {
  prepareDirectory(Dir, [](llvm::StringRef Name) {
    return (Name.starts_with("test") && Name.ends_with(".json")) ||
           Name == "summary.json" || Name == "coverage.info" ||
           Name == "program-output.txt" || Name.starts_with("tree.") ||
           Name == "report.html";
  });
}

bool writeReport(const std::string &Dir, bool EndOfRun) {
  HtmlOptions HO;
  HO.Theseus = llvm::sys::fs::getMainExecutable("theseus", nullptr);
  HtmlResult R;
  try {
    R = writeHtmlReport(Dir, HO);
  } catch (const InputError &E) {
    if (!EndOfRun)
      throw;
    R.Problem = E.Message;
  }
  if (R.Problem.empty())
    return true;
  std::fprintf(stderr, "theseus: warning: report.html not written: %s\n",
               R.Problem.c_str());
  return false;
}

std::optional<nlohmann::json> checkClaim(const RunOptions &O, Replayer &Replay,
                                         RunDatabase &Db, uint64_t Tests,
                                         ExplorationStats &Stats) {
  if (!claimsExhaustion(Stats) || Tests == 0)
    return std::nullopt;
  if (!O.ConfirmBugs)
    return nlohmann::json{{"not_run", "--no-confirm"}};
  if (O.NativeCheckTests == 0)
    return nlohmann::json{{"not_run", "--native-check 0"}};
  uint64_t Count = std::min(Tests, O.NativeCheckTests);
  if (!O.Quiet && Count >= 500)
    std::fprintf(stderr,
                 "theseus: replaying %llu tests natively before "
                 "claiming every path was explored\n",
                 static_cast<unsigned long long>(Count));
  // The check fits in --max-time: what it could not replay, it says.
  auto TimeUp = [&O, Start = O.Explore.Started.value_or(
                         std::chrono::steady_clock::now())] {
    return O.Explore.MaxTime > 0 && secondsSince(Start) >= O.Explore.MaxTime;
  };
  NativeCheck C = checkNatively(Replay, Db, Tests, O.NativeCheckTests, TimeUp);
  if (C.Mismatched)
    withdrawClaim(Stats, Cut::NativeMismatch, C.Mismatched);
  return C.toJson();
}

} // namespace theseus
