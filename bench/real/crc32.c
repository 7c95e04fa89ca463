// Table-driven CRC-32 (IEEE 802.3, reflected), the way zlib-style code
// computes it: the table is built once at start-up.
// bench: --max-time 20 --entry main
#include <klee/klee.h>
#include <stddef.h>
#include <stdint.h>

static uint32_t crc_table[256];
static int table_ready;

static void make_crc_table(void) {
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[n] = c;
  }
  table_ready = 1;
}

uint32_t crc32(uint32_t crc, const unsigned char *buf, size_t len) {
  if (!table_ready)
    make_crc_table();
  crc = ~crc;
  while (len--)
    crc = crc_table[(crc ^ *buf++) & 0xff] ^ (crc >> 8);
  return ~crc;
}

/* A frame is accepted when its trailing 4 bytes hold the CRC of the payload. */
int frame_ok(const unsigned char *frame, size_t len) {
  if (len < 4)
    return 0;
  uint32_t want = frame[len - 4] | (frame[len - 3] << 8) |
                  (frame[len - 2] << 16) | ((uint32_t)frame[len - 1] << 24);
  return crc32(0, frame, len - 4) == want;
}

int main(void) {
  unsigned char frame[6];
  klee_make_symbolic(frame, sizeof frame, "frame");
  if (frame_ok(frame, sizeof frame)) {
    if (frame[0] == 'O' && frame[1] == 'K')
      return 2;
    return 1;
  }
  return 0;
}
