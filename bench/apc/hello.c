// Hello: the target is reached when the string contains "Hello".
// Written from the listing in the appendix of "Abstracting Path Conditions":
// a search loop over start positions that leaves at the first match
// (`break`) or at the end of the string.
// bench-options: --max-strlen 32
void reach_error(void);

void hello(const char *a) {
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
  if (h == 1)
    reach_error();
}
