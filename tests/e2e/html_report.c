// Every run writes report.html: self-contained (nothing fetched), with the
// summary's bugs and tests, the concolic path tree (leaves with their
// tests), the timeline, and the program's text escaped (this comment's
// </script><script>alert(1)</script> and the output's <i>tag</i> stay
// text). `theseus report DIR` writes it again; --no-html skips it.
// RUN: rm -rf %t.out %t.fork %t.none
// RUN: not %theseus %s -o %t.out --tests=all | FileCheck %s
// CHECK: report {{.*}}.out/report.html
// RUN: %python %S/tools/check_html.py %t.out \
// RUN:   --absent "</script><script>alert" --absent "<i>tag" \
// RUN:   --contains "\u003c/script>\u003cscript>alert(1)" \
// RUN:   --expr "len(d['tests']) == s['tests'] == d['caps']['tests_total'] > 3" \
// RUN:   --expr "len(s['bugs']) == 2" \
// RUN:   --expr "d['tree']['format'] == 'theseus-path-tree-1'" \
// RUN:   --expr "{n['test'] for n in d['tree']['nodes'] if 'test' in n} == {t['n'] for t in d['tests'] if 'variant_of' not in t}" \
// RUN:   --expr "any(n.get('leaf') == 'error' for n in d['tree']['nodes'])" \
// RUN:   --expr "len(s['timeline']) >= 2 and s['timeline'][-1]['tests'] == s['tests']" \
// RUN:   --expr "any(h == 0 for c in d['coverage'].values() for h in c['lines'].values()) is False" \
// RUN:   --expr "'html_report.c' in d['sources'][0]['path'] and len(d['sources'][0]['lines']) > 30"
// RUN: %theseus replay %t.out | FileCheck %s --check-prefix=REPLAY
// REPLAY: 0 mismatch
// RUN: rm %t.out/report.html
// RUN: %theseus report %t.out | FileCheck %s --check-prefix=AGAIN
// AGAIN: wrote {{.*}}report.html
// RUN: %python %S/tools/check_html.py %t.out --expr "len(s['bugs']) == 2"
// RUN: not %theseus %s --mode fork -o %t.fork -q
// RUN: %python %S/tools/check_html.py %t.fork \
// RUN:   --expr "d['tree']['format'] == 'theseus-tree-1'" \
// RUN:   --expr "any(n.get('leaf') == 'infeasible' for n in d['tree']['nodes'])"
// RUN: not %theseus %s --no-html -o %t.none -q
// RUN: test -f %t.none/summary.json
// RUN: test ! -e %t.none/report.html
#include <assert.h>
#include <stdio.h>

int html_report(int a, int b) {
  if (a == 7) {
    puts("<i>tag</i>");
    assert(b != 3);
  }
  if (a > b && b > 100)
    return 100 / (a - b - 1);
  return a < 0 ? -1 : 1;
}
