// Pointers to structs and arrays as parameters: one struct behind a struct
// pointer, --max-len elements behind an int pointer. An index read from the
// input that runs past the array is an out-of-bounds bug (kept near the
// end of the array, where the AddressSanitizer replay can see it).
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out --max-len 4 | FileCheck %s
// RUN: %check-tests %t.out --some "ret == 1" --some "ret == 2" --some "ret == 3" --some "ret == 4" \
// RUN:   --some "bug == 'out-of-bounds' and le(raw['p'], 8, 4) in (4, 5)" --all "len(a) == 4"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: bugs 1
// CHECK-NEXT: out-of-bounds at {{.*}}struct_ptr.c:27: 4-byte access at offset {{[0-9-]+}} of 'a' (16 bytes)
// REPLAY: 0 mismatch, 0 skipped

struct point {
  int x;
  short y;
  int index;
};

int struct_ptr(const struct point *p, const int *a) {
  if (p->x > 0 && p->y > 0)
    return 1;
  if (p->x < 0 && p->y > 0)
    return 2;
  if (p->x < 0 && p->y < 0)
    return 3;
  if (p->index >= 0 && p->index < 6 && a[p->index] == 77)
    return 4;
  return 0;
}
