//===- StatusLine.h - The live status of a run on stderr ------------------===//
//
// On a terminal, one line redrawn in place at most four times a second;
// otherwise (a log file, CI) a plain line every ten seconds, from ten
// seconds on. Paths, tests, bugs, coverage, the solver's share of the time,
// the work waiting, and the time against its budget.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_ENGINE_STATUSLINE_H
#define THESEUS_ENGINE_STATUSLINE_H

#include "explore/Exploration.h"
#include "report/TestFile.h"
#include "support/ProgressLine.h"

#include <string>

namespace theseus {

class StatusLine {
public:
  /// `Budget`: --max-time (0: none). Nothing is printed unless `Enabled`.
  StatusLine(bool Enabled, double Budget, const Coverage &Cov,
             const TestWriter &Tests);
  /// Prints the line if it is due.
  void update(const ExplorationStats &S);
  /// Takes the line off the terminal, so the summary starts clean.
  void erase();

  /// The line's text.
  static std::string text(const ExplorationStats &S, size_t Bugs,
                          const Coverage &Cov, double Budget);

private:
  ProgressLine Line;
  double Budget;
  const Coverage &Cov;
  const TestWriter &Tests;
};

} // namespace theseus

#endif
