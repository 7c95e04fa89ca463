// The default search (cov-interleaved) takes coverage-new and random-path
// picks in turn, in both modes: it reaches an assertion that needs 9 of 12
// inputs positive long before bfs does (bfs first ends every shorter
// prefix), its order is the same on every run with the same --seed, and an
// exhaustive run finds the same 4096 paths as bfs. Each bug in
// summary.json says after how many seconds and paths it was found.
// RUN: rm -rf %t.c1 %t.c2 %t.cb %t.f1 %t.fb
// RUN: not %theseus %s -o %t.c1 -q | FileCheck %s
// RUN: not %theseus %s -o %t.c2 -q > /dev/null
// RUN: not %theseus %s -o %t.cb -q --strategy bfs > /dev/null
// RUN: not %theseus %s -o %t.f1 -q --mode=fork | FileCheck %s
// RUN: not %theseus %s -o %t.fb -q --mode=fork --strategy bfs > /dev/null
// CHECK: ({{concolic|fork}}, cov-interleaved)
// CHECK-SAME: stopped: exhausted
// RUN: %python %inputs/search_default.py first-bug %t.c1 1000 | FileCheck --check-prefix=FAST %s
// RUN: %python %inputs/search_default.py first-bug %t.f1 1000 | FileCheck --check-prefix=FAST %s
// RUN: %python %inputs/search_default.py first-bug %t.cb 4096 | FileCheck --check-prefix=SLOW %s
// RUN: %python %inputs/search_default.py first-bug %t.fb 4096 | FileCheck --check-prefix=SLOW %s
// FAST: bug after {{[0-9]+}} paths
// FAST-SAME: (under 1000)
// SLOW: bug after {{3[0-9][0-9][0-9]}} paths
// RUN: %python %inputs/search_default.py same-order %t.c1 %t.c2 | FileCheck --check-prefix=ORDER %s
// ORDER: same order: 4096 tests
// RUN: %python %S/tools/same_paths.py %t.c1 %t.cb | FileCheck --check-prefix=SAME %s
// RUN: %python %S/tools/same_paths.py %t.f1 %t.fb | FileCheck --check-prefix=SAME %s
// SAME: same paths: 4096
#include <assert.h>

int search_default(int a0, int a1, int a2, int a3, int a4, int a5, int a6,
                   int a7, int a8, int a9, int a10, int a11) {
  int a[12] = {a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11};
  int positives = 0;
  for (int i = 0; i < 12; i++)
    if (a[i] > 0)
      positives++;
  assert(positives < 9);
  return positives;
}
