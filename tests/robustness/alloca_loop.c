// alloca in a loop of up to 100,000 iterations: bounded by --max-iterations, no crash.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out --max-iterations 20 | FileCheck %s
// CHECK: stopped: max-iterations
// CHECK: complete no
// RUN: %check-tests %t.out --count 20 --some "n == 0 and ret == 0" --some "n == 3 and ret == 3"
#include <alloca.h>
int alloca_loop(int n) {
  int s = 0;
  for (int i = 0; i < n && i < 100000; ++i) {
    char *p = alloca(4096);
    p[0] = (char)i;
    s += p[0];
  }
  return s;
}
