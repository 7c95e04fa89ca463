// Find4, case-insensitive, behind an empty string: unreachable, since the
// search returns 1 only from inside its loop over a non-empty prefix.
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

void find4_empty(const char *a) {
  int h = find(a, "Hello");
  int w = find(a, "World");
  int t = find(a, "At");
  int m = find(a, "Microsoft!");
  if (h && w && t && m && a[0] == 0)
    reach_error();
}
