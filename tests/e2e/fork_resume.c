// --resume goes on with a forking run where it stopped: the earlier tree is
// rebuilt along the tests' routes by one run from the entry that forks onto
// the earlier tests where their routes split (only further return values of
// a path run from the entry too, so a rebuild that ran every earlier test
// from the entry fails the "from the entry" checks), only the sides no
// earlier path took are forked again, and the run ends exhausted with the
// paths, bugs, return values, infeasible sides and coverage of one
// uninterrupted run, each path found once and the tests numbered 1..N over
// the parts. Stopped by --max-iterations; killed (SIGKILL) once 40 test
// files are written; begun with one worker and resumed with -j 2. A run
// resumed when exhausted rebuilds its tree, asks the solver nothing, and
// adds no test; a changed program is refused. The program has a bug (exit
// status 1 once it is found).
// RUN: rm -rf %t.full %t.run %t.kill %t.jobs %t.changed %t.c
// RUN: not %theseus %s --mode fork -o %t.full -q --tests=all > /dev/null
// RUN: %theseus %s --mode fork -o %t.run -q --max-iterations 12 > %t.first || true
// RUN: FileCheck %s --check-prefix=FIRST < %t.first
// FIRST: stopped: max-iterations
// RUN: %check-summary %t.run "paths < 40"
// RUN: not %theseus --resume %t.run -q --max-iterations 0 | FileCheck %s --check-prefix=RESUMED
// RESUMED: stopped: exhausted
// RESUMED: complete yes
// RESUMED: parts {{.*}} earlier tests run again in {{.*}} s, {{[0-9]+}} run{{s?}} from the entry)
// RUN: %python %S/tools/same_paths.py %t.full %t.run
// RUN: %python %S/tools/same_summary.py --except outcomes %t.full %t.run
// RUN: %check-summary %t.run "len(parts) == 2" "parts[0]['stop_reason'] == 'max-iterations'" "parts[0]['tests'] + parts[1]['tests'] == tests" "parts[1]['tests_run_again'] >= 12" "parts[1]['runs_from_entry_again'] < parts[1]['tests_run_again'] / 2" "infeasible >= 1" "return_value_variants >= 2" "len(bugs) == 1"
// RUN: %python %S/tools/run_db.py %t.run/run.db "select count(*) = max(number), (select count(distinct path_id) = count(*) from paths where variant_of is null and outcome != 'interrupted'), count(distinct part) from paths" | FileCheck %s --check-prefix=NUMBERS
// NUMBERS: 1|1|2
// Every test has its path's route (with the infeasible sides on the way:
// see the solver's queries below).
// RUN: %python %S/tools/run_db.py %t.run/run.db "select count(*) from paths where route is null" | FileCheck %s --check-prefix=ROUTES
// ROUTES: 0
// The tree is the whole run's: as many leaves of each kind as the full run's.
// RUN: %python -c "import json,collections as c; f=lambda d: c.Counter(n['leaf'] for n in json.load(open(d+'/tree.json'))['nodes'] if n.get('leaf') not in (None,'interrupted')); a,b=f('%t.full'),f('%t.run'); print(a==b, a, b)" | FileCheck %s --check-prefix=TREE
// TREE: True
// RUN: %theseus replay --all %t.run | FileCheck %s --check-prefix=REPLAY
// REPLAY: 0 mismatch
// Resumed again: nothing is left, no query, no new test.
// RUN: %python %S/tools/run_db.py %t.run/run.db "select count(*) from paths" > %t.before
// RUN: not %theseus --resume %t.run -q --max-iterations 0 | FileCheck %s --check-prefix=AGAIN
// AGAIN: stopped: exhausted
// AGAIN: parts {{.*}}; 3: {{.*}} ({{[1-9][0-9]+}} earlier tests run again in {{.*}} s, {{[0-9]+}} run{{s?}} from the entry)
// RUN: %python %S/tools/run_db.py %t.run/run.db "select count(*) from paths" | diff - %t.before
// RUN: %check-summary %t.run "len(parts) == 3" "parts[2]['tests'] == 0" "complete" "solver['queries'] == 0" "parts[2]['tests_run_again'] >= paths" "parts[2]['runs_from_entry_again'] == 1 + return_value_variants"
//
// RUN: %python %S/tools/kill_after.py --when-files '%t.kill/test*.json' 40 300 %theseus %s --mode fork -o %t.kill -q --tests=all > /dev/null
// RUN: %python %S/tools/run_db.py %t.kill/run.db "select ended is null from parts" | FileCheck %s --check-prefix=KILLED
// KILLED: 1
// RUN: not %theseus --resume %t.kill -q | FileCheck %s --check-prefix=RESUMED
// RUN: %python %S/tools/same_paths.py %t.full %t.kill
// RUN: %python %S/tools/same_summary.py %t.full %t.kill
// RUN: %check-summary %t.kill "len(parts) == 2" "parts[0]['stop_reason'] == 'killed'" "parts[0]['tests'] >= 1" "parts[1]['runs_from_entry_again'] < parts[1]['tests_run_again'] / 2"
// RUN: %python %S/tools/run_db.py %t.kill/run.db "select count(*) = max(number), count(test_file) = count(*) from paths" | FileCheck %s --check-prefix=KEPT
// KEPT: 1|1
//
// RUN: %theseus %s --mode fork -o %t.jobs -q --max-iterations 12 > /dev/null || true
// RUN: not %theseus --resume %t.jobs -q -j 2 --max-iterations 0 | FileCheck %s --check-prefix=JOBS
// JOBS: stopped: exhausted
// JOBS: workers 2
// RUN: %python %S/tools/same_paths.py %t.full %t.jobs
// RUN: %python %S/tools/same_summary.py --except outcomes %t.full %t.jobs
// RUN: %check-summary %t.jobs "parts[1]['runs_from_entry_again'] < parts[1]['tests_run_again'] / 2"
// RUN: %python %S/tools/run_db.py %t.jobs/run.db "select count(*) = max(number), count(distinct number) = count(*) from paths" | FileCheck %s --check-prefix=NUMBERS2
// NUMBERS2: 1|1
//
// A changed program is refused.
// RUN: cp %s %t.c
// RUN: %theseus %t.c --entry fork_resume --mode fork -o %t.changed -q --max-iterations 2 > /dev/null || true
// RUN: sed -i 's/j < 3000/j < 3001/' %t.c
// RUN: %theseus --resume %t.changed 2> %t.err; test $? = 2
// RUN: FileCheck %s --check-prefix=CHANGED < %t.err
// CHANGED: error: --resume: the program has changed since the run in

int fork_resume(int n, const char *s) {
  int k = 0;
  if (n > 10 && n < 5)
    return -2; // Never: an infeasible side.
  for (int i = 0; i < 5; ++i)
    if (s[i] == 'a' + i)
      k += i;
  if (n > 100 && n < 104)
    return n; // Three return values on one path.
  if (k == 10 && n == 7)
    return 100 / (n - 7); // A bug on one path.
  // Work on every path, so that a kill finds the run under way.
  volatile int acc = 0;
  for (int j = 0; j < 3000; ++j)
    acc += s[j % 5];
  return k;
}
