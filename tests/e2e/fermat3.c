// PyExZ3's fermat3 (Ball and Daniel, Figure 3): non-linear arithmetic.
//
// --concretize=nonlinear replaces a product of two symbolic values by its
// concrete value, and reports it per site; every test still replays.
// RUN: rm -rf %t.conc %t.timeout
// RUN: %theseus %s -o %t.conc --concretize=nonlinear | FileCheck --check-prefix=CONC %s
// CONC: concretizations {{[1-9][0-9]*}}
// CONC-NEXT: fermat3.c:24: nonlinear arithmetic (x{{[0-9]+}})
// RUN: %theseus replay %t.conc | FileCheck --check-prefix=REPLAY %s
//
// By default the products stay symbolic; when Z3 times out on the query,
// the engine concretises them, counts it, and retries. The side it could not
// decide is reported as unknown, not infeasible.
// RUN: %theseus %s -o %t.timeout --solver-timeout 1 | FileCheck --check-prefix=TIMEOUT %s
// TIMEOUT: concretizations 1
// TIMEOUT-NEXT: fermat3.c:24: nonlinear arithmetic after solver timeout (x1)
// TIMEOUT: infeasible 0, solver unknown 1
// RUN: %python -c "import json,sys; s=json.load(open('%t.timeout/summary.json')); sys.exit(0 if not s['complete'] and s['solver_unknown'] == 1 else 1)"
// RUN: %theseus replay %t.timeout | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped

int fermat3(int x, int y, int z) {
  if (x > 0 && y > 0 && z > 0)
    if (x * x * x + y * y * y == z * z * z)
      return 1;
  return 0;
}
