// The headline coverage counts the functions the entry can reach: f, which
// it calls, and twice, whose address is in a table (an indirect call may
// reach it); never_called is only in the files' totals. An exhaustive run
// covers everything reachable.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %check-summary %t.out "complete" \
// RUN:   "coverage['functions'] == {'reachable': 3, 'total': 4}" \
// RUN:   "coverage['lines']['percent'] == 100 and coverage['branches']['percent'] == 100" \
// RUN:   "coverage['all_functions']['lines']['total'] == coverage['lines']['total'] + 4" \
// RUN:   "(coverage['all_functions']['branches']['covered'], coverage['all_functions']['branches']['total']) == (4, 6)"
// RUN: FileCheck --check-prefix=LCOV %s < %t.out/coverage.info
// CHECK: coverage lines 100.0% ({{[0-9]+}}/{{[0-9]+}}), branches 100.0% (4/4); all functions in the files: lines {{[0-9.]+}}% ({{[0-9]+}}/{{[0-9]+}}), branches 66.7% (4/6)
// LCOV: BRDA:{{[0-9]+}},{{[0-9]+}},0,-
// LCOV: BRDA:{{[0-9]+}},{{[0-9]+}},1,-

static int f(int x) {
  if (x > 10)
    return 1;
  return 0;
}

static int twice(int x) {
  if (x < 0)
    return -1;
  return 2 * x;
}

static int (*const Table[])(int) = {twice};

int never_called(int x) {
  if (x == 3)
    return 7;
  return 0;
}

int coverage_reachable(int x) { return f(x) + Table[0](x); }
