/* klee/klee.h - KLEE's harness API, as Theseus understands it, so that
 * harnesses written for KLEE compile and run unchanged. */
#ifndef THESEUS_KLEE_H
#define THESEUS_KLEE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void klee_make_symbolic(void *addr, size_t nbytes, const char *name);
int klee_int(const char *name);
void klee_assume(uintptr_t condition);

#ifdef __cplusplus
}
#endif

#endif /* THESEUS_KLEE_H */
