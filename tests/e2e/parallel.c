// -j N: workers on threads of their own share one exploration. An
// exhausted run finds what -j 1 finds: the same paths (by path id) with the
// same outcomes, bugs, return values, infeasible sides and coverage; its
// tests are numbered 1..N without gaps and all replay; the summary lists
// each worker.
// RUN: rm -rf %t.one %t.two %t.three %t.fork %t.all
// RUN: not %theseus %s -o %t.one -q > /dev/null
// RUN: not %theseus %s -o %t.two -q -j 2 | FileCheck %s
// CHECK: stopped: exhausted
// CHECK: complete yes
// CHECK: workers 2 (runs {{[0-9]+}} + {{[0-9]+}}; efficiency
// RUN: %python %S/tools/same_paths.py %t.one %t.two
// RUN: %python %S/tools/same_summary.py %t.one %t.two
// RUN: %check-summary %t.two "workers['count'] == 2" "len(workers['each']) == 2" "sum(w['runs'] for w in workers['each']) == runs" "sum(w['tests'] for w in workers['each']) == tests" "0 <= workers['efficiency'] <= 1" "divergences == 0"
// RUN: %python %S/tools/run_db.py %t.two/run.db "select count(*) = max(number), count(distinct path_id) > 100 from paths" | FileCheck %s --check-prefix=NUMBERS
// NUMBERS: 1|1
// RUN: %theseus replay --all %t.two | FileCheck %s --check-prefix=REPLAY
// REPLAY: 0 mismatch
// More workers than cores, and the generational search, find the same.
// RUN: not %theseus %s -o %t.three -q -j 3 --strategy=generational > /dev/null
// RUN: %python %S/tools/same_paths.py %t.one %t.three
// In fork mode idle workers take waiting states over; the paths are the
// same too.
// RUN: not %theseus %s --mode=fork -o %t.fork -q -j 2 | FileCheck %s --check-prefix=FORK
// FORK: stopped: exhausted
// FORK: workers 2
// RUN: %python %S/tools/same_paths.py %t.one %t.fork
// RUN: %check-summary %t.fork "divergences == 0" "sum(w['sides_handed_over'] for w in workers['each']) == sum(w['inputs_taken_over'] for w in workers['each'])"
// Both searches number the tests of an exhausted run in tree order: the
// same numbers.
// RUN: %python %S/tools/same_numbers.py %t.two %t.fork
// RUN: %python %S/tools/same_numbers.py %t.two %t.three
// RUN: %theseus replay --all %t.fork | FileCheck %s --check-prefix=REPLAY
// The trees are joined from the workers' parts: the same leaves as one
// worker's, each naming a test of the run with its outcome.
// RUN: rm -rf %t.forkone && not %theseus %s --mode=fork -o %t.forkone -q > /dev/null
// RUN: %python %S/tools/same_tree.py %t.forkone %t.fork
// RUN: %python %S/tools/same_tree.py %t.one %t.two
// RUN: %python %S/tools/same_tree.py %t.one %t.three
// Over --tree-max-nodes, run.db keeps the joined tree's first nodes.
// RUN: rm -rf %t.cap && not %theseus %s --mode=fork -o %t.cap -q -j 2 --tree-max-nodes 100 > /dev/null
// RUN: %python %S/tools/run_db.py %t.cap/run.db "select count(*), min(id), max(parent) < 100 from tree" | FileCheck %s --check-prefix=CAP
// CAP: 100|0|1
// RUN: %check-summary %t.cap "tree_nodes > 1000"
// RUN: test ! -e %t.cap/tree.json
// -j 0 is one worker per core.
// RUN: not %theseus %s -o %t.all -q -j 0 | FileCheck %s --check-prefix=ALL
// ALL: complete yes
// A budget in runs holds for the run as a whole.
// RUN: %theseus %s -o %t.all -q -j 2 --max-iterations 20 | FileCheck %s --check-prefix=BUDGET
// BUDGET: stopped: max-iterations
// RUN: %check-summary %t.all "runs <= 21"

int parallel(const char *s, int n) {
  int score = 0;
  for (int i = 0; i < 6; ++i) {
    if (s[i] == 'a' + i)
      score += 1 << i;
    else if (s[i] == 'z')
      score -= 1;
  }
  if (n > 10 && n < 5)
    return -100; // Never: an infeasible side.
  if (n > 100 && n < 104)
    return n; // Three return values on one path.
  if (score == 63)
    return 1000 / (n - 7); // Divides by zero when n == 7.
  return score;
}
