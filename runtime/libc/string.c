/* string.c - models of <string.h> for symbolic execution.
 *
 * Byte loops on purpose: every comparison of an input byte is a branch the
 * engine can negate, so paths through string handling are explored like
 * the program's own code. Results agree with glibc on x86-64: comparisons
 * return the difference of the first differing bytes as unsigned char.
 * Compiled with -m32 for ILP32 programs, they agree with glibc on i386 (the
 * SSE versions an x86-64 host selects), whose comparisons return the sign
 * of that difference, except memcmp of a single byte. */
#define _GNU_SOURCE /* memrchr */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The engine executes these as llvm.mem* intrinsics: symbolic bytes are
 * copied without a branch per byte, and a symbolic length is pinned. */
void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
  __builtin_memcpy(dst, src, n);
  return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
  __builtin_memmove(dst, src, n);
  return dst;
}

void *memset(void *dst, int byte, size_t n) {
  __builtin_memset(dst, byte, n);
  return dst;
}

static int byte_difference(const char *a, const char *b) {
  return (unsigned char)*a - (unsigned char)*b;
}

/* What a comparison returns for the difference of the first differing
 * characters (0 if none). */
static int comparison(int difference) {
#if defined(__i386__)
  return (difference > 0) - (difference < 0);
#else
  return difference;
#endif
}

int memcmp(const void *a, const void *b, size_t n) {
  const char *x = a, *y = b;
  for (size_t i = 0; i < n; ++i) {
    if (x[i] == y[i])
      continue;
#if defined(__i386__)
    if (n == 1)
      return byte_difference(x, y);
#endif
    return comparison(byte_difference(x + i, y + i));
  }
  return 0;
}

size_t strlen(const char *s) {
  size_t n = 0;
  while (s[n])
    ++n;
  return n;
}

int strcmp(const char *a, const char *b) {
  while (*a && *a == *b) {
    ++a;
    ++b;
  }
  return comparison(byte_difference(a, b));
}

int strncmp(const char *a, const char *b, size_t n) {
  for (; n; --n, ++a, ++b)
    if (!*a || *a != *b)
      return comparison(byte_difference(a, b));
  return 0;
}

char *strcpy(char *restrict dst, const char *restrict src) {
  size_t i = 0;
  while ((dst[i] = src[i]))
    ++i;
  return dst;
}

/* Copies at most n bytes and pads with NULs up to n, as C requires. */
char *strncpy(char *restrict dst, const char *restrict src, size_t n) {
  size_t i = 0;
  for (; i < n && src[i]; ++i)
    dst[i] = src[i];
  for (; i < n; ++i)
    dst[i] = 0;
  return dst;
}

char *strcat(char *restrict dst, const char *restrict src) {
  strcpy(dst + strlen(dst), src);
  return dst;
}

char *strchr(const char *s, int c) {
  for (;; ++s) {
    if (*s == (char)c)
      return (char *)s;
    if (!*s)
      return NULL;
  }
}

char *strrchr(const char *s, int c) {
  const char *last = NULL;
  for (;; ++s) {
    if (*s == (char)c)
      last = s;
    if (!*s)
      return (char *)last;
  }
}

/* Tries the needle at every position up to the haystack's NUL. */
char *strstr(const char *haystack, const char *needle) {
  for (;; ++haystack) {
    size_t i = 0;
    while (needle[i] && haystack[i] == needle[i])
      ++i;
    if (!needle[i])
      return (char *)haystack;
    if (!*haystack)
      return NULL;
  }
}

void *memchr(const void *s, int c, size_t n) {
  const unsigned char *p = s;
  for (size_t i = 0; i < n; ++i)
    if (p[i] == (unsigned char)c)
      return (void *)(p + i);
  return NULL;
}

void *memrchr(const void *s, int c, size_t n) {
  const unsigned char *p = s;
  while (n--)
    if (p[n] == (unsigned char)c)
      return (void *)(p + n);
  return NULL;
}

size_t strnlen(const char *s, size_t max) {
  size_t n = 0;
  while (n < max && s[n])
    ++n;
  return n;
}

static int contains(const char *set, char c) {
  for (; *set; ++set)
    if (*set == c)
      return 1;
  return 0;
}

size_t strspn(const char *s, const char *accept) {
  size_t n = 0;
  while (s[n] && contains(accept, s[n]))
    ++n;
  return n;
}

size_t strcspn(const char *s, const char *reject) {
  size_t n = 0;
  while (s[n] && !contains(reject, s[n]))
    ++n;
  return n;
}

char *strpbrk(const char *s, const char *accept) {
  s += strcspn(s, accept);
  return *s ? (char *)s : NULL;
}

/* glibc's algorithm: skip delimiters, the token runs to the next one,
 * which is overwritten by a NUL; *save points past it (or at the end). */
char *strtok_r(char *restrict s, const char *restrict delim,
               char **restrict save) {
  if (!s)
    s = *save;
  s += strspn(s, delim);
  if (!*s) {
    *save = s;
    return NULL;
  }
  char *end = s + strcspn(s, delim);
  if (*end)
    *end++ = 0;
  *save = end;
  return s;
}

char *strtok(char *restrict s, const char *restrict delim) {
  static char *save;
  return strtok_r(s, delim, &save);
}

char *strndup(const char *s, size_t n) {
  size_t len = strnlen(s, n);
  char *copy = malloc(len + 1);
  if (!copy)
    return NULL;
  memcpy(copy, s, len);
  copy[len] = 0;
  return copy;
}

char *strdup(const char *s) { return strndup(s, (size_t)-1); }

/* Differences of the lowercased bytes, as glibc in the "C" locale. */
int strncasecmp(const char *a, const char *b, size_t n) {
  for (; n; --n, ++a, ++b) {
    int d = tolower((unsigned char)*a) - tolower((unsigned char)*b);
    if (d || !*a)
      return comparison(d);
  }
  return 0;
}

int strcasecmp(const char *a, const char *b) {
  return strncasecmp(a, b, (size_t)-1);
}
