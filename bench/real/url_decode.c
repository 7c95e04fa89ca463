// Percent-decoding of a URL query component ("a%20b+c" -> "a b c").
// bench: --max-time 20 --max-strlen 8
// bench-known-bug: out-of-bounds "int lo = hex_digit(s[i + 2]);"
static int hex_digit(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

static char decoded[16];

/* Decodes `s` into `decoded`; returns its length, or -1 on a bad escape. */
int url_decode(const char *s) {
  int i, o = 0;
  for (i = 0; s[i]; i++) {
    if (s[i] == '%') {
      int hi = hex_digit(s[i + 1]);
      int lo = hex_digit(s[i + 2]);
      if (hi < 0 || lo < 0)
        return -1;
      decoded[o++] = (char)(hi * 16 + lo);
      i += 2;
    } else if (s[i] == '+') {
      decoded[o++] = ' ';
    } else {
      decoded[o++] = s[i];
    }
  }
  decoded[o] = '\0';
  return o;
}
