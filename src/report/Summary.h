//===- Summary.h - summary.json, lcov and the console summary -------------===//
#ifndef THESEUS_REPORT_SUMMARY_H
#define THESEUS_REPORT_SUMMARY_H

#include "explore/Exploration.h"
#include "explore/SelfCheck.h"
#include "report/TestFile.h"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace theseus {

struct RunReport {
  const ExplorationStats &Stats;
  const TestWriter &Tests;
  const Coverage &Cov;
  std::string Mode;
  std::string Strategy;
  std::string OutDir;
  uint64_t MaxMemoryMB = 0;
};

nlohmann::json summaryJson(const RunReport &R);
/// lcov tracefile, readable by genhtml.
void writeLcov(const std::string &Path, const Coverage &Cov);
/// The console's summary of a run, from its summary.json (so that the end
/// of a run and `theseus show DIR` print the same).
void printSummary(std::FILE *Out, const nlohmann::json &Summary);

nlohmann::json selfCheckJson(const SelfCheckReport &R);
/// The self-check's line, from its summary.json object.
void printSelfCheck(std::FILE *Out, const nlohmann::json &SelfCheck);

} // namespace theseus

#endif
