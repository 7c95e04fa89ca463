// --resume with -j: the first worker runs the earlier tests again and
// rebuilds the tree, the others take work from it. A run that -j 2 began
// and a budget stopped, a run that one worker began and -j 2 (given anew)
// resumes, and a -j 2 run killed mid-way and resumed with -j 2 each end
// exhausted with what one run from the start finds; tests are numbered
// 1..N across the parts, and every test replays.
// RUN: rm -rf %t.one %t.budget %t.anew %t.kill
// RUN: %theseus %s -o %t.one -q > /dev/null
// RUN: %theseus %s -o %t.budget -q -j 2 --max-iterations 30 | FileCheck %s --check-prefix=FIRST
// FIRST: stopped: max-iterations
// RUN: %theseus --resume %t.budget -q --max-iterations 0 | FileCheck %s --check-prefix=RESUMED
// RESUMED: stopped: exhausted
// RESUMED: complete yes
// RESUMED: workers 2
// RUN: %python %S/tools/same_paths.py %t.one %t.budget
// RUN: %python %S/tools/same_summary.py %t.one %t.budget
// RUN: %check-summary %t.budget "len(parts) == 2" "parts[0]['tests'] + parts[1]['tests'] == tests" "parts[1]['tests_run_again'] >= 30" "workers['count'] == 2"
// RUN: %python %S/tools/run_db.py %t.budget/run.db "select count(*) = max(number), count(distinct number) = count(*), count(distinct part) from paths" | FileCheck %s --check-prefix=NUMBERS
// NUMBERS: 1|1|2
// RUN: %theseus replay --all %t.budget | FileCheck %s --check-prefix=REPLAY
// REPLAY: 0 mismatch
//
// RUN: %theseus %s -o %t.anew -q --max-iterations 30 > /dev/null
// RUN: %theseus --resume %t.anew -q -j 2 --max-iterations 0 | FileCheck %s --check-prefix=RESUMED
// RUN: %python %S/tools/same_paths.py %t.one %t.anew
// RUN: %python %S/tools/same_summary.py %t.one %t.anew
// RUN: %python %S/tools/run_db.py %t.anew/run.db "select count(*) = max(number), count(distinct number) = count(*) from paths" | FileCheck %s --check-prefix=NUMBERS2
// NUMBERS2: 1|1
//
// RUN: %python %S/tools/kill_after.py --when-files '%t.kill/test*.json' 60 300 %theseus %s -o %t.kill -q -j 2 --tests=all > /dev/null
// RUN: %theseus --resume %t.kill -q | FileCheck %s --check-prefix=RESUMED
// RUN: %python %S/tools/same_paths.py %t.one %t.kill
// RUN: %check-summary %t.kill "len(parts) == 2" "parts[0]['stop_reason'] == 'killed'" "complete"
// RUN: %python %S/tools/run_db.py %t.kill/run.db "select count(*) = max(number), count(distinct number) = count(*) from paths" | FileCheck %s --check-prefix=NUMBERS2
// RUN: %theseus replay --all %t.kill | FileCheck %s --check-prefix=REPLAY

int parallel_resume(int n, const char *s) {
  int k = 0;
  if (n > 10 && n < 5)
    return -2; // Never: an infeasible side.
  for (int i = 0; i < 5; ++i)
    if (s[i] == 'a' + i)
      k += i;
    else if (s[i] == 'z')
      k -= 1;
  if (n == 1234)
    return -1;
  return k;
}
