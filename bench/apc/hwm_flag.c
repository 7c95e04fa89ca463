// HWM: the target is reached when the string contains "Hello", "world",
// "at" and "Microsoft!" (any positions, any order; 22 characters in all).
// Four search loops in sequence, one per word.
// A harder variant of HWM: each search loop sets a flag and runs on to
// the end of the string (no `break`), so the apc only knows the flag may be
// set. bench-options: --max-strlen 32
void reach_error(void);

void hwm_flag(const char *s) {
  const char *w1 = "Hello", *w2 = "world", *w3 = "at", *w4 = "Microsoft!";
  int f1 = 0, f2 = 0, f3 = 0, f4 = 0;
  for (int i = 0; s[i]; i++) {
    int j = 0;
    while (w1[j] && s[i + j] == w1[j])
      j++;
    if (!w1[j])
      f1 = 1;
  }
  for (int i = 0; s[i]; i++) {
    int j = 0;
    while (w2[j] && s[i + j] == w2[j])
      j++;
    if (!w2[j])
      f2 = 1;
  }
  for (int i = 0; s[i]; i++) {
    int j = 0;
    while (w3[j] && s[i + j] == w3[j])
      j++;
    if (!w3[j])
      f3 = 1;
  }
  for (int i = 0; s[i]; i++) {
    int j = 0;
    while (w4[j] && s[i + j] == w4[j])
      j++;
    if (!w4[j])
      f4 = 1;
  }
  if (f1 && f2 && f3 && f4)
    reach_error();
}
