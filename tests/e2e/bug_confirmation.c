// Each bug's test is replayed natively as soon as the bug is found: the
// summary and the console say whether a real run confirms it. With
// --no-confirm nothing runs natively and the bugs are "unchecked".
// RUN: rm -rf %t.out %t.no
// RUN: not %theseus %s -o %t.out | FileCheck %s
// RUN: %check-summary %t.out "len(bugs) == 2" "all(b['confirmed'] == 'confirmed' for b in bugs)" "any('signal 8' in b['replay'] for b in bugs)"
// RUN: not %theseus %s -o %t.no --no-confirm | FileCheck --check-prefix=NO %s
// RUN: %check-summary %t.no "all(b['confirmed'] == 'unchecked' for b in bugs)"
// CHECK-DAG: division-by-zero at {{.*}}bug_confirmation.c:16: {{.*}} [confirmed: killed by signal 8
// CHECK-DAG: assertion-failure at {{.*}}bug_confirmation.c:17: {{.*}} [confirmed: killed by signal 6
// NO: division-by-zero {{.*}} [unchecked: --no-confirm]
#include <assert.h>

int bug_confirmation(int a, int b) {
  if (a > 100)
    return a / b;
  assert(a != 42);
  return 0;
}
