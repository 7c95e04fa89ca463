// raise(SIGSEGV) on a path ends that path (the program's crash is a result),
// never Theseus.
// RUN: rm -rf %t.out
// RUN: %expect-status 1 %theseus %s -o %t.out
// RUN: %check-tests %t.out --some "ret == 0" --some "x == 42 and kind != 'return'"
#include <signal.h>
int raise_sigsegv(int x) {
  if (x == 42)
    raise(SIGSEGV);
  return 0;
}
