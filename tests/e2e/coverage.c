// Coverage: lcov tracefile that genhtml renders, percentages in the
// summary; an unreachable branch stays uncovered.
// RUN: rm -rf %t.out %t.html
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: FileCheck --check-prefix=LCOV %s < %t.out/coverage.info
// RUN: genhtml -q -o %t.html %t.out/coverage.info --branch-coverage
// RUN: test -f %t.html/index.html
// CHECK: coverage lines {{[0-9.]+}}% ({{[0-9]+}}/{{[0-9]+}}), branches 75.0% (3/4)
// LCOV: SF:{{.*}}coverage.c
// LCOV: BRDA:18,0,0,1
// LCOV: BRDA:18,0,1,1
// LCOV: BRDA:20,1,0,-
// LCOV: BRDA:20,1,1,1
// LCOV: DA:21,0
// LCOV: end_of_record

int coverage(unsigned char c) {
  if (c > 200) {
    unsigned x = c;
    if (x < 100)
      return -1; // Unreachable.
    return 1;
  }
  return 0;
}
