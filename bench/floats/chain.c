// Four independent float conditions and one integer condition on nondet
// inputs (32 paths): what the solver chain's caches answer for float
// queries (summary.json solver.float). Not a task: run it as a program.
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  float a = __VERIFIER_nondet_float(), b = __VERIFIER_nondet_float();
  float c = __VERIFIER_nondet_float(), d = __VERIFIER_nondet_float();
  int k = __VERIFIER_nondet_int();
  int n = 0;
  if (a > 1.5f)
    n++;
  if (b < -2.0f)
    n++;
  if (c * 2.0f > 3.0f)
    n++;
  if (d + 1.0f < 0.0f)
    n++;
  if (k > 10)
    n++;
  return n;
}
