// DART in Steffen and Stolz's course script, Figure 4: unknown() is compiled natively and opaque to the
// engine; its result is used concretely and the call's symbolic argument is
// pinned, so the branch unknown(x) == y is still covered.
// RUN: rm -rf %t.out %t.free
// RUN: %theseus %s --native %inputs/unknown.c -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --count 2 --some "ret == 1" --some "ret == 0"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: paths 2
// CHECK: return values {0, 1}
// CHECK: divergences 0
// CHECK: concretizations 2
// CHECK-NEXT: dart_unknown.c:23: argument of a native call (x2)
// REPLAY: 2 match, 0 mismatch
//
// PyExZ3's unpinned choice finds the same paths here.
// RUN: %theseus %s --native %inputs/unknown.c --concretize=free -o %t.free \
// RUN:   | FileCheck --check-prefix=FREE %s
// FREE: paths 2
// FREE: return values {0, 1}

int unknown(int x);
int dart_unknown(int x, int y) {
  if (unknown(x) == y)
    return 1;
  return 0;
}
