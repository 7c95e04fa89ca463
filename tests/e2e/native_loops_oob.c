// An out-of-bounds write in a concrete loop: the native run bails out at
// the invalid access, and the interpreter reports the bug at its line,
// with a test that replays.
// RUN: rm -rf %t.on
// RUN: not %theseus %s -o %t.on -q
// RUN: %check-summary %t.on "native_loops['bails'].get('access', 0) >= 1" \
// RUN:   "native_loops['runs'] == 0"
// RUN: %check-tests %t.on --count 1 \
// RUN:   --all "kind == 'bug' and bug == 'out-of-bounds' and line == 17"
// RUN: %theseus replay %t.on | FileCheck --check-prefix=REPLAY %s
// REPLAY: 1 match, 0 mismatch
int native_loops_oob(int seed) {
  int a[16];
  int *p = a;
  for (int i = 0; i <= 16; i++)
    // The last iteration writes past the end.
    p[i] = i * 3;
  return p[3] + (seed == 2);
}
