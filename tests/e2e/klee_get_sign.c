// KLEE's first tutorial harness, unchanged: klee_make_symbolic on a local
// and main as the entry. Every sign is reached and each test replays with
// the recorded input served by the replay runtime.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --count 3 --all "ret == (0 if a == 0 else (-1 if a < 0 else 1))"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: explored main
// CHECK: paths 3
// CHECK: return values {-1, 0, 1}
// REPLAY: 3 match, 0 mismatch
#include <klee/klee.h>

int get_sign(int x) {
  if (x == 0)
    return 0;
  if (x < 0)
    return -1;
  else
    return 1;
}

int main() {
  int a;
  klee_make_symbolic(&a, sizeof(a), "a");
  return get_sign(a);
}
