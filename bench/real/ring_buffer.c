// A bounded FIFO of ints on a ring buffer, driven by an SV-COMP-style
// harness that checks it against a plain array model.
// bench: --max-time 20 --entry main
#include <stdbool.h>

extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

#define QCAP 3

struct queue {
  int items[QCAP];
  unsigned head, tail, count;
};

static bool q_push(struct queue *q, int v) {
  if (q->count == QCAP)
    return false;
  q->items[q->tail] = v;
  q->tail = (q->tail + 1) % QCAP;
  q->count++;
  return true;
}

static bool q_pop(struct queue *q, int *v) {
  if (q->count == 0)
    return false;
  *v = q->items[q->head];
  q->head = (q->head + 1) % QCAP;
  q->count--;
  return true;
}

int main(void) {
  struct queue q = {{0}, 0, 0, 0};
  int model[8];
  int first = 0, last = 0;
  for (int step = 0; step < 6; step++) {
    if (__VERIFIER_nondet_int()) {
      int v = __VERIFIER_nondet_int();
      bool ok = q_push(&q, v);
      if (ok != (last - first < QCAP))
        reach_error();
      if (ok)
        model[last++] = v;
    } else {
      int v;
      bool ok = q_pop(&q, &v);
      if (ok != (last > first))
        reach_error();
      if (ok && v != model[first++])
        reach_error();
    }
  }
  return (int)q.count;
}
