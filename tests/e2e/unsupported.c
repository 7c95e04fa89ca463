// An instruction Theseus does not support ends that path with a clear
// "unsupported" result and a test; the other paths are still explored.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "kind == 'unsupported' and line == 15" --some "ret == 1"
// RUN: %theseus replay -v %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: paths 2
// REPLAY: skipped (engine outcome 'unsupported' has no native counterpart)
// REPLAY: 1 match, 0 mismatch, 1 skipped
// RUN: %python -c "import json; t=json.load(open('%t.out/test000001.json')); print(t['outcome']['message'])" | FileCheck --check-prefix=MSG %s
// MSG: unsupported: {{.*}} at {{.*}}unsupported.c:15

int unsupported(int x) {
  if (x != 3) {
    __int128 big = (__int128)x * x;
    return (int)(big >> 3);
  }
  return 1;
}

// Without -v, replay prints the lines of the tests that do not match only.
// RUN: %theseus replay %t.out | FileCheck --check-prefix=DEFAULT %s
// DEFAULT-NOT: match (
// DEFAULT: test{{[0-9]+}}.json: skipped (engine outcome 'unsupported' has no native counterpart)
// DEFAULT-NEXT: replayed 2 tests: 1 match, 0 mismatch, 1 skipped
