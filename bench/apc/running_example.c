// The running example of "Abstracting Path Conditions": k starts at 3 and
// counts the entries equal to 1, so the target needs at least ten of them.
// bench-options: --max-len 16 --no-len-link
void reach_error(void);

void running_example(int *A, int n) {
  if (n > 16)
    return;
  int k = 3;
  for (int i = 0; i < n; ++i) {
    if (A[i] == 1)
      ++k;
  }
  if (k > 12)
    reach_error();
}
