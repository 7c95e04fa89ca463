// A loop whose exit depends on an input has unboundedly many paths: each
// run adds one iteration. --max-iterations bounds the exploration, and
// everything found before the budget ends is written.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out --max-iterations 10 | FileCheck %s
// RUN: %check-tests %t.out --count 10 --all "ret == sum(range(max(n, 0)))"
// RUN: %python -c "import json,sys; s=json.load(open('%t.out/summary.json')); sys.exit(0 if s['stop_reason']=='max-iterations' and s['paths']==10 and not s['complete'] else 1)"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: stopped: max-iterations
// CHECK: paths 10 (runs 10); tests 10
// The suite keeps 9 of the 10 as files: two skip the loop (n <= 0) alike.
// REPLAY: 9 match, 0 mismatch
//
// --max-time ends it the same way.
// RUN: %theseus %s -o %t.time --max-time 1 | FileCheck --check-prefix=TIME %s
// TIME: stopped: max-time
// TIME: complete no: max-time ({{[0-9]+}})
//
// --max-depth caps the recorded decisions per path: a path through 3
// iterations has 4 decisions, so 3 distinct paths remain. The search runs
// out of work, but the runs with unrecorded decisions make it incomplete.
// RUN: %theseus %s -o %t.depth --max-depth 3 | FileCheck --check-prefix=DEPTH %s
// DEPTH: stopped: bounded
// DEPTH: complete no: max-depth ({{[0-9]+}})
// DEPTH: paths 4

int loop_budget(int n) {
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += i;
  return sum;
}
