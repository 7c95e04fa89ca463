// Muller's recurrence x2 = 111 - (1130 - 3000 / x0) / x1 from 11/2 and
// 61/11: in exact arithmetic it tends to 6, in doubles to 100.
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) {
  if (!cond)
    reach_error();
}
int main(void) {
  double x0 = 11.0 / 2.0, x1 = 61.0 / 11.0;
  for (int i = 0; i < 100; i++) {
    double x2 = 111 - (1130 - 3000 / x0) / x1;
    x0 = x1;
    x1 = x2;
  }
  __VERIFIER_assert(x0 >= 99.0 && x0 <= 101.0);
  return 0;
}
