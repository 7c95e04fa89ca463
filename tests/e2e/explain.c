// Each test explains its path: the decisions in order, in source terms, in
// both modes; `theseus show` prints them for a person, and a run directory's
// summary exactly as the run printed it.
// RUN: rm -rf %t.c %t.f && mkdir -p %t.pick
// RUN: not %theseus %s -o %t.c --tests=all > %t.c.txt
// RUN: not %theseus %s -o %t.f --mode fork --self-check --tests=all > %t.f.txt
// RUN: %python %S/tools/check_explanations.py negated %t.c | FileCheck --check-prefix=NEG %s
// RUN: %python %S/tools/check_explanations.py same %t.c %t.f | FileCheck --check-prefix=SAME %s
// RUN: %theseus replay %t.c | FileCheck --check-prefix=REPLAY %s
// NEG: negated: {{[1-9][0-9]*}} checked, 0 wrong
// SAME: same explanations: 22 of 22 paths
// REPLAY: 0 mismatch
//
// The path returning 21 in each mode: nested ifs, two rounds of the loop.
// RUN: %python %S/tools/check_explanations.py pick %t.c --return 21 --to %t.pick/c.json
// RUN: %theseus show %t.pick/c.json | FileCheck --check-prefixes=SHOW,NEGATED %s
// RUN: %python %S/tools/check_explanations.py pick %t.f --return 21 --to %t.pick/f.json
// RUN: %theseus show %t.pick/f.json | FileCheck --check-prefix=SHOW %s
// SHOW: {{[cf]}}.json: test {{[0-9]+}} of {{.*}}explain.c (entry explain)
// SHOW-NEXT: inputs a = {{[0-9]+}}, b = -{{[0-9]+}}, n = {{[0-9]+}}
// SHOW-NEXT: decisions 6
//
// A division whose divisor is an input is a check of its own.
// RUN: %python %S/tools/check_explanations.py pick %t.c --bug division-by-zero --to %t.pick/div.json
// RUN: %theseus show %t.pick/div.json | FileCheck --check-prefix=DIV %s
// DIV: decisions 5

int explain(int a, int b, int n) {
  int s = 0;
  if (a > 10) { // SHOW-NEXT: [0] explain.c:[[@LINE]]  if (a > 10)  -> true
    // DIV-NEXT: [0] explain.c:[[@LINE-1]]  if (a > 10)  -> false
    if (b < 0)  // SHOW-NEXT: [1] explain.c:[[@LINE]]  if (b < 0)  -> true
      s = 1;
    else
      s = 2;
  }
  for (int i = 0; i < n && i < 3; i++)
    // SHOW-NEXT: [2] explain.c:[[@LINE-1]]  i < n  -> true
    // SHOW-NEXT: [3] explain.c:[[@LINE-2]]  i < n  -> true
    // SHOW-NEXT: [4] explain.c:[[@LINE-3]]  i < n  -> false
    // DIV-NEXT: [1] explain.c:[[@LINE-4]]  i < n  -> false
    s += 10;
  if (a == -5 && n < 0)
    // SHOW-NEXT: [5] explain.c:[[@LINE-1]]  a == -5  -> false
    // DIV-NEXT: [2] explain.c:[[@LINE-2]]  a == -5  -> true
    // DIV-NEXT: [3] explain.c:[[@LINE-3]]  if (a == -5 && n < 0)  -> true
    return 70 / b;
    // DIV-NEXT: [4] explain.c:[[@LINE-1]]  b != 0  -> false  (check)
  return s;
}
// DIV: outcome bug division-by-zero at {{.*}}explain.c:[[@LINE-4]]: division by zero
// NEGATED: found as decision [{{[0-9]}}] of test{{[0-9]+}}.json negated
// SHOW: outcome returns 21
// SHOW-NEXT: replay theseus replay {{.*}}.json
//
// Without the source, the LLVM condition with the variables' names.
// RUN: cp %s %t.nosrc.c
// RUN: clang-19 -g -O0 -Xclang -disable-O0-optnone -fno-discard-value-names -S -emit-llvm %t.nosrc.c -o %t.nosrc.ll
// RUN: rm %t.nosrc.c && rm -rf %t.nosrc
// RUN: not %theseus %t.nosrc.ll --entry explain -o %t.nosrc -q > /dev/null
// RUN: %python %S/tools/check_explanations.py pick %t.nosrc --return 21 --to %t.pick/nosrc.json
// RUN: %theseus show %t.pick/nosrc.json | FileCheck --check-prefix=NOSRC %s
// NOSRC: [0] {{.*}}nosrc.c:30  a > 10  -> true
// NOSRC-NEXT: [1] {{.*}}nosrc.c:32  b < 0  -> true
// NOSRC-NEXT: [2] {{.*}}nosrc.c:37  i < n  -> true
//
// The summary of a run directory is the run's, line for line.
// RUN: %theseus show %t.c > %t.c.show.txt
// RUN: diff %t.c.txt %t.c.show.txt
// RUN: %theseus show %t.f > %t.f.show.txt
// RUN: diff %t.f.txt %t.f.show.txt
// RUN: FileCheck --check-prefix=SELF %s < %t.f.show.txt
// SELF: self-check passed
//
// Not a test, not a run directory, no such file: a message and status 2.
// RUN: sh -c '%theseus show %t.nosuch; echo "status $?"' 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: theseus: error: show: no such file or directory: {{.*}}nosuch
// MISSING: status 2
// RUN: sh -c '%theseus show %t.pick; echo "status $?"' 2>&1 | FileCheck --check-prefix=NOSUMMARY %s
// NOSUMMARY: show: {{.*}}pick is not a Theseus run directory (no summary.json)
// NOSUMMARY: status 2
// RUN: sh -c '%theseus show %t.c/summary.json; echo "status $?"' 2>&1 | FileCheck --check-prefix=NOTEST %s
// NOTEST: show: {{.*}}summary.json is not a Theseus test
// NOTEST: status 2
// RUN: sh -c '%theseus show %s; echo "status $?"' 2>&1 | FileCheck --check-prefix=NOJSON %s
// NOJSON: show: {{.*}}explain.c is not JSON
// NOJSON: status 2
