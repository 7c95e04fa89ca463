// HWM: the target is reached when the string contains "Hello", "World", "At"
// and "Microsoft!". Written from the listing in the appendix of "Abstracting
// Path Conditions": one search loop per word, each leaving at the first match
// (`break`) or at the end of the string. bench-options: --max-strlen 32
void reach_error(void);

void hwm(const char *a) {
  const char *h_word = "Hello";
  int h = 0;
  for (int i = 0; a[i] != 0; ++i) {
    int j = i, k = 0;
    while (h_word[k] != 0 && a[j] != 0 && a[j] == h_word[k]) {
      ++j;
      ++k;
    }
    if (h_word[k] == 0) {
      h = 1;
      break;
    }
    if (a[j] == 0)
      break;
  }
  const char *w_word = "World";
  int w = 0;
  for (int i = 0; a[i] != 0; ++i) {
    int j = i, k = 0;
    while (w_word[k] != 0 && a[j] != 0 && a[j] == w_word[k]) {
      ++j;
      ++k;
    }
    if (w_word[k] == 0) {
      w = 1;
      break;
    }
    if (a[j] == 0)
      break;
  }
  const char *t_word = "At";
  int t = 0;
  for (int i = 0; a[i] != 0; ++i) {
    int j = i, k = 0;
    while (t_word[k] != 0 && a[j] != 0 && a[j] == t_word[k]) {
      ++j;
      ++k;
    }
    if (t_word[k] == 0) {
      t = 1;
      break;
    }
    if (a[j] == 0)
      break;
  }
  const char *m_word = "Microsoft!";
  int m = 0;
  for (int i = 0; a[i] != 0; ++i) {
    int j = i, k = 0;
    while (m_word[k] != 0 && a[j] != 0 && a[j] == m_word[k]) {
      ++j;
      ++k;
    }
    if (m_word[k] == 0) {
      m = 1;
      break;
    }
    if (a[j] == 0)
      break;
  }
  if (h == 1 && w == 1 && t == 1 && m == 1)
    reach_error();
}
