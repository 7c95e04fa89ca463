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
 * libFuzzer saves the input.
 *
 * Theseus runs the fuzzer once more on each input saved for an error, with
 * THESEUS_FUZZ_RECORD naming a file: that run writes there every input the
 * program creates, under the call that created it, and the error it ends
 * in, where the program called the error function (theseus_fuzz_site,
 * whose calls Theseus adds before those calls), so that Theseus can write
 * the test without running the program itself (fuzz/NativeRecord.h). */
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
static FILE *record; /* $THESEUS_FUZZ_RECORD; null when not recording. */

/* Where the program last called an error function, as its debug
 * information says; `site_file` is null before the first such call. */
static const char *site_file, *site_function;
static unsigned site_line;

void theseus_fuzz_site(const char *file, unsigned line, const char *function) {
  site_file = file;
  site_line = line;
  site_function = function;
}

/* One created input: "input", the API (nondet, symbolic, int), the name or
 * nondet kind the program gave, and its bytes in hex, tab-separated. */
static void record_input(const char *api, const char *base, const void *p,
                         size_t n) {
  if (!record)
    return;
  fprintf(record, "input\t%s\t%s\t", api, base ? base : "");
  for (size_t i = 0; i < n; ++i)
    fprintf(record, "%02x", ((const unsigned char *)p)[i]);
  fputc('\n', record);
  fflush(record); /* A sanitizer ends the process without flushing. */
}

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

/* The run ends in an error of `kind`: recorded with its site (`detail`:
 * the failed assertion's text or the error function's name), the input
 * saved, back to the fuzzer. */
static void error_end(const char *kind, const char *detail, void *caller) {
  if (record && site_file)
    fprintf(record, "error\t%s\t%s\t%u\t%s\t%s\n", kind, site_file, site_line,
            site_function, detail);
  if (record)
    fflush(record);
  save_error_input(caller);
  longjmp(run_end, 1);
}

/* The program's abort() and __assert_fail(). */
void theseus_fuzz_abort(void) {
  error_end("abort", "abort", __builtin_return_address(0));
}
void theseus_fuzz_assert_fail(const char *expr, const char *file, unsigned line,
                              const char *function) {
  (void)file, (void)line, (void)function;
  error_end("assertion-failure", expr, __builtin_return_address(0));
}

/* A call of reach_error or __VERIFIER_error (`name`): an error whatever
 * the function's body, as in the engine. */
void theseus_fuzz_reach_error(const char *name) {
  error_end("reach-error", name, __builtin_return_address(0));
}

/* Where the program calls exit(): the run ends, the process goes on. */
void theseus_fuzz_exit(int status) {
  (void)status;
  longjmp(run_end, 1);
}

__attribute__((weak)) void reach_error(void) {
  theseus_fuzz_reach_error("reach_error");
}
__attribute__((weak)) void __VERIFIER_error(void) {
  theseus_fuzz_reach_error("__VERIFIER_error");
}

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
    error_end("assertion-failure", "theseus_assert",
              __builtin_return_address(0));
  site_file = NULL; /* The run goes on: the site is not an error's. */
}

__attribute__((weak)) void theseus_make_symbolic(void *addr, size_t size,
                                                 const char *name) {
  theseus_fuzz_take(addr, size);
  record_input("symbolic", name, addr, size);
}
__attribute__((weak)) void klee_make_symbolic(void *addr, size_t size,
                                              const char *name) {
  theseus_make_symbolic(addr, size, name);
}
__attribute__((weak)) int theseus_int(const char *name) {
  int v;
  theseus_fuzz_take(&v, sizeof v);
  record_input("int", name, &v, sizeof v);
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
    record_input("nondet", #suffix, &v, sizeof v);                             \
    return v;                                                                  \
  }
#include "theseus_nondet.def"
#undef THESEUS_NONDET
__attribute__((weak)) _Bool __VERIFIER_nondet_bool(void) {
  unsigned char b;
  theseus_fuzz_take(&b, 1);
  record_input("nondet", "bool", &b, 1);
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
  const char *path = getenv("THESEUS_FUZZ_RECORD");
  if (path)
    record = fopen(path, "w");
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
  site_file = NULL;
  theseus_fuzz_reset();
  if (!setjmp(run_end))
    theseus_fuzz_call();
  while (num_buffers)
    free(buffers[--num_buffers]);
  return 0;
}
