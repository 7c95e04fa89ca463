// An older SV-COMP task: __VERIFIER_error declared without a prototype.
// For -m32 clang calls it with a type other than its declaration's; the
// call is still a call of the error function, so --target reach_error
// (which also names __VERIFIER_error) finds it in both data models.
// RUN: rm -rf %t.32 %t.64
// RUN: not %theseus %s --entry main --target reach_error --data-model ILP32 -o %t.32 | FileCheck %s
// RUN: not %theseus %s --entry main --target reach_error -o %t.64 | FileCheck %s
// CHECK: target reach_error in main: reached by test
extern void __VERIFIER_error() __attribute__((__noreturn__));
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int y = __VERIFIER_nondet_uint();
  if (y == 12)
    __VERIFIER_error();
  return 0;
}
