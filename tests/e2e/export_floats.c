// Exported tests write float inputs exactly (hexadecimal literals; NaNs
// and infinities by their encodings) and compare a float returned by its
// encoding, so a NaN's payload and a zero's sign are checked: the GoogleTest
// and C files build and pass, every test exported, none skipped. The
// division-by-zero bug of --check=float-div-zero is a death test that
// needs UBSan's float-divide-by-zero, skipped without it.
// RUN: rm -rf %t.out %t.div
// RUN: %theseus %s --max-len 2 -o %t.out --tests=all > /dev/null
// RUN: clang -c -g %s -o %t.o
// RUN: %theseus export --gtest %t.out.cpp %t.out 2>&1 \
// RUN:   | FileCheck --check-prefix=EXPORT %s
// RUN: FileCheck --check-prefix=FILE %s < %t.out.cpp
// RUN: clang++ -std=c++17 %t.out.cpp %t.o -lgtest -lgtest_main -pthread -o %t.gtest
// RUN: %t.gtest | FileCheck --check-prefix=GTEST %s
// RUN: %theseus export --c %t.out.c %t.out
// RUN: clang %t.out.c %t.o -o %t.driver && %t.driver | FileCheck --check-prefix=DRIVER %s
// EXPORT: (0 skipped)
// FILE: float x;
// FILE-DAG: theseus_double(0x7ff
// FILE-DAG: EXPECT_EQ(theseus_double_bits(export_floats(
// FILE-DAG: -0x0p+0f /* -0 */
// GTEST-NOT: FAILED
// GTEST: [  PASSED  ] {{[1-9][0-9]*}} tests.
// DRIVER: {{[1-9][0-9]*}} tests, 0 failed
//
// RUN: not %theseus %s --entry divide --check=float-div-zero \
// RUN:   --return-values 0 -o %t.div > /dev/null
// RUN: %theseus export --c %t.div.c %t.div
// RUN: clang %t.div.c %t.o -o %t.div.plain && %t.div.plain \
// RUN:   | FileCheck --check-prefix=DIVPLAIN %s
// RUN: clang -c -g -fsanitize=undefined,float-divide-by-zero %s -o %t.ubsan.o
// RUN: clang -fsanitize=undefined,float-divide-by-zero %t.div.c %t.ubsan.o \
// RUN:   -o %t.div.ubsan
// RUN: %t.div.ubsan | FileCheck --check-prefix=DIV %s
// DIVPLAIN: SKIP test{{[0-9]+}}_float_division_by_zero: {{.*}}-fsanitize=undefined,float-divide-by-zero
// DIV: PASS test{{[0-9]+}}_float_division_by_zero
// DIV: tests, 0 failed

struct point {
  float x;
  int tag;
};

double export_floats(float f, double d, const struct point *p,
                     const float *v) {
  if (d != d)
    return d; // The input's NaN, payload and all.
  if (f == 0.0f && 1.0f / f < 0)
    return -0.0;
  if (p->x > 1.5f && p->tag == 3)
    return 1.0 / 0.0;
  if (v[1] < -2.0f)
    return v[0];
  return f * 2.0;
}

float divide(float a, float b) { return a / b; }
