/* theseus_fuzz.c - the harness runtime of the native fuzzing phase.
 *
 * libFuzzer hands the program one byte string per run. The program consumes
 * it as a stream, in the order the engine does: first the entry's
 * parameters (the generated theseus_fuzz_call() takes them; a string's
 * bytes without its final NUL), then every input the program creates
 * (__VERIFIER_nondet_*, klee_make_symbolic, ...), each taking as many
 * bytes as its type has. Past the end of the string
 * the stream reads zeros, as the engine's first run does.
 *
 * The program runs many times in one process, so before each run its
 * writable globals get their initial values back (theseus_fuzz_reset,
 * added to the program's module by Theseus), and a call of exit() or a
 * failed assumption returns to the fuzzer through longjmp instead of
 * ending the process. Calls of abort() and failed assert()s (reach_error
 * makes one) are errors the engine wants: the input is saved in
 * $THESEUS_FUZZ_CRASHES (the first one per call site) and fuzzing goes
 * on. Other crashes (a sanitizer report, a signal) end the process, and
 * libFuzzer saves the input. */
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

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

/* An exact-size heap buffer, so that AddressSanitizer sees overflows: its
 * first `chosen` bytes from the stream, zeros after them (a string's NUL,
 * which is not in the stream, as in the engine's). */
void *theseus_fuzz_buffer(size_t n, size_t chosen) {
  unsigned char *b = calloc(n ? n : 1, 1);
  theseus_fuzz_take(b, chosen);
  if (num_buffers < MAX_BUFFERS)
    buffers[num_buffers++] = b;
  return b;
}

/* Call sites of abort() whose input was saved already. */
#define MAX_ERROR_SITES 256
static void *error_sites[MAX_ERROR_SITES];
static unsigned num_error_sites;

static void save_error_input(void *site) {
  for (unsigned i = 0; i < num_error_sites; ++i)
    if (error_sites[i] == site)
      return;
  if (num_error_sites == MAX_ERROR_SITES)
    return;
  error_sites[num_error_sites++] = site;
  const char *dir = getenv("THESEUS_FUZZ_CRASHES");
  if (!dir)
    return;
  char tmp[4096], path[4096];
  snprintf(tmp, sizeof tmp, "%s/.abort-%u.tmp", dir, num_error_sites);
  snprintf(path, sizeof path, "%s/abort-%u", dir, num_error_sites);
  FILE *f = fopen(tmp, "wb");
  if (!f)
    return;
  fwrite(stream, 1, stream_size, f);
  fclose(f);
  rename(tmp, path); /* The engine never reads a partial file. */
}

/* The program's abort() and __assert_fail(). */
void theseus_fuzz_abort(void) {
  save_error_input(__builtin_return_address(0));
  longjmp(run_end, 1);
}
void theseus_fuzz_assert_fail(const char *expr, const char *file, unsigned line,
                              const char *function) {
  (void)expr, (void)file, (void)line, (void)function;
  save_error_input(__builtin_return_address(0));
  longjmp(run_end, 1);
}

/* Where the program calls exit(): the run ends, the process goes on. */
void theseus_fuzz_exit(int status) {
  (void)status;
  longjmp(run_end, 1);
}

__attribute__((weak)) void reach_error(void) { theseus_fuzz_abort(); }
__attribute__((weak)) void __VERIFIER_error(void) { theseus_fuzz_abort(); }

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
    theseus_fuzz_abort();
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

/* SV-COMP's markers of atomic sections: a single-threaded run ignores them. */
__attribute__((weak)) void __VERIFIER_atomic_begin(void) {}
__attribute__((weak)) void __VERIFIER_atomic_end(void) {}

/* A fuzzer outliving a killed Theseus would run on forever: it dies with
 * Theseus ($THESEUS_FUZZ_PARENT, its pid), including a Theseus that died
 * before this line. Theseus starts it with posix_spawn, which cannot ask
 * for this before the exec. The variable is for this process alone, not
 * for processes it starts. */
__attribute__((constructor)) static void theseus_fuzz_die_with_parent(void) {
  const char *parent = getenv("THESEUS_FUZZ_PARENT");
  if (!parent)
    return;
  pid_t theseus = (pid_t)atol(parent);
  unsetenv("THESEUS_FUZZ_PARENT");
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != theseus)
    _exit(127);
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
