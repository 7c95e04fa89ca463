// Only comments: no function.
// RUN: %expect-status 2 --one-line %theseus %s -o %t.out 2>&1 | FileCheck %s
// CHECK: theseus: error: no function is defined in {{.*}}only_comments.c
/* Nothing but comments. */
// Still nothing.
