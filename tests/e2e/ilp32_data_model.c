// --data-model ILP32 compiles with -m32: long and pointers are 4 bytes, so
// the error below is reachable; with the default LP64 it is not, and the
// run proves it by exhausting the paths. Replay builds the test with -m32.
// RUN: rm -rf %t.out %t.lp64
// RUN: not %theseus %s --data-model ILP32 -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "bug == 'reach-error' and nondet_int_1 == 7" \
// RUN:   --all "len(raw['nondet_long_2']) == 4"
// RUN: %python -c "import json; print(json.load(open('%t.out/test000001.json'))['program']['data_model'])" | FileCheck --check-prefix=MODEL %s
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// RUN: %theseus %s -o %t.lp64 | FileCheck --check-prefix=LP64 %s
// RUN: %check-tests %t.lp64 --none "bug == 'reach-error'" \
// RUN:   --all "len(raw['nondet_long_2']) == 8"
// RUN: %theseus replay %t.lp64 | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// CHECK: bugs 1
// CHECK-NEXT: reach-error at {{.*}}ilp32_data_model.c:35: reach_error() called {{.*}}[confirmed
// MODEL: ILP32
// LP64: stopped: exhausted
// LP64: bugs 0
// REPLAY: 0 mismatch, 0 skipped
extern int __VERIFIER_nondet_int(void);
extern long __VERIFIER_nondet_long(void);
extern void reach_error(void);

struct pair {
  char tag;
  void *p;
  long n;
};

int main(void) {
  int x = __VERIFIER_nondet_int();
  long n = __VERIFIER_nondet_long();
  if (sizeof(long) == 4 && sizeof(void *) == 4 && x == 7)
    reach_error();
  // Offsets follow the data layout: n is at 8 (ILP32) or 16 (LP64).
  struct pair s = {'a', &x, n};
  char *raw = (char *)&s;
  return *(long *)(raw + 2 * sizeof(void *)) == n ? 0 : 1;
}
