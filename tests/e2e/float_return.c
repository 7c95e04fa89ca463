// A float returned is its decimal in the tests and the summary, and
// replay compares it with the native program's, printed alike.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "ret == 0.5" --some "ret == -2.5"
// RUN: %check-summary %t.out "sorted(return_values) == ['-2.5', '0.5', 'inf']"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// CHECK: return values {-2.5, 0.5, inf}
// REPLAY: 3 match, 0 mismatch, 0 skipped

double float_return(float x) {
  if (x > 10.0f)
    return 1.0 / 0.0;
  if (x > 1.0f)
    return 0.5;
  return -2.5;
}
