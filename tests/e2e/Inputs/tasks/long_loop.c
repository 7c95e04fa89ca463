extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *);
void reach_error(void) { __assert_fail("0", "long_loop.c", 4, "reach_error"); }
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned flag = __VERIFIER_nondet_uint();
  unsigned count = 0;
  for (unsigned i = 0; i < 1000000; i++)
    count += 3;
  if (count == 3000000 && flag == 12345)
    reach_error();
  return 0;
}
