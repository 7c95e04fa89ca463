// A 1 GiB local array on one path: explored like any other, indices concretised.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: complete no: concretization
// RUN: %check-tests %t.out --some "ret == 1" --some "ret == 0"
int huge_stack_array(int x) {
  if (x > 0) {
    char big[1L << 30];
    big[x & 1023] = 1;
    return big[x & 1023];
  }
  return 0;
}
