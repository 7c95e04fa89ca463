// long double (x87 80-bit floats) is not supported, and every form says so
// by name: arithmetic, a long double from a float input, a call of
// __VERIFIER_nondet_longdouble, of sqrtl and of printf with a long double
// end their path as unsupported, each listed on the console with what and
// where; a long double parameter or return value is an input error.
// RUN: rm -rf %t.out %t.nondet %t.calls
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: complete no: unsupported (1)
// CHECK: unsupported      'sitofp' on this type (long double and other floating-point formats than float and double are not supported) at {{.*}}long_double.c:[[@LINE+22]] (1 path, test{{[0-9]+}}.json)
// RUN: %check-tests %t.out --some "kind == 'unsupported' and line == %(line+21) and 'sitofp' in message and message.endswith('long_double.c:%(line+21)')"
// RUN: %check-summary %t.out "unsupported[0]['paths'] == 1" "'long double' in unsupported[0]['what']"
//
// RUN: %expect-status 0 %theseus %s --entry from_nondet -o %t.nondet | FileCheck --check-prefix=NONDET %s
// NONDET: complete no: unsupported (2)
// NONDET: unsupported      'fpext' on this type (long double {{.*}}) at {{.*}}long_double.c:[[@LINE+28]] (1 path,
// NONDET: unsupported      call to '__VERIFIER_nondet_longdouble', which has no body and no native definition (long double {{.*}}) at {{.*}}long_double.c:[[@LINE+30]] (1 path,
//
// RUN: %expect-status 0 %theseus %s --entry calls -o %t.calls | FileCheck --check-prefix=CALLS %s
// CALLS: complete no: unsupported (2)
// CALLS: unsupported      'sitofp' on this type (long double {{.*}}) at {{.*}}long_double.c:[[@LINE+31]] (1 path,
// CALLS: unsupported      an aggregate argument to native function 'printf' (long double {{.*}}) at {{.*}}long_double.c:[[@LINE+31]] (1 path,
//
// RUN: %expect-status 2 %theseus %s --entry parameter 2>&1 | FileCheck --check-prefix=PARAM %s
// PARAM: error: parameter 'x' of 'parameter' has type 'long double': long double (x87's 80-bit format) is not supported, float and double are
// RUN: %expect-status 2 %theseus %s --entry returned 2>&1 | FileCheck --check-prefix=RET %s
// RET: error: 'returned' returns a long double (x87's 80-bit format), which is not supported
#include <math.h>
#include <stdio.h>

int long_double(int x) {
  long double d = (long double)x * 1.5L;
  if (d > 10.0L)
    return 1;
  return 0;
}

extern double __VERIFIER_nondet_double(void);
extern long double __VERIFIER_nondet_longdouble(void);

int from_nondet(void) {
  double y = __VERIFIER_nondet_double();
  if (y > 1) {
    long double wide = y;
    return wide > 2;
  }
  return __VERIFIER_nondet_longdouble() > 1;
}

int calls(int x) {
  if (x > 0)
    return sqrtl(x) > 2;
  printf("%Lf\n", 1.0L / 7);
  return 0;
}

int parameter(long double x) { return x > 1; }

long double returned(int x) { return x; }
