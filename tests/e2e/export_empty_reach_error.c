// Exported tests of a program whose reach_error() has an empty body: the
// test of the reaching input expects the error (SIGABRT), as the engine
// reported it. The header weakens the program's definition with
// llvm-objcopy, so that the exported file's, which aborts, serves the call;
// the GoogleTest and C files built by the header's lines pass every test.
// An object whose definition was not weakened does not link, rather than
// run the program's empty body.
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out --tests=all --return-values 0 > /dev/null
// RUN: %check-tests %t.out --some "bug == 'reach-error'"
// RUN: %theseus export --gtest %t.cpp %t.out
// RUN: FileCheck --check-prefix=FILE %s < %t.cpp
// RUN: clang -c -g -Dmain=theseus_entry_main %s -o %t.o
// RUN: cp %t.o %t.strong.o
// RUN: llvm-objcopy --weaken-symbol=reach_error %t.o
// RUN: clang++ -std=c++17 %t.cpp %t.o -lgtest -lgtest_main -pthread -o %t.gtest
// RUN: %t.gtest | FileCheck --check-prefix=GTEST %s
// RUN: %theseus export --c %t.c %t.out
// RUN: clang %t.c %t.o -o %t.driver && %t.driver \
// RUN:   | FileCheck --check-prefix=DRIVER %s
// RUN: not clang %t.c %t.strong.o -o %t.unweakened 2>&1 \
// RUN:   | FileCheck --check-prefix=LINK %s
// FILE: llvm-objcopy --weaken-symbol=reach_error export_empty_reach_error.o
// FILE: The program defines reach_error or __VERIFIER_error itself
// FILE: EXPECT_EXIT((void)theseus_entry_main(), testing::KilledBySignal(SIGABRT), "");
// GTEST-NOT: FAILED
// GTEST: [  PASSED  ] {{[1-9][0-9]*}} tests.
// DRIVER-NOT: FAIL
// DRIVER: {{[1-9][0-9]*}} tests, 0 failed
// LINK: multiple definition of {{.*}}reach_error
extern int __VERIFIER_nondet_int(void);
void reach_error() {}

int main() {
  int x = __VERIFIER_nondet_int();
  if (x == 6)
    reach_error();
  return x == 3;
}
