//===- Export.cpp - `theseus export`: writing the exported tests ----------===//
#include "report/Export.h"

#include "program/Program.h"

#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <fstream>

namespace theseus {

unsigned exportTests(ExportFormat Format, const std::string &Output,
                     const std::vector<std::string> &Paths, std::FILE *Log) {
  ExportedSuite Suite = buildExportedSuite(Paths);
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
