/* stdio.c - models of the functions that read stdin.
 *
 * The program's stdin is a buffer the engine fills on the first read
 * (theseus_stdin): the bytes of --stdin FILE, or --sym-stdin N symbolic
 * bytes named "stdin", then end of file. Without either option stdin is
 * empty, so a program never waits on the terminal. Another stream or file
 * descriptor is read by glibc's own entry points for the same functions
 * (_IO_getc, fgets_unlocked, ...), which run natively where the externals
 * policy allows it (files the program opened for reading).
 *
 * <stdio.h> is not included: it renames scanf to __isoc99_scanf under some
 * standards, and the models define both names. */
#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>

typedef struct _IO_FILE FILE;
extern FILE *stdin;
typedef long ssize_t;
#define EOF (-1)

/* Provided by the engine: copies stdin into `buf` (at most `cap` bytes)
 * and returns its size; ends the path as unsupported with `what`. */
size_t theseus_stdin(unsigned char *buf, size_t cap);
void theseus_unsupported(const char *what);

/* glibc's exported names for the same functions, called natively. */
int _IO_getc(FILE *f);
int _IO_ungetc(int c, FILE *f);
char *fgets_unlocked(char *s, int n, FILE *f);
size_t fread_unlocked(void *ptr, size_t size, size_t n, FILE *f);
ssize_t __read(int fd, void *buf, size_t n);

static unsigned char stdin_bytes[1 << 16];
static size_t stdin_size, stdin_pos;
static int stdin_loaded;
static int pushed_back = EOF;

static int next_byte(void) {
  if (pushed_back != EOF) {
    int c = pushed_back;
    pushed_back = EOF;
    return c;
  }
  if (!stdin_loaded) {
    stdin_loaded = 1;
    stdin_size = theseus_stdin(stdin_bytes, sizeof stdin_bytes);
  }
  return stdin_pos < stdin_size ? stdin_bytes[stdin_pos++] : EOF;
}

int getchar(void) { return next_byte(); }

int fgetc(FILE *f) { return f == stdin ? next_byte() : _IO_getc(f); }

int getc(FILE *f) { return f == stdin ? next_byte() : _IO_getc(f); }

int ungetc(int c, FILE *f) {
  if (f != stdin)
    return _IO_ungetc(c, f);
  if (c == EOF)
    return EOF;
  pushed_back = (unsigned char)c;
  return pushed_back;
}

char *fgets(char *s, int n, FILE *f) {
  if (f != stdin)
    return fgets_unlocked(s, n, f);
  if (n <= 0)
    return NULL;
  int i = 0;
  while (i < n - 1) {
    int c = next_byte();
    if (c == EOF)
      break;
    s[i++] = (char)c;
    if (c == '\n')
      break;
  }
  if (i == 0)
    return NULL;
  s[i] = '\0';
  return s;
}

size_t fread(void *ptr, size_t size, size_t n, FILE *f) {
  if (f != stdin)
    return fread_unlocked(ptr, size, n, f);
  if (size == 0)
    return 0;
  unsigned char *out = ptr;
  size_t got = 0;
  for (; got < size * n; ++got) {
    int c = next_byte();
    if (c == EOF)
      break;
    out[got] = (unsigned char)c;
  }
  return got / size;
}

ssize_t read(int fd, void *buf, size_t n) {
  if (fd != 0)
    return __read(fd, buf, n);
  unsigned char *out = buf;
  size_t got = 0;
  for (; got < n; ++got) {
    int c = next_byte();
    if (c == EOF)
      break;
    out[got] = (unsigned char)c;
  }
  return (ssize_t)got;
}

/* --- scanf --------------------------------------------------------------
 * The engine does not run variadic bodies: it turns a call of scanf or
 * fscanf into theseus_vscanf / theseus_vfscanf with the pointer arguments
 * in an array. The variadic definitions below do the same for a native
 * build and make the linker bring those functions in. */

#define MAX_CONVERSIONS 32

static int skip_space(void) {
  int c;
  while ((c = next_byte()) != EOF && isspace(c))
    ;
  return c;
}

static unsigned digit_in_base(int c, unsigned base) {
  unsigned d = 99;
  if (c >= '0' && c <= '9')
    d = (unsigned)(c - '0');
  else if ((c | 32) >= 'a' && (c | 32) <= 'f')
    d = (unsigned)((c | 32) - 'a' + 10);
  return d < base ? d : 99;
}

static void store_integer(void *p, char length, int length2,
                          unsigned long long v) {
  if (length == 'h' && length2)
    *(unsigned char *)p = (unsigned char)v;
  else if (length == 'h')
    *(unsigned short *)p = (unsigned short)v;
  else if (length == 'l' && length2)
    *(unsigned long long *)p = v;
  else if (length == 'l' || length == 'z' || length == 'j' || length == 't')
    *(unsigned long *)p = (unsigned long)v;
  else
    *(unsigned *)p = (unsigned)v;
}

/* Reads an integer in `base` (0: from its prefix, as %i) into `*out`;
 * returns 0 if no digit was read. `width` 0 means no limit. */
