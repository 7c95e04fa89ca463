// A loop whose exit depends on an input that never comes records a path of
// hundreds of thousands of decisions: the run stops at its budget without
// crashing (the path tree is torn down without recursion) and keeps its
// results.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out --max-time 3 -q | FileCheck %s
// RUN: %check-summary %t.out "stop_reason == 'max-time'" "tests >= 1"
// CHECK: stopped: max-time

int long_decision_path(int x) {
  int n = 0;
  while (x != 5) { // x + 2k is odd for ever when x starts even
    x += 2;
    n++;
  }
  return n;
}
