// Adler-32 and Fletcher-16 checksums over a small symbolic message.
// bench: --max-time 20 --entry main
#include <klee/klee.h>
#include <stddef.h>
#include <stdint.h>

#define MOD_ADLER 65521

uint32_t adler32(const unsigned char *data, size_t len) {
  uint32_t a = 1, b = 0;
  for (size_t i = 0; i < len; i++) {
    a = (a + data[i]) % MOD_ADLER;
    b = (b + a) % MOD_ADLER;
  }
  return (b << 16) | a;
}

uint16_t fletcher16(const unsigned char *data, size_t len) {
  uint16_t sum1 = 0, sum2 = 0;
  for (size_t i = 0; i < len; i++) {
    sum1 = (sum1 + data[i]) % 255;
    sum2 = (sum2 + sum1) % 255;
  }
  return (uint16_t)((sum2 << 8) | sum1);
}

int main(void) {
  unsigned char msg[4];
  klee_make_symbolic(msg, sizeof msg, "msg");
  /* adler32("Wiki") and fletcher16("abcd") */
  if (adler32(msg, sizeof msg) == 0x03da0195u)
    return 1;
  if (fletcher16(msg, sizeof msg) == 0xd78bu)
    return 2;
  return 0;
}
