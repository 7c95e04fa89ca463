// A vending machine controller: coins, selection, refund. The harness
// feeds it a sequence of events and checks that no money is lost.
// bench: --max-time 20 --entry main
#include <assert.h>
#include <klee/klee.h>

enum event { COIN_5, COIN_10, COIN_25, SELECT_A, SELECT_B, REFUND, N_EVENTS };
enum state { IDLE, HAS_CREDIT, VENDING };

struct machine {
  enum state state;
  int credit;
  int cash_box;
  int stock_a, stock_b;
  int change_out;
};

static const int price_a = 15, price_b = 25;

static void vend(struct machine *m, int price, int *stock) {
  if (*stock == 0 || m->credit < price)
    return;
  m->state = VENDING;
  (*stock)--;
  m->cash_box += price;
  m->change_out += m->credit - price;
  m->credit = 0;
  m->state = IDLE;
}

static void step(struct machine *m, enum event e) {
  switch (e) {
  case COIN_5:
  case COIN_10:
  case COIN_25:
    m->credit += e == COIN_5 ? 5 : e == COIN_10 ? 10 : 25;
    m->state = HAS_CREDIT;
    break;
  case SELECT_A:
    if (m->state == HAS_CREDIT)
      vend(m, price_a, &m->stock_a);
    break;
  case SELECT_B:
    if (m->state == HAS_CREDIT)
      vend(m, price_b, &m->stock_b);
    break;
  case REFUND:
    m->change_out += m->credit;
    m->credit = 0;
    m->state = IDLE;
    break;
  default:
    break;
  }
}

int main(void) {
  struct machine m = {IDLE, 0, 0, 1, 1, 0};
  unsigned char events[5];
  int inserted = 0;
  klee_make_symbolic(events, sizeof events, "events");
  for (int i = 0; i < 5; i++) {
    klee_assume(events[i] < N_EVENTS);
    enum event e = (enum event)events[i];
    if (e <= COIN_25)
      inserted += e == COIN_5 ? 5 : e == COIN_10 ? 10 : 25;
    step(&m, e);
    assert(inserted == m.credit + m.cash_box + m.change_out);
  }
  return m.cash_box;
}
