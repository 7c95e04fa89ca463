// The program's stack is limited (--max-stack, 8 MiB by default): a 64 MB
// local array and unbounded recursion are stack-overflow bugs of the
// program, reported with their tests, never an exhaustion of Theseus'
// memory. Natively both die of SIGSEGV, which replay confirms. A smaller
// --max-stack makes a bounded recursion overflow too.
// RUN: rm -rf %t.out %t.small
// RUN: not %theseus %s -o %t.out | FileCheck %s
// CHECK: bugs 2
// CHECK-DAG: stack-overflow at {{.*}}stack_overflow.c:27: stack object 'buf' (1 x 67108864 bytes) exceeds the stack limit of 8388608 bytes (--max-stack)
// CHECK-DAG: stack-overflow at {{.*}}stack_overflow.c:24: call to 'forever' (64 bytes for its frame) exceeds the stack limit of 8388608 bytes (--max-stack)
// RUN: %check-tests %t.out --count 4 --some "bug == 'stack-overflow' and mode == 1" \
// RUN:   --some "bug == 'stack-overflow' and mode == 2 and len(message) > 0" \
// RUN:   --some "ret == 1000 and mode == 3" --some "ret == 0"
// RUN: %python -c "import json,glob,sys; t=[json.load(open(f)) for f in glob.glob(sys.argv[1]+'/test*.json')]; s=[x['outcome']['stack'] for x in t if x['outcome'].get('bug')=='stack-overflow' and x['inputs'][0]['value']==2][0]; assert len(s) == 100 and all(f['function'] == 'forever' for f in s), s[:3]" %t.out
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 4 match, 0 mismatch, 0 skipped
//
// RUN: not %theseus %s --max-stack 32768 -o %t.small | FileCheck --check-prefix=SMALL %s
// SMALL: bugs 3
// SMALL: stack-overflow at {{.*}}stack_overflow.c:32: call to 'bounded' (64 bytes for its frame) exceeds the stack limit of 32768 bytes
// RUN: %check-tests %t.small --none "ret == 1000"
#include <string.h>

int forever(int n) { return forever(n + 1) + 1; }

int big(void) {
  char buf[64 << 20];
  memset(buf, 1, sizeof buf);
  return buf[100];
}

int bounded(int n) { return n == 0 ? 0 : 1 + bounded(n - 1); }

int stack_overflow(int mode) {
  if (mode == 1)
    return big();
  if (mode == 2)
    return forever(0);
  if (mode == 3)
    return bounded(1000);
  return 0;
}
