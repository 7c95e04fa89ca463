// A strict decimal integer parser with overflow detection, the kind that
// replaces atoi() in configuration code.
// bench: --max-time 20 --max-strlen 13
#include <limits.h>

/* Parses optional blanks, an optional sign and at least one digit, up to the
 * end of the string. Returns 0 and stores the value, or -1 on bad syntax and
 * -2 on overflow. */
static int parse_decimal(const char *s, int *out) {
  long long v = 0;
  int neg = 0;
  while (*s == ' ' || *s == '\t')
    s++;
  if (*s == '+' || *s == '-')
    neg = *s++ == '-';
  if (*s < '0' || *s > '9')
    return -1;
  while (*s >= '0' && *s <= '9') {
    v = v * 10 + (*s - '0');
    if (v > (long long)INT_MAX + neg)
      return -2;
    s++;
  }
  if (*s != '\0')
    return -1;
  *out = neg ? (int)-v : (int)v;
  return 0;
}

int parse_int(const char *text) {
  int value;
  int rc = parse_decimal(text, &value);
  if (rc < 0)
    return rc;
  if (value == INT_MIN)
    return 3;
  if (value < 0)
    return 2;
  return value > 1000000 ? 4 : 1;
}
