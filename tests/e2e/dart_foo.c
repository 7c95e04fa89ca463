// The DART example (Godefroid, Klarlund, Sen 2005, section 2.5): the first
// error needs x*x*x > 0 and y == 10. The paper calls the second abort
// unreachable, which holds for mathematical integers; with C's 32-bit ints
// x*x*x wraps, so x > 0 with x*x*x <= 0 exists and the engine finds it. The
// native replay confirms both.
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out \
// RUN:   --some "bug == 'abort' and line == 19 and x > 0 and y == 10" \
// RUN:   --some "bug == 'abort' and line == 21 and x > 0 and y == 20 and ((x**3 + 2**31) % 2**32 - 2**31) <= 0"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: bugs 2
// CHECK-DAG: abort at {{.*}}dart_foo.c:19: abort() called
// CHECK-DAG: abort at {{.*}}dart_foo.c:21: abort() called
// REPLAY: 0 mismatch
#include <stdlib.h>
int dart_foo(int x, int y) {
  if (x * x * x > 0) {
    if (x > 0 && y == 10) abort();
  } else {
    if (x > 0 && y == 20) abort();
  }
  return 0;
}
