// A 1 GiB static array: symbolic indices into it are concretised (counted), no crash.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: complete no: concretization (2)
// RUN: %check-tests %t.out --some "ret == 1"
static char Huge[1L << 30];
int huge_global(int x) {
  if (x > 0 && x < 1000) {
    Huge[x] = 1;
    return Huge[x];
  }
  return 0;
}
