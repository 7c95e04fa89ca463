// Constant tables read at an input-dependent index stay symbolic: a
// 300-byte and a 20,000-byte `static const` table (read-only objects up to
// 64 KiB) are read as tables by the solver, so every class of both is
// reached without a concretisation. A writable array over 4096 bytes still
// pins the pointer, and says so; writing to a constant is a bug (SIGSEGV
// natively).
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out | FileCheck %s
// CHECK: bugs 1
// CHECK: write-to-read-only at {{.*}}const_table.c:57: write at offset {{[0-9]+}} of the constant 'small'
// CHECK: concretizations 1
// CHECK-NEXT: const_table.c:55: symbolic pointer into a large object (x1)
// RUN: %python -c "import json,glob,sys; r={json.load(open(f))['outcome'].get('value') for f in glob.glob(sys.argv[1]+'/test*.json')}; want={a+b for a in (1,2,3,4) for b in (0,10,20,30)}; assert want <= r, sorted(want-r)" %t.out
// RUN: %check-tests %t.out --some "ret == 24 and w == 12345" \
// RUN:   --all "op != 0 or ret == 1 + [0, 1, 2, 3, 1, 2, 3, 0, 2, 3][c % 10] + {0: 10, 12345: 20, 19999: 30}.get(w, 0)"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped
#define R10 0, 1, 2, 3, 1, 2, 3, 0, 2, 3,
#define R100 R10 R10 R10 R10 R10 R10 R10 R10 R10 R10
static const unsigned char small[300] = {R100 R100 R100};
static const unsigned char big[20000] = {[0] = 1, [12345] = 2, [19999] = 3};
static unsigned char scratch[8192];

int lookup(unsigned char c, unsigned short w) {
  int r;
  switch (small[c]) {
  case 0:
    r = 1;
    break;
  case 1:
    r = 2;
    break;
  case 2:
    r = 3;
    break;
  default:
    r = 4;
  }
  if (w < 20000) {
    unsigned char k = big[w];
    if (k == 1)
      r += 10;
    else if (k == 2)
      r += 20;
    else if (k == 3)
      r += 30;
  }
  return r;
}

int const_table(unsigned char c, unsigned short w, int op) {
  if (op == 0)
    return lookup(c, w);
  if (op == 1)
    return scratch[w % 8192];
  if (op == 2)
    ((unsigned char *)small)[c] = 1;
  return 40 + (op == 2);
}
