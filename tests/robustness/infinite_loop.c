// A loop that never ends without any input: the run is cut by --max-steps and
// says so (bounded, incomplete), with a test for the cut path.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out --max-steps 100000 | FileCheck %s
// CHECK: stopped: bounded
// CHECK: complete no: step-limit (1)
// RUN: %check-tests %t.out --count 1 --all "kind == 'step-limit'"
int infinite_loop(void) {
  volatile int i = 0;
  for (;;)
    ++i;
  return i;
}
