// C++ code in a .c file is refused as C++ once clang rejects it.
// RUN: %expect-status 2 --one-line %theseus %s -o %t.out 2>&1 | FileCheck %s
// CHECK: theseus: error: C++ is not supported: {{.*}}cpp_in_c.c (clang: {{.*}}cpp_in_c.c:{{[0-9]+}}:{{[0-9]+}}: fatal error: 'vector' file not found)
#include <vector>
namespace demo {
template <typename T> T twice(T x) { return x + x; }
}
int cpp_in_c(int x) { return demo::twice(x); }
