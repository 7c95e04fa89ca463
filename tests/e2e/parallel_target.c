// --target with -j: every worker prunes by the apc and the first one runs
// its seeds; a worker that reaches the target stops them all, and the
// reaching test replays. A target no path reaches is unreachable by
// exhaustion when every worker ran out of work.
// RUN: rm -rf %t.c %t.f %t.ex %t.exf
// RUN: not %theseus %s --target reach_error -j 2 -o %t.c | FileCheck %s
// RUN: %check-summary %t.c "target['verdict'] == 'reached'" "stop_reason == 'target-reached'" "workers['count'] == 2"
// RUN: %theseus replay %t.c | FileCheck --check-prefix=REPLAY %s
// RUN: not %theseus %s --target reach_error --mode fork -j 2 -o %t.f | FileCheck %s
// RUN: %check-summary %t.f "target['verdict'] == 'reached'" "workers['count'] == 2"
// RUN: %theseus replay %t.f | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in parallel_target: reached by test
// REPLAY: 0 mismatch
// RUN: %theseus %s --entry by_exhaustion --target reach_error -j 2 -o %t.ex | FileCheck --check-prefix=EX %s
// RUN: %theseus %s --entry by_exhaustion --target reach_error --mode fork -j 2 -o %t.exf | FileCheck --check-prefix=EX %s
// EX: target reach_error in by_exhaustion: unreachable by exhaustion
void reach_error(void);

int parallel_target(const char *s) {
  int matched = 0;
  for (int i = 0; i < 5; ++i)
    if (s[i] == "hello"[i])
      ++matched;
  if (matched == 5)
    reach_error();
  return matched;
}

int twice(int v) { return v <= 0 ? 0 : 2 + twice(v - 1); }

void by_exhaustion(int n, int m) {
  if (n > 3 || m > 3 || m < 0)
    return;
  if (twice(n) + m == 11)
    reach_error();
}
