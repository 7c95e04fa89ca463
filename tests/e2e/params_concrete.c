// --concrete fixes an input in every test: a parameter, a member of a
// struct behind a pointer, an element of a pointer parameter's buffer.
// Fixed inputs are not symbolic, so the run stays complete.
// RUN: rm -rf %t.out
// RUN: %theseus --concrete mode=2 %s -o %t.out --max-len 4 --concrete p.y=5 --concrete 'a[1]=-3' | FileCheck %s
// CHECK: stopped: exhausted
// CHECK: return values {0, 1}
// RUN: %check-tests %t.out --count 2 --all "mode == 2 and fields['p']['y'] == 5 and a[1] == -3"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 2 match, 0 mismatch, 0 skipped
// RUN: not %theseus %s -o %t.bad --concrete nosuch=1 2>&1 | FileCheck --check-prefix=BAD %s
// BAD: error: --concrete nosuch=1: no parameter, member or element named 'nosuch'
struct point {
  int x, y;
};

int params_concrete(int mode, const struct point *p, const int *a) {
  if (mode != 2 || p->y != 5 || a[1] != -3)
    return -1;
  if (p->x == a[0])
    return 1;
  return 0;
}
