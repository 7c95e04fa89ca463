// exit(3) on a path ends it with outcome exit, code 3; the run's status is 0.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: complete yes
// RUN: %check-tests %t.out --some "kind == 'exit' and x > 7" --some "ret == 0"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 2 match, 0 mismatch
#include <stdlib.h>
int exit3(int x) {
  if (x > 7)
    exit(3);
  return 0;
}
