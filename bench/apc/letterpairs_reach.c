// Adjacent pairs of a letter in a string are one fewer than
// the letters in "aaaa": the target is reachable.
// bench-options:
void reach_error(void);

void letterpairs_reach(const char *s) {
  int letters = 0, pairs = 0;
  for (int i = 0; s[i]; i++) {
    if (s[i] == 'a') {
      letters++;
      if (s[i + 1] == 'a')
        pairs++;
    }
  }
  if (pairs + 1 == letters && letters == 4)
    reach_error();
}
