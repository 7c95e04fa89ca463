// Hello: the target is reached when the string contains "Hello" anywhere.
// One loop over start positions with an inner comparison loop.
// A harder variant of Hello: each search loop sets a flag and runs on to
// the end of the string (no `break`), so the apc only knows the flag may be
// set. bench-options: --max-strlen 32
void reach_error(void);

void hello_flag(const char *s) {
  const char *w = "Hello";
  int found = 0;
  for (int i = 0; s[i]; i++) {
    int j = 0;
    while (w[j] && s[i + j] == w[j])
      j++;
    if (!w[j])
      found = 1;
  }
  if (found)
    reach_error();
}
