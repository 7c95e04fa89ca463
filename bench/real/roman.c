// Converts integers to Roman numerals and back; the harness checks the
// round trip for every value from 1 to 3999.
// bench: --max-time 30 --entry main
// bench-known-bug: out-of-bounds "*p = '\0';"
#include <assert.h>
#include <klee/klee.h>
#include <string.h>

static const struct {
  int value;
  const char *digits;
} numerals[] = {{1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"},
                {90, "XC"},  {50, "L"},   {40, "XL"}, {10, "X"},   {9, "IX"},
                {5, "V"},    {4, "IV"},   {1, "I"}};

/* The longest numeral below 4000 is MMMDCCCLXXXVIII, 15 letters. */
#define ROMAN_MAX 15

static void to_roman(int n, char *out) {
  char *p = out;
  for (unsigned i = 0; i < sizeof numerals / sizeof numerals[0]; i++) {
    while (n >= numerals[i].value) {
      size_t len = strlen(numerals[i].digits);
      memcpy(p, numerals[i].digits, len);
      p += len;
      n -= numerals[i].value;
    }
  }
  *p = '\0';
}

static int letter_value(char c) {
  switch (c) {
  case 'I':
    return 1;
  case 'V':
    return 5;
  case 'X':
    return 10;
  case 'L':
    return 50;
  case 'C':
    return 100;
  case 'D':
    return 500;
  case 'M':
    return 1000;
  default:
    return 0;
  }
}

static int from_roman(const char *s) {
  int total = 0;
  for (int i = 0; s[i]; i++) {
    int v = letter_value(s[i]);
    int next = s[i + 1] ? letter_value(s[i + 1]) : 0;
    if (v == 0)
      return -1;
    total += v < next ? -v : v;
  }
  return total;
}

int main(void) {
  int n;
  char buf[ROMAN_MAX];
  klee_make_symbolic(&n, sizeof n, "n");
  klee_assume(n >= 1 && n <= 3999);
  to_roman(n, buf);
  assert(from_roman(buf) == n);
  return 0;
}
