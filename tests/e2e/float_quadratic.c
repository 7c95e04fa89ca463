// A quadratic equation's roots by its discriminant, over floats: each of
// the three cases (two roots, one, none) is reached, and a = 0. (In
// double precision the products take Z3 longer than the default timeout.)
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "ret == 2" --some "ret == 1" \
// RUN:   --some "ret == 0" --some "ret == -1" \
// RUN:   --all "ret != 1 or b * b == 4 * a * c"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// CHECK: concretizations 0
// REPLAY: 0 mismatch, 0 skipped

int float_quadratic(float a, float b, float c) {
  if (a == 0)
    return -1;
  float d = b * b - 4 * a * c;
  if (d > 0)
    return 2;
  if (d == 0)
    return 1;
  return 0;
}
