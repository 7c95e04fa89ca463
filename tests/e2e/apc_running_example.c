// Strejček and Trtík's running example: the target needs ten or more 1s in A. The
// reads of A become reads of the input array at the counters' index, so
// the candidate has them; with 16 elements, more than 16 increments are
// impossible and the apc proves the other target unreachable.
// RUN: rm -rf %t.out %t.out2
// RUN: %theseus %s --target %s:26 --apc-only --max-len 16 --apc-timeout 120 -o %t.out | FileCheck %s
// RUN: %check-summary %t.out "target['verdict'] == 'apc satisfiable'" "target['candidate']['A'].count(1) >= 10"
// RUN: %theseus %s --target %s:28 --apc-only --max-len 16 --apc-timeout 120 -o %t.out2 | FileCheck --check-prefix=UNREACH %s
// CHECK: apc_running_example.c:26 in apc_running_example: apc satisfiable
// CHECK: rests on {{.*}}input buffers as sized for the executor
// CHECK: candidate inputs A=[
// UNREACH: apc_running_example.c:28 in apc_running_example: unreachable
// UNREACH: rests on {{.*}}input buffers as sized for the executor
// UNREACH: backbones 1, loop summaries 1
void reach_error(void);
void other_error(void);

void apc_running_example(int *A, int n) {
  int k = 3;
  for (int i = 0; i < n; ++i) {
    if (A[i] == 1)
      ++k;
  }
  if (k > 12) {
    if (k <= 19)
      reach_error();
    else
      other_error();
  }
}
