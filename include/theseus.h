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

/* Names a function summary: `int THESEUS_SUMMARY(len)(const char *s)`
 * defines a contract that replaces every call to `len` while Theseus
 * explores. Check the precondition with theseus_assert, return fresh
 * inputs (theseus_int) constrained by theseus_assume for the
 * postcondition; a call then costs one step of the tree instead of the
 * callee's paths. Native replay runs the real function. */
#define THESEUS_SUMMARY(fn) theseus_summary_##fn

#ifdef __cplusplus
}
#endif

#endif /* THESEUS_H */
