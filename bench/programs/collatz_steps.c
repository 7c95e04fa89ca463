/* Bounded Collatz iteration: input-dependent loop with arithmetic. */
int collatz_steps(unsigned n) {
  int steps = 0;
  while (n > 1 && steps < 12) {
    if (n % 2 == 0)
      n = n / 2;
    else
      n = 3 * n + 1;
    steps++;
  }
  return steps;
}
