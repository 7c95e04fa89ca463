// long double arithmetic ends the path as unsupported (x87 80-bit floats).
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: complete no: unsupported (1)
// RUN: %check-tests %t.out --some "kind == 'unsupported' and line == 7 and 'sitofp' in message and message.endswith('long_double.c:7')"
int long_double(int x) {
  long double d = (long double)x * 1.5L;
  if (d > 10.0L)
    return 1;
  return 0;
}
