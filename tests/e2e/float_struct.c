// A struct with float and double members behind a pointer, and a buffer
// of floats: each member and element is symbolic, and the tests record
// them as decimals (the bytes are exact). A struct passed by value in an
// integer register (an int and a float share an eightbyte) is symbolic
// member by member too.
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
// RUN: rm -rf %t.val
// RUN: %theseus %s --entry by_value -o %t.val | FileCheck %s
// RUN: %check-tests %t.val --some "ret == 1 and fields['r']['value'] < -0.5"
// RUN: %theseus replay %t.val | FileCheck --check-prefix=REPLAY %s
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

struct reading {
  int id;
  float value;
};

int by_value(struct reading r) { return r.id == 2 && r.value < -0.5f; }
