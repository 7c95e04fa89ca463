// Density: the target is reached when some row of a 10x10 matrix has at
// least 9 non-zero entries, while the matrix as a whole has at most 12.
// bench-options: --max-len 10
#define N 10
void reach_error(void);

void density(int (*m)[N]) {
  int total = 0, dense = 0;
  for (int i = 0; i < N; i++) {
    int row = 0;
    for (int j = 0; j < N; j++)
      if (m[i][j] != 0)
        row++;
    total += row;
    if (row >= 9)
      dense = 1;
  }
  if (dense && total <= 12)
    reach_error();
}
