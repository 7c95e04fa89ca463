// The engine and the native build see different code: the engine reaches
// reach_error() on one input, the native program never does, and every
// path returns something else natively. (__THESEUS_REPLAY__ is defined only
// in the native build; it stands for any semantics the two disagree on.)
extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

#ifdef __THESEUS_REPLAY__
static const int native = 1;
#else
static const int native = 0;
#endif

int main() {
  int x = __VERIFIER_nondet_int();
  if (x == 7 && !native)
    reach_error();
  return native;
}
