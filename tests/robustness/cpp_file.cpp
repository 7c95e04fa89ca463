// A C++ file is refused by its name, before clang compiles it as C++.
// RUN: %expect-status 2 --one-line %theseus %s -o %t.out 2>&1 | FileCheck %s
// CHECK: theseus: error: C++ is not supported: {{.*}}cpp_file.cpp{{$}}
int cpp_file(int x) { return x > 0 ? x : -x; }
