// -j N in fork mode: idle workers take waiting states over (their input,
// run without forking up to the state's place). An exhausted run finds
// what -j 1 finds: the same paths with the same outcomes, bugs, return
// values, infeasible sides and coverage, and every test replays.
// RUN: rm -rf %t.one %t.two
// RUN: not %theseus %s --mode=fork -o %t.one -q > /dev/null
// RUN: not %theseus %s --mode=fork -o %t.two -q -j 2 | FileCheck %s
// CHECK: stopped: exhausted
// CHECK: complete yes
// CHECK: workers 2
// RUN: %python %S/tools/same_paths.py %t.one %t.two
// RUN: %python -c "import json,sys; a=json.load(open('%t.one/summary.json')); b=json.load(open('%t.two/summary.json')); keys=['paths','return_values','return_value_variants','infeasible','complete','outcomes']; bad=[k for k in keys if a[k]!=b[k]]; bug=lambda j: sorted((x['kind'],x['file'],x['line'],x['message'],x['confirmed']) for x in j['bugs']); bad+=['bugs'] if bug(a)!=bug(b) else []; bad+=[k for k in ('lines','branches') if a['coverage'][k]['covered']!=b['coverage'][k]['covered']]; print(bad); sys.exit(1 if bad else 0)"
// RUN: %check-summary %t.two "workers['count'] == 2" "sum(w['tests'] for w in workers['each']) == tests" "divergences == 0" "sum(w['sides_handed_over'] for w in workers['each']) == sum(w['inputs_taken_over'] for w in workers['each'])"
// RUN: %python %S/tools/run_db.py %t.two/run.db "select count(*) = max(number) from paths" | FileCheck %s --check-prefix=NUMBERS
// NUMBERS: 1
// RUN: %theseus replay --all %t.two | FileCheck %s --check-prefix=REPLAY
// REPLAY: 0 mismatch

int parallel_fork(const char *s, int n) {
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
