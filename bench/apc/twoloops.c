// TwoLoops: i is a multiple of 4 and j + 7 is odd, so the second loop never
// ends and the target after it is unreachable.
// bench-options:
void reach_error(void);

void twoloops(int n) {
  if (n > 1000000)
    return;
  int i = 0;
  while (i < n)
    i += 4;
  int j = 0;
  while (i != j + 7)
    j += 2;
  reach_error();
}
