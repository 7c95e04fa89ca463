// An undeclared identifier.
// RUN: %expect-status 2 --one-line %theseus %s -o %t.out 2>&1 | FileCheck %s
// CHECK: theseus: error: compilation of {{.*}}syntax_undeclared.c failed: {{.*}}syntax_undeclared.c:4:43: error: use of undeclared identifier 'nowhere'
int syntax_undeclared(int x) { return x + nowhere; }
