//===- ProgressLine.cpp - A line of progress on stderr --------------------===//
#include "support/ProgressLine.h"

#include <unistd.h>

namespace theseus {

namespace {
/// Seconds between lines, and before the first one when not on a terminal.
constexpr double TtyPeriod = 0.25;
constexpr double LogPeriod = 10.0;
} // namespace

ProgressLine::ProgressLine(bool Enabled, double TtyStart, std::FILE *Out,
                           bool Tty)
    : Enabled(Enabled), TtyStart(TtyStart), Out(Out), Tty(Tty) {}

ProgressLine::ProgressLine(bool Enabled, double TtyStart)
    : ProgressLine(Enabled, TtyStart, stderr, isatty(STDERR_FILENO)) {}

void ProgressLine::update(double Seconds,
                          const std::function<std::string()> &Text) {
  double Period = Tty ? TtyPeriod : LogPeriod;
  double Start = Tty ? TtyStart : LogPeriod;
  if (!Enabled || Seconds < Start || (Last && Seconds - *Last < Period))
    return;
  Last = Seconds;
  std::string Line = Text();
  std::fprintf(Out, Tty ? "\r%s\033[K" : "%s\n", Line.c_str());
  std::fflush(Out);
  Shown = true;
}

void ProgressLine::erase() {
  if (Shown && Tty) {
    std::fputs("\r\033[K", Out);
    std::fflush(Out);
  }
  Shown = false;
}

} // namespace theseus
