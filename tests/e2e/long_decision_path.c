// A loop whose exit depends on an input that never comes records a path of
// a hundred thousand decisions: the run stops at its budget without
// crashing (the path tree is torn down without recursion) and keeps its
// results. The budget is in counts (a million instructions, one run), so
// the path is as long on a busy machine.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out --max-steps 1000000 --max-iterations 1 -q | FileCheck %s
// RUN: %check-summary %t.out "stop_reason == 'max-iterations'" "tests >= 1" "incomplete_because['max-iterations'] >= 100000"
// CHECK: stopped: max-iterations

int long_decision_path(int x) {
  int n = 0;
  while (x != 5) { // x + 2k is odd for ever when x starts even
    x += 2;
    n++;
  }
  return n;
}
