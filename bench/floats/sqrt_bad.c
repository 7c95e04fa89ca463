// The square of a square root is not always the number.
#include <math.h>
extern void abort(void);
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { abort(); }
int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x >= 1 && x <= 100);
  double r = sqrt(x);
  if (r * r != x)
    reach_error();
  return 0;
}
