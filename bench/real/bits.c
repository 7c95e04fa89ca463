// Bit-twiddling helpers checked against straightforward loops.
// bench: --max-time 20
// bench-known-bug: assertion-failure "assert(is_pow2(p));"
#include <assert.h>
#include <stdint.h>

static int popcount_fast(uint32_t x) {
  int n = 0;
  while (x) {
    x &= x - 1;
    n++;
  }
  return n;
}

static int popcount_slow(uint32_t x) {
  int n = 0;
  for (int i = 0; i < 32; i++)
    n += (x >> i) & 1;
  return n;
}

static int is_pow2(uint32_t x) { return x && !(x & (x - 1)); }

/* Smallest power of two >= x. */
static uint32_t next_pow2(uint32_t x) {
  x--;
  x |= x >> 1;
  x |= x >> 2;
  x |= x >> 4;
  x |= x >> 8;
  x |= x >> 16;
  return x + 1;
}

static uint32_t reverse_bits(uint32_t x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
  return (x >> 16) | (x << 16);
}

int bits(uint32_t x) {
  assert(popcount_fast(x) == popcount_slow(x));
  assert(is_pow2(x) == (popcount_slow(x) == 1));
  assert(reverse_bits(reverse_bits(x)) == x);
  if (x != 0) {
    uint32_t p = next_pow2(x);
    assert(is_pow2(p));
    assert(p >= x);
  }
  return popcount_fast(x);
}
