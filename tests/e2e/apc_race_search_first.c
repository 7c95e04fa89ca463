// --target: the search and the apc run side by side, and whichever answers
// first wins. Here the apc is a factoring problem Z3 does not solve in
// seconds (two 31-bit primes whose product is the 62-bit constant), while
// the search's first input (--seed-input: the factors) reaches the target
// at once: the run stops there, the apc is interrupted at that point, long
// before --apc-timeout and --max-time (120 s: an apc left to run would take
// them; under a third of that holds on a busy machine), and the reaching
// test replays.
// RUN: rm -rf %t.out
// RUN: not %theseus %s --target reach_error --seed-input p=2147483629,q=2147483587,n=1 --apc-timeout 120 --max-time 120 -o %t.out | FileCheck %s
// RUN: %check-summary %t.out "target['verdict'] == 'reached'" "target['test'] == 'test000001.json'" "target['finished_first'] == 'search'" "target['decided_by'] == 'search'" "target['times']['solve_apc_result'] == 'X'" "stop_reason == 'target-reached'" "time['total'] < 40" "target['times']['apc_finished_at'] < 40"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in apc_race_search_first: reached by test000001.json
// CHECK: apc              unknown
// CHECK: the search finished first, the apc was interrupted at
// REPLAY: 1 match, 0 mismatch
void reach_error(void);

int apc_race_search_first(long long p, long long q, int n) {
  long long a = 0, b = 0;
  for (int t = 0; t < n; t++) {
    a += p;
    b += q;
  }
  if (a > 1 && b > 1 && a < 2147483648LL && b < 2147483648LL &&
      a * b == 4611685846628697223LL)
    reach_error();
  return 0;
}
