// realloc keeps the contents (symbolic bytes included) when a block grows,
// reports an overflow past the new size as a heap out-of-bounds access,
// frees the old block (a stale pointer is a use after free), follows glibc
// for realloc(NULL, n) and realloc(p, 0), reports realloc of a non-heap
// pointer like free, and explores a symbolic size as malloc does.
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "kind == 'return' and ret == 1 and n == 12345" \
// RUN:   --some "bug == 'out-of-bounds' and line == 31 and i >= 4" \
// RUN:   --some "ret == 2 and n == 1" --some "ret == 2 and n == 99" \
// RUN:   --none "ret == 3"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: bugs 3
// CHECK-DAG: out-of-bounds at {{.*}}libc_realloc.c:31: 4-byte access at offset {{[0-9]+}} of 'heap' (16 bytes)
// CHECK-DAG: use-after-free at {{.*}}libc_realloc.c:42
// CHECK-DAG: invalid-free at {{.*}}libc_realloc.c:53: realloc({{.*}}) of a non-heap pointer
// CHECK: concretizations 0
// REPLAY: 0 mismatch, 0 skipped
#include <stdlib.h>

int libc_realloc(int mode, int n, int i) {
  int *grown;
  if (mode == 0) {
    int *a = malloc(2 * sizeof(int));
    a[0] = n;
    a[1] = 7;
    grown = realloc(a, 4 * sizeof(int));
    grown[2] = grown[3] = 0;
    if (grown[0] == 12345 && grown[1] == 7) {
      if (i >= 0)
        grown[i] = 1;
      free(grown);
      return 1;
    }
    free(grown);
    return 0;
  }
  if (mode == 1) {
    int *a = malloc(sizeof(int));
    grown = realloc(a, 2 * sizeof(int));
    free(grown);
    return *a;
  }
  if (mode == 2) {
    char *empty = realloc(NULL, 0); // malloc(0): a block to free
    char *freed = realloc(malloc(4), 0); // frees, returns NULL
    free(empty);
    if (n > 0 && n < 100)
      free(realloc(malloc(1), (size_t)n));
    return freed == NULL ? 2 : 3;
  }
  int local;
  return realloc(&local, 8) != NULL;
}
