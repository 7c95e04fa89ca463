// _Complex double: a pair of doubles, symbolic like any double (the
// multiplication's NaN checks are branches like others); nothing is
// concretised and the tests replay natively.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: complete yes
// CHECK: native check 2 of 2 tests replayed natively, all match
// CHECK: concretizations 0
int complex_type(int x) {
  _Complex double z = x + 2.0 * __builtin_complex(0.0, 1.0);
  if (__real__ (z * z) > 1.0)
    return 1;
  return 0;
}
