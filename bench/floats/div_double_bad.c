// Divides a double by 1.6 until it stops changing: natively it stops at
// the smallest subnormal, not at 0 (after esbmc's Double_div_bad).
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) {
  if (!cond)
    reach_error();
}
int main(void) {
  double x = 1.0;
  double x1 = x / 1.6;
  while (x1 != x) {
    x = x1;
    x1 = x / 1.6;
  }
  __VERIFIER_assert(x == 0);
  return 0;
}
