// `theseus export` writes the tests of a run as a GoogleTest file and as a
// plain C driver; both build with the user's plain command lines and pass.
// A test whose recorded return value was changed fails in both.
// RUN: rm -rf %t.out %t.neg %t.bad %t.empty && mkdir %t.bad %t.empty
// RUN: %theseus %s --entry max4 -o %t.out | FileCheck --check-prefix=EXPLORE %s
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// RUN: %theseus export --gtest %t.cpp %t.out 2>&1 | FileCheck --check-prefix=EXPORT %s
// RUN: FileCheck --check-prefix=FILE %s < %t.cpp
// RUN: clang -c -g %s -o %t.o
// RUN: clang++ -std=c++17 %t.cpp %t.o -lgtest -lgtest_main -pthread -o %t.gtest
// RUN: %t.gtest | FileCheck --check-prefix=GTEST %s
// RUN: %theseus export --c %t.driver.c %t.out
// RUN: clang %t.driver.c %t.o -o %t.driver
// RUN: %t.driver | FileCheck --check-prefix=DRIVER %s
//
// The negative check: test000001 with its return value changed to 12345.
// RUN: %python -c "import json, sys; t = json.load(open(sys.argv[1])); t['outcome']['value'] = 12345; json.dump(t, open(sys.argv[2], 'w'))" %t.out/test000001.json %t.bad/test000001.json
// RUN: %theseus export --gtest %t.bad.cpp %t.bad
// RUN: clang++ -std=c++17 %t.bad.cpp %t.o -lgtest -lgtest_main -pthread -o %t.bad.gtest
// RUN: not %t.bad.gtest | FileCheck --check-prefix=BAD %s
// RUN: %theseus export --c %t.bad.c %t.bad
// RUN: clang %t.bad.c %t.o -o %t.bad.driver
// RUN: not %t.bad.driver | FileCheck --check-prefix=BADC %s
//
// A negative return value is spelled "minus" in a test's name.
// RUN: %theseus %s --entry max4 -o %t.neg --seed-input a=-5,b=-6,c=-7,d=-8 > /dev/null
// RUN: %theseus export --gtest %t.neg.cpp %t.neg
// RUN: FileCheck --check-prefix=NEG %s < %t.neg.cpp
// NEG: TEST(max4, test000001_returns_minus_5) {
//
// Usage errors: no output format, two formats, a missing directory, a
// directory without tests.
// RUN: not %theseus export %t.out 2>&1 | FileCheck --check-prefix=NOFORMAT %s
// RUN: not %theseus export --gtest %t.x.cpp --c %t.x.c %t.out 2>&1 | FileCheck --check-prefix=NOFORMAT %s
// RUN: not %theseus export --gtest %t.x.cpp %t.missing 2>&1 | FileCheck --check-prefix=MISSING %s
// RUN: not %theseus export --c %t.x.c %t.empty 2>&1 | FileCheck --check-prefix=EMPTY %s
//
// EXPLORE: paths 8
// REPLAY: 6 match, 0 mismatch, 0 skipped
// EXPORT: theseus export: wrote 6 tests to {{.*}} (0 skipped)
// FILE: int max4(int, int, int, int);
// FILE: // Reproduce: theseus replay {{.*}}test000001.json
// FILE-NEXT: TEST(max4, test000001_returns_0) {
// FILE-NEXT:   int a = 0;
// FILE: EXPECT_EQ(max4(a, b, c, d), 0);
// GTEST: [  PASSED  ] 6 tests.
// DRIVER: PASS test000001_returns_0
// DRIVER: 6 tests, 0 failed
// BAD: Expected equality of these values:
// BAD: 12345
// BAD: [  FAILED  ] 1 test, listed below:
// BAD-NEXT: [  FAILED  ] max4.test000001_returns_12345
// BADC: FAIL test000001_returns_12345
// BADC: returned 0, expected 12345
// BADC: 1 tests, 1 failed
// NOFORMAT: theseus: error: Exactly 1 option from [--gtest,--c,--testcomp,--json] is required
// MISSING: theseus: error: export: no such file or directory: {{.*}}missing
// EMPTY: theseus: error: export: no test files (test*.json) in {{.*}}empty

/* max4 from Ball & Daniel, "Deconstructing Dynamic Symbolic Execution". */
int max2(int s, int t) {
  if (s < t)
    return t;
  else
    return s;
}

int max4(int a, int b, int c, int d) { return max2(max2(a, b), max2(c, d)); }
