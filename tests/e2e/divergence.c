// Divergence: with --concretize=free the call's argument is not pinned, so
// solving for x == 5 changes unknown(x) and the run leaves the expected
// path; it is detected, counted, and exploration goes on. Pinning (the
// default) instead proves that side infeasible for the pinned value.
// RUN: rm -rf %t.free %t.pin
// RUN: %theseus %s --native %inputs/unknown.c --concretize=free -o %t.free | FileCheck --check-prefix=FREE %s
// FREE: divergences {{[1-9][0-9]*}}
// RUN: %python -c "import json,glob,sys; d=[json.load(open(f))['diverged'] for f in glob.glob('%t.free/test*.json')]; sys.exit(0 if d.count(True) >= 1 else 1)"
// RUN: %theseus %s --native %inputs/unknown.c -o %t.pin | FileCheck --check-prefix=PIN %s
// PIN: divergences 0
// PIN: concretizations
// PIN: infeasible 1, solver unknown 0
// RUN: %theseus replay %t.free | FileCheck --check-prefix=REPLAY %s
// RUN: %theseus replay %t.pin | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch

int unknown(int x);
int divergence(int x, int y) {
  if (unknown(x) == y) {
    if (x == 5)
      return 2;
    return 1;
  }
  return 0;
}
