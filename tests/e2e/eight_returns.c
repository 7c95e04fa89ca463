// Eight return statements behind nested == and <= tests on three ints:
// every one is reached.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --count 8 --all "kind == 'return'"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: paths 8
// CHECK: return values {1, 2, 3, 4, 5, 6, 7, 8}
// CHECK: branches 100.0%
// REPLAY: 8 match, 0 mismatch

int eight_returns(int x, int y, int z) {
  if (x == y) {
    if (y <= z) {
      if (z == 7)
        return 1;
      return 2;
    }
    if (x == -3)
      return 3;
    return 4;
  }
  if (x <= z) {
    if (y == z + 1)
      return 5;
    return 6;
  }
  if (z == 100)
    return 7;
  return 8;
}
