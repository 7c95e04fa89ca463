/* Bitwise CRC-32 (reflected, polynomial 0xEDB88320) over a 1 MiB buffer
   filled by a linear congruential generator, four rounds. The input only
   picks which bits of the checksum are returned. */
#define SIZE (1 << 20)

static unsigned char buffer[SIZE];

static unsigned update(const unsigned char *p, unsigned long n, unsigned crc) {
  crc = ~crc;
  for (unsigned long i = 0; i < n; i++) {
    crc ^= p[i];
    for (int k = 0; k < 8; k++)
      crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
  }
  return ~crc;
}

unsigned crc32(int seed) {
  unsigned state = 12345;
  for (unsigned long i = 0; i < SIZE; i++) {
    state = state * 1103515245u + 12345u;
    buffer[i] = (unsigned char)(state >> 16);
  }
  unsigned crc = 0;
  for (int round = 0; round < 4; round++)
    crc = update(buffer, SIZE, crc);
  if (seed == 3)
    return crc & 0xffff;
  return crc;
}
