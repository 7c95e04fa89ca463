/* 16 independent equality branches: 65,536 feasible paths. */
int branches16(int x0, int x1, int x2, int x3, int x4, int x5, int x6, int x7,
               int x8, int x9, int x10, int x11, int x12, int x13, int x14,
               int x15) {
  int r = 0;
  if (x0 == 7)
    r |= 1 << 0;
  if (x1 == 19)
    r |= 1 << 1;
  if (x2 == 42)
    r |= 1 << 2;
  if (x3 == 100)
    r |= 1 << 3;
  if (x4 == 255)
    r |= 1 << 4;
  if (x5 == 1000)
    r |= 1 << 5;
  if (x6 == 4096)
    r |= 1 << 6;
  if (x7 == 31337)
    r |= 1 << 7;
  if (x8 == 65535)
    r |= 1 << 8;
  if (x9 == 123456)
    r |= 1 << 9;
  if (x10 == 999999)
    r |= 1 << 10;
  if (x11 == 2147483647)
    r |= 1 << 11;
  if (x12 == -1)
    r |= 1 << 12;
  if (x13 == -42)
    r |= 1 << 13;
  if (x14 == -1000)
    r |= 1 << 14;
  if (x15 == 12345678)
    r |= 1 << 15;
  return r;
}
