//===- SupportTest.cpp - The pool of threads and the line of progress -----===//
//
// OrderedPool hands results back in the order of submission, with no more
// than its window of jobs in flight; ProgressLine prints when a line is
// due, in place on a terminal and as plain lines elsewhere.
//
//===----------------------------------------------------------------------===//
#include "support/OrderedPool.h"
#include "support/ProgressLine.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <stdexcept>

using namespace theseus;

namespace {

using IntPool = OrderedPool<int, int>;

/// Later jobs finish first: each sleeps less than the one before.
int slowerFirst(int &J) {
  std::this_thread::sleep_for(std::chrono::microseconds(2000 - 10 * J));
  return J;
}

} // namespace

TEST(OrderedPool, HandsResultsBackInOrder) {
  std::vector<int> Taken;
  {
    IntPool Pool(
        4, 16, slowerFirst, [&](int &R) { Taken.push_back(R); }, [] {});
    for (int J = 0; J < 200; ++J)
      Pool.submit(J);
    Pool.finish();
  }
  ASSERT_EQ(Taken.size(), 200u);
  for (int J = 0; J < 200; ++J)
    EXPECT_EQ(Taken[J], J);
}

TEST(OrderedPool, KeepsAtMostItsWindowInFlight) {
  std::atomic<int> InFlight{0}, Most{0};
  IntPool Pool(
      3, 5,
      [&](int &J) {
        Most = std::max(Most.load(), InFlight.load());
        return slowerFirst(J);
      },
      [&](int &) { --InFlight; }, [] {});
  for (int J = 0; J < 100; ++J) {
    ++InFlight;
    Pool.submit(J);
  }
  Pool.finish();
  EXPECT_EQ(InFlight, 0);
  EXPECT_LE(Most, 5 + 1); // The one being submitted counts already.
}

// An error met while taking a result (an unreadable test) ends the
// submitting, and the pool stops its workers.
TEST(OrderedPool, WhatTakeThrowsLeavesSubmit) {
  auto Submit = [] {
    IntPool Pool(
        2, 4, slowerFirst,
        [](int &R) {
          if (R == 7)
            throw std::runtime_error("seven");
        },
        [] {});
    for (int J = 0; J < 100; ++J)
      Pool.submit(J);
    Pool.finish();
  };
  EXPECT_THROW(Submit(), std::runtime_error);
}

TEST(OrderedPool, TicksWhileWaiting) {
  // The job ends only once the waiting side has ticked twice (or after a
  // minute, so a pool that never ticks fails instead of hanging): however
  // busy the machine, the ticks come from waiting, not from luck.
  std::atomic<int> Ticks = 0;
  IntPool Pool(
      1, 4,
      [&](int &J) {
        for (int Waited = 0; Ticks < 2 && Waited < 6000; ++Waited)
          std::this_thread::sleep_for(std::chrono::milliseconds(10));
        return J;
      },
      [](int &) {}, [&] { ++Ticks; });
  Pool.submit(0);
  Pool.finish();
  EXPECT_GE(Ticks, 2);
}

namespace {

/// What a ProgressLine printed to a file of its own.
class Printed {
public:
  Printed() : F(std::tmpfile()) {}
  ~Printed() { std::fclose(F); }
  std::FILE *file() { return F; }
  std::string text() {
    std::fflush(F);
    std::rewind(F);
    std::string S;
    for (int C; (C = std::fgetc(F)) != EOF;)
      S += static_cast<char>(C);
    return S;
  }

private:
  std::FILE *F;
};

} // namespace

TEST(ProgressLine, RedrawsInPlaceOnATerminal) {
  Printed P;
  ProgressLine Line(true, 1.0, P.file(), /*Tty=*/true);
  int Made = 0;
  auto Text = [&] { return "line " + std::to_string(++Made); };
  Line.update(0.5, Text); // Before TtyStart.
  Line.update(1.0, Text);
  Line.update(1.1, Text); // Within a quarter second of the last.
  Line.update(1.3, Text);
  Line.erase();
  EXPECT_EQ(P.text(), "\rline 1\033[K\rline 2\033[K\r\033[K");
  EXPECT_EQ(Made, 2); // The text is made only when a line is due.
}

TEST(ProgressLine, PrintsPlainLinesEveryTenSecondsElsewhere) {
  Printed P;
  ProgressLine Line(true, 0, P.file(), /*Tty=*/false);
  auto Text = [] { return std::string("progress"); };
  for (double S : {0.0, 5.0, 10.0, 15.0, 20.5})
    Line.update(S, Text);
  Line.erase();
  EXPECT_EQ(P.text(), "progress\nprogress\n");
}

TEST(ProgressLine, DisabledPrintsNothing) {
  Printed P;
  ProgressLine Line(false, 0, P.file(), /*Tty=*/true);
  Line.update(100, [] { return std::string("progress"); });
  Line.erase();
  EXPECT_EQ(P.text(), "");
}
