// Every path returns 0 in the engine and 1 natively (__THESEUS_REPLAY__ is
// defined only in the native build); reach_error() is called on none.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main() {
  int x = __VERIFIER_nondet_int();
#ifdef __THESEUS_REPLAY__
  return 1;
#endif
  if (x > 5 && x < 5)
    reach_error();
  return x > 100 ? 0 : 0;
}
