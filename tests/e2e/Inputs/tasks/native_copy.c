// In the shape of sv-benchmarks' array-examples/standard_copy1_ground-2:
// an empty reach_error(), and a first run with 200,000 inputs.
extern void abort(void);
void reach_error() {}
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR: {
    reach_error();
    abort();
  }
  }
}
extern int __VERIFIER_nondet_int();
int main() {
  int a1[100000];
  int a2[100000];
  for (int a = 0; a < 100000; a++) {
    a1[a] = __VERIFIER_nondet_int();
    a2[a] = __VERIFIER_nondet_int();
  }
  for (int x = 0; x < 100000; x++)
    __VERIFIER_assert(a1[x] == a2[x]);
  return 0;
}
