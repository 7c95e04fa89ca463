// The sum of the first n odd numbers is n^2: the apc sums the step 2k + 1
// over the loop's counter in closed form (s = n^2 modulo 2^32, no square
// being 2000 modulo 2^32 either), and proves s == 2000 unreachable, as
// the linear rules alone could not.
// (--apc-timeout 120: room for a busy machine.)
// RUN: rm -rf %t.u %t.r %t.f
// RUN: %theseus %s --target reach_error --apc-only --apc-timeout 120 -o %t.u | FileCheck %s
// RUN: %check-summary %t.u "target['verdict'] == 'unreachable'"
// CHECK: target reach_error in apc_odd_sum: unreachable
// CHECK: rests on the program's integer semantics only
//
// 2025 is 45^2 (and (2^31 - 45)^2 modulo 2^32, which the bound on n
// rules out): the apc's model is n = 45, and the search it seeds reaches
// the target with a test that replays natively.
// RUN: sed 's/s == 2000/s == 2025/' %s > %t.c
// RUN: %theseus %t.c --entry apc_odd_sum --target reach_error --apc-only --apc-timeout 120 -o %t.r | FileCheck --check-prefix=SAT %s
// RUN: %check-summary %t.r "target['candidate'] == {'n': 45}"
// RUN: not %theseus %t.c --entry apc_odd_sum --target reach_error --apc-first --apc-timeout 120 -o %t.f | FileCheck --check-prefix=REACH %s
// RUN: %theseus replay %t.f | FileCheck --check-prefix=REPLAY %s
// SAT: target reach_error in apc_odd_sum: apc satisfiable
// REACH: target reach_error in apc_odd_sum: reached by test000001.json
// REPLAY: 0 mismatch
void reach_error(void);

void apc_odd_sum(int n) {
  if (n > 1000)
    return;
  int s = 0;
  for (int k = 0; k < n; k++)
    s += 2 * k + 1;
  if (s == 2000)
    reach_error();
}
