// Interpreter-bound: every run does the same concrete work (a call in each
// iteration keeps the loop from running as host code), and nine decisions
// on the input's bytes give 512 paths whose queries are one byte each.
// bench: --max-len 9
static unsigned step(unsigned h, unsigned i) { return h * 31 + (i ^ (h >> 3)); }

int interpreter_bound(const unsigned char *s, int n) {
  unsigned h = 0;
  for (unsigned i = 0; i < 20000; ++i)
    h = step(h, i);
  int score = 0;
  for (int i = 0; i < 9; ++i)
    if (s[i] > 'm')
      ++score;
  return score + (h & 1);
}
