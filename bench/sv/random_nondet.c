/* random_nondet.c - __VERIFIER_nondet_* for plain native random testing
 * (bench/sv/random_testing.py): every call returns uniformly random bytes
 * from a generator seeded by $THESEUS_RANDOM_SEED, and reaching the error
 * exits with status 97: a call of reach_error() or __VERIFIER_error()
 * (random_testing.py weakens the task's own definitions, so these run
 * whatever the task's body), or a failed assertion in a function of that
 * name. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;

static uint64_t next(void) {
  if (!state) {
    const char *seed = getenv("THESEUS_RANDOM_SEED");
    state = 0x9E3779B97F4A7C15ull ^ (uint64_t)(seed ? atoll(seed) : 1);
  }
  /* splitmix64 */
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void fill(void *out, size_t n) {
  for (size_t i = 0; i < n; i += 8) {
    uint64_t v = next();
    memcpy((char *)out + i, &v, n - i < 8 ? n - i : 8);
  }
}

void reach_error(void) { exit(97); }
void __VERIFIER_error(void) { exit(97); }
void __assert_fail(const char *expr, const char *file, unsigned line,
                   const char *function) {
  (void)expr, (void)file, (void)line;
  exit(strcmp(function, "reach_error") == 0 ? 97 : 98);
}
void __VERIFIER_assume(int c) {
  if (!c)
    exit(0);
}

#define THESEUS_NONDET(T, suffix)                                              \
  T __VERIFIER_nondet_##suffix(void) {                                         \
    T v;                                                                       \
    fill(&v, sizeof v);                                                        \
    return v;                                                                  \
  }
#include "../../runtime/theseus_nondet.def"
#undef THESEUS_NONDET
_Bool __VERIFIER_nondet_bool(void) { return next() & 1; }
