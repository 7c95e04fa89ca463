// Words: the target is reached when a 32-byte string holds "Hello" and,
// somewhere, "World", written as a new user would: one helper that looks
// for a word at every position, called once per word.
// bench-options: --max-strlen 32
void reach_error(void);

static int contains(const char *s, const char *w) {
  for (int i = 0; s[i] != 0; i++) {
    int k = 0;
    while (w[k] != 0 && s[i + k] == w[k])
      k++;
    if (w[k] == 0)
      return 1;
  }
  return 0;
}

void words(const char *s) {
  if (contains(s, "Hello") && contains(s, "World"))
    reach_error();
}
