// The string functions are C models run by the interpreter: branches inside
// them are decisions, so conditions on their results are solved like the
// program's own code (strcmp finds "key", strstr places its needle), no
// libc function is called natively, and the models' lines are not part of
// the coverage figures. Every test replays natively against glibc.
// RUN: rm -rf %t.out
// RUN: not %theseus %s --max-strlen 6 -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "bug == 'abort' and s[:4] == [107, 101, 121, 0]" \
// RUN:   --some "op == 1 and ret == 1 and s[:2] == [97, 98] and s.index(0) == 5" \
// RUN:   --some "op == 2 and ret == 0" --some "op == 2 and ret < 0" --some "op == 2 and ret > 1000" \
// RUN:   --some "op == 3 and ret >= 0" --all "op != 3 or ret == -1 or s[ret] == 58 and 58 not in s[:ret]" \
// RUN:   --some "op == 4 and ret >= 0" --all "op != 4 or ret == -1 or s[ret] == 46 and 46 not in s[ret + 1:s.index(0)]" \
// RUN:   --some "op == 5 and ret >= 0 and s[ret:ret + 3] == [72, 105, 33]" \
// RUN:   --some "op == 6 and ret == 1" --some "op == 7 and ret == 1" \
// RUN:   --some "op == 8 and ret == 1 and [s[0], s[2], s[3]] == [109, 118, 102]"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: stopped: exhausted
// CHECK: bugs 1
// CHECK: abort at {{.*}}libc_strings.c:37
// CHECK: coverage lines 100.0% (37/37)
// CHECK: concretizations 0
// CHECK-NOT: native calls
// CHECK: output
// REPLAY: 0 mismatch, 0 skipped
#include <stdlib.h>
#include <string.h>

int libc_strings(int op, const char *s) {
  char buf[24];
  const char *found;
  int order;
  void *(*copy)(void *, const void *, size_t);
  void *(*fill)(void *, int, size_t);
  switch (op) {
  case 0:
    if (strcmp(s, "key") == 0)
      abort();
    return 0;
  case 1:
    if (strncmp(s, "ab", 2) == 0 && strlen(s) == 5)
      return 1;
    return 0;
  case 2: // Only the sign is specified: glibc's memcmp variants (chosen by
          // the CPU) return differences of bytes or of whole words.
    order = memcmp(s, "xyz", 3);
    if (order > 0)
      return 1001;
    return order < 0 ? -1 : 0;
  case 3:
    found = strchr(s, ':');
    return found ? (int)(found - s) : -1;
  case 4:
    found = strrchr(s, '.');
    return found ? (int)(found - s) : -1;
  case 5:
    found = strstr(s, "Hi!");
    return found ? (int)(found - s) : -1;
  case 6:
    strcpy(buf, s);
    strcat(buf, "#!");
    if (buf[0] == 'q' && strlen(buf) == 4)
      return 1;
    return 0;
  case 7:
    strncpy(buf, s, 4);
    if (buf[0] == 'p' && buf[3] == 0)
      return 1;
    return 0;
  case 8: // Calls, not intrinsics: the symbolic bytes are still copied.
    copy = memcpy;
    copy(buf, s, 4);
    copy = memmove;
    copy(buf + 1, buf, 3);
    fill = memset;
    fill(buf + 4, s[3], 2);
    if (buf[1] == 'm' && buf[3] == 'v' && buf[5] == 'f')
      return 1;
    return 0;
  }
  return -2;
}
