// The sum of the first n odd numbers is n^2, 2025 for n = 45: the target is
// reachable.
// bench-options:
void reach_error(void);

void oddsum_reach(int n) {
  if (n > 1000)
    return;
  int s = 0;
  for (int k = 0; k < n; k++)
    s += 2 * k + 1;
  if (s == 2025)
    reach_error();
}
