// After a complete run under --concrete values or buffer sizes, a probe
// with them relaxed (values free, buffers 4 times larger) tells the branch
// sides only the assumptions exclude from code no input reaches: mode == 3
// is excluded by --concrete mode=1, and with it both sides of x > 5 below
// it; strlen(s) > 20 by the 16-byte string. x < 3 after x > 5 is taken by
// no input and is not marked. The probe writes no test.
// RUN: rm -rf %t %t.none %t.fork
// RUN: %theseus %s --concrete mode=1 -o %t | FileCheck %s
// CHECK: complete yes: every feasible path ran to its end, under the assumptions below
// CHECK: branches {{[0-9.]+}}% ({{[0-9]+}}/{{[0-9]+}}; 4 more only beyond the assumptions (4 taken by a probe of {{[0-9]+}} runs))
// RUN: %check-summary %t "coverage['assumption_probe']['branch_sides'] == 4" \
// RUN:   "0 < coverage['assumption_probe']['runs'] <= 200" \
// RUN:   "sorted((x['line'], x['taken']) for x in coverage['branches_beyond_assumptions']['sites']) == [(32, True), (33, False), (33, True), (38, True)]" \
// RUN:   "tests == paths"
// Fork mode is probed alike.
// RUN: %theseus %s --concrete mode=1 --mode fork -o %t.fork | FileCheck %s
// Without the probe nothing is marked.
// RUN: %theseus %s --concrete mode=1 --probe-runs 0 -o %t.none | FileCheck --check-prefix=NONE %s
// RUN: %check-summary %t.none "'assumption_probe' not in coverage" \
// RUN:   "coverage['branches_beyond_assumptions']['count'] == 0"
// NONE-NOT: beyond the assumptions
// NONE: complete yes
#include <string.h>

int assumptions_probe(int mode, int x, const char *s) {
  int r = 0;
  if (x > 5) {
    r += 16;
    if (x < 3) // No input.
      r += 32;
  }
  if (mode == 3) {
    if (x > 5)
      r += 1;
    else
      r += 2;
  }
  if (strlen(s) > 20)
    r += 4;
  return r;
}
