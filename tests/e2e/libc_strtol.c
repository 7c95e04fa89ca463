// strtol, strtoul and atoi are C models: the digits, sign, white space and
// base prefixes of a symbolic string are decisions, so the engine builds
// "beef"-like inputs for strtol(s, &end, 16) == 0xBEEF, "-123" for atoi,
// an octal or hex spelling of 8 for base 0, and "0x" with no hex digit
// (glibc converts the "0" and leaves end at the 'x'). saturate() checks
// glibc's overflow results and errno. Every test replays against glibc.
// RUN: rm -rf %t.out %t.sat
// RUN: %theseus %s --max-strlen 5 -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "op == 0 and ret == 1" --some "op == 1 and ret == 1" \
// RUN:   --some "op == 2 and ret == 1" --some "op == 3 and ret == 1" --some "op == 4 and ret == 1" \
// RUN:   --some "op == 4 and ret == 1 and s[1] in (88, 120)"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// RUN: %theseus %s --entry saturate -o %t.sat | FileCheck --check-prefix=SAT %s
// RUN: %theseus replay %t.sat | FileCheck --check-prefix=REPLAY %s
// CHECK: stopped: exhausted
// CHECK: return values {0, 1}
// CHECK-NOT: native calls
// CHECK: output
// SAT: return values {-9223372036854775808, -1, 0, 34, 9223372036854775807}
// REPLAY: 0 mismatch, 0 skipped
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

int libc_strtol(int op, const char *s) {
  char *end;
  switch (op) {
  case 0:
    if (strtol(s, &end, 16) == 0xBEEF && *end == 0)
      return 1;
    break;
  case 1:
    if (atoi(s) == -123)
      return 1;
    break;
  case 2:
    if (strtol(s, &end, 0) == 8 && end - s == 3)
      return 1;
    break;
  case 3:
    if (strtoul(s, &end, 10) == ULONG_MAX && end != s)
      return 1;
    break;
  case 4:
    if (strtol(s, &end, 16) == 0 && end - s == 1)
      return 1;
    break;
  }
  return 0;
}

// Saturated results, and errno: ERANGE (34) after an overflow, untouched
// otherwise.
long saturate(int kind) {
  const char *big = "99999999999999999999";
  errno = 0;
  if (kind == 0)
    return strtol(big, NULL, 10);
  if (kind == 1)
    return strtol("-99999999999999999999", NULL, 10);
  if (kind == 2)
    return (long)strtoul(big, NULL, 10);
  strtol(kind == 3 ? big : "12", NULL, 10);
  return errno;
}
