// --resume goes on with a concolic run where a budget stopped it: the
// resumed run ends exhausted with the paths, return values, coverage and
// infeasible sides of one run from the start; its tests are numbered after
// the earlier ones; the summary lists both parts. The first part's budget
// holds again unless given anew. A second resume of the exhausted run stays
// exhausted and adds no test.
// RUN: rm -rf %t.full %t.run
// RUN: %theseus %s -o %t.full -q > /dev/null
// RUN: %theseus %s -o %t.run -q --max-iterations 4 | FileCheck %s --check-prefix=FIRST
// FIRST: stopped: max-iterations
// RUN: %theseus --resume %t.run -q --max-iterations 0 | FileCheck %s --check-prefix=RESUMED
// RESUMED: stopped: exhausted
// RESUMED: complete yes
// RUN: %python %S/tools/same_paths.py %t.full %t.run
// RUN: %python -c "import json,sys; a=json.load(open('%t.full/summary.json')); b=json.load(open('%t.run/summary.json')); keys=['paths','return_values','return_value_variants','infeasible','complete','test_files']; bad=[k for k in keys if a[k]!=b[k]]; bad+=[k for k in ('lines','branches') if a['coverage'][k]['covered']!=b['coverage'][k]['covered']]; print(bad); sys.exit(1 if bad else 0)"
// RUN: %check-summary %t.run "len(parts) == 2" "parts[0]['stop_reason'] == 'max-iterations'" "parts[1]['stop_reason'] == 'exhausted'" "parts[0]['tests'] + parts[1]['tests'] == tests" "time['all_parts'] >= time['total']" "infeasible >= 1" "return_value_variants >= 2" "parts[1]['runs_from_entry_again'] == parts[1]['tests_run_again']"
// RUN: %python %S/tools/run_db.py %t.run/run.db "select count(*) = max(number), count(distinct part), min(part) from paths" | FileCheck %s --check-prefix=NUMBERS
// NUMBERS: 1|2|1
// RUN: %python %S/tools/closed_sides.py %t.run/run.db | FileCheck %s --check-prefix=CLOSED
// CLOSED: infeasible
// RUN: %python %S/tools/run_db.py %t.run/run.db "select count(*) > 0 from paths where return_values = 'enumerated'" | FileCheck %s --check-prefix=ENUMERATED
// ENUMERATED: 1
// The suite's files are those run.db names, and every test replays.
// RUN: %python %S/tools/run_db.py %t.run/run.db "select count(test_file) from paths" > %t.count
// RUN: ls %t.run | grep -c '^test.*\.json$' | diff - %t.count
// RUN: %theseus replay --all %t.run | FileCheck %s --check-prefix=REPLAY
// REPLAY: 0 mismatch
// Resumed again: nothing is left; the same tests.
// RUN: %python %S/tools/run_db.py %t.run/run.db "select count(*) from paths" > %t.before
// RUN: %theseus --resume %t.run -q --max-iterations 0 | FileCheck %s --check-prefix=AGAIN
// AGAIN: stopped: exhausted
// RUN: %python %S/tools/run_db.py %t.run/run.db "select count(*) from paths" | diff - %t.before
// RUN: %check-summary %t.run "len(parts) == 3" "parts[2]['tests'] == 0" "complete"

int resume(int n, const char *s) {
  int score = 0;
  if (s[0] == 'a')
    score += 1;
  if (s[1] == 'b')
    score += 2;
  if (n > 10 && n < 5)
    return -2; // Never: an infeasible side.
  if (n > 100 && n < 104)
    return n; // Three return values on one path.
  if (n == 1234)
    return -1;
  for (int i = 2; i < 5; ++i)
    if (s[i] == 'x')
      score += 4;
  return score;
}
