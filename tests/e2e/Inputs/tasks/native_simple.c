extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *);
void reach_error(void) {
  __assert_fail("0", "native_simple.c", 5, "reach_error");
}

void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR: {
    reach_error();
    abort();
  }
  }
}

/* A call in the loop: the engine interprets every iteration. */
unsigned int step(unsigned int x) { return x + 2; }

int main(void) {
  unsigned int x = 0;
  while (x < 0x0fffffff)
    x = step(x);
  __VERIFIER_assert(x % 2);
  return 0;
}
