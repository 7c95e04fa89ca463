// A preprocessed SV-COMP style file (.i) whose entry is main: the native
// replay that confirms the bug must rename this main like a .c file's.
// RUN: rm -rf %t.out && mkdir -p %t.dir
// RUN: clang-19 -E %s -o %t.dir/task.i
// RUN: not %theseus %t.dir/task.i --entry main -o %t.out | FileCheck %s
// RUN: %check-summary %t.out "bugs[0]['confirmed'] == 'confirmed'"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: reach-error at {{.*}}preprocessed_main.c:{{[0-9]+}}: reach_error() called ({{.*}}) [confirmed
// REPLAY: 0 mismatch, 0 skipped
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 12345)
    reach_error();
  return 0;
}
