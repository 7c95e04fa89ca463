// Native libc calls that are not modelled run concretely: printf output
// goes to program-output.txt (not pinned: printing must not fix x), sqrt and
// getenv return concrete values, and every path is still explored.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.out/program-output.txt
// RUN: %check-tests %t.out --some "ret == -1" --some "ret == 100" --some "ret >= 3 and x > 10"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: divergences 0
// CHECK: native_libc.c:18: argument of an output call (not pinned)
// CHECK: native calls {{.*}}getenv (x{{[0-9]+}})
// OUT: x is 0
// REPLAY: 0 mismatch
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
int native_libc(int x) {
  printf("x is %d\n", x);
  const char *path = getenv("PATH");
  if (x > 10 && path) {
    if (x == 10000)
      return (int)sqrt((double)x);
    return 3 + (x & 7);
  }
  return -1;
}
