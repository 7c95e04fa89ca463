// switch over an enum parameter and narrow integer types: every case and
// the default are reached; char and short inputs have their own widths.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --all "ret == expected(c, s, k)" --oracle %inputs/switch_oracle.py
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: paths 8
// CHECK: return values {-1, 1, 2, 3, 10, 20, 30, 40}
// CHECK: branches 100.0%
// REPLAY: 8 match, 0 mismatch

enum color { RED, GREEN = 5, BLUE };

int switch_enum(signed char c, unsigned short s, enum color k) {
  if (c == -100)
    return -1;
  if (s > 65000) {
    if (c < 0)
      return 1;
    if (s == 65535)
      return 2;
    return 3;
  }
  switch (k) {
  case RED:
    return 10;
  case GREEN:
    return 20;
  case BLUE:
    return 30;
  default:
    return 40;
  }
}
