// unreach-call does not hold: reach_error() is called when the loop ends,
// and its empty body does not end the run (as in some SV-COMP tasks).
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error() {}

int main() {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int i;
  for (i = 0; i < n && i < 10; ++i)
    ;
  if (i == 7)
    reach_error();
  return 1;
}
