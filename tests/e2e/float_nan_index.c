// A NaN converted to an integer is undefined (LLVM: poison), and x86-64
// gives INT_MIN for it, or 0 through an unsigned conversion: an index that
// may land inside the array, so no memory check notices. With
// --check=nan-index a conversion whose result becomes an index, directly
// or through a local variable, checks its operand: a symbolic one is a
// decision the explorer negates, so a NaN input is searched for; the
// native replay, built with UndefinedBehaviorSanitizer's
// float-cast-overflow check, confirms the bug at the conversion. A
// conversion that is no index is not checked.
// RUN: rm -rf %t.out %t.plain
// RUN: not %theseus %s --check=nan-index -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "bug == 'nan-index' and math.isnan(x)" \
// RUN:   --some "bug == 'nan-index' and math.isnan(y) and not math.isnan(x)" \
// RUN:   --some "kind == 'return'" --none "kind == 'bug' and not math.isnan(x) and not math.isnan(y)"
// RUN: %check-summary %t.out "complete"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// CHECK: bugs 2
// CHECK-DAG: nan-index at {{.*}}float_nan_index.c:[[@LINE+18]]: NaN converted to an integer used as an index {{.*}}[confirmed: reported runtime error: nan is outside the range of representable values of type 'unsigned int'
// CHECK-DAG: nan-index at {{.*}}float_nan_index.c:[[@LINE+18]]: NaN converted to an integer used as an index {{.*}}[confirmed: reported runtime error: nan is outside the range of representable values of type 'unsigned int'
// CHECK: concretizations 0
// REPLAY: 0 mismatch, 0 skipped
//
// Without the option the NaN reads element 0 (unsigned) and the run finds
// no bug.
// RUN: %theseus %s -o %t.plain | FileCheck --check-prefix=PLAIN %s
// PLAIN: complete yes
// PLAIN: bugs 0

static int table[4] = {10, 20, 30, 40};

int float_nan_index(float x, double y) {
  int sum = (int)y; // Not an index: no check.
  if (x >= 4.0f || y >= 4.0 || x < 0.0f || y < 0.0)
    return sum;
  // x and y are in [0, 4) or NaN.
  sum += table[(unsigned)x];
  unsigned i = (unsigned)y;
  return sum + table[i];
}
