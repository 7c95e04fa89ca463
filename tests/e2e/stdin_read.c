// read(0, ...), fread and %s / %x conversions of scanf over symbolic stdin.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out --sym-stdin 6 --max-time 60 | FileCheck %s
// CHECK: return values {0, 1, 2, 3}
// RUN: %check-tests %t.out --some "ret == 1 and stdin[:2] == b'GO'" \
// RUN:   --some "ret == 2 and stdin[2:3] == b'k'" --some "ret == 3"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
  char head[2];
  if (read(0, head, 2) == 2 && memcmp(head, "GO", 2) == 0)
    return 1;
  char c;
  if (fread(&c, 1, 1, stdin) == 1 && c == 'k')
    return 2;
  unsigned x;
  if (scanf("%x", &x) == 1 && x == 0xab)
    return 3;
  return 0;
}
