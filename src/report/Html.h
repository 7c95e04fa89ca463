//===- Html.h - report.html: a run directory as one web page -------------===//
//
// The report is written from the run directory's files alone (summary.json,
// the tests, coverage.info, tree.json and the sources the tests name), so
// `theseus report DIR` can write it again later. The page is one
// self-contained file: the data as JSON, the page's CSS and JavaScript
// inline, nothing fetched.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_HTML_H
#define THESEUS_REPORT_HTML_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace theseus {

/// What the page embeds at most, so that it stays a few MB and opens fast
/// whatever the run; the page says what was left out.
struct HtmlOptions {
  size_t MaxTests = 5000;          ///< Tests with their details.
  size_t MaxTestBytes = 2'500'000; ///< Their JSON, in all.
  size_t MaxTreeNodes = 2000;      ///< Nodes of the tree drawn.
  size_t MaxSourceLines = 20'000;  ///< Source lines, all files together.
  size_t MaxDecisions = 64;        ///< Explanation entries per test.
  size_t MaxTextChars = 300;       ///< Inputs, output and messages.
  std::string Theseus = "theseus"; ///< The command in replay lines.
};

/// The page for run directory `Dir`. Throws std::runtime_error when the
/// directory has no readable summary.json, and InputError, as replay does,
/// for a test the page embeds that is not a valid test of this format
/// version.
std::string renderHtmlReport(const std::string &Dir, const HtmlOptions &O);

struct HtmlResult {
  std::string Problem; ///< Empty when report.html was written.
  uint64_t Bytes = 0;
  double Seconds = 0;
};

/// Writes `Dir`/report.html. The run's results are on disk already, so a
/// failure is only reported, but for the InputError of a test this Theseus
/// does not read, which a run's own tests never are.
HtmlResult writeHtmlReport(const std::string &Dir, const HtmlOptions &O);

/// `Text` with &, <, >, " and ' as character references: HTML and XML
/// text alike.
std::string escapeHtml(llvm::StringRef Text);

} // namespace theseus

#endif
