// On loop-free programs the forking and the concolic mode find exactly the
// same paths (same number, same outcomes), here on five programs written
// for the other tests.
// RUN: rm -rf %t.*
// RUN: %theseus %S/../../examples/max4.c -o %t.c1 -q > /dev/null
// RUN: %theseus --mode=fork %S/../../examples/max4.c -o %t.f1 -q > /dev/null
// RUN: %python %S/tools/same_paths.py %t.c1 %t.f1 | FileCheck --check-prefix=MAX4 %s
// RUN: %theseus %S/eight_returns.c -o %t.c2 -q > /dev/null
// RUN: %theseus --mode=fork %S/eight_returns.c -o %t.f2 -q > /dev/null
// RUN: %python %S/tools/same_paths.py %t.c2 %t.f2 | FileCheck --check-prefix=EIGHT %s
// RUN: not %theseus %S/division.c -o %t.c3 -q > /dev/null
// RUN: not %theseus --mode=fork %S/division.c -o %t.f3 -q > /dev/null
// RUN: %python %S/tools/same_paths.py %t.c3 %t.f3 | FileCheck --check-prefix=DIV %s
// RUN: %theseus %S/switch_enum.c -o %t.c4 -q > /dev/null
// RUN: %theseus --mode=fork %S/switch_enum.c -o %t.f4 -q > /dev/null
// RUN: %python %S/tools/same_paths.py %t.c4 %t.f4 | FileCheck --check-prefix=SWITCH %s
// RUN: %theseus %s -o %t.c5 -q > /dev/null
// RUN: %theseus --mode=fork %s -o %t.f5 -q > /dev/null
// RUN: %python %S/tools/same_paths.py %t.c5 %t.f5 | FileCheck --check-prefix=SHORT %s
// MAX4: same paths: 8
// EIGHT: same paths: 8
// DIV: same paths: 5
// SWITCH: same paths:
// SHORT: same paths: 6

// Short-circuit && and || are branches of their own.
int fork_vs_concolic(int a, int b, int c) {
  if (a > 0 && b > 0)
    return 1;
  if (a < -5 || c == 3)
    return 2;
  return 0;
}
