// Structs passed by value are symbolic field by field: in registers
// (point: one 8-byte piece; box: 8 + 4 bytes) and on the stack (big,
// passed byval). Tests record each field by name, and so does a struct
// behind a pointer. Replay passes the bytes natively; every test matches.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out --tests=all | FileCheck %s
// RUN: %check-tests %t.out --count 108 \
// RUN:   --some "ret == 31" \
// RUN:   --all "((ret & 1) == 1) == (fields['p'] == {'x': 3, 'y': -4})" \
// RUN:   --some "fields['b']['id[2]'] == 90 and fields['b']['w'] * fields['b']['h'] == 1200" \
// RUN:   --some "fields['g']['c'] == 123456789012 and fields['g']['tag'] == 7" \
// RUN:   --some "fields['q']['x'] + fields['q']['y'] == 10"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// RUN: not %theseus %s --entry with_float 2>&1 | FileCheck --check-prefix=FLOAT %s
// CHECK: paths 108
// CHECK: branches 100.0% (16/16)
// REPLAY: 108 match, 0 mismatch, 0 skipped
// FLOAT: parameter 'v' of 'with_float' is a struct passed by value in floating-point registers

struct point {
  int x, y;
};
struct box {
  short w, h;
  unsigned char id[4];
  int depth;
};
struct big {
  long a, b, c;
  int tag;
};

int struct_by_value(struct point p, struct box b, struct big g,
                    struct point *q) {
  int r = 0;
  if (p.x == 3 && p.y == -4)
    r |= 1;
  if (b.w * b.h == 1200 && b.id[2] == 'Z')
    r |= 2;
  if (b.depth > 1000)
    r |= 4;
  if (g.c == 123456789012L && g.tag == 7)
    r |= 8;
  if (q->x + q->y == 10)
    r |= 16;
  return r;
}

struct vec {
  float x, y;
};
int with_float(struct vec v) { return v.x > v.y; }
