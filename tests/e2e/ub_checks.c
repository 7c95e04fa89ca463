// Undefined behaviour with symbolic triggers, found only with --check=ub:
// the UndefinedBehaviorSanitizer checks are branches the explorer negates,
// their handler calls are bugs, and the native replay confirms each one
// with UBSan. Without the option the same program has no bug but the
// division by zero (the UBSan build dies of SIGFPE), UBSan's branches never
// count in coverage, and an oversized shift has no value (--return-values 0).
// RUN: rm -rf %t.out %t.plain
// RUN: not %theseus %s --check=ub -o %t.out | FileCheck %s
// CHECK: bugs 4
// CHECK-DAG: signed-overflow at {{.*}}ub_checks.c:33: signed integer overflow: {{[0-9]+}} * 1000 cannot be represented in type 'int'
// CHECK-DAG: signed-overflow at {{.*}}ub_checks.c:35: negation of -2147483648 cannot be represented in type 'int'
// CHECK-DAG: shift-out-of-bounds at {{.*}}ub_checks.c:37: shift exponent {{3[2-9]}} is too large for 32-bit type 'unsigned int'
// CHECK-DAG: division-by-zero at {{.*}}ub_checks.c:38: division by zero
// CHECK: branches 100.0% (8/8)
// RUN: %check-tests %t.out \
// RUN:   --some "bug == 'signed-overflow' and line == 33 and x * 1000 > 2**31 - 1" \
// RUN:   --some "bug == 'signed-overflow' and line == 35 and x == -2**31" \
// RUN:   --some "bug == 'shift-out-of-bounds' and 32 <= s < 40" \
// RUN:   --some "kind == 'return' and ret == 1000 * x" \
// RUN:   --none "kind == 'unsupported'"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped
// RUN: %python -c "import json,sys; t=json.load(open(sys.argv[1])); assert t['program']['checks'] == ['ub'], t['program']" %t.out/test000001.json
//
// RUN: not %theseus %s -o %t.plain --return-values 0 | FileCheck --check-prefix=PLAIN %s
// PLAIN: bugs 1
// PLAIN-NEXT: division-by-zero
// PLAIN: branches 100.0% (8/8)
// RUN: %theseus replay %t.plain | FileCheck --check-prefix=REPLAY %s

int ub_checks(int x, int s) {
  if (x > 0x10000)
    return x * 1000;
  if (x < -5)
    return -x;
  if (s >= 0 && s < 40)
    return (int)(1u << s);
  return 100 / (x + 3);
}
