// Inline assembly on one path ends that path as unsupported, naming it.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: complete no: unsupported (1)
// RUN: %check-tests %t.out --none "kind == 'bug'" --some "kind == 'unsupported' and line == 9 and 'assembly' in message"
int inline_asm(int x) {
  if (x > 10) {
    int y;
    __asm__("movl %1, %0" : "=r"(y) : "r"(x));
    return y;
  }
  return 0;
}
