// UTF-8 validation of a byte buffer with an explicit length (no NUL):
// rejects overlong forms, surrogates and code points above U+10FFFF.
// bench: --max-time 20 --entry main
// bench-known-bug: out-of-bounds "if ((s[i + k] & 0xC0) != 0x80)"
#include <klee/klee.h>
#include <stddef.h>
#include <stdlib.h>

int utf8_valid(const unsigned char *s, size_t len) {
  size_t i = 0;
  while (i < len) {
    unsigned char c = s[i];
    size_t need;
    unsigned long cp;
    if (c < 0x80) {
      i++;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      need = 1;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      need = 2;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      need = 3;
      cp = c & 0x07;
    } else {
      return 0;
    }
    for (size_t k = 1; k <= need; k++) {
      if ((s[i + k] & 0xC0) != 0x80)
        return 0;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    if ((need == 1 && cp < 0x80) || (need == 2 && cp < 0x800) ||
        (need == 3 && cp < 0x10000))
      return 0; /* overlong */
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      return 0;
    i += need + 1;
  }
  return 1;
}

int main(void) {
  size_t len = 4;
  unsigned char *buf = malloc(len);
  if (!buf)
    return 2;
  klee_make_symbolic(buf, len, "buf");
  int ok = utf8_valid(buf, len);
  free(buf);
  return ok;
}
