// --externals=deny: a call to a function without a body ends the path with
// an "external-denied" outcome naming the function and the call site;
// output functions still run. The default (safe) calls getenv natively, as
// it is on the list of harmless functions.
// RUN: rm -rf %t.out %t.allow
// RUN: %theseus %s --externals=deny -o %t.out | FileCheck %s
// CHECK: bugs 0
// CHECK: native calls printf (x{{[0-9]+}})
// CHECK-NOT: getenv
// RUN: %check-tests %t.out --count 2 \
// RUN:   --some "kind == 'return' and ret == 0 and x <= 5" \
// RUN:   --some "kind == 'external-denied' and x > 5 and line == 26 and message.startswith('external call to getenv denied (--externals=deny) at ') and message.endswith('externals_deny.c:26')"
// RUN: %python -c "import json,sys; s=json.load(open(sys.argv[1])); assert s['outcomes'] == {'external-denied': 1, 'return': 1}, s['outcomes']" %t.out/summary.json
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 1 match, 0 mismatch, 1 skipped
//
// RUN: %theseus %s -o %t.allow | FileCheck --check-prefix=ALLOW %s
// ALLOW: native calls {{.*}}getenv (x1)
// RUN: %check-tests %t.allow --none "kind == 'external-denied'"
#include <stdio.h>
#include <stdlib.h>

int externals_deny(int x) {
  printf("x=%d\n", x);
  if (x > 5) {
    const char *home = getenv("HOME");
    return home ? 1 : 2;
  }
  return 0;
}
