// SV-COMP's error functions may have an empty body: a call of one is still
// the error, in the engine and in the native replay that confirms it (the
// program's definitions are weakened and the replay driver's abort), in
// both data models. The out-of-bounds read's replay, built with
// AddressSanitizer, links the same way. A static definition is called
// directly, not through its symbol, so the native run stays the program's:
// the engine's reach is not confirmed, and no verdict is claimed.
// RUN: rm -rf %t.64 %t.32 %t.all %t.static
// RUN: not %theseus %s --target reach_error -o %t.64 | FileCheck %s
// RUN: not %theseus %s --target reach_error --data-model ILP32 -o %t.32 | FileCheck %s
// RUN: not %theseus %s --tests=all -o %t.all | FileCheck --check-prefix=ALL %s
// RUN: %check-summary %t.all "len(bugs) == 3" "all(b['confirmed'] == 'confirmed' for b in bugs)"
// RUN: %theseus replay %t.all | FileCheck --check-prefix=REPLAY %s
// RUN: not %theseus %s --cflag=-DSTATIC --target reach_error -o %t.static | FileCheck --check-prefix=STATIC %s
// CHECK: reach-error at {{.*}}replay_empty_reach_error.c:{{[0-9]+}}: {{.*}} called ({{.*}}) [confirmed: killed by signal 6
// CHECK: target reach_error in main: reached by test
// ALL-DAG: reach-error at {{.*}}: reach_error() called ({{.*}}) [confirmed: killed by signal 6
// ALL-DAG: reach-error at {{.*}}: __VERIFIER_error() called ({{.*}}) [confirmed: killed by signal 6
// ALL-DAG: out-of-bounds at {{.*}} [confirmed: exited with code 1]
// REPLAY: 0 mismatch
// STATIC: target reach_error in main: unknown (the engine reached it by test{{[0-9]+}}.json, but the native run of that test did not
extern int __VERIFIER_nondet_int(void);

#ifdef STATIC
#define DEFINITION static
#else
#define DEFINITION
#endif

DEFINITION void reach_error() {}
DEFINITION void __VERIFIER_error() {}

int main() {
  int a[4] = {0};
  int x = __VERIFIER_nondet_int();
  if (x == 6)
    reach_error();
  if (x == 7)
    __VERIFIER_error();
  if (x == 8)
    return a[x - 4];
  return 0;
}
