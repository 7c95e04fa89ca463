// qsort and bsearch are models: the program's comparator is interpreted,
// so its decisions are explored (every order of three inputs, key found at
// each position or not). exit() runs the atexit() handlers, latest first.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// CHECK: stopped: exhausted
// CHECK: bugs 0
// CHECK: concretizations 0
// RUN: %check-tests %t.out --all "kind == 'exit' or ret == (1 if 7 in (a, b, c) else 0)" \
// RUN:   --all "(kind == 'exit') == (sorted([a, b, c])[1] == 7)" \
// RUN:   --all "kind != 'exit' or stdout == 'first\ngoodbye\n'" \
// RUN:   --some "kind == 'exit'" --some "ret == 1 and sorted([a, b, c])[0] == 7" \
// RUN:   --some "ret == 1 and sorted([a, b, c])[2] == 7" --some "ret == 0"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped
#include <stdio.h>
#include <stdlib.h>

static int ascending(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static void goodbye(void) { printf("goodbye\n"); }
static void first(void) { printf("first\n"); }

int libc_callbacks(int a, int b, int c) {
  int v[3] = {a, b, c};
  qsort(v, 3, sizeof v[0], ascending);
  if (v[0] > v[1] || v[1] > v[2])
    abort(); // Unreachable when qsort sorts.
  int key = 7;
  int *hit = bsearch(&key, v, 3, sizeof v[0], ascending);
  if (hit == v + 1) {
    atexit(goodbye);
    atexit(first);
    exit(3);
  }
  return hit ? 1 : 0;
}
