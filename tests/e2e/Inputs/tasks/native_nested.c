extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *);
void reach_error(void) {
  __assert_fail("0", "native_nested.c", 5, "reach_error");
}
extern unsigned int __VERIFIER_nondet_uint(void);

void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR: {
    reach_error();
    abort();
  }
  }
}

/* A call in the innermost loop: the engine interprets every iteration. */
unsigned int inc(unsigned int z) { return z + 1; }

int main(void) {
  unsigned int x = 0, y = 0, z = 0;
  unsigned int w = __VERIFIER_nondet_uint();
  while (x < 0x0fffffff) {
    y = 0;
    while (y < 0x0fffffff) {
      z = 0;
      while (z < 0x0fffffff)
        z = inc(z);
      __VERIFIER_assert(!(z % 4) || w > 100);
      y++;
    }
    __VERIFIER_assert(!(y % 2));
    x++;
  }
  __VERIFIER_assert(!(x % 2));
  return 0;
}
