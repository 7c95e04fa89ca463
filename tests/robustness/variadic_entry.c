// A variadic entry function: va_start ends the path as unsupported.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: complete no: unsupported (1)
// RUN: %check-tests %t.out --some "kind == 'unsupported' and line == 9 and 'va_start' in message and message.endswith('variadic_entry.c:9')"
#include <stdarg.h>
int variadic_entry(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = n > 0 ? va_arg(ap, int) : 0;
  va_end(ap);
  return s;
}
