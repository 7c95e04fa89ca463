// A loop that reads a symbolic byte (here a global holding the input)
// cannot run natively: the run bails out at that access and the
// interpreter runs the loop; after a few bail-outs the loop is no longer
// tried. The paths are those found with --no-native-loops.
// RUN: rm -rf %t.on %t.off
// RUN: %theseus %s -o %t.on -q
// RUN: %theseus %s -o %t.off -q --no-native-loops
// RUN: %check-summary %t.on "native_loops['runs'] == 0" \
// RUN:   "native_loops['bails'].get('access', 0) >= 1" \
// RUN:   "native_loops['disabled'] == 1" "complete"
// RUN: %python %S/tools/same_paths.py %t.on %t.off | FileCheck %s
// CHECK: same paths: 9
// RUN: diff %t.on/coverage.info %t.off/coverage.info
static const int primes[8] = {2, 3, 5, 7, 11, 13, 17, 19};
static int wanted;

int native_loops_symbolic(int key) {
  wanted = key;
  for (int i = 0; i < 8; i++)
    if (primes[i] == wanted)
      return i;
  return -1;
}
