// Twenty errors: only the first is shown, with the count of the others.
// RUN: %expect-status 2 --one-line %theseus %s -o %t.out 2>&1 | FileCheck %s
// CHECK: syntax_many_errors.c:5:3: error: use of undeclared identifier 'a' (and 19 more errors)
int syntax_many_errors(int x) {
  a = 1; b = 2; c = 3; d = 4; e = 5; f = 6; g = 7; h = 8;
  i = 9; j = 10; k = 11; l = 12; m = 13; n = 14; o = 15;
  p = 16; q = 17; r = 18; s = 19; t = 20; u = 21; v = 22;
  return x +;
}
