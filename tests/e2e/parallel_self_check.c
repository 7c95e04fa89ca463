// --self-check with -j: the leaves of every worker's tree are run
// concretely (precision), and each random input must satisfy exactly one
// leaf's path condition across all the trees (exhaustiveness); a worker
// that took over a waiting state keeps the way to it as one edge of its
// tree. The same leaves are checked as on one thread, and some of them
// lie in the trees of workers that took states over.
// RUN: rm -rf %t.one %t.two
// RUN: %theseus %s --mode=fork --self-check --self-check-samples 300 -o %t.one -q | FileCheck %s
// RUN: %theseus %s --mode=fork --self-check --self-check-samples 300 -o %t.two -q -j 2 | FileCheck %s
// CHECK: self-check passed: precision 486/486 leaves, exhaustiveness 300/300
// RUN: %check-summary %t.two "workers['count'] == 2" "sum(w['inputs_taken_over'] for w in workers['each']) >= 1" "self_check['passed']"
// RUN: %python %S/tools/same_paths.py %t.one %t.two

int parallel_self_check(int n, const char *s) {
  int k = 0;
  for (int i = 0; i < 5; ++i)
    if (s[i] == 'a' + i)
      k += i;
    else if (s[i] == 'z')
      k -= 1;
  if (n > k)
    return n - k;
  return k;
}
