// Two things SV-COMP-style targets need from the apc: --target reach_error
// also means the older __VERIFIER_error, and a loop over a constant string
// reads its bytes instead of an unknown value. The loop stops at the NUL of
// "abc", so i is 3 after it and never 5; proving it needs the table's bytes.
// RUN: rm -rf %t.out %t.s
// RUN: %theseus %s --target reach_error --apc-only -o %t.out | FileCheck %s
// RUN: %check-summary %t.out "target['verdict'] == 'unreachable'"
// CHECK: target reach_error in apc_constant_table: unreachable
// A search agrees: every path ends without calling the error function.
// RUN: %theseus %s --target reach_error -o %t.s | FileCheck --check-prefix=SEARCH %s
// SEARCH: unreachable
extern void __VERIFIER_error(void);

int apc_constant_table(int x) {
  const char *word = "abc";
  int i = 0;
  while (word[i] != 0)
    i++;
  if (i == 5)
    __VERIFIER_error();
  return x + i;
}
