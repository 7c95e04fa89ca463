// setjmp/longjmp: either modelled (the longjmp path returns 1) or unsupported on
// that path, never a bogus bug. Expected to fail today: longjmp reports 'unreachable' (src/exec/Calls.cpp).
// XFAIL: *
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out
// RUN: %check-tests %t.out --none "kind == 'bug'" --some "x > 5 and (ret == 1 or kind == 'unsupported')"
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
