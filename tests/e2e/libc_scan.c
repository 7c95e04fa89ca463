// memchr and strspn are models: their byte comparisons on symbolic data are
// decisions, so every position of ':' and every run of '1's after it is
// reached, with nothing made concrete.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// CHECK: return values {-1, 0, 1, 2, 10, 11}
// CHECK: concretizations 0
// RUN: %check-tests %t.out --some "ret == 10 and raw['s'][:3] == b':11'" \
// RUN:   --some "ret == 11" --some "ret == -1 and b':' not in raw['s'][:3]"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped
#include <string.h>

int libc_scan(const char s[4]) {
  char buf[5];
  memcpy(buf, s, 4);
  buf[4] = 0;
  const char *colon = memchr(buf, ':', 3);
  if (!colon)
    return -1;
  if (strspn(colon + 1, "1") == 2)
    return 10 + (int)(colon - buf);
  return (int)(colon - buf);
}
