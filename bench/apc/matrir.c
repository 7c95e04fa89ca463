// MatrIR: scan the upper triangle of a 21x21 matrix, counting per row the
// entries inside the open range (10, 100); the target is reached when a
// row's count exceeds 15 (possible only in rows 0 to 5).
// bench-options: --max-len 21
#define N 21
void reach_error(void);

void matrir(int (*m)[N]) {
  for (int i = 0; i < N; i++) {
    int count = 0;
    for (int j = i; j < N; j++)
      if (m[i][j] > 10 && m[i][j] < 100)
        count++;
    if (count > 15)
      reach_error();
  }
}
