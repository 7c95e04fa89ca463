// max4 from the PyExZ3 paper (Figure 2), as shipped in examples/ for the
// demo: three comparisons, 8 paths, and each of a, b, c, d is the returned
// maximum on some path. Each path returns an input, more values than
// --return-values enumerates (16), so no further tests: one test per path,
// of which the suite keeps as files those that add a return value (paths
// may return a value another path returned too, on edges it covered): 6
// with the default search.
// RUN: rm -rf %t.out
// RUN: %theseus %S/../../examples/max4.c -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --count 8 --oracle %inputs/max4_oracle.py \
// RUN:   --all "ret == max(a, b, c, d)" \
// RUN:   --some "pick(a, b, c, d) == 'a'" --some "pick(a, b, c, d) == 'b'" \
// RUN:   --some "pick(a, b, c, d) == 'c'" --some "pick(a, b, c, d) == 'd'"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
//
// Every strategy finds the same 8 paths.
// RUN: %theseus %S/../../examples/max4.c -o %t.dfs --strategy dfs | FileCheck %s
// RUN: %theseus %S/../../examples/max4.c -o %t.gen --strategy generational | FileCheck %s
// RUN: %theseus %S/../../examples/max4.c -o %t.dart --strategy dart --seed 7 | FileCheck %s
// RUN: %theseus %S/../../examples/max4.c -o %t.rp --strategy random-path --seed 3 | FileCheck %s
// RUN: %theseus %S/../../examples/max4.c -o %t.cn --strategy coverage-new | FileCheck %s
// RUN: %python %S/tools/same_paths.py %t.out %t.rp | FileCheck --check-prefix=SAME %s
// RUN: %python %S/tools/same_paths.py %t.out %t.cn | FileCheck --check-prefix=SAME %s
// SAME: same paths: 8
//
// CHECK: explored max4 ({{.*}}) in {{.*}} s, stopped: exhausted
// CHECK: paths 8 (runs 8); tests 8 in run.db; test files {{[5-8]}}
// CHECK: bugs 0
// CHECK: return values {{{.*}}} and more: 8 paths return more than 16 values each{{$}}
// CHECK: coverage lines 100.0% ({{[0-9]+}}/{{[0-9]+}}), branches 100.0% (2/2)
// CHECK: divergences 0
// REPLAY: replayed 6 tests: 6 match, 0 mismatch, 0 skipped
