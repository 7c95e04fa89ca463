// Computed goto (goto *p): indirectbr is unsupported on the path; the message
// must name the source line.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: complete no: unsupported (1)
// RUN: %check-tests %t.out --some "kind == 'unsupported' and 'indirectbr' in message and 'computed_goto.c:' in message"
int computed_goto(int x) {
  void *target = x > 0 ? &&pos : &&neg;
  goto *target;
pos:
  return 1;
neg:
  return 0;
}
