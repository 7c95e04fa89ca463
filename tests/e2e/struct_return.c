// A struct returned by value is the path's return value, not an input:
// clang returns `struct wide` through memory the caller provides (an sret
// parameter), `struct pair` (8 bytes) and `struct quad` (16 bytes) in
// integer registers. A test shows it by its integer members (the pointer
// member is in its bytes only) and replay compares them natively.
// RUN: rm -rf %t.wide %t.fork %t.pair %t.quad
// RUN: %theseus %s --entry wide -o %t.wide | FileCheck --check-prefix=WIDE %s
// RUN: %check-tests %t.wide --count 2 --all "list(inputs) == ['x']" \
// RUN:   --some "x > 100 and list(ret.values()) == list(range(x, x - 8, -1))" \
// RUN:   --some "x <= 100 and list(ret.values()) == [0] * 7 + [-1]"
// RUN: %check-summary %t.wide "return_type == 'struct wide'" "len(return_values) == 2"
// RUN: %theseus replay %t.wide | FileCheck --check-prefix=REPLAY %s
// RUN: %theseus %s --entry wide --mode=fork --self-check -o %t.fork | FileCheck --check-prefix=FORK %s
// RUN: %theseus %s --entry pair -o %t.pair
// RUN: %check-tests %t.pair --all "ret == {'lo': x, 'hi': -2, 'tag': 200 if x < 0 else 0}" \
// RUN:   --some "x < 0" --some "x >= 0"
// RUN: %theseus replay %t.pair | FileCheck --check-prefix=REPLAY2 %s
// RUN: %theseus %s --entry quad -o %t.quad
// RUN: %check-tests %t.quad --all "ret == {'x': x ^ 1, 'y': 7, 'z': 9 if x == 5 else -3}" \
// RUN:   --some "x == 5" --some "x != 5"
// RUN: %theseus replay %t.quad | FileCheck --check-prefix=REPLAY2 %s
// WIDE: return values {{[{][{]}}"a[0]":
// REPLAY: replayed 2 tests: 2 match, 0 mismatch, 0 skipped
// REPLAY2: replayed {{[0-9]+}} tests: {{[0-9]+}} match, 0 mismatch, 0 skipped
// FORK: self-check passed

struct wide {
  const char *tag;
  int a[8];
};

struct wide wide(int x) {
  struct wide r = {"wide", {0}};
  if (x > 100)
    for (int i = 0; i < 8; ++i)
      r.a[i] = x - i;
  else
    r.a[7] = -1;
  return r;
}

struct pair {
  int lo;
  short hi;
  unsigned char tag;
};

struct pair pair(int x) {
  struct pair p = {x, -2, 0};
  if (x < 0)
    p.tag = 200;
  return p;
}

struct quad {
  long x;
  unsigned y;
  int z;
};

struct quad quad(long x) {
  struct quad q = {x ^ 1, 7, -3};
  if (x == 5)
    q.z = 9;
  return q;
}
