// The harness API of include/theseus.h: a symbolic struct, a symbolic int,
// an assumption and an assertion that fails only for one input.
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --all "1 <= le(raw['rect'], 0, 4) <= 100" \
// RUN:   --some "bug == 'assertion-failure' and le(raw['rect'], 0, 4) * le(raw['rect'], 4, 4) == 91 and scale == 3"
// The start input (all zeros) breaks the first assumption: that run is
// dropped, counted, and gets no test.
// RUN: %python -c "import json,glob,sys; s=json.load(open('%t.out/summary.json')); sys.exit(0 if s['assume_violations'] >= 1 and s['tests'] == len(glob.glob('%t.out/test*.json')) else 1)"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: explored main
// CHECK: bugs 1
// CHECK-NEXT: assertion-failure at {{.*}}theseus_api.c:34: theseus_assert failed
// REPLAY: 0 mismatch, 0 skipped
#include <theseus.h>

struct rect {
  int w;
  int h;
};

static int area(const struct rect *r) { return r->w * r->h; }

int main(void) {
  struct rect rect;
  theseus_make_symbolic(&rect, sizeof rect, "rect");
  theseus_assume(rect.w >= 1);
  theseus_assume(rect.w <= 100);
  theseus_assume(rect.h >= 1);
  theseus_assume(rect.h <= 100);
  int scale = theseus_int("scale");
  theseus_assume(scale == 3);
  // 91 = 7 * 13: a factorisation the solver must find.
  theseus_assert(area(&rect) != 91);
  return area(&rect) * scale;
}
