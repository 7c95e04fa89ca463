// Programs are compiled with -D__NO_CTYPE, so the <ctype.h> classifiers are
// calls to C models rather than lookups in glibc's table: classify() reaches
// every class combination of the "C" locale (digits, hex and other letters
// of each case, the white-space kinds, punctuation, control characters,
// bytes in no class, EOF and negative chars included), and the native
// replay, which uses glibc's tables, agrees on each. parse() is a parser
// driven by isspace/isdigit/isalpha whose paths are all explored.
// RUN: rm -rf %t.out %t.parse
// RUN: %theseus %s --entry classify -o %t.out | FileCheck %s
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// RUN: %theseus %s --entry parse --max-strlen 6 -o %t.parse | FileCheck --check-prefix=PARSE %s
// RUN: %check-tests %t.parse --some "ret == -1" --some "0 <= ret < 65" --some "65 <= ret <= 90" \
// RUN:   --some "ret >= 0 and s[0] == 32"
// RUN: %theseus replay %t.parse | FileCheck --check-prefix=REPLAY %s
// CHECK: stopped: exhausted
// CHECK: return values {-1, 0, 512, 520, 1302, 1318, 1349, 1366, 1382, 1408, 2312, 2568, 13590, 13606}
// CHECK-NOT: native calls
// CHECK: output
// PARSE: stopped: exhausted
// PARSE-NOT: native calls
// PARSE: output
// REPLAY: 0 mismatch, 0 skipped
#include <ctype.h>

int classify(int c) {
  if (c < -128 || c > 255)
    return -1; // Outside what glibc's tables cover.
  int classes = 0;
  if (isdigit(c))
    classes |= 1;
  if (isalpha(c))
    classes |= 2;
  if (isalnum(c))
    classes |= 4;
  if (isspace(c))
    classes |= 8;
  if (isupper(c))
    classes |= 16;
  if (islower(c))
    classes |= 32;
  if (isxdigit(c))
    classes |= 64;
  if (ispunct(c))
    classes |= 128;
  if (isprint(c))
    classes |= 256;
  if (iscntrl(c))
    classes |= 512;
  if (isgraph(c))
    classes |= 1024;
  if (isblank(c))
    classes |= 2048;
  if (toupper(c) == 'Q')
    classes |= 4096;
  if (tolower(c) == 'q')
    classes |= 8192;
  return classes;
}

// "  42x" returns 'X'; other numbers return their value, no number -1.
int parse(const char *s) {
  while (isspace(*s))
    ++s;
  int value = 0, digits = 0;
  while (isdigit(*s)) {
    value = value * 10 + (*s++ - '0');
    ++digits;
  }
  if (!digits)
    return -1;
  if (value == 42 && isalpha(*s))
    return toupper(*s);
  return value;
}
