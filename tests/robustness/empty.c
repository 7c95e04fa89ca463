// An empty file defines no function.
// RUN: %expect-status 2 --one-line %theseus %s -o %t.out 2>&1 | FileCheck %s
// CHECK: theseus: error: no function is defined in {{.*}}empty.c
