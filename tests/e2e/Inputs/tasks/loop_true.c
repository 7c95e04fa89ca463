// unreach-call holds for every n, which no finite exploration covers: i
// only takes even values, which the apc proves.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

int main() {
  int n = __VERIFIER_nondet_int();
  int i;
  for (i = 0; i < n; i += 2)
    ;
  if (i == 7)
    reach_error();
  return 0;
}
