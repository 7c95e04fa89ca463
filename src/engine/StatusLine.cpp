//===- StatusLine.cpp - The live status of a run on stderr ----------------===//
#include "engine/StatusLine.h"

#include <algorithm>
#include <fmt/format.h>

namespace theseus {

namespace {
/// On a terminal, a run of a second or less shows no line.
constexpr double TtyStart = 1.0;

double percent(unsigned Part, unsigned Whole) {
  return Whole ? 100.0 * Part / Whole : 100.0;
}
} // namespace

StatusLine::StatusLine(bool Enabled, double Budget, const Coverage &Cov,
                       const TestWriter &Tests)
    : Line(Enabled, TtyStart), Budget(Budget), Cov(Cov), Tests(Tests) {}

std::string StatusLine::text(const ExplorationStats &S, size_t Bugs,
                             const Coverage &Cov, double Budget) {
  std::string Time = Budget > 0
                         ? fmt::format("{:.1f}/{:g} s", S.Seconds, Budget)
                         : fmt::format("{:.1f} s", S.Seconds);
  // -j: the solver's share of the workers' time together.
  double Workers = std::max<double>(1, S.Workers.size());
  std::string Line = fmt::format(
      "[theseus] {}: {} paths, {} tests, {} bugs, lines {:.1f}%, branches "
      "{:.1f}%, solver {:.0f}%, queue {}",
      Time, S.Paths, S.Tests, Bugs,
      percent(Cov.linesCovered(), Cov.linesTotal()),
      percent(Cov.branchesCovered(), Cov.branchesTotal()),
      S.Seconds > 0 ? 100 * S.Solver.Seconds / (S.Seconds * Workers) : 0,
      S.OpenSides);
  if (!S.Workers.empty())
    Line += fmt::format(", workers {}", S.Workers.size());
  return Line;
}

void StatusLine::update(const ExplorationStats &S) {
  Line.update(S.Seconds,
              [&] { return text(S, Tests.bugs().size(), Cov, Budget); });
}

void StatusLine::erase() { Line.erase(); }

} // namespace theseus
