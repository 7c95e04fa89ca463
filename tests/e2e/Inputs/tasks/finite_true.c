// unreach-call holds, and a finite exploration shows it: the array's
// second element is always the first plus one.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);

int main() {
  int a[2];
  a[0] = __VERIFIER_nondet_int() & 0xff;
  a[1] = a[0] + 1;
  if (__VERIFIER_nondet_bool())
    a[0] = a[1] - 1;
  if (a[1] == a[0])
    reach_error();
  return 0;
}
