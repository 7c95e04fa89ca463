// A length that follows its buffer is taken as the buffer's length: n is
// at most 8, a's element count (--max-len), so the n > 16 branch is never
// taken and the run is complete only within that bound. The run lists it
// and a's size among its assumptions, says its claim holds under them,
// and tells the branch apart from dead code: the solver proves n > 16
// infeasible with the link and feasible without it (in both modes). The
// branch n < 2 after n > 3 is infeasible for any n and is not marked.
// With --no-len-link the link is gone: n > 16 is taken, and reading a[8]
// is a bug.
// RUN: rm -rf %t %t.fork %t.target %t.free
// RUN: %theseus %s --entry count_ones -o %t | FileCheck %s
// RUN: %check-summary %t "complete" "complete_under_assumptions" \
// RUN:   "[a['kind'] for a in assumptions] == ['buffer-size', 'length-link']" \
// RUN:   "assumptions[0]['input'] == 'a' and assumptions[0]['max'] == 8 and assumptions[0]['option'] == '--max-len'" \
// RUN:   "assumptions[1]['input'] == 'n' and assumptions[1]['buffer'] == 'a'" \
// RUN:   "assumptions[1]['min'] == 0 and assumptions[1]['max'] == 8 and assumptions[1]['option'] == '--no-len-link'" \
// RUN:   "coverage['branches_beyond_assumptions']['count'] == 1" \
// RUN:   "[(x['condition'], x['taken']) for x in coverage['branches_beyond_assumptions']['sites']] == [('n > 16', True)]"
// RUN: %theseus show %t | FileCheck %s
// RUN: FileCheck --check-prefix=HTML %s < %t/report.html
// RUN: %theseus %s --entry count_ones --mode fork -o %t.fork | FileCheck %s
// RUN: %check-summary %t.fork "coverage['branches_beyond_assumptions']['count'] == 1"
// RUN: %theseus %s --entry count_ones --target too_long --no-apc -o %t.target | FileCheck --check-prefix=TARGET %s
// RUN: %check-summary %t.target "target['verdict'] == 'unreachable'" "target['under_assumptions']"
// RUN: not %theseus %s --entry count_ones --no-len-link -o %t.free | FileCheck --check-prefix=FREE %s
// RUN: %check-summary %t.free "[a['kind'] for a in assumptions] == ['buffer-size']" \
// RUN:   "coverage['branches_beyond_assumptions']['count'] == 0"
// CHECK: complete yes: every feasible path ran to its end, under the assumptions below
// CHECK-NEXT: assumptions a points to 8 int elements, never NULL (--max-len)
// CHECK-NEXT: 0 <= n <= 8: n is taken as the length of a (--no-len-link removes this)
// CHECK: coverage lines {{.*}}, branches {{[0-9.]+}}% (8/10; 1 more only beyond the assumptions)
// HTML: Complete: every feasible path ran to its end, under the assumptions below.
// HTML: <li>a points to 8 int elements, never NULL (--max-len)</li>
// HTML: <li>0 &lt;= n &lt;= 8: n is taken as the length of a (--no-len-link removes this)</li>
// TARGET: target too_long in count_ones: unreachable by exhaustion, under the input assumptions above
// FREE-NOT: taken as the length
// FREE: out-of-bounds
// FREE-NOT: beyond the assumptions

static int too_long(void) { return -1; }

int count_ones(const int *a, int n) {
  if (n > 16)
    return too_long();
  int ones = 0;
  for (int i = 0; i < n; i++)
    if (a[i] == 1)
      ones++;
  if (n > 3) {
    if (n < 2)
      return 9;
  }
  return ones > 0;
}
