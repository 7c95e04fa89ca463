// Each bug kind of the first version, with kind, file:line, message and
// call stack; an exit() path is a normal end with its code.
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out | FileCheck %s
// CHECK: bugs 3
// CHECK-DAG: assertion-failure at {{.*}}bugs.c:25: assertion 'n != 3' failed
// CHECK-DAG: reach-error at {{.*}}bugs.c:35: reach_error() called
// CHECK-DAG: abort at {{.*}}bugs.c:37: abort() called
// RUN: %check-tests %t.out --some "kind == 'exit' and mode == 4" \
// RUN:   --some "bug == 'assertion-failure' and mode == 1 and depth == 3" \
// RUN:   --none "kind == 'unsupported'"
// RUN: %python -c "import json,glob,sys; t=[json.load(open(f)) for f in glob.glob('%t.out/test*.json')]; s=[x['outcome']['stack'] for x in t if x['outcome'].get('bug')=='assertion-failure'][0]; print([(f['function'], f['line']) for f in s])" | FileCheck --check-prefix=STACK %s
// STACK: [('descend', 25), ('descend', 26), ('descend', 26), ('descend', 26), ('bugs', 31)]
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped
// RUN: %python -c "import json,sys; s=json.load(open('%t.out/summary.json')); k=sorted(b['kind'] for b in s['bugs']); sys.exit(0 if k==['abort','assertion-failure','reach-error'] else 1)"

#include <assert.h>
#include <stdlib.h>

void reach_error(void);

// Recursion: the assertion fails three calls down.
int descend(int n, int depth) {
  assert(n != 3);
  return depth > 0 ? descend(n + 1, depth - 1) : n;
}

int bugs(int mode, int depth) {
  if (mode == 1 && depth == 3)
    return descend(0, depth);
  if (mode == 2)
    return descend(5, 1);
  if (mode == 3)
    reach_error();
  if (mode == -7)
    abort();
  if (mode == 4)
    exit(9);
  return 0;
}
