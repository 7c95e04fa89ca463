// A memory bug inside a libc model is reported at the program's call, with
// the model on top of the call stack, and AddressSanitizer's interceptors
// confirm it in the native replay.
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "bug == 'out-of-bounds' and line == 22 and n == 3" \
// RUN:   --some "bug == 'out-of-bounds' and line == 25 and n == 5"
// RUN: %python -c "import json, sys; d = sys.argv[1]; [print([f['function'] for f in json.load(open(d + '/' + b['test']))['outcome']['stack']]) for b in sorted(json.load(open(d + '/summary.json'))['bugs'], key=lambda b: b['line'])]" \
// RUN:   %t.out | FileCheck --check-prefix=STACK %s
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: bugs 2
// CHECK-DAG: out-of-bounds at {{.*}}libc_bugs.c:22: invalid 1-byte access
// CHECK-DAG: out-of-bounds at {{.*}}libc_bugs.c:25: invalid 1-byte access
// STACK: ['strlen', 'libc_bugs']
// STACK: ['strcpy', 'libc_bugs']
// REPLAY: 0 mismatch, 0 skipped
#include <string.h>

int libc_bugs(int n) {
  char unterminated[4] = {'a', 'b', 'c', 'd'};
  if (n == 3)
    return (int)strlen(unterminated);
  char small[4];
  if (n == 5)
    strcpy(small, unterminated + 1);
  return 0;
}
