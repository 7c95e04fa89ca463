/* stdlib.c - models of the integer functions of <stdlib.h>.
 *
 * strtol and strtoul follow glibc: leading white space, an optional sign,
 * a "0x"/"0X" prefix for bases 0 and 16 ("0x" without a hex digit after it
 * converts the "0"), an octal "0" prefix for base 0, digits and letters up
 * to base 36, saturation on overflow with errno set to ERANGE. */
#define _GNU_SOURCE /* qsort_r */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The builtins compile to llvm.abs, which the engine keeps branch-free. */
int abs(int x) { return __builtin_abs(x); }
long labs(long x) { return __builtin_labs(x); }
long long llabs(long long x) { return __builtin_llabs(x); }

/* The value of `c` as a digit, 36 when it is none in any base. Masks
 * rather than branches: only the test against the base is a decision. */
static unsigned digit_value(int c) {
  unsigned decimal = (unsigned)c - '0' <= 9 ? ~0u : 0;
  unsigned letter = (unsigned)(c | 32) - 'a' <= 'z' - 'a' ? ~0u : 0;
  unsigned neither = (decimal | letter) ? 0 : 36;
  return (((unsigned)c - '0') & decimal) |
         (((unsigned)(c | 32) - 'a' + 10) & letter) | neither;
}

/* Where the digits of `s` start in `*base` (settled from a prefix when it
 * was 0), after white space and a sign. */
static const char *skip_prefix(const char *s, int *base, int *negative) {
  while (isspace(*s))
    ++s;
  *negative = *s == '-';
  if (*negative | (*s == '+'))
    ++s;
  if (*s == '0' && (*base == 0 || *base == 16) && (s[1] | 32) == 'x') {
    *base = 16;
    return s + 2;
  }
  if (*base == 0)
    *base = *s == '0' ? 8 : 10;
  return s;
}

/* Where reading stopped: past the last digit, else at `s`. */
static char *end_of_number(const char *s, const char *digits, const char *p) {
  if (p != digits)
    return (char *)p;
  if (digits - s >= 2 && (digits[-1] | 32) == 'x')
    return (char *)digits - 1; /* "0x" with no hex digit: the "0" counts. */
  return (char *)s;
}

/* The magnitude of the number `s` starts with, as strtoul reads it, and
 * its sign. Sets `*endptr` (unless null) where reading stopped and
 * `*overflow` when the magnitude exceeds ULONG_MAX. An invalid base sets
 * errno to EINVAL and leaves `*endptr` alone. */
static unsigned long parse(const char *s, char **endptr, int base,
                           int *negative, int *overflow) {
  *negative = *overflow = 0;
  if (base != 0 && (base < 2 || base > 36)) {
    errno = EINVAL;
    return 0;
  }
  const char *digits = skip_prefix(s, &base, negative);
  unsigned long limit = ULONG_MAX / base;
  unsigned last_limit = ULONG_MAX % base;
  unsigned long value = 0;
  const char *p = digits;
  for (unsigned d; (d = digit_value(*p)) < (unsigned)base; ++p) {
    if (value > limit || (value == limit && d > last_limit))
      *overflow = 1;
    else
      value = value * base + d;
  }
  if (endptr)
    *endptr = end_of_number(s, digits, p);
  return value;
}

static unsigned long out_of_range(unsigned long saturated) {
  errno = ERANGE;
  return saturated;
}

long strtol(const char *restrict s, char **restrict endptr, int base) {
  int negative, overflow;
  unsigned long magnitude = parse(s, endptr, base, &negative, &overflow);
  /* LONG_MIN's magnitude is LONG_MAX + 1. */
  if (overflow || magnitude > (unsigned long)LONG_MAX + negative)
    return (long)out_of_range(negative ? LONG_MIN : LONG_MAX);
  return (long)(negative ? -magnitude : magnitude);
}

unsigned long strtoul(const char *restrict s, char **restrict endptr,
                      int base) {
  int negative, overflow;
  unsigned long magnitude = parse(s, endptr, base, &negative, &overflow);
  if (overflow)
    return out_of_range(ULONG_MAX);
  return negative ? -magnitude : magnitude;
}

/* long long and long have the same width on x86-64. */
long long strtoll(const char *restrict s, char **restrict endptr, int base) {
  return strtol(s, endptr, base);
}

unsigned long long strtoull(const char *restrict s, char **restrict endptr,
                            int base) {
  return strtoul(s, endptr, base);
}

int atoi(const char *s) { return (int)strtol(s, NULL, 10); }
long atol(const char *s) { return strtol(s, NULL, 10); }
long long atoll(const char *s) { return strtol(s, NULL, 10); }

/* Sorting and searching are interpreted, so the program's comparator runs
 * in the engine and each of its decisions is one. qsort is a stable merge
 * sort, as glibc's is when it can allocate its buffer: both give the same
 * order for any consistent comparator. */
typedef int (*compare_with_arg)(const void *, const void *, void *);

static void merge_sort(char *base, char *tmp, size_t n, size_t size,
                       compare_with_arg compare, void *arg) {
  if (n < 2)
    return;
  size_t half = n / 2;
  char *right = base + half * size;
  merge_sort(base, tmp, half, size, compare, arg);
  merge_sort(right, tmp, n - half, size, compare, arg);
  char *l = base, *r = right, *end = base + n * size, *out = tmp;
  while (l < right && r < end) {
    /* Taking the left one on ties keeps equal elements in order. */
    char **from = compare(l, r, arg) <= 0 ? &l : &r;
    memcpy(out, *from, size);
    *from += size;
    out += size;
  }
  memcpy(out, l, right - l);
  out += right - l;
  memcpy(out, r, end - r);
  memcpy(base, tmp, n * size);
}

void qsort_r(void *base, size_t n, size_t size, compare_with_arg compare,
             void *arg) {
  if (n < 2 || size == 0)
    return;
  char *tmp = malloc(n * size);
  merge_sort(base, tmp, n, size, compare, arg);
  free(tmp);
}

typedef int (*compare_fn)(const void *, const void *);

static int call_comparator(const void *a, const void *b, void *compare) {
  return ((compare_fn)compare)(a, b);
}

void qsort(void *base, size_t n, size_t size, compare_fn compare) {
  qsort_r(base, n, size, call_comparator, (void *)compare);
}

/* glibc's probe order, so that with equal keys the same element is found. */
void *bsearch(const void *key, const void *base, size_t n, size_t size,
              compare_fn compare) {
  size_t low = 0, high = n;
  while (low < high) {
    size_t mid = (low + high) / 2;
    const char *p = (const char *)base + mid * size;
    int c = compare(key, p);
    if (c == 0)
      return (void *)p;
    if (c < 0)
      high = mid;
    else
      low = mid + 1;
  }
  return NULL;
}

/* exit() runs the handlers atexit() registered, latest first, then ends
 * the path through _exit(), which the engine knows. A program that
 * returns from main does not run them (the engine runs the entry function
 * as a function). */
#define MAX_HANDLERS 64
static void (*handlers[MAX_HANDLERS])(void);
static int handler_count;

int atexit(void (*handler)(void)) {
  if (handler_count == MAX_HANDLERS)
    return -1;
  handlers[handler_count++] = handler;
  return 0;
}

void exit(int status) {
  while (handler_count > 0)
    handlers[--handler_count]();
  _exit(status);
}
