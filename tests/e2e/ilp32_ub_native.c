// ILP32 with --check=ub: overflow happens at 32 bits for long, and UBSan's
// reports (which pass a 64-bit value by address in ILP32) are read as the
// native -m32 build prints them. Host functions whose arguments have
// another layout on the 64-bit host, and host variables above 4 GiB, end
// their path as unsupported instead of running with the wrong widths. The
// 64-bit product's overflow check takes Z3 seconds: the solver timeout is
// raised so that a busy machine cannot turn it into a concretisation.
// RUN: rm -rf %t.out
// RUN: not %theseus %s --data-model ILP32 --check ub --return-values 0 --solver-timeout 300 -o %t.out | FileCheck %s
// RUN: %check-tests %t.out \
// RUN:   --some "kind == 'unsupported' and 'time' in message and 'ILP32' in message and line == 27" \
// RUN:   --some "kind == 'unsupported' and 'environ' in message and line == 29"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK-DAG: signed-overflow at {{.*}}ilp32_ub_native.c:23: signed integer overflow: 2147483647 + 1 cannot be represented in type 'long' {{.*}}[confirmed
// CHECK-DAG: signed-overflow at {{.*}}ilp32_ub_native.c:25: signed integer overflow: {{[0-9]+}} * 3 cannot be represented in type 'long long' {{.*}}[confirmed
// REPLAY: 0 mismatch
#include <time.h>
extern char **environ;

long long ilp32_ub_native(int s, long b, long long a) {
  time_t t;
  if (s == 1)
    return b + 1;
  if (s == 2)
    return a * 3;
  if (s == 3)
    return time(&t) > 0;
  if (s == 4)
    return environ != 0;
  return 0;
}
