// A value made concrete narrows what was explored: the run says which
// concretisation cut it (sin, computed natively, gets its symbolic argument
// pinned) and is not complete. The output call's argument is only
// printed, not pinned, so it cuts nothing.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %check-summary %t.out "not complete" "incomplete_because == {'concretization': 1}"
// CHECK: stopped: bounded
// CHECK: complete no: concretization (1)
// CHECK-DAG: claims_concretized.c:[[@LINE+8]]: argument of an output call (not pinned)
// CHECK-DAG: claims_concretized.c:[[@LINE+8]]: argument of sin, a math function computed natively
#include <math.h>
#include <stdio.h>

int claims_concretized(int x) {
  if (x > 3)
    return 1;
  printf("x = %d\n", x);
  return sin(x) > 0.5;
}
