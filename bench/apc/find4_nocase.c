// Find4, case-insensitive variant: a letter of the string matches the word's
// letter or its lower case. One more branch in the matching loop gives the
// search 9 backbones; inlined four times, 9^4 = 6561, past the limit of
// 4096, and the apc gave up for the whole program (`true`).
// bench-options: --max-strlen 32
void reach_error(void);

static int find(const char *a, const char *w) {
  for (int i = 0; a[i] != 0; ++i) {
    int j = i, k = 0;
    while (w[k] != 0 && a[j] != 0 && (a[j] == w[k] || a[j] == w[k] + 32)) {
      ++j;
      ++k;
    }
    if (w[k] == 0)
      return 1;
    if (a[j] == 0)
      break;
  }
  return 0;
}

void find4_nocase(const char *a) {
  int h = find(a, "Hello");
  int w = find(a, "World");
  int t = find(a, "At");
  int m = find(a, "Microsoft!");
  if (h && w && t && m)
    reach_error();
}
