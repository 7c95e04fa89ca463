// With a == 0 the discriminant is b * b, never negative.
extern void abort(void);
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { abort(); }
int main(void) {
  double a = __VERIFIER_nondet_double(), b = __VERIFIER_nondet_double(),
         c = __VERIFIER_nondet_double();
  __VERIFIER_assume(a >= -10 && a <= 10 && b >= -10 && b <= 10 && c >= -10 &&
                    c <= 10);
  double d = b * b - 4 * a * c;
  if (a == 0 && d < 0)
    reach_error();
  return 0;
}
