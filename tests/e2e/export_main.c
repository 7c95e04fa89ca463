// Exported tests of command-line programs: `main` is renamed with
// -Dmain=theseus_entry_main; the tests pass the recorded argv and stdin,
// compare stdout, and serve harness-created inputs (__VERIFIER_nondet_int,
// klee_make_symbolic) from the runtime inlined into the exported file.
// RUN: rm -rf %t.args %t.harness
// RUN: %theseus %s -o %t.args --tests=all --sym-stdin 1 --return-values 0 -- --sym-arg 2 > /dev/null
// RUN: not %theseus %s -o %t.harness --tests=all --cflag=-DHARNESS --return-values 0 > /dev/null
// RUN: clang -c -g -Dmain=theseus_entry_main %s -o %t.o
// RUN: clang -c -g -Dmain=theseus_entry_main -DHARNESS %s -o %t.h.o
// RUN: %theseus export --gtest %t.args.cpp %t.args
// RUN: FileCheck --check-prefix=ARGSFILE %s < %t.args.cpp
// RUN: clang++ -std=c++17 %t.args.cpp %t.o -lgtest -lgtest_main -pthread -o %t.args.gtest
// RUN: %t.args.gtest | FileCheck --check-prefix=GTEST %s
// RUN: %theseus export --c %t.args.c %t.args
// RUN: clang %t.args.c %t.o -o %t.args.driver && %t.args.driver | FileCheck --check-prefix=DRIVER %s
// RUN: %theseus export --gtest %t.h.cpp %t.harness
// RUN: FileCheck --check-prefix=HFILE %s < %t.h.cpp
// RUN: clang++ -std=c++17 %t.h.cpp %t.h.o -lgtest -lgtest_main -pthread -o %t.h.gtest
// RUN: %t.h.gtest | FileCheck --check-prefix=GTEST %s
// RUN: %theseus export --c %t.h.c %t.harness
// RUN: clang %t.h.c %t.h.o -o %t.h.driver && %t.h.driver | FileCheck --check-prefix=DRIVER %s
//
// ARGSFILE: clang -c -g -Dmain=theseus_entry_main
// ARGSFILE: int theseus_entry_main(int, char **, char **);
// ARGSFILE: TEST(main, test{{[0-9]+}}_returns_3) {
// ARGSFILE: char arg1[] = "-v";
// ARGSFILE: theseus_capture_stdout();
// ARGSFILE: EXPECT_EQ(theseus_stdout(), std::string("verbose\n", 8));
// ARGSFILE: theseus_set_stdin("q", 1);
// ARGSFILE: EXPECT_EQ(theseus_entry_main(2, argv, envp), 4);
// HFILE: int theseus_entry_main(void);
// HFILE: TEST(main, test{{[0-9]+}}_reach_error) {
// HFILE: theseus_replay_use("nondet_int_1
// HFILE: EXPECT_EXIT((void)theseus_entry_main(), testing::KilledBySignal(SIGABRT), "");
// HFILE: void theseus_replay_use(const char *lines) {
// GTEST: [  PASSED  ] {{[1-9][0-9]*}} tests.
// DRIVER: {{[1-9][0-9]*}} tests, 0 failed
#include <stdio.h>
#include <string.h>

#ifdef HARNESS
extern int __VERIFIER_nondet_int(void);
extern void klee_make_symbolic(void *, unsigned long, const char *);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  char buf[4];
  klee_make_symbolic(buf, sizeof buf, "buf");
  if (x > 10 && buf[0] == 'k') {
    printf("big k\n");
    return 2;
  }
  if (x == -7)
    reach_error();
  return x < -5;
}
#else
int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "-v") == 0) {
    printf("verbose\n");
    return 3;
  }
  int c = getchar();
  if (c == 'q')
    return 4;
  return argc;
}
#endif
