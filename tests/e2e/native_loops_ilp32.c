// Concrete loops of a 32-bit (ILP32) program run as host code too: the
// loop below keeps 4-byte pointers in memory and does address arithmetic
// on them, and computes what the interpreter computes, with the same
// paths, coverage and instruction count as with --no-native-loops.
// RUN: rm -rf %t.on %t.off
// RUN: %theseus %s -o %t.on -q --data-model ILP32
// RUN: %theseus %s -o %t.off -q --data-model ILP32 --no-native-loops
// RUN: %check-summary %t.on "native_loops['runs'] >= 1" \
// RUN:   "native_loops['instructions'] > 10000" "native_loops['bails'] == {}" \
// RUN:   "complete"
// RUN: %check-summary %t.off "native_loops['runs'] == 0"
// RUN: %python %S/tools/same_paths.py %t.on %t.off | FileCheck %s
// CHECK: same paths: 2
// RUN: diff %t.on/coverage.info %t.off/coverage.info
// RUN: %python -c "import json,sys; a,b=(json.load(open(d+'/summary.json'))['instructions'] for d in sys.argv[1:]); assert a == b, (a, b)" %t.on %t.off
// RUN: %theseus replay %t.on | FileCheck --check-prefix=REPLAY %s
// REPLAY: 2 match, 0 mismatch
static unsigned table[64];
static unsigned *slots[8];

int native_loops_ilp32(int seed) {
  unsigned sum = 0;
  for (int i = 0; i < 8; i++)
    slots[i] = &table[i];
  for (int round = 0; round < 20; round++)
    for (int i = 0; i < 64; i++) {
      slots[i & 7] = &table[(i * 5) & 63];
      *slots[(i + 3) & 7] += (unsigned)i + round;
      unsigned *end = table + 64;
      sum += (unsigned)(end - slots[i & 7]) + table[i];
    }
  if (seed > 3)
    return (int)(sum & 0xffff);
  return 7;
}
