// Concrete loops run as host code: the loop nest below runs natively (one
// region, its counters in summary.json), computes what the interpreter
// computes (7448, as compiled natively), and every observable result is the same as with
// --no-native-loops: the paths, their ids, the coverage file (line and
// branch hit counts) and the instruction count. Fork mode and its
// self-check agree too.
// RUN: rm -rf %t.on %t.off %t.fork %t.forkoff
// RUN: %theseus %s -o %t.on -q
// RUN: %theseus %s -o %t.off -q --no-native-loops
// RUN: %check-summary %t.on "native_loops['runs'] >= 1" \
// RUN:   "native_loops['instructions'] > 100000" "native_loops['bails'] == {}" \
// RUN:   "complete" "s['outcomes'] == {'return': 2}"
// RUN: %check-summary %t.off "native_loops['runs'] == 0" \
// RUN:   "native_loops['regions'] == 0"
// RUN: %check-tests %t.on --count 2 --some "ret == 7448" --some "ret == 7"
// RUN: %python %S/tools/same_paths.py %t.on %t.off | FileCheck %s
// CHECK: same paths: 2
// RUN: diff %t.on/coverage.info %t.off/coverage.info
// RUN: %python -c "import json,sys; a,b=(json.load(open(d+'/summary.json'))['instructions'] for d in sys.argv[1:]); assert a == b, (a, b)" %t.on %t.off
// RUN: %theseus %s -o %t.fork -q --mode fork --self-check
// RUN: %theseus %s -o %t.forkoff -q --mode fork --no-native-loops
// RUN: %python %S/tools/same_paths.py %t.fork %t.forkoff | FileCheck %s
// RUN: %check-summary %t.fork "native_loops['runs'] >= 1"
// RUN: %theseus replay %t.on | FileCheck --check-prefix=REPLAY %s
// REPLAY: 2 match, 0 mismatch
static unsigned table[64];

int native_loops(int seed) {
  unsigned sum = 0;
  for (int round = 0; round < 50; round++)
    for (int i = 0; i < 64; i++) {
      table[i] = table[i] * 31 + (unsigned)(i ^ round);
      if (table[i] % 3 == 0)
        sum += table[i] >> 28;
    }
  if (seed == 1)
    return 7;
  return (int)sum;
}
