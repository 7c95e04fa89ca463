// With --check=ub, a double converted to int out of range is
// UndefinedBehaviorSanitizer's float-cast-overflow: its check is a branch
// on the symbolic double, so the solver finds a value too large, and the
// native replay confirms the report.
// RUN: rm -rf %t.out
// RUN: not %theseus %s --check=ub -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "bug == 'float-cast-overflow' and x >= 2147483648"
// CHECK: complete yes
// CHECK: bugs 1
// CHECK-NEXT: float-cast-overflow at {{.*}}float_cast_overflow.c:[[@LINE+5]]: value is outside the range of representable values of type 'int' {{.*}}[confirmed
// CHECK: concretizations 0

int float_cast_overflow(double x) {
  if (x > 0)
    return (int)x;
  return 0;
}
