// A vector type (vector_size) on one path: that path is unsupported.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out | FileCheck %s
// CHECK: complete no: unsupported (1)
// RUN: %check-tests %t.out --some "kind == 'unsupported' and line == 10 and 'insertelement' in message and message.endswith('vector_type.c:10')"
// RUN: %check-tests %t.out --some "ret == 0"
typedef int v4si __attribute__((vector_size(16)));
int vector_type(int x) {
  if (x > 0) {
    v4si a = {x, x, x, x};
    v4si b = a + a;
    return b[2];
  }
  return 0;
}
