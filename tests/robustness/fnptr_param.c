// A function-pointer parameter cannot be an input: a clear error naming it.
// RUN: %expect-status 2 --one-line %theseus %s -o %t.out 2>&1 | FileCheck %s
// CHECK: theseus: error: parameter 'f' of 'fnptr_param' {{.*}}function pointer
int fnptr_param(int (*f)(int), int x) {
  if (x > 0)
    return f(x);
  return 0;
}
