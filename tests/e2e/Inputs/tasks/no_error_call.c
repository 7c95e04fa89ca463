extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *);
void reach_error(void) {
  __assert_fail("0", "no_error_call.c", 4, "reach_error");
}
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  /* Folded to false under LP64: clang emits no call. */
  if (sizeof(long) == 4 && x == 7)
    reach_error();
  return 0;
}
