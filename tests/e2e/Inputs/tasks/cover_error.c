// reach_error() is reached for b, n == 1000000 + s and s < 0 only.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern short __VERIFIER_nondet_short(void);
extern _Bool __VERIFIER_nondet_bool(void);

int main() {
  _Bool b = __VERIFIER_nondet_bool();
  unsigned int n = __VERIFIER_nondet_uint();
  short s = __VERIFIER_nondet_short();
  if (b && s < 0 && n == 1000000u + s)
    reach_error();
  return 0;
}
