// The libc models compiled for ILP32 agree with the host's 32-bit glibc,
// which the replay links: string comparisons return the sign of the
// difference (x86-64 glibc returns the difference), memcmp of one byte the
// difference; strtol saturates at the 32-bit LONG_MAX.
// RUN: rm -rf %t.out
// RUN: %theseus %s --data-model ILP32 --max-strlen 4 --return-values 0 -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --all "s[0] in (ord('9'), ord('m')) or ret in (-1, 0, 1)" \
// RUN:   --some "ret == -1" --some "ret == 0" \
// RUN:   --some "s[0] == ord('m') and s[1] == 0 and ret == 100 - ord('m')" \
// RUN:   --some "s[0] == ord('9') and ret == 2147483647"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// REPLAY: 0 mismatch
#include <stdlib.h>
#include <string.h>

long ilp32_libc(const char *s) {
  if (s[0] == '9')
    return strtol("99999999999", NULL, 10);
  if (s[0] == 'm')
    return memcmp(s + 1, "m", 1) + 100;
  return strcmp(s, "key");
}
