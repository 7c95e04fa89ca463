// A missing ';': clang's first error, in one line, exit status 2.
// RUN: %expect-status 2 --one-line %theseus %s -o %t.out 2>&1 | FileCheck %s
// CHECK: theseus: error: compilation of {{.*}}syntax_missing_semicolon.c failed: {{.*}}syntax_missing_semicolon.c:5:16: error: expected ';' at end of declaration{{$}}
int syntax_missing_semicolon(int x) {
  int y = x + 1
  return y;
}
