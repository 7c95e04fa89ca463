// __int128 arithmetic on one path ends that path as unsupported; the other path returns.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: complete no: unsupported (1)
// RUN: %check-tests %t.out --some "kind == 'unsupported' and line == 9 and 'unsupported:' in message and message.endswith('int128.c:9')"
// RUN: %check-tests %t.out --some "ret == 0"
int int128(int x) {
  if (x > 3) {
    __int128 v = (__int128)x << 70;
    return (int)(v >> 70);
  }
  return 0;
}
