// CountUp: the target is reached only after a loop counted to 5000: the
// input bounds the loop, and only a large bound reaches the count.
// bench-options:
void reach_error(void);

void countup(unsigned n) {
  unsigned c = 0;
  for (unsigned i = 0; i < n; i++)
    c += 2;
  if (c == 10000)
    reach_error();
}
