extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *);
void reach_error(void) { __assert_fail("0", "long_size.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned long big = 0xffffffffUL;
  big += 1; /* 0 when long has 32 bits */
  if (big == 0 && x == 7)
    reach_error();
  return 0;
}
