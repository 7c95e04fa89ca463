//===- Export.cpp - `theseus export`: writing the exported tests ----------===//
#include "report/Export.h"
#include "report/StoredTests.h"

#include "program/Program.h"
#include "report/TestComp.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <fstream>

namespace theseus {

namespace {

unsigned exportTestCompSuite(const std::string &Output,
                             const std::vector<std::string> &Paths,
                             std::FILE *Log, bool Zip, bool All) {
  if (Paths.size() != 1 || !llvm::sys::fs::is_directory(Paths[0]))
    throw InputError{"export --testcomp: give one run directory"};
  size_t Written = exportTestComp(Paths[0], Output, {}, Zip, All);
  std::fprintf(Log, "theseus export: wrote %zu testcases to %s%s\n", Written,
               Output.c_str(), Zip ? " (and its .zip)" : "");
  return 0;
}

} // namespace

unsigned exportTests(ExportFormat Format, const std::string &Output,
                     const std::vector<std::string> &Paths, std::FILE *Log,
                     bool Zip, bool All) {
  if (Format == ExportFormat::TestComp)
    return exportTestCompSuite(Output, Paths, Log, Zip, All);
  if (Zip)
    throw InputError{"export: --zip goes with --testcomp"};
  if (Format == ExportFormat::Json) {
    if (Paths.size() != 1)
      throw InputError{"export: --json exports the tests of one run directory"};
    uint64_t Written = exportStoredTests(Paths.front(), Output);
    std::fprintf(Log, "theseus export: wrote %llu tests to %s\n",
                 static_cast<unsigned long long>(Written), Output.c_str());
    return 0;
  }
  ExportedSuite Suite = buildExportedSuite(Paths, All);
  for (const SkippedTest &K : Suite.Skipped)
    std::fprintf(Log, "theseus export: skipped %s: %s\n", K.File.c_str(),
                 K.Why.c_str());
  if (Suite.Tests.empty())
    throw InputError{fmt::format("export: none of the {} tests can be exported",
                                 Suite.Skipped.size())};
  Suite.Output = llvm::sys::path::filename(Output).str();
  std::string Text;
  switch (Format) {
  case ExportFormat::GTest:
    Text = renderGTest(Suite);
    break;
  case ExportFormat::C:
    Text = renderC(Suite);
    break;
  case ExportFormat::TestComp:
  case ExportFormat::Json:
    llvm_unreachable("written above");
  }
  std::ofstream Out(Output);
  Out << Text;
  if (!Out.flush())
    throw InputError{"export: cannot write " + Output};
  std::fprintf(Log, "theseus export: wrote %zu tests to %s (%zu skipped)\n",
               Suite.Tests.size(), Output.c_str(), Suite.Skipped.size());
  return static_cast<unsigned>(Suite.Skipped.size());
}

} // namespace theseus
