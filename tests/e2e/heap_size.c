// Sizes and lengths that depend on inputs are explored, not pinned: each
// size of malloc/calloc is a path, one above the 1 GiB limit takes the
// failed-allocation path (NULL), and a memcpy/memset length longer than
// its buffer is an out-of-bounds bug.
// RUN: rm -rf %t.out
// RUN: not %theseus %s --max-iterations 150 -o %t.out | FileCheck %s
// CHECK: bugs 2
// CHECK-DAG: out-of-bounds at {{.*}}heap_size.c:47: {{[0-9]+}}-byte access with room for 8 in 'dst' (8 bytes)
// CHECK-DAG: out-of-bounds at {{.*}}heap_size.c:51: {{[0-9]+}}-byte access with room for 12 in 'heap' (12 bytes)
// CHECK: concretizations 0
// RUN: %check-tests %t.out \
// RUN:   --some "mode == 0 and ret == -1 and n < 0" \
// RUN:   --some "mode == 0 and ret == 0 and n == 0" \
// RUN:   --some "mode == 0 and ret == 1 and 1 <= n <= 3" \
// RUN:   --some "mode == 0 and ret == 2 and n > 3" \
// RUN:   --some "mode == 1 and ret == -1 and n < 0" \
// RUN:   --some "mode == 1 and ret == 3 and n == 5" \
// RUN:   --some "mode == 2 and ret == 0 and n == 8" \
// RUN:   --some "mode == 2 and ret == 0 and n == 3" --some "ret == 5 and n == 12" \
// RUN:   --all "mode != 0 or ret != 1 or 1 <= n <= 3"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped
#include <stdlib.h>
#include <string.h>

int heap_size(int mode, int n) {
  if (mode == 0) {
    // (size_t)n of a negative n is above any limit: malloc fails
    // natively too.
    char *p = malloc((size_t)n);
    if (!p)
      return -1;
    int r = n > 3 ? 2 : n > 0;
    free(p);
    return r;
  }
  if (mode == 1) {
    int *a = calloc((size_t)n, sizeof(int));
    if (!a)
      return -1;
    int r = n == 5 ? 3 : 4;
    free(a);
    return r;
  }
  if (mode == 2) {
    char dst[8], src[16] = "abcdefghijklmno";
    memcpy(dst, src, (size_t)(unsigned)n);
    return dst[0] == 'a' ? 0 : 1;
  }
  char *h = malloc(12);
  memset(h, 0, (unsigned char)n);
  free(h);
  return 5;
}
