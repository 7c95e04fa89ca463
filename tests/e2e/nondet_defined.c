// A program that defines __VERIFIER_nondet_double and __VERIFIER_nondet_int
// itself (returning an uninitialised local, as some SV-COMP tasks do) still
// gets inputs from them, in the engine and natively: the replay build
// weakens the program's definitions, so the runtime serves the test's
// values and the reach is confirmed.
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "bug == 'reach-error' and nondet_int_2 == 7 and nondet_double_1 > 1e10"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// CHECK: bugs 1
// CHECK-NEXT: reach-error at {{.*}}nondet_defined.c:[[@LINE+14]]: reach_error() called {{.*}}[confirmed
// REPLAY: 0 mismatch, 0 skipped
extern void reach_error(void);

double __VERIFIER_nondet_double(void) {
  double v;
  return v;
}
int __VERIFIER_nondet_int(void) { return 0; }

int main(void) {
  double d = __VERIFIER_nondet_double();
  int n = __VERIFIER_nondet_int();
  if (d > 1e10 && n == 7)
    reach_error();
  return 0;
}
