// The apc proves a target unreachable by parity: i only takes even values.
// RUN: rm -rf %t.out
// RUN: %theseus %s --target reach_error --apc-only -o %t.out | FileCheck %s
// RUN: FileCheck --check-prefix=JSON %s < %t.out/summary.json
// CHECK: target reach_error in apc_parity: unreachable
// CHECK: rests on the program's integer semantics only
// CHECK: backbones 1, loop summaries 1
// CHECK: time build apc {{.*}} solve apc^K {{[SUX]}} {{.*}} solve apc {{[SUX]}}
// JSON: "verdict": "unreachable"
void reach_error(void);

void apc_parity(int n) {
  int i;
  for (i = 0; i < n; i += 2)
    ;
  if (i == 7)
    reach_error();
}
