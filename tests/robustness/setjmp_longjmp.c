// setjmp/longjmp: unsupported on the path that calls them (here setjmp runs
// first), with a message naming them; never a bogus bug.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --none "kind == 'bug'" --all "kind == 'unsupported' and 'setjmp' in message and 'setjmp_longjmp.c:' in message"
// CHECK: complete no: unsupported (1)
#include <setjmp.h>
static jmp_buf Env;
static void jump(int v) { longjmp(Env, v); }
int setjmp_longjmp(int x) {
  if (setjmp(Env))
    return 1;
  if (x > 5)
    jump(2);
  return 0;
}
