// Adjacent pairs of a letter in a string never outnumber the letter: the
// target is unreachable (the apc uses the loop invariant pairs <= letters,
// checked inductively).
// bench-options:
void reach_error(void);

void letterpairs(const char *s) {
  int letters = 0, pairs = 0;
  for (int i = 0; s[i]; i++) {
    if (s[i] == 'a') {
      letters++;
      if (s[i + 1] == 'a')
        pairs++;
    }
  }
  if (pairs > letters)
    reach_error();
}
