// Base64 decoder (RFC 4648 alphabet, '=' padding) with a KLEE-style harness.
// bench: --max-time 20 --entry main
#include <klee/klee.h>
#include <stddef.h>
#include <string.h>

static int b64_value(char c) {
  if (c >= 'A' && c <= 'Z')
    return c - 'A';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 26;
  if (c >= '0' && c <= '9')
    return c - '0' + 52;
  if (c == '+')
    return 62;
  if (c == '/')
    return 63;
  return -1;
}

/* Decodes the NUL-terminated text `in` into `out` (at most `cap` bytes).
 * Returns the number of bytes written, or -1 on malformed input. */
int base64_decode(const char *in, unsigned char *out, size_t cap) {
  size_t len = strlen(in);
  size_t o = 0;
  if (len % 4 != 0)
    return -1;
  for (size_t i = 0; i < len; i += 4) {
    int a = b64_value(in[i]);
    int b = b64_value(in[i + 1]);
    int c = 0, d = 0, pad = 0;
    if (a < 0 || b < 0)
      return -1;
    if (in[i + 2] == '=') {
      if (in[i + 3] != '=' || i + 4 != len)
        return -1;
      pad = 2;
    } else {
      c = b64_value(in[i + 2]);
      if (c < 0)
        return -1;
      if (in[i + 3] == '=') {
        if (i + 4 != len)
          return -1;
        pad = 1;
      } else if ((d = b64_value(in[i + 3])) < 0) {
        return -1;
      }
    }
    unsigned long v = ((unsigned long)a << 18) | (b << 12) | (c << 6) | d;
    if (o + 3 - pad > cap)
      return -1;
    out[o++] = (v >> 16) & 0xff;
    if (pad < 2)
      out[o++] = (v >> 8) & 0xff;
    if (pad < 1)
      out[o++] = v & 0xff;
  }
  return (int)o;
}

int main(void) {
  char text[9];
  unsigned char out[6];
  klee_make_symbolic(text, sizeof text, "text");
  klee_assume(text[8] == '\0');
  int n = base64_decode(text, out, sizeof out);
  if (n == 6 && out[0] == 'H' && out[1] == 'i')
    return 2;
  return n < 0 ? 1 : 0;
}
