// theseus replay of many tests: a line only for a test that does not match
// (or cannot run natively), in test order whatever -j, then the verdict;
// exit status 1 on a mismatch. --sample N replays N tests drawn by --seed
// and every test that records a bug; --all replays every path of run.db,
// also those whose test file is gone. On a terminal stderr shows the
// progress from the start, erased before the verdict.
// RUN: rm -rf %t.out %t.files && mkdir %t.files
// RUN: not %theseus %s -o %t.out > /dev/null
// RUN: %check-tests %t.out --count 16 --some "kind == 'bug'" --none "kind not in ('bug', 'return')"
//
// RUN: %theseus replay -j 2 %t.out > %t.j2
// RUN: FileCheck --check-prefix=VERDICT %s < %t.j2
// VERDICT-NOT: {{test|theseus}}
// VERDICT: replayed 16 tests: 16 match, 0 mismatch, 0 skipped ({{[0-9]+\.[0-9]}} s, -j 2)
// RUN: %theseus replay -j 0 %t.out | FileCheck --check-prefix=ALLCORES %s
// ALLCORES: replayed 16 tests: 16 match, 0 mismatch, 0 skipped ({{.*}} s, -j {{[1-9][0-9]*}})
//
// RUN: %theseus replay -v -j 1 %t.out | grep -v '^replayed' > %t.v1
// RUN: %theseus replay -v -j 3 %t.out | grep -v '^replayed' > %t.v3
// RUN: diff %t.v1 %t.v3
// RUN: sort -c %t.v1
// RUN: grep -c ': match (' %t.v1 | FileCheck --check-prefix=SIXTEEN %s
// SIXTEEN: 16
//
// A test whose recorded value is wrong: its line in order, exit status 1.
// RUN: cp %t.out/test000001.json %t.out/test000003.json %t.files
// RUN: %python -c "import json; p = '%t.out/test000002.json'; t = json.load(open(p)); t['outcome'] = {'kind': 'return', 'value': 99}; json.dump(t, open('%t.files/test000002.json', 'w'))"
// RUN: not %theseus replay -j 2 %t.files | FileCheck --check-prefix=MISMATCH %s
// MISMATCH-NOT: test000001
// MISMATCH: test000002.json: MISMATCH: engine expected returned 99, native run returned {{[0-9]+}}
// MISMATCH-NOT: test000003
// MISMATCH: replayed 3 tests: 2 match, 1 mismatch, 0 skipped
//
// The same sample for the same seed, from the files or from run.db; the
// bug is always in it.
// RUN: %theseus replay --sample 3 --seed 1 -v -j 1 %t.out > %t.s1
// RUN: %theseus replay --sample 3 --seed 1 -v -j 2 --all %t.out > %t.s2
// RUN: grep -v '^replayed' %t.s1 > %t.s1.lines
// RUN: grep -v '^replayed' %t.s2 > %t.s2.lines
// RUN: diff %t.s1.lines %t.s2.lines
// RUN: FileCheck --check-prefix=SAMPLE %s < %t.s1
// SAMPLE: killed by signal 6 (Aborted)
// SAMPLE: replayed [[N:[34]]] of 16 tests: [[N]] match, 0 mismatch, 0 skipped (3 drawn with --seed 1, {{[01]}} more for their bugs; {{.*}} s, -j 1)
// RUN: %theseus replay --sample 16 %t.out | FileCheck --check-prefix=WHOLE %s
// WHOLE: replayed 16 tests: 16 match
//
// RUN: rm %t.out/test000001.json %t.out/test000002.json
// RUN: %theseus replay %t.out | FileCheck --check-prefix=FILES %s
// FILES: replayed 14 tests: 14 match
// RUN: %theseus replay --all -v %t.out | FileCheck --check-prefix=ALL %s
// ALL: test000001.json: match
// ALL: replayed 16 tests: 16 match
// RUN: %theseus replay --all --sample 2 -v %t.out | FileCheck --check-prefix=ALLSAMPLE %s
// ALLSAMPLE: killed by signal 6 (Aborted)
// ALLSAMPLE: replayed {{[23]}} of 16 tests: {{[23]}} match, 0 mismatch, 0 skipped (2 drawn with --seed 0, {{[01]}} more for their bugs;
//
// RUN: %python %S/tools/on_terminal.py %theseus replay %t.out | FileCheck --check-prefix=TTY %s
// TTY: replayed 14 tests: 14 match
// TTY-NEXT: --- terminal ---
// TTY-NEXT: <CR>[theseus] replay: 0/14 tests, 0 match, 0 mismatch, 0 skipped, {{[0-9.]+}} s<EL>
// TTY-SAME: <CR><EL>{{$}}
#include <theseus.h>

int replay_scale(int a, int b, int c, int d) {
  int r = 0;
  if (a == 1)
    r |= 1;
  if (b == 2)
    r |= 2;
  if (c == 3)
    r |= 4;
  if (d == 4)
    r |= 8;
  theseus_assert(r != 15);
  return r;
}
