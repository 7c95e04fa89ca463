// RowAll: the target is reached when every entry of one row of an 8x8
// matrix exceeds 10 (MatrIR's shape with a universal condition per row).
// bench-options: --max-len 8
#define N 8
void reach_error(void);

void rowall(int (*a)[N]) {
  for (int i = 0; i < N; i++) {
    int j = 0;
    while (j < N && a[i][j] > 10)
      j++;
    if (j == N)
      reach_error();
  }
}
