// summary.json is kept current while the run goes on (written at the start,
// every few seconds and at each new bug, atomically), so a run killed with
// SIGKILL still leaves a valid summary of what it had, with its bug. The
// run is killed as soon as its summary shows the bug (not after a fixed
// time, which a busy machine may need for the compilation alone); the
// search never ends by itself.
// RUN: rm -rf %t.out
// RUN: %python %S/tools/kill_after.py --when-summary %t.out "len(bugs) == 1" 300 %theseus %s -o %t.out -q
// RUN: %check-summary %t.out "stop_reason == 'running'" "not complete" "len(bugs) == 1" "tests >= 1"

int summary_live(int n, int m) {
  if (n == 12345)
    return 1 / (m - m); // division by zero: found early
  int k = 0;
  for (int i = 0; i < n; i++)
    if (i % 7 == m)
      k++;
  return k;
}
