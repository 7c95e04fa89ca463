// An sv-benchmarks task as the competition gives it: it calls the
// __VERIFIER_* functions without declaring them and converts the int that
// an implicit declaration returns to a pointer. clang 19 rejects both in
// C99 and later; Theseus compiles them as warnings, as C89 did (the engine
// and the replay build alike).
// RUN: rm -rf %t.out
// RUN: not %theseus %s --data-model ILP32 -o %t.out 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// RUN: %check-tests %t.out --some "bug == 'reach-error' and nondet_uint_1 == 3" \
// RUN:   --none "kind == 'unsupported'" --all "nondet_uint_1 <= 4"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// CHECK: reach-error at {{.*}}svcomp_task.c:22: __VERIFIER_error() called
// WARN: warning: call to undeclared function '__VERIFIER_nondet_uint'
// WARN: warning: incompatible integer to pointer conversion
// REPLAY: 0 mismatch, 0 skipped
extern void __VERIFIER_error() __attribute__((__noreturn__));

void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR:
    __VERIFIER_error();
  }
  return;
}

int main() {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 4);
  char *p = __VERIFIER_nondet_pointer();
  unsigned int x = n, y = 0;
  __VERIFIER_atomic_begin();
  while (x > 0) {
    x--;
    y++;
  }
  __VERIFIER_atomic_end();
  __VERIFIER_assert(y != 3 || p != 0);
  return 0;
}
