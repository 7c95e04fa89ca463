// Exported tests of a program whose inputs are __VERIFIER_nondet_float,
// _double and _int, two of them defined by the program itself (returning an
// uninitialised local and 0, as some SV-COMP tasks do): the exported file
// serves the recorded values bit for bit (a float in a two-ulp window, a
// negative zero told by its sign), and its header weakens the program's
// definitions with llvm-objcopy. The GoogleTest and C files built by the
// header's lines pass every test; an object whose definitions were not
// weakened does not link, rather than run the program's bodies.
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out --tests=all --return-values 0 > /dev/null
// RUN: %check-tests %t.out --some "bug == 'reach-error'" \
// RUN:   --some "ret == 3 and str(inputs['nondet_float_1']) == '-0.0'"
// RUN: %theseus export --gtest %t.cpp %t.out 2>&1 \
// RUN:   | FileCheck --check-prefix=EXPORT %s
// RUN: FileCheck --check-prefix=FILE %s < %t.cpp
// RUN: clang -c -g -Dmain=theseus_entry_main %s -o %t.o
// RUN: cp %t.o %t.strong.o
// RUN: llvm-objcopy --weaken-symbol=__VERIFIER_nondet_double \
// RUN:   --weaken-symbol=__VERIFIER_nondet_int %t.o
// RUN: clang++ -std=c++17 %t.cpp %t.o -lgtest -lgtest_main -pthread -o %t.gtest
// RUN: %t.gtest | FileCheck --check-prefix=GTEST %s
// RUN: %theseus export --c %t.c %t.out
// RUN: clang %t.c %t.o -o %t.driver && %t.driver \
// RUN:   | FileCheck --check-prefix=DRIVER %s
// RUN: not clang %t.c %t.strong.o -o %t.unweakened 2>&1 \
// RUN:   | FileCheck --check-prefix=LINK %s
// EXPORT: (0 skipped)
// FILE: llvm-objcopy --weaken-symbol=__VERIFIER_nondet_double --weaken-symbol=__VERIFIER_nondet_int export_nondet.o
// FILE: The program defines __VERIFIER_nondet_* functions itself
// FILE: theseus_replay_use("nondet_float_1
// GTEST-NOT: FAILED
// GTEST: [  PASSED  ] {{[1-9][0-9]*}} tests.
// DRIVER-NOT: FAIL
// DRIVER: {{[1-9][0-9]*}} tests, 0 failed
// LINK: multiple definition of {{.*}}__VERIFIER_nondet_double
extern float __VERIFIER_nondet_float(void);
extern void reach_error(void);

double __VERIFIER_nondet_double(void) {
  double v;
  return v;
}
int __VERIFIER_nondet_int(void) { return 0; }

int main(void) {
  float x = __VERIFIER_nondet_float();
  double y = __VERIFIER_nondet_double();
  int n = __VERIFIER_nondet_int();
  if (x > 100.5f && x < 100.50002f && y < -1e300 && n == 7)
    reach_error();
  if (x == 0.0f && 1.0f / x < 0)
    return 3;
  if (y != y)
    return 2;
  return n == 7;
}
