// HW-flag (hw_flag.c) behind a short string: the target needs both "Hello"
// and "world" and s[9] == 0, but the two words need ten letters before the
// string's end, so it is unreachable. bench-options: --max-strlen 32
void reach_error(void);

void hw_flag_short(const char *s) {
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
  if (found1 && found2 && s[9] == 0)
    reach_error();
}
