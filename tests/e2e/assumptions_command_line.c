// A command-line program reading stdin: the run assumes its command line
// (argc, the concrete word, the symbolic argument's size, the optional
// arguments' sizes; envp empty) and stdin's size, and lists each, with
// the structured fields in summary.json.
// RUN: rm -rf %t %t.empty
// RUN: %theseus %s --sym-stdin 2 -o %t -- -v --sym-arg 2 --sym-args 0 2 1 | FileCheck %s
// RUN: %check-summary %t "complete_under_assumptions" \
// RUN:   "[a['kind'] for a in assumptions] == ['argc', 'argument', 'sym-arg', 'sym-args', 'envp', 'stdin']" \
// RUN:   "assumptions[0]['min'] == 3 and assumptions[0]['max'] == 5" \
// RUN:   "assumptions[1]['value'] == '-v' and assumptions[2]['max'] == 2" \
// RUN:   "assumptions[5]['max'] == 2 and assumptions[5]['option'] == '--sym-stdin'"
// RUN: %theseus %s -o %t.empty | FileCheck --check-prefix=EMPTY %s
// CHECK: complete yes: every feasible path ran to its end, under the assumptions below
// CHECK-NEXT: assumptions 3 <= argc <= 5 (--sym-args 0 2 1)
// CHECK-NEXT: argv[1] = "-v" (after --)
// CHECK-NEXT: argv[2] is a string of at most 2 bytes (--sym-arg 2)
// CHECK-NEXT: argv[3..4], where argc reaches them, are strings of at most 1 byte (--sym-args)
// CHECK-NEXT: envp is empty
// CHECK-NEXT: stdin holds 2 symbolic bytes, then end of file (--sym-stdin)
// EMPTY: assumptions argc = 1: the command line is the words after -- (--sym-arg N, --sym-args make them symbolic)
// EMPTY-NEXT: envp is empty
// EMPTY-NEXT: stdin is empty (--sym-stdin N gives it symbolic bytes)
#include <stdio.h>

int main(int argc, char **argv, char **envp) {
  int c = getchar();
  if (argc > 3 && argv[3][0] == 'x')
    return 2;
  if (argc > 2 && argv[2][0] == 'y')
    return c == 'z';
  return envp[0] != 0;
}
