// A quadratic with a double root: its discriminant is exactly zero for
// some inputs in range.
extern void abort(void);
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { abort(); }
int main(void) {
  double a = __VERIFIER_nondet_double(), b = __VERIFIER_nondet_double(),
         c = __VERIFIER_nondet_double();
  __VERIFIER_assume(a >= 1 && a <= 10 && b >= -10 && b <= 10 && c >= -10 &&
                    c <= 10);
  double d = b * b - 4 * a * c;
  if (d == 0 && b != 0)
    reach_error();
  return 0;
}
