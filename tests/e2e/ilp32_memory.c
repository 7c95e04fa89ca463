// ILP32 memory: arrays of pointers and structs holding pointers take the
// 32-bit layout, malloc/strlen/memcpy run on 32-bit sizes, printf reads
// long, size_t and pointers at their 32-bit widths, and a heap overflow is
// confirmed by the -m32 AddressSanitizer build of the replay. fprintf
// reaches the host's stdout through the program's 32-bit `stdout`.
// RUN: rm -rf %t.out
// RUN: not %theseus %s --data-model ILP32 -o %t.out | FileCheck %s
// RUN: %check-tests %t.out \
// RUN:   --some "ret == 5 and stdout == 'three 5 -3 4294967295 8 12 (nil)\noffset 8\n'" \
// RUN:   --some "ret == 4 and stdout.startswith('zero 4 ')" \
// RUN:   --some "bug == 'out-of-bounds' and nondet_int_1 == 4"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: bugs 1
// CHECK-NEXT: out-of-bounds at {{.*}}ilp32_memory.c:38: {{.*}}[confirmed
// REPLAY: 0 mismatch
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);

struct node {
  const char *name;
  struct node *next;
  long weight;
};

static const char *names[] = {"zero", "one", "two", "three"};

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 4)
    return -1;
  struct node last = {"last", NULL, -3};
  struct node first = {NULL, &last, 8};
  struct node *list[2] = {&first, &last};
  if (k == 4) {
    char *small = malloc(4);
    small[k] = 'x'; // One past the end.
    return 0;
  }
  first.name = names[k];
  size_t n = strlen(list[0]->name);
  char *copy = malloc(n + 1);
  memcpy(copy, first.name, n + 1);
  printf("%s %zu %ld %lu %d %d %p\n", copy, n, list[0]->next->weight,
         (unsigned long)-1, (int)sizeof(list), (int)sizeof(struct node),
         (void *)last.next);
  fprintf(stdout, "offset %d\n", (int)((char *)&first.weight - (char *)&first));
  free(copy);
  return (int)n;
}
