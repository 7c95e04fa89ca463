// Exported tests of a string function, structs by value and by pointer, and
// memory bugs build with the user's command lines and pass. The
// out-of-bounds read is skipped without AddressSanitizer and dies with it;
// the null dereference dies of SIGSEGV either way.
// RUN: rm -rf %t.str %t.st %t.mem
// RUN: %theseus %s --entry my_strcmp --max-strlen 4 -o %t.str > /dev/null
// RUN: %theseus %s --entry shapes -o %t.st > /dev/null
// RUN: not %theseus %s --entry mem_bugs --max-len 4 --return-values 0 -o %t.mem > /dev/null
// RUN: clang -c -g %s -o %t.o
// RUN: %theseus export --gtest %t.str.cpp %t.str
// RUN: clang++ -std=c++17 %t.str.cpp %t.o -lgtest -lgtest_main -pthread -o %t.str.gtest
// RUN: %t.str.gtest | FileCheck --check-prefix=STR %s
// RUN: FileCheck --check-prefix=STRFILE %s < %t.str.cpp
// RUN: %theseus export --c %t.str.c %t.str
// RUN: clang %t.str.c %t.o -o %t.str.driver && %t.str.driver | FileCheck --check-prefix=DRIVER %s
// RUN: %theseus export --gtest %t.st.cpp %t.st
// RUN: clang++ -std=c++17 %t.st.cpp %t.o -lgtest -lgtest_main -pthread -o %t.st.gtest
// RUN: %t.st.gtest | FileCheck --check-prefix=ST %s
// RUN: FileCheck --check-prefix=STFILE %s < %t.st.cpp
// RUN: %theseus export --c %t.st.c %t.st
// RUN: clang %t.st.c %t.o -o %t.st.driver && %t.st.driver | FileCheck --check-prefix=DRIVER %s
// RUN: %theseus export --gtest %t.mem.cpp %t.mem
// RUN: FileCheck --check-prefix=MEMFILE %s < %t.mem.cpp
// RUN: clang++ -std=c++17 %t.mem.cpp %t.o -lgtest -lgtest_main -pthread -o %t.mem.gtest
// RUN: %t.mem.gtest | FileCheck --check-prefix=MEM %s
// RUN: clang -c -g -fsanitize=address %s -o %t.asan.o
// RUN: clang++ -std=c++17 -fsanitize=address %t.mem.cpp %t.asan.o -lgtest -lgtest_main -pthread -o %t.mem.asan
// RUN: %t.mem.asan | FileCheck --check-prefix=MEMASAN %s
// RUN: %theseus export --c %t.mem.c %t.mem
// RUN: clang %t.mem.c %t.o -o %t.mem.driver && %t.mem.driver | FileCheck --check-prefix=MEMC %s
// RUN: clang -fsanitize=address %t.mem.c %t.asan.o -o %t.mem.casan && %t.mem.casan | FileCheck --check-prefix=MEMCASAN %s
//
// STR: [  PASSED  ] {{[1-9][0-9]*}} tests.
// STRFILE: int my_strcmp(char *, char *);
// STRFILE: char a[4] = "
// DRIVER: {{[1-9][0-9]*}} tests, 0 failed
// ST: [  PASSED  ] {{[1-9][0-9]*}} tests.
// STFILE: struct point {
// STFILE-NEXT: int x;
// STFILE-NEXT: short y;
// STFILE-NEXT: unsigned char tag[2];
// STFILE-NEXT: };
// STFILE: static_assert(sizeof(struct point) == 8
// STFILE: int shapes(struct point, struct point *);
// STFILE: shapes(p, &q)
// MEMFILE: TEST(mem_bugs, test{{[0-9]+}}_out_of_bounds) {
// MEMFILE-NEXT: #if THESEUS_ASAN
// MEMFILE: TEST(mem_bugs, test{{[0-9]+}}_null_dereference) {
// MEMFILE: EXPECT_EXIT((void)mem_bugs(a, i, n), testing::KilledBySignal(SIGSEGV), "");
// MEM: [  PASSED  ] {{[1-9][0-9]*}} tests.
// MEM-NEXT: [  SKIPPED ] 1 test, listed below:
// MEM-NEXT: [  SKIPPED ] mem_bugs.test{{[0-9]+}}_out_of_bounds
// MEMASAN-NOT: SKIPPED
// MEMASAN: [  PASSED  ] {{[1-9][0-9]*}} tests.
// MEMC: SKIP test{{[0-9]+}}_out_of_bounds: out-of-bounds is detected natively only by a sanitizer
// MEMC: tests, 0 failed
// MEMCASAN-NOT: SKIP
// MEMCASAN: PASS test{{[0-9]+}}_out_of_bounds
// MEMCASAN: tests, 0 failed

int my_strcmp(const char *a, const char *b) {
  while (*a && *a == *b) {
    ++a;
    ++b;
  }
  return (unsigned char)*a - (unsigned char)*b;
}

struct point {
  int x;
  short y;
  unsigned char tag[2];
};

int shapes(struct point p, struct point *q) {
  if (p.x == q->x + 1 && p.tag[1] == 'z')
    return 1;
  if (q->y < -3)
    return 2;
  return 0;
}

struct node {
  int key;
  int *next;
};

int mem_bugs(const int *a, int i, struct node *n) {
  if (i == 3 && n->key == 7)
    return *n->next; /* n->next is NULL */
  if (i >= 0 && i <= 4)
    return a[i]; /* a has 4 elements: a[4] is one past the end */
  return -1;
}
