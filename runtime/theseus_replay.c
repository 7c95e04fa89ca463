/* theseus_replay.c - the harness API for native replay of a Theseus test.
 *
 * `theseus replay` links this file with the program and sets
 * THESEUS_REPLAY_INPUTS to a file of lines "name hexbytes": the inputs the
 * program created during exploration. Each call below takes the next input
 * under the same name the engine gave it (a repeated name gets "#2", "#3",
 * ...; __VERIFIER_nondet_T calls are numbered nondet_T_1, nondet_T_2, ...).
 * Inputs the test does not mention read as zeros.
 *
 * `theseus export` inlines this file into the test files it writes (also
 * as C++), where theseus_replay_use hands each test its inputs instead. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NAMES 4096

/* A test may hold hundreds of thousands of inputs (one per nondet call). */
struct theseus_input {
  char name[160];
  unsigned char *bytes;
  size_t size;
};
static struct theseus_input *inputs;
static int num_inputs = -1, max_inputs;
/* Where the last input was found: a program takes its inputs in the order
   the test lists them, so the search for the next starts there. */
static int next_input;

/* Seen counts per base name, for the "#k" suffixes. */
static struct {
  char base[128];
  unsigned seen;
} names[MAX_NAMES];
static int num_names;
static unsigned nondet_count;

static void add_input(const char *name, const char *hex) {
  if (num_inputs == max_inputs) {
    max_inputs = max_inputs ? 2 * max_inputs : 256;
    inputs =
        (struct theseus_input *)realloc(inputs, max_inputs * sizeof *inputs);
    if (!inputs)
      abort();
  }
  size_t n = strlen(hex) / 2;
  inputs[num_inputs].bytes = (unsigned char *)malloc(n ? n : 1);
  for (size_t i = 0; i < n; ++i) {
    unsigned b;
    sscanf(hex + 2 * i, "%2x", &b);
    inputs[num_inputs].bytes[i] = (unsigned char)b;
  }
  inputs[num_inputs].size = n;
  strcpy(inputs[num_inputs].name, name);
  ++num_inputs;
}

static char name_buf[160];
static char hex_buf[1 << 16];

static void load_inputs(void) {
  num_inputs = 0;
  const char *path = getenv("THESEUS_REPLAY_INPUTS");
  FILE *f = path ? fopen(path, "r") : NULL;
  if (!f)
    return;
  while (fscanf(f, "%159s %65535s", name_buf, hex_buf) == 2)
    add_input(name_buf, hex_buf);
  fclose(f);
}

/* The next run's inputs, as lines "name hexbytes", counted afresh: an
   exported test file runs many tests in one process. */
void theseus_replay_use(const char *lines) {
  for (int i = 0; i < num_inputs; ++i)
    free(inputs[i].bytes);
  num_inputs = 0;
  next_input = 0;
  num_names = 0;
  nondet_count = 0;
  int used = 0;
  while (sscanf(lines, "%159s %65535s%n", name_buf, hex_buf, &used) == 2) {
    add_input(name_buf, hex_buf);
    lines += used;
  }
}

static void unique_name(const char *base, char *out, size_t n) {
  int i;
  for (i = 0; i < num_names; ++i)
    if (strcmp(names[i].base, base) == 0)
      break;
  if (i == MAX_NAMES) { /* Past the table: taken as a first use. */
    snprintf(out, n, "%s", base);
    return;
  }
  if (i == num_names) {
    snprintf(names[num_names].base, sizeof names[0].base, "%s", base);
    names[num_names++].seen = 0;
  }
  unsigned k = ++names[i].seen;
  if (k == 1)
    snprintf(out, n, "%s", base);
  else
    snprintf(out, n, "%s#%u", base, k);
}

/* The input named `name`, or zeros. */
static void fill_named(const char *name, void *addr, size_t size) {
  if (num_inputs < 0)
    load_inputs();
  memset(addr, 0, size);
  for (int k = 0; k < num_inputs; ++k) {
    int i = (next_input + k) % num_inputs;
    if (strcmp(inputs[i].name, name) == 0) {
      memcpy(addr, inputs[i].bytes,
             inputs[i].size < size ? inputs[i].size : size);
      next_input = i + 1;
      return;
    }
  }
}

static void fill(const char *base, void *addr, size_t size) {
  char name[160];
  unique_name(base, name, sizeof name);
  fill_named(name, addr, size);
}

__attribute__((weak)) void theseus_make_symbolic(void *addr, size_t size,
                                                 const char *name) {
  fill(name && *name ? name : "input", addr, size);
}
__attribute__((weak)) void klee_make_symbolic(void *addr, size_t size,
                                              const char *name) {
  theseus_make_symbolic(addr, size, name);
}
__attribute__((weak)) int theseus_int(const char *name) {
  int v;
  fill(name && *name ? name : "int", &v, sizeof v);
  return v;
}
__attribute__((weak)) int klee_int(const char *name) {
  return theseus_int(name);
}

/* An assumption a replayed input violates: not a run of the program. */
static void assume(int c) {
  if (!c) {
    fprintf(stderr, "theseus replay: input violates an assumption\n");
    exit(77);
  }
}
__attribute__((weak)) void theseus_assume(int c) { assume(c); }
__attribute__((weak)) void klee_assume(unsigned long c) { assume(c != 0); }
__attribute__((weak)) void __VERIFIER_assume(int c) { assume(c); }
__attribute__((weak)) void theseus_assert(int c) {
  if (!c)
    abort();
}

/* A program's own definitions of these must be weakened (the engine takes
 * their values as inputs all the same): the replay build does it, an
 * exported file's header shows the command. Left strong, they make the link
 * fail rather than replay other values than the test's. Their inputs are
 * numbered: unique names, never a "#k" suffix. */
#define THESEUS_NONDET(T, suffix)                                              \
  T __VERIFIER_nondet_##suffix(void) {                                         \
    char base[64];                                                             \
    snprintf(base, sizeof base, "nondet_%s_%u", #suffix, ++nondet_count);      \
    T v;                                                                       \
    fill_named(base, &v, sizeof v);                                            \
    return v;                                                                  \
  }
#ifdef __cplusplus
typedef bool theseus_bool;
#else
typedef _Bool theseus_bool;
#endif
theseus_bool __VERIFIER_nondet_bool(void) {
  char base[64];
  snprintf(base, sizeof base, "nondet_bool_%u", ++nondet_count);
  unsigned char b;
  fill_named(base, &b, 1);
  return b & 1; /* The engine reads a _Bool input's lowest bit. */
}
#include "theseus_nondet.def"
#undef THESEUS_NONDET

/* SV-COMP's markers of atomic sections: a single-threaded run ignores them. */
__attribute__((weak)) void __VERIFIER_atomic_begin(void) {}
__attribute__((weak)) void __VERIFIER_atomic_end(void) {}
