//===- StatusLine.cpp - The live status of a run on stderr ----------------===//
#include "engine/StatusLine.h"

#include <cstdio>
#include <fmt/format.h>
#include <unistd.h>

namespace theseus {

namespace {
/// Seconds between lines, and before the first one.
constexpr double TtyPeriod = 0.25, TtyStart = 1.0;
constexpr double LogPeriod = 10.0;

double percent(unsigned Part, unsigned Whole) {
  return Whole ? 100.0 * Part / Whole : 100.0;
}
} // namespace

StatusLine::StatusLine(bool Enabled, double Budget, const Coverage &Cov,
                       const TestWriter &Tests)
    : Enabled(Enabled), Tty(isatty(2)), Budget(Budget), Cov(Cov), Tests(Tests) {
}

std::string StatusLine::text(const ExplorationStats &S, size_t Bugs,
                             const Coverage &Cov, double Budget) {
  std::string Time = Budget > 0
                         ? fmt::format("{:.1f}/{:g} s", S.Seconds, Budget)
                         : fmt::format("{:.1f} s", S.Seconds);
  return fmt::format(
      "[theseus] {}: {} paths, {} tests, {} bugs, lines {:.1f}%, branches "
      "{:.1f}%, solver {:.0f}%, queue {}",
      Time, S.Paths, S.Tests, Bugs,
      percent(Cov.linesCovered(), Cov.linesTotal()),
      percent(Cov.branchesCovered(), Cov.branchesTotal()),
      S.Seconds > 0 ? 100 * S.Solver.Seconds / S.Seconds : 0, S.OpenSides);
}

void StatusLine::update(const ExplorationStats &S) {
  double Period = Tty ? TtyPeriod : LogPeriod;
  double Start = Tty ? TtyStart : LogPeriod;
  if (!Enabled || S.Seconds < Start || S.Seconds - Last < Period)
    return;
  Last = S.Seconds;
  std::string Line = text(S, Tests.bugs().size(), Cov, Budget);
  std::fprintf(stderr, Tty ? "\r%s\033[K" : "%s\n", Line.c_str());
  Shown = true;
}

void StatusLine::erase() {
  if (Shown && Tty)
    std::fputs("\r\033[K", stderr);
  Shown = false;
}

} // namespace theseus
