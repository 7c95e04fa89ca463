// A struct with float and double members behind a pointer, and a buffer
// of floats: each member and element is symbolic, and the tests record
// them as decimals (the bytes are exact).
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out \
// RUN:   --some "ret == 1 and fields['p']['x'] > fields['p']['y'] + 1.5" \
// RUN:   --some "ret == 2 and fields['p']['scale'] < 0" \
// RUN:   --some "ret == 3 and w[1] == 0.25"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// CHECK: concretizations 0
// REPLAY: 0 mismatch, 0 skipped
struct point {
  float x, y;
  int tag;
  double scale;
};

int float_struct(struct point *p, const float *w) {
  if (p->tag != 3)
    return 0;
  if (p->x > p->y + 1.5f)
    return 1;
  if (p->scale < 0)
    return 2;
  if (w[1] == 0.25f)
    return 3;
  return 4;
}
