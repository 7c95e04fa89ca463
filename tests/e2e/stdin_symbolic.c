// --sym-stdin N: getchar, fgets and scanf read N symbolic bytes, then end
// of file; exploration finds the stdin that reaches each return. Tests
// record stdin and replay feeds it to the native program.
// RUN: rm -rf %t.out %t.empty %t.file
// RUN: %theseus %s -o %t.out --sym-stdin 5 | FileCheck %s
// CHECK: stopped: exhausted
// CHECK: return values {0, 1, 2, 3}
// CHECK: concretizations 0
// RUN: %check-tests %t.out --all "len(stdin) == 5" \
// RUN:   --some "ret == 1 and stdin[0:1] == b'q'" --none "ret == 1 and stdin[0:1] != b'q'" \
// RUN:   --some "ret == 2 and stdin[1:2] == b'Z'" \
// RUN:   --some "ret == 3 and b'42' in stdin"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped
//
// Without an option stdin is empty: reads see end of file at once.
// RUN: %theseus %s -o %t.empty | FileCheck --check-prefix=EMPTY %s
// EMPTY: paths 1
// EMPTY: return values {-1}
// RUN: %check-tests %t.empty --all "stdin == b''"
//
// --stdin with a file: concrete stdin, recorded and replayed.
// RUN: printf 'xy\n 42' > %t.in
// RUN: %theseus %s -o %t.file --stdin %t.in | FileCheck --check-prefix=CONC %s
// CONC: return values {3}
// RUN: %check-tests %t.file --all "stdin == b'xy\n 42'"
// RUN: %theseus replay %t.file | FileCheck --check-prefix=REPLAY %s
#include <stdio.h>

int main(void) {
  int c = getchar();
  if (c == EOF)
    return -1;
  if (c == 'q')
    return 1;
  char line[4];
  if (fgets(line, sizeof line, stdin) && line[0] == 'Z')
    return 2;
  int n;
  if (scanf("%d", &n) == 1 && n == 42)
    return 3;
  return 0;
}
