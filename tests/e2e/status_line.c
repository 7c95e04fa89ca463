// The status line: when stderr is not a terminal, a plain line every 10 s
// (none before), with paths, tests, bugs, coverage, the solver's share, the
// work waiting and the time against --max-time; -q prints none. The run
// lasts 15 s (of which a busy machine may spend a few compiling): one line,
// at 10 s or a little later, none at 20.
// RUN: rm -rf %t.out %t.q
// RUN: %theseus %s -o %t.out --max-time 15 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK-NOT: [theseus]
// CHECK: [theseus] 1{{[0-9]}}.{{[0-9]}}/15 s: {{[1-9][0-9]*}} paths, {{[1-9][0-9]*}} tests, 0 bugs, lines {{[0-9.]+}}%, branches {{[0-9.]+}}%, solver {{[0-9]+}}%, queue {{[0-9]+}}
// CHECK-NOT: [theseus]
// RUN: %theseus %s -o %t.q --max-time 11 -q 2> %t.qerr
// RUN: not grep theseus %t.qerr

int status_line(int x0, int x1, int x2, int x3, int x4, int x5, int x6,
                int x7, int x8, int x9, int x10, int x11, int x12, int x13,
                int x14, int x15, int x16, int x17, int x18, int x19) {
  int r = 0;
  if (x0 > 0) r++;
  if (x1 > 1) r++;
  if (x2 > 2) r++;
  if (x3 > 3) r++;
  if (x4 > 4) r++;
  if (x5 > 5) r++;
  if (x6 > 6) r++;
  if (x7 > 7) r++;
  if (x8 > 8) r++;
  if (x9 > 9) r++;
  if (x10 > 10) r++;
  if (x11 > 11) r++;
  if (x12 > 12) r++;
  if (x13 > 13) r++;
  if (x14 > 14) r++;
  if (x15 > 15) r++;
  if (x16 > 16) r++;
  if (x17 > 17) r++;
  if (x18 > 18) r++;
  if (x19 > 19) r++;
  return r;
}
