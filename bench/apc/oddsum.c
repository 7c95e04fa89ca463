// The sum of the first n odd numbers is n^2, never 2000: the target is
// unreachable (the apc sums the step 2k + 1 in closed form).
// bench-options:
void reach_error(void);

void oddsum(int n) {
  if (n > 1000)
    return;
  int s = 0;
  for (int k = 0; k < n; k++)
    s += 2 * k + 1;
  if (s == 2000)
    reach_error();
}
