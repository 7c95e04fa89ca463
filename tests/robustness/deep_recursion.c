// Recursion ten million calls deep is a stack-overflow bug (--max-stack).
// RUN: rm -rf %t.out
// RUN: %expect-status 1 %theseus %s -o %t.out --max-time 20
// RUN: %check-tests %t.out --some "ret == 0" --some "bug == 'stack-overflow'"
static int down(int n) { return n == 0 ? 0 : 1 + down(n - 1); }
int deep_recursion(int x) {
  if (x > 0)
    return down(10000000);
  return 0;
}
