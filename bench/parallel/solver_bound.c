// Solver-bound: each of nine decisions compares bits of two mixed
// (multiplied and shifted) inputs, so negating one is a Z3 query on
// non-linear bit-vector arithmetic that no cache answers; 512 paths.
// bench:
static unsigned mix(unsigned x) { return (x * 0x9e37u) ^ (x >> 5); }

int solver_bound(unsigned a, unsigned b) {
  int score = 0;
  for (int i = 0; i < 9; ++i)
    if ((mix(a + i) ^ mix(b - i)) & (1u << i))
      ++score;
  return score;
}
