/* theseus.h - the API a program under test can use to talk to Theseus.
 *
 * Compiled programs find this header automatically when run by theseus.
 * `theseus replay` links an implementation that serves a test's recorded
 * inputs, so a harness builds and runs natively too.
 *
 * The KLEE (klee_make_symbolic, klee_assume, klee_int) and SV-COMP
 * (__VERIFIER_nondet_*, __VERIFIER_assume, reach_error) functions are
 * understood as well; harnesses written for those tools run unchanged. */
#ifndef THESEUS_H
#define THESEUS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Makes the `size` bytes at `addr` a symbolic input called `name`. */
void theseus_make_symbolic(void *addr, size_t size, const char *name);
/* A fresh symbolic int called `name`. */
int theseus_int(const char *name);
/* Only inputs satisfying `condition` are explored. */
void theseus_assume(int condition);
/* Reports an assertion failure (a bug with a test) when `condition` is 0. */
void theseus_assert(int condition);

#ifdef __cplusplus
}
#endif

#endif /* THESEUS_H */
