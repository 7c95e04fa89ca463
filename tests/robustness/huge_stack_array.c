// A 1 GiB local array is beyond the program's stack (--max-stack, 8 MiB by
// default): a stack-overflow bug with its test, not a crash of Theseus.
// clang allocates the array at the function's entry, so every path
// overflows; natively the untouched array does not fault when x <= 0, and
// the bug's native confirmation says so (it is marked, never dropped). A
// bug its native run does not reproduce is a divergence, not a finding:
// the exit status is 0.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: stack-overflow at {{.*}}huge_stack_array.c:14: stack object 'big'
// RUN: %python %S/../e2e/tools/check_summary.py %t.out "bugs[0]['confirmed'] == 'unconfirmed'"
int huge_stack_array(int x) {
  if (x > 0) {
    char big[1L << 30];
    big[x & 1023] = 1;
    return big[x & 1023];
  }
  return 0;
}
