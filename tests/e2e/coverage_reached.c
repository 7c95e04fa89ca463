// summary.json says when the final coverage was first reached: every
// branch here is covered long before the loop's 2^5 paths are all run, and
// the moment is exact (a path count), not rounded to a timeline sample.
// RUN: rm -rf %t.c %t.f
// RUN: %theseus %s -o %t.c -q
// RUN: %python %S/tools/check_summary.py %t.c \
// RUN:   "coverage['branches']['covered'] == coverage['branches']['total']" \
// RUN:   "0 < coverage['branches']['reached_after']['paths'] < paths == 64" \
// RUN:   "coverage['branches']['reached_after']['seconds'] <= time['total']" \
// RUN:   "coverage['lines']['reached_after']['paths'] <= coverage['branches']['reached_after']['paths']"
// RUN: %theseus %s --mode fork -o %t.f -q
// RUN: %python %S/tools/check_summary.py %t.f \
// RUN:   "0 < coverage['branches']['reached_after']['paths'] < paths == 64"
int coverage_reached(int x, unsigned char y) {
  int r = 0;
  if (x == 12345)
    r = 100;
  for (int i = 0; i < 5; i++)
    if (y & (1u << i))
      r++;
  return r;
}
