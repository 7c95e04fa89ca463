// A variable-length array of symbolic size: the size is either kept symbolic
// (one path per loop length) or concretised and counted, never silently.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out
// RUN: %check-summary %t.out "not complete or tests > 3"
int vla_symbolic(unsigned n) {
  if (n == 0 || n > 64)
    return -1;
  int a[n];
  for (unsigned i = 0; i < n; ++i)
    a[i] = (int)i;
  return a[n - 1];
}
