// sqrt is monotonic and exact at 100: no input in range exceeds 10.
#include <math.h>
extern void abort(void);
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { abort(); }
int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x >= 0 && x <= 100);
  if (sqrt(x) > 10.0)
    reach_error();
  return 0;
}
