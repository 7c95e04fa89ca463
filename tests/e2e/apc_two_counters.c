// OneLoop and TwoLoops of Strejček and Trtík: i steps by 4, then j by 2 until
// i == j + 7, which no even i and j satisfy: the linear relation between
// the two loops' counters makes the target unreachable.
// RUN: rm -rf %t.out
// RUN: %theseus %s --target reach_error --apc-only -o %t.out | FileCheck %s
// CHECK: target reach_error in apc_two_counters: unreachable
// CHECK: backbones 1, loop summaries 2
void reach_error(void);

void apc_two_counters(int n) {
  int i = 0, j = 0;
  while (i < n)
    i += 4;
  while (i != j + 7)
    j += 2;
  reach_error();
}
