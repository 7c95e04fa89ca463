// __VERIFIER_nondet_float and __VERIFIER_nondet_double are symbolic: the
// error is reached with one of the two floats in (100.5, 100.50002f) (a
// hundred-thousandth wide: two ulps), its bytes replay natively bit for
// bit, and the tests record each value as decimal and as %a.
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "bug == 'reach-error' and 100.5 < inputs['nondet_float_1'] < 100.50002 and inputs['nondet_double_2'] < -1e300"
// RUN: %python -c "import json, sys; t = [json.load(open(f)) for f in sys.argv[1:]]; print(sorted(i['hex_float'] for x in t for i in x['inputs'] if i['name'] == 'nondet_float_1' and x['outcome'].get('bug')))" %t.out/test*.json | FileCheck --check-prefix=HEX %s
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// CHECK: bugs 1
// CHECK-NEXT: reach-error at {{.*}}float_nondet.c:[[@LINE+11]]: reach_error() called {{.*}}[confirmed
// HEX: ['0x1.92000{{[24]}}p+6']
// REPLAY: 0 mismatch, 0 skipped
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);

int main(void) {
  float x = __VERIFIER_nondet_float();
  double y = __VERIFIER_nondet_double();
  if (x > 100.5f && x < 100.50002f && y < -1e300)
    reach_error();
  return 0;
}
