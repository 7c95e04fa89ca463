// malloc of a symbolic size: each size is a path of its own (1..100 here,
// plus the early returns), so the exploration is complete.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: complete yes
// CHECK: paths 102
// RUN: %check-tests %t.out --some "ret == 7"
#include <stdlib.h>
int malloc_symbolic(unsigned n) {
  if (n == 0 || n > 100)
    return 0;
  char *p = malloc(n);
  if (!p)
    return -1;
  p[n - 1] = 7;
  int r = p[n - 1];
  free(p);
  return r;
}
