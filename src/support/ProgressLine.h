//===- ProgressLine.h - A line of progress on stderr ----------------------===//
//
// How a long task shows that it advances: on a terminal, one line redrawn
// in place at most four times a second; otherwise (a log file, CI) a plain
// line every ten seconds from ten seconds on, so that a log gets a few
// lines rather than thousands. The exploration's status line and replay's
// progress both print through one.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_SUPPORT_PROGRESSLINE_H
#define THESEUS_SUPPORT_PROGRESSLINE_H

#include <cstdio>
#include <functional>
#include <optional>
#include <string>

namespace theseus {

class ProgressLine {
public:
  /// Nothing is printed unless `Enabled`. On a terminal (`Tty`: whether
  /// `Out` is one) the first line is due `TtyStart` seconds after the start.
  ProgressLine(bool Enabled, double TtyStart, std::FILE *Out, bool Tty);
  /// On stderr.
  ProgressLine(bool Enabled, double TtyStart);

  /// Prints `Text()` if a line is due `Seconds` after the start.
  void update(double Seconds, const std::function<std::string()> &Text);
  /// Takes the line off the terminal, so that what follows starts clean.
  void erase();

private:
  bool Enabled;
  double TtyStart;
  std::FILE *Out;
  bool Tty;
  bool Shown = false;
  std::optional<double> Last; ///< When the last line was printed.
};

} // namespace theseus

#endif
