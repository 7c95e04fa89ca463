// OneLoop: i goes up from 0 in steps of 4, so it is never 15: the target
// is unreachable.
// bench-options:
void reach_error(void);

void oneloop(int n) {
  if (n > 1000000)
    return;
  int i = 0;
  while (i < n)
    i += 4;
  if (i == 15)
    reach_error();
}
