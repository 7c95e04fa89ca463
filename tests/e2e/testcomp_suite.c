// --testcomp-suite on an ordinary run: the tests' __VERIFIER_nondet_*
// values in call order (parameters and other inputs have no place in a
// suite), the metadata naming branch coverage of the entry.
// RUN: rm -rf %t.out %t.suite %t.suite.zip
// RUN: %theseus %s --entry main -q -o %t.out --testcomp-suite %t.suite
// RUN: %check-testcomp %t.suite --min-tests 3 --zip
// RUN: FileCheck --check-prefix=META %s < %t.suite/metadata.xml
// RUN: cat %t.suite/test*.xml | FileCheck --check-prefix=CASE %s
// After the run, `theseus export --testcomp` makes the same suite.
// RUN: rm -rf %t.export %t.export.zip
// RUN: %theseus export --testcomp %t.export --zip %t.out 2>&1 \
// RUN:   | FileCheck --check-prefix=EXPORT %s
// RUN: %check-testcomp %t.export --min-tests 3 --zip
// RUN: diff <(cat %t.suite/test*.xml) <(cat %t.export/test*.xml)
// RUN: not %theseus export --testcomp %t.bad %t.out %t.out 2>&1 \
// RUN:   | FileCheck --check-prefix=TWO %s
// EXPORT: wrote {{[0-9]+}} testcases to {{.*}}export (and its .zip)
// TWO: export --testcomp: give one run directory
// META: <specification>COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )</specification>
// META: <programfile>{{.*}}testcomp_suite.c</programfile>
// CASE: <testcase>
// CASE-NEXT: <input type="unsigned long long">{{[0-9]+}}</input>
// CASE-NEXT: <input type="_Bool">{{[01]}}</input>
// CASE-NEXT: </testcase>
unsigned long long __VERIFIER_nondet_ulonglong(void);
_Bool __VERIFIER_nondet_bool(void);
int theseus_int(const char *);

int main(void) {
  int t = theseus_int("not_in_the_suite");
  unsigned long long big = __VERIFIER_nondet_ulonglong();
  if (__VERIFIER_nondet_bool() && big > 18000000000000000000ull)
    return t;
  return 0;
}
