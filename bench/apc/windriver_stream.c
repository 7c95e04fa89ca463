// WinDriver: a stream of packets is decomposed into a 2-D array. Each
// packet is a header (row, length) followed by its bytes, copied to the end
// of that row; where the bytes land is encoded in the stream itself. The
// target is the failure branch of the consistency check on the filled array:
// a full row must end with the terminator byte 0xFF.
// bench-options: --max-len 32
#define ROWS 4
#define COLS 8
#define STREAM 32
void reach_error(void);

void windriver_stream(const unsigned char *in) {
  unsigned char pkt[ROWS][COLS] = {{0}};
  int used[ROWS] = {0};
  int p = 0;
  while (p + 2 <= STREAM) {
    int row = in[p] & (ROWS - 1);
    int len = in[p + 1] & 7;
    if (len == 0 || p + 2 + len > STREAM || used[row] + len > COLS)
      break;
    for (int k = 0; k < len; k++)
      pkt[row][used[row]++] = in[p + 2 + k];
    p += 2 + len;
  }
  for (int r = 0; r < ROWS; r++)
    if (used[r] == COLS && pkt[r][COLS - 1] != 0xFF)
      reach_error();
}
