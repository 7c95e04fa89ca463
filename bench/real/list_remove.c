// A singly linked list of timers; expired timers are removed and freed
// while walking the list.
// bench: --max-time 20 --entry main
// bench-known-bug: use-after-free "t; t = t->next) {"
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

struct timer {
  int deadline;
  struct timer *next;
};

static struct timer *push(struct timer *head, int deadline) {
  struct timer *t = malloc(sizeof *t);
  if (!t)
    abort();
  t->deadline = deadline;
  t->next = head;
  return t;
}

/* Frees every timer whose deadline is not after `now`; returns how many. */
static int expire(struct timer **head, int now) {
  int n = 0;
  struct timer *prev = NULL;
  for (struct timer *t = *head; t; t = t->next) {
    if (t->deadline <= now) {
      if (prev)
        prev->next = t->next;
      else
        *head = t->next;
      free(t);
      n++;
    } else {
      prev = t;
    }
  }
  return n;
}

int main(void) {
  struct timer *list = NULL;
  for (int i = 0; i < 3; i++)
    list = push(list, __VERIFIER_nondet_int());
  int fired = expire(&list, 100);
  while (list) {
    struct timer *next = list->next;
    free(list);
    list = next;
  }
  return fired;
}
