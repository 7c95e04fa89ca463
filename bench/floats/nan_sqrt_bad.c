// sqrt of a negative number is NaN, which no comparison holds for.
#include <math.h>
extern void abort(void);
extern double __VERIFIER_nondet_double(void);
void reach_error(void) { abort(); }
int main(void) {
  double x = __VERIFIER_nondet_double();
  double r = sqrt(x);
  if (x > -1.0 && !(r >= 0))
    reach_error();
  return 0;
}
