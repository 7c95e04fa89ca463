// A float query Z3 does not decide (SV-COMP's floats-cdfpl newton_3_6:
// three Newton steps on a degree-7 polynomial) gets a model by evaluation:
// the search minimises the distance to `x >= 0.1` over the input's float
// values, and the evaluator computes every operation as native code does,
// so the input reaches reach_error natively too: no concretisation, no
// divergence. --solver-timeout 1 makes Z3 give up at once (it takes more
// than 10 s on this query); the search's budget is in evaluations.
// The forking run takes the side the same way: the search's model makes
// it feasible, so the reach_error side is forked (no leaf left unknown)
// and the run is complete.
// RUN: rm -rf %t.out %t.fork
// RUN: not %theseus %s --solver-timeout 1 -o %t.out | FileCheck %s
// RUN: %check-summary %t.out "float_search_models >= 1" "concretizations['total'] == 0" "divergences == 0"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// RUN: not %theseus %s --mode fork --solver-timeout 1 -o %t.fork | FileCheck %s
// RUN: %check-summary %t.fork "float_search_models >= 1" "solver_unknown == 0" "complete == True"
// RUN: %check-tree %t.fork/tree.json --count "leaf == 'unknown'" 0 --count "leaf == 'error'" 3
// RUN: %theseus replay %t.fork | FileCheck --check-prefix=REPLAY %s
// CHECK: reach-error at {{.*}}float_search.c:[[@LINE+25]]: reach_error() called {{.*}}[confirmed
// CHECK: float search     {{[1-9][0-9]*}} of the float queries the solver left undecided solved by evaluation
// REPLAY: 0 mismatch
extern float __VERIFIER_nondet_float(void);
extern void abort(void);
extern void reach_error(void);

float f(float x) {
  return x - (x * x * x) / 6.0f + (x * x * x * x * x) / 120.0f +
         (x * x * x * x * x * x * x) / 5040.0f;
}

float fp(float x) {
  return 1 - (x * x) / 2.0f + (x * x * x * x) / 24.0f +
         (x * x * x * x * x * x) / 720.0f;
}

int main(void) {
  float in = __VERIFIER_nondet_float();
  if (!(in > -1.2f && in < 1.2f))
    abort();
  float x = in - f(in) / fp(in);
  x = x - f(x) / fp(x);
  x = x - f(x) / fp(x);
  if (!(x < 0.1))
    reach_error();
  return 0;
}
