// Globals and types but no function.
// RUN: %expect-status 2 --one-line %theseus %s -o %t.out 2>&1 | FileCheck %s
// CHECK: theseus: error: no function is defined in {{.*}}no_functions.c
int Global = 3;
struct S { int a; };
