// --sym-arg N: one symbolic argument of up to N bytes; exploration finds
// the option that reaches the verbose path. --sym-args MIN MAX N makes argc
// symbolic within the range, with argv[argc] NULL on every path.
// RUN: rm -rf %t.one %t.range %t.fork
// RUN: %theseus %s -o %t.one -- --sym-arg 3 | FileCheck %s
// CHECK: return values {2, 100}
// RUN: %check-tests %t.one --all "len(argv) == 2" --some "argv[1] == '-v' and ret == 100" --none "argv[1] != '-v' and ret == 100"
// RUN: %theseus replay %t.one | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped
//
// RUN: %theseus %s -o %t.range -- first --sym-args 0 2 2 | FileCheck --check-prefix=RANGE %s
// RANGE: concretizations 0
// RUN: %check-tests %t.range --all "argv[1] == 'first' and 2 <= len(argv) <= 4" \
// RUN:   --some "len(argv) == 2" --some "len(argv) == 3" --some "len(argv) == 4" \
// RUN:   --some "ret == 24 and argv[2:] == ['-v', '-v']" --all "ret == 10 * argv[2:].count('-v') + len(argv)"
// RUN: %theseus replay %t.range | FileCheck --check-prefix=REPLAY %s
// RUN: %theseus %s --mode=fork --self-check -o %t.fork -- first --sym-args 0 2 2 | FileCheck --check-prefix=FORK %s
// FORK: self-check passed
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "-v") == 0) {
    printf("verbose\n");
    return 100;
  }
  int verbose = 0;
  for (char **a = argv + 2; argc > 1 && *a; ++a)
    verbose += strcmp(*a, "-v") == 0;
  return verbose * 10 + argc;
}
