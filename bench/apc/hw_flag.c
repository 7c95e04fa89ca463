// HW: the target is reached when the string contains both "Hello" and
// "world", at any positions and in any order. Two search loops in sequence.
// A harder variant of HW: each search loop sets a flag and runs on to
// the end of the string (no `break`), so the apc only knows the flag may be
// set. bench-options: --max-strlen 32
void reach_error(void);

void hw_flag(const char *s) {
  const char *w1 = "Hello", *w2 = "world";
  int found1 = 0, found2 = 0;
  for (int i = 0; s[i]; i++) {
    int j = 0;
    while (w1[j] && s[i + j] == w1[j])
      j++;
    if (!w1[j])
      found1 = 1;
  }
  for (int i = 0; s[i]; i++) {
    int j = 0;
    while (w2[j] && s[i + j] == w2[j])
      j++;
    if (!w2[j])
      found2 = 1;
  }
  if (found1 && found2)
    reach_error();
}
