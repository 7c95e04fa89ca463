// Find4: HWM (hwm.c) written with one search function called once per
// word: the target is reached when a 32-byte string holds "Hello", "World",
// "At" and "Microsoft!". The search tries every start position; its inner
// matching loop leaves at the first mismatch, and the outer loop returns at
// the first match or leaves at the end of the string. Inlined, the four
// calls multiply their backbones (7^4 = 2401); summarised, they add up.
// bench-options: --max-strlen 32
void reach_error(void);

static int find(const char *a, const char *w) {
  for (int i = 0; a[i] != 0; ++i) {
    int j = i, k = 0;
    while (w[k] != 0 && a[j] != 0 && a[j] == w[k]) {
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

void find4(const char *a) {
  int h = find(a, "Hello");
  int w = find(a, "World");
  int t = find(a, "At");
  int m = find(a, "Microsoft!");
  if (h && w && t && m)
    reach_error();
}
