// Branches over several input types, and a loop that reads as many inputs
// as the first one says: the tests read different numbers of values.
// reach_error() is unreachable.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern long __VERIFIER_nondet_long(void);
extern int __VERIFIER_nondet_int(void);

int main() {
  char c = __VERIFIER_nondet_char();
  int kind = 0;
  if (c >= '0' && c <= '9')
    kind = 1;
  else if (c < 0)
    kind = 2;
  unsigned short k = __VERIFIER_nondet_ushort() % 4;
  long sum = 0;
  for (unsigned short i = 0; i < k; i++)
    sum += __VERIFIER_nondet_int() & 0xff;
  if (sum > 300)
    kind += 10;
  if (__VERIFIER_nondet_long() == -5000000000L)
    kind += 100;
  if (kind > 200) // Never: no test covers this branch's true side.
    reach_error();
  return kind;
}
