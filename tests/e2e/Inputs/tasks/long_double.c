extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *);
void reach_error(void) { __assert_fail("0", "long_double.c", 3, "reach_error"); }
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned flag = __VERIFIER_nondet_uint();
  long double third = 1.0L / 3.0L; // x87's 80 bits: the engine stops here.
  if (third * 3 > 0.5L && flag == 12345)
    reach_error();
  return 0;
}
