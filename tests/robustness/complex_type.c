// _Complex double: the floating-point conversion of the input is concretised and counted.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: complete no: concretization (1)
// RUN: %check-summary %t.out "concretizations['sites'][0]['site'].endswith('complex_type.c:7')"
int complex_type(int x) {
  _Complex double z = x + 2.0 * __builtin_complex(0.0, 1.0);
  if (__real__ (z * z) > 1.0)
    return 1;
  return 0;
}
