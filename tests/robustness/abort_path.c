// abort() on a path is a bug: exit status 1.
// RUN: rm -rf %t.out
// RUN: %expect-status 1 %theseus %s -o %t.out | FileCheck %s
// CHECK: bugs 1
// RUN: %check-tests %t.out --some "bug == 'abort' and x < -4 and line == 11"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 2 match, 0 mismatch
#include <stdlib.h>
int abort_path(int x) {
  if (x < -4)
    abort();
  return 0;
}