static int scan_integer(unsigned base, int width, unsigned long long *out) {
  int c = skip_space(), used = 0, negative = 0, digits = 0;
  if (width == 0)
    width = 1 << 30;
  if (c == '-' || c == '+') {
    negative = c == '-';
    c = ++used < width ? next_byte() : EOF;
  }
  if ((base == 0 || base == 16) && c == '0' && used + 1 < width) {
    ++digits;
    c = next_byte();
    ++used;
    if ((c | 32) == 'x' && used + 1 < width) {
      base = 16;
      c = next_byte();
      ++used;
    } else if (base == 0) {
      base = 8;
    }
  }
  if (base == 0)
    base = 10;
  unsigned long long v = 0;
  unsigned d;
  while (used < width && c != EOF && (d = digit_in_base(c, base)) != 99) {
    v = v * base + d;
    ++digits;
    ++used;
    c = used < width ? next_byte() : EOF;
  }
  if (c != EOF && used < width)
    pushed_back = c;
  *out = negative ? (unsigned long long)0 - v : v;
  return digits > 0;
}

static int scan_string(char *out, int width, int skip, int is_chars) {
  int c = skip ? skip_space() : next_byte();
  if (c == EOF)
    return 0;
  int n = 0;
  while (c != EOF && (is_chars || !isspace(c)) && (width == 0 || n < width)) {
    if (out)
      out[n] = (char)c;
    ++n;
    if (width != 0 && n == width)
      break;
    c = next_byte();
  }
  if (c != EOF && !is_chars && isspace(c))
    pushed_back = c;
  if (out && !is_chars)
    out[n] = '\0';
  return 1;
}

int theseus_vfscanf(FILE *f, const char *fmt, void **args) {
  if (f != stdin) {
    theseus_unsupported("fscanf on a stream other than stdin");
    return EOF;
  }
  int assigned = 0, any_input = 0, k = 0;
  for (const char *p = fmt; *p; ++p) {
    if (isspace(*p)) {
      int c = skip_space();
      if (c != EOF)
        pushed_back = c;
      continue;
    }
    if (*p != '%' || p[1] == '%') {
      p += *p == '%';
      int c = next_byte();
      if (c != *p) {
        if (c != EOF)
          pushed_back = c;
        return c == EOF && !any_input ? EOF : assigned;
      }
      continue;
    }
    ++p;
    int suppress = *p == '*';
    p += suppress;
    int width = 0;
    while (*p >= '0' && *p <= '9')
      width = width * 10 + (*p++ - '0');
    char length = 0;
    int length2 = 0;
    if (*p == 'h' || *p == 'l' || *p == 'z' || *p == 'j' || *p == 't') {
      length = *p++;
      if (*p == length) {
        length2 = 1;
        ++p;
      }
    }
    void *target = suppress || k >= MAX_CONVERSIONS ? NULL : args[k];
    k += !suppress;
    char conv = *p;
    int ok;
    if (conv == 'd' || conv == 'u' || conv == 'i' || conv == 'x' ||
        conv == 'X' || conv == 'o') {
      unsigned base = conv == 'i'                    ? 0
                      : conv == 'o'                  ? 8
                      : (conv == 'x' || conv == 'X') ? 16
                                                     : 10;
      unsigned long long v;
      ok = scan_integer(base, width, &v);
      if (ok && target)
        store_integer(target, length, length2, v);
    } else if (conv == 's' || conv == 'c') {
      ok = scan_string(target, conv == 'c' && !width ? 1 : width, conv == 's',
                       conv == 'c');
    } else {
      theseus_unsupported("a scanf conversion other than d i u x o s c");
      return EOF;
    }
    if (!ok)
      return !any_input && stdin_pos >= stdin_size ? EOF : assigned;
    any_input = 1;
    assigned += target != NULL;
  }
  return assigned;
}

int theseus_vscanf(const char *fmt, void **args) {
  return theseus_vfscanf(stdin, fmt, args);
}

/* The pointer arguments of a format: one per conversion but %% and %*. */
static int conversions(const char *fmt) {
  int n = 0;
  for (const char *p = fmt; *p; ++p)
    if (*p == '%') {
      if (p[1] == '%' || p[1] == '*')
        ++p;
      else
        ++n;
    }
  return n < MAX_CONVERSIONS ? n : MAX_CONVERSIONS;
}

static void collect(const char *fmt, va_list ap, void **args) {
  int n = conversions(fmt);
  for (int i = 0; i < n; ++i)
    args[i] = va_arg(ap, void *);
}

/* scanf and fscanf under their plain and C99 (glibc) symbol names. */
#define DEFINE_FSCANF(name)                                                    \
  int name(FILE *f, const char *fmt, ...) {                                    \
    void *args[MAX_CONVERSIONS];                                               \
    va_list ap;                                                                \
    va_start(ap, fmt);                                                         \
    collect(fmt, ap, args);                                                    \
    va_end(ap);                                                                \
    return theseus_vfscanf(f, fmt, args);                                      \
  }
#define DEFINE_SCANF(name)                                                     \
  int name(const char *fmt, ...) {                                             \
    void *args[MAX_CONVERSIONS];                                               \
    va_list ap;                                                                \
    va_start(ap, fmt);                                                         \
    collect(fmt, ap, args);                                                    \
    va_end(ap);                                                                \
    return theseus_vscanf(fmt, args);                                          \
  }
DEFINE_FSCANF(fscanf)
DEFINE_FSCANF(__isoc99_fscanf)
DEFINE_SCANF(scanf)
DEFINE_SCANF(__isoc99_scanf)
