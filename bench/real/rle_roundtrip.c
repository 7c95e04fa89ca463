// Run-length encoding as (count, byte) pairs, and a harness checking that
// decoding the encoding gives the input back.
// bench: --max-time 20 --entry main
#include <assert.h>
#include <klee/klee.h>
#include <stddef.h>
#include <string.h>

/* Returns the encoded size, or 0 if `out` is too small. */
size_t rle_encode(const unsigned char *in, size_t n, unsigned char *out,
                  size_t cap) {
  size_t o = 0;
  size_t i = 0;
  while (i < n) {
    unsigned char b = in[i];
    size_t run = 1;
    while (i + run < n && in[i + run] == b && run < 255)
      run++;
    if (o + 2 > cap)
      return 0;
    out[o++] = (unsigned char)run;
    out[o++] = b;
    i += run;
  }
  return o;
}

/* Returns the decoded size, or 0 on malformed input or a short buffer. */
size_t rle_decode(const unsigned char *in, size_t n, unsigned char *out,
                  size_t cap) {
  size_t o = 0;
  if (n % 2 != 0)
    return 0;
  for (size_t i = 0; i < n; i += 2) {
    size_t run = in[i];
    if (run == 0 || o + run > cap)
      return 0;
    memset(out + o, in[i + 1], run);
    o += run;
  }
  return o;
}

int main(void) {
  unsigned char data[5];
  unsigned char packed[10];
  unsigned char unpacked[5];
  klee_make_symbolic(data, sizeof data, "data");
  size_t p = rle_encode(data, sizeof data, packed, sizeof packed);
  assert(p > 0);
  size_t u = rle_decode(packed, p, unpacked, sizeof unpacked);
  assert(u == sizeof data);
  assert(memcmp(data, unpacked, u) == 0);
  return (int)p;
}
