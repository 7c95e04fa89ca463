// Parses a hex string such as "DEADbeef" into bytes, as a firmware
// command shell does for "write <addr> <hexbytes>".
// bench: --max-time 20 --max-strlen 9
#include <ctype.h>
#include <stddef.h>
#include <string.h>

static unsigned char bytes[4];

static int nibble(int c) {
  if (isdigit(c))
    return c - '0';
  c = tolower(c);
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return -1;
}

/* Returns the number of bytes parsed, or -1. */
int hex_parse(const char *hex) {
  size_t len = strlen(hex);
  if (len == 0 || len % 2 != 0 || len / 2 > sizeof bytes)
    return -1;
  for (size_t i = 0; i < len; i += 2) {
    int hi = nibble((unsigned char)hex[i]);
    int lo = nibble((unsigned char)hex[i + 1]);
    if (hi < 0 || lo < 0)
      return -1;
    bytes[i / 2] = (unsigned char)(hi << 4 | lo);
  }
  if (len == 8 && bytes[0] == 0xde && bytes[1] == 0xad)
    return 100;
  return (int)(len / 2);
}
