// A call through a function pointer chosen by an input: which target is
// called is a decision the explorer negates, so both targets run.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "sel != 0 and x == 41 and ret == 1" --some "sel == 0 and x == 21 and ret == 1"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: coverage lines 100.0%
// REPLAY: 0 mismatch, 0 skipped

static int inc(int x) { return x + 1; }
static int dbl(int x) { return x * 2; }

int fnptr(int sel, int x) {
  int (*f)(int) = sel ? inc : dbl;
  if (f(x) == 42)
    return 1;
  return 0;
}
