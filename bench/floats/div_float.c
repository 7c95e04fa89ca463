// The float version, with the assertion that holds: the loop ends at a
// positive value (after esbmc's Float_div).
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) {
  if (!cond)
    reach_error();
}
int main(void) {
  float x = 1.0f;
  float x1 = x / 1.6f;
  while (x1 != x) {
    x = x1;
    x1 = x / 1.6f;
  }
  __VERIFIER_assert(x > 0);
  return 0;
}
