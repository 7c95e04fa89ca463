// An unclosed brace at the end of the file.
// RUN: %expect-status 2 --one-line %theseus %s -o %t.out 2>&1 | FileCheck %s
// CHECK: theseus: error: compilation of {{.*}}syntax_unbalanced_brace.c failed: {{.*}}syntax_unbalanced_brace.c:{{[0-9]+}}:{{[0-9]+}}: error: expected '}' (and 1 more error)
int syntax_unbalanced_brace(int x) {
  if (x > 0) {
    return 1;
  return 0;
