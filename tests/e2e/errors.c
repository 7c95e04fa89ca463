// Bad input gets a clear message and exit status 2.
// RUN: not %theseus %t.missing.c 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: theseus: error: no such file: {{.*}}missing.c
//
// RUN: not %theseus %s --entry nosuch 2>&1 | FileCheck --check-prefix=ENTRY %s
// ENTRY: theseus: error: no defined function named 'nosuch'; choose one with --entry (defined functions: helper, takes_pointer_pointer)
//
// RUN: not %theseus %s 2>&1 | FileCheck --check-prefix=DEFAULT %s
// DEFAULT: no function named 'errors' or 'main'
//
// RUN: not %theseus %s --entry takes_pointer_pointer 2>&1 | FileCheck --check-prefix=PTR %s
// PTR: parameter 'p' of 'takes_pointer_pointer' has type 'int **'
//
// RUN: printf 'int broken(int x) { return x +; }\n' > %t.broken.c
// RUN: not %theseus %t.broken.c 2>&1 | FileCheck --check-prefix=COMPILE %s
// COMPILE: theseus: error: compilation of {{.*}}broken.c failed: {{.*}}broken.c:1:31: error: expected expression
//
// RUN: not %theseus %s --strategy sideways 2>&1 | FileCheck --check-prefix=USAGE %s
// USAGE: --strategy: sideways not in {cov-interleaved,bfs,dfs,generational,dart,random-path,coverage-new,target-distance}
//
// RUN: not %theseus %s --entry helper --seed-input q=1 2>&1 | FileCheck --check-prefix=SEED %s
// SEED: --seed-input: no parameter named 'q'
//
// RUN: %theseus --version | FileCheck --check-prefix=VERSION %s
// VERSION: theseus {{[0-9]+\.[0-9]+\.[0-9]+}}
// RUN: %theseus --help | FileCheck --check-prefix=HELP %s
// HELP: Exit status: 0 no bug found, 1 bugs found
// HELP: --strategy

int helper(int x) { return x; }
int takes_pointer_pointer(int **p) { return **p; }
