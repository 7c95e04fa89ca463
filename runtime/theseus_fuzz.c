/* theseus_fuzz.c - the harness runtime of the native fuzzing phase.
 *
 * libFuzzer hands the program one byte string per run. The program consumes
 * it as a stream, in the order the engine does: first the entry's
 * parameters (the generated theseus_fuzz_call() takes them), then every
 * input the program creates (__VERIFIER_nondet_*, klee_make_symbolic, ...),
 * each taking as many bytes as its type has. Past the end of the string
 * the stream reads zeros, as the engine's first run does.
 *
 * The program runs many times in one process, so before each run its
 * writable globals get their initial values back (theseus_fuzz_reset,
 * added to the program's module by Theseus), and a call of exit() or a
 * failed assumption returns to the fuzzer through longjmp instead of
 * ending the process. A crash (reach_error aborts, a sanitizer report)
 * ends it: libFuzzer saves the input. */
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void theseus_fuzz_reset(void);
void theseus_fuzz_call(void);

static const uint8_t *stream;
static size_t stream_size, stream_pos;
static jmp_buf run_end;

/* Buffers of the entry's pointer parameters, freed after each run. */
#define MAX_BUFFERS 64
static void *buffers[MAX_BUFFERS];
static unsigned num_buffers;

void theseus_fuzz_take(void *out, size_t n) {
  size_t left = stream_pos < stream_size ? stream_size - stream_pos : 0;
  size_t k = left < n ? left : n;
  memcpy(out, stream + stream_pos, k);
  memset((char *)out + k, 0, n - k);
  stream_pos += n;
}

/* An integer parameter of `bytes` bytes read as the engine reads it: the
 * low `bits` bits, sign-extended when `sgn`, and for a length linked to a
 * buffer (`modulo` > 0) brought into [0, modulo). */
unsigned long long theseus_fuzz_scalar(unsigned bytes, unsigned bits, int sgn,
                                       unsigned long long modulo) {
  unsigned char b[8] = {0};
  theseus_fuzz_take(b, bytes < 8 ? bytes : 8);
  if (bytes > 8)
    stream_pos += bytes - 8;
  unsigned long long v = 0;
  for (int i = 7; i >= 0; --i)
    v = v << 8 | b[i];
  if (bits < 64)
    v &= (1ULL << bits) - 1;
  if (modulo)
    return v % modulo;
  if (sgn && bits > 1 && bits < 64 && (v >> (bits - 1)) & 1)
    v |= ~((1ULL << bits) - 1);
  return v;
}

/* An exact-size heap buffer, so that AddressSanitizer sees overflows. */
void *theseus_fuzz_buffer(size_t n, int nul_terminated) {
  unsigned char *b = malloc(n ? n : 1);
  theseus_fuzz_take(b, n);
  if (nul_terminated && n)
    b[n - 1] = 0;
  if (num_buffers < MAX_BUFFERS)
    buffers[num_buffers++] = b;
  return b;
}

/* Where the program calls exit(): the run ends, the process goes on. */
void theseus_fuzz_exit(int status) {
  (void)status;
  longjmp(run_end, 1);
}

__attribute__((weak)) void reach_error(void) { abort(); }
__attribute__((weak)) void __VERIFIER_error(void) { abort(); }

/* An input that violates an assumption is not a run of the program. */
static void assume(int c) {
  if (!c)
    longjmp(run_end, 1);
}
__attribute__((weak)) void theseus_assume(int c) { assume(c); }
__attribute__((weak)) void klee_assume(unsigned long c) { assume(c != 0); }
__attribute__((weak)) void __VERIFIER_assume(int c) { assume(c); }
__attribute__((weak)) void theseus_assert(int c) {
  if (!c)
    abort();
}

__attribute__((weak)) void theseus_make_symbolic(void *addr, size_t size,
                                                 const char *name) {
  (void)name;
  theseus_fuzz_take(addr, size);
}
__attribute__((weak)) void klee_make_symbolic(void *addr, size_t size,
                                              const char *name) {
  theseus_make_symbolic(addr, size, name);
}
__attribute__((weak)) int theseus_int(const char *name) {
  (void)name;
  int v;
  theseus_fuzz_take(&v, sizeof v);
  return v;
}
__attribute__((weak)) int klee_int(const char *name) {
  return theseus_int(name);
}

/* Weak: a program that defines one of these itself keeps its own. */
#define THESEUS_NONDET(T, suffix)                                              \
  __attribute__((weak)) T __VERIFIER_nondet_##suffix(void) {                   \
    T v;                                                                       \
    theseus_fuzz_take(&v, sizeof v);                                           \
    return v;                                                                  \
  }
#include "theseus_nondet.def"
#undef THESEUS_NONDET
__attribute__((weak)) _Bool __VERIFIER_nondet_bool(void) {
  unsigned char b;
  theseus_fuzz_take(&b, 1);
  return b & 1; /* The engine reads a _Bool input's lowest bit. */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  stream = data;
  stream_size = size;
  stream_pos = 0;
  theseus_fuzz_reset();
  if (!setjmp(run_end))
    theseus_fuzz_call();
  while (num_buffers)
    free(buffers[--num_buffers]);
  return 0;
}
