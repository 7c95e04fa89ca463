// The program's stdout is kept per test (the "stdout" field), from printf,
// puts, putchar and fwrite alike, and never mixed into Theseus' own output;
// program-output.txt holds every test's output under a header.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out > %t.console
// RUN: FileCheck %s < %t.console
// CHECK: paths 2
// RUN: not grep -e answer -e else -e raw %t.console
// RUN: %check-tests %t.out --count 2 \
// RUN:   --some "x == 42 and stdout == 'the answer is 42\n'" \
// RUN:   --some "x != 42 and stdout == 'something else\n!raw\n'"
// RUN: FileCheck --check-prefix=OUT %s < %t.out/program-output.txt
// OUT-DAG: ==> test00000{{[12]}}.json <==
// OUT-DAG: something else
// OUT-DAG: the answer is 42
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch
#include <stdio.h>

int stdout_per_test(int x) {
  if (x == 42) {
    printf("the answer is %d\n", x);
    return 1;
  }
  puts("something else");
  putchar('!');
  fwrite("raw\n", 1, 4, stdout);
  return 0;
}
