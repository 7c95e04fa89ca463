// A run of several workers that explores every path numbers its tests
// again in tree order: depth first, the false side of a decision first, the
// tests of one path by return value. Runs with any number of workers and
// either search then give every path, bug and kept file the same number,
// and each test file, each bug's first test and each Test-Comp testcase
// follow the new numbers.
// RUN: rm -rf %t.a %t.b %t.c %t.all %t.suite %t.suite.zip
// RUN: not %theseus %s -q -o %t.a -j 2 --testcomp-suite %t.suite | FileCheck %s
// CHECK: stopped: exhausted
// CHECK: workers 2
// RUN: not %theseus %s -q -o %t.b -j 2 > /dev/null
// RUN: not %theseus %s -q -o %t.c -j 3 --strategy=generational > /dev/null
// RUN: %python %S/tools/same_numbers.py %t.a %t.b
// RUN: %python %S/tools/same_numbers.py %t.a %t.c
// Test 1 takes the false side of every decision but `score == 0`, whose
// false side is infeasible there; the three return values of one path are
// numbered in increasing order; the first test of the bug is the first bug
// test, and it is confirmed natively.
// RUN: %python %S/tools/run_db.py %t.a/run.db "select return_value from paths where number = 1" | FileCheck %s --check-prefix=FIRST
// FIRST: {{^0$}}
// RUN: %python %S/tools/run_db.py %t.a/run.db "select group_concat(return_value) from (select return_value from paths where return_value in ('101', '102', '103') order by number)" | FileCheck %s --check-prefix=VALUES
// VALUES: 101,102,103
// RUN: %python %S/tools/run_db.py %t.a/run.db "select b.first_test = min(p.number), b.count = count(*) from bugs b, paths p where p.outcome = 'bug'" | FileCheck %s --check-prefix=BUG
// BUG: 1|1
// RUN: %check-summary %t.a "len(bugs) == 1" "bugs[0]['confirmed'] == 'confirmed'" "divergences == 0"
// RUN: %python %S/tools/run_db.py %t.a/run.db "select 'test' || printf('%%06d', first_test) || '.json' from bugs" > %t.bugtest
// RUN: %python -c "import json,sys; s=json.load(open('%t.a/summary.json')); sys.exit(s['bugs'][0]['test'] != open('%t.bugtest').read().strip())"
// The Test-Comp suite holds a testcase for each test file, by the new names.
// RUN: ls %t.a | grep '^test.*json$' | sed 's/json$/xml/' > %t.files
// RUN: ls %t.suite | grep '^test.*xml$' | diff - %t.files
// RUN: %check-testcomp %t.suite --min-tests 3 --zip
// With a file for every test, every file is written again.
// RUN: not %theseus %s -q -o %t.all -j 2 --tests=all > /dev/null
// RUN: %python %S/tools/same_numbers.py --tests-only %t.a %t.all
// RUN: %python %S/tools/run_db.py %t.all/run.db "select count(*) = count(test_file) from paths" | FileCheck %s --check-prefix=ALL
// ALL: 1
// RUN: %theseus replay --all %t.a | FileCheck %s --check-prefix=REPLAY
// REPLAY: 0 mismatch
extern int __VERIFIER_nondet_int(void);
extern void exit(int);

int main(void) {
  int x[5];
  for (int i = 0; i < 5; ++i)
    x[i] = __VERIFIER_nondet_int();
  int score = 0;
  for (int i = 0; i < 5; ++i) {
    if (x[i] == i)
      score += 1 << i;
    else if (x[i] < -5)
      score -= 1;
  }
  if (score == 0 && x[0] == 7 && x[1] > 100 && x[1] < 104)
    return x[1]; // Three return values on one path.
  if (score == 0 && x[2] == 42)
    exit(3);
  if (score == 31) {
    int *p = 0;
    return *p; // A null dereference.
  }
  return score;
}
