// unreach-call does not hold: x > 100, x % 7 == 3 and c == 'A' reach it.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main() {
  int x = __VERIFIER_nondet_int();
  unsigned char c = __VERIFIER_nondet_uchar();
  if (x > 100 && c == 'A') {
    if (x % 7 == 3)
      reach_error();
  }
  return 0;
}
