// A variable of an incomplete struct type.
// RUN: %expect-status 2 --one-line %theseus %s -o %t.out 2>&1 | FileCheck %s
// CHECK: syntax_bad_type.c:5:20: error: variable has incomplete type 'struct undefined'
int syntax_bad_type(int x) {
  struct undefined s;
  return x;
}
