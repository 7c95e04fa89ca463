// Memory-safety bugs with symbolic triggers, each found with a test that the
// native replay confirms under ASan (bfs keeps inputs near ASan's redzones).
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out --strategy bfs | FileCheck %s
// CHECK: bugs 7
// CHECK-DAG: out-of-bounds at {{.*}}memory_bugs.c:30: 4-byte access at offset {{-?[0-9]+}} of 'local'
// CHECK-DAG: out-of-bounds at {{.*}}memory_bugs.c:32: 4-byte access at offset {{-?[0-9]+}} of 'table'
// CHECK-DAG: out-of-bounds at {{.*}}memory_bugs.c:35: 1-byte access at offset {{-?[0-9]+}} of 'heap'
// CHECK-DAG: null-dereference at {{.*}}memory_bugs.c:40
// CHECK-DAG: use-after-free at {{.*}}memory_bugs.c:45
// CHECK-DAG: double-free at {{.*}}memory_bugs.c:50
// CHECK-DAG: invalid-free at {{.*}}memory_bugs.c:53
// RUN: %check-tests %t.out --some "bug == 'out-of-bounds' and line == 30 and not (0 <= i < 4)" \
// RUN:   --some "kind == 'return' and ret == 30"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped
#include <stdlib.h>

int table[4] = {1, 2, 3, 4};

int memory_bugs(int mode, int i) {
  int local[4] = {10, 20, 30, 40};
  int x = 5;
  if (mode == 0) {
    if (i >= 0 && i < 4 && local[i] == 30)
      return 30;
    return 0;
  }
  if (mode == 1)
    return local[i];
  if (mode == 2)
    table[i] = 9;
  if (mode == 3) {
    char *p = malloc(8);
    p[i] = 1;
    free(p);
  }
  if (mode == 4) {
    int *p = i == 77 ? (int *)0 : &x;
    return *p;
  }
  if (mode == 5) {
    int *p = malloc(sizeof(int));
    free(p);
    return *p;
  }
  if (mode == 6) {
    int *p = malloc(sizeof(int));
    free(p);
    free(p);
  }
  if (mode == 7)
    free(&x);
  return 0;
}
