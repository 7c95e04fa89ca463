// --entry naming a function that does not exist lists the defined ones.
// RUN: %expect-status 2 --one-line %theseus %s --entry nope -o %t.out 2>&1 | FileCheck %s
// CHECK: theseus: error: no defined function named 'nope'; choose one with --entry (defined functions: missing_entry)
int missing_entry(int x) { return x; }
