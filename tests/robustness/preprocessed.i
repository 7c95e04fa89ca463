// A preprocessed file (.i) compiles without the include flag: no clang
// warning about an unused -I.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out 2>&1 | FileCheck %s
// CHECK-NOT: warning
// CHECK: complete yes
// CHECK-NOT: warning
// RUN: %check-tests %t.out --count 2 --some "x > 2 and ret == 1"
# 1 "preprocessed.c"
# 1 "<built-in>" 1
# 1 "preprocessed.c" 2
int preprocessed(int x) {
  if (x > 2)
    return 1;
  return 0;
}
