// The entry function has more backbones than the apc enumerates: each letter
// test in the loop doubles the paths from the loop's head to the target
// inside it (8192 of them). The apc gives up that loop alone: the letter
// count is any value there, and what is known before the loop (x <= 10)
// still contradicts the target's condition (x > 20), a proof with no
// search. The whole apc was `true` before, and no search can exhaust the
// strings.
// RUN: rm -rf %t.u %t.s
// RUN: %theseus %s --max-strlen 8 --target reach_error --apc-first --apc-timeout 120 -o %t.u | FileCheck %s
// RUN: %check-summary %t.u "target['verdict'] == 'unreachable'" "target['decided_by'] == 'apc'" "target['loops_given_up'] == 1"
// CHECK: target reach_error in apc_give_up_loop: unreachable (the apc is unsatisfiable; no search needed)
// CHECK: rests on {{.*}}what a loop writes, the loop given up for the backbones through it (1)
// CHECK: loops given up 1
//
// The same with a reachable target: the apc is satisfiable, its model a
// seed, and the search reaches the target.
// RUN: not %theseus %s --entry reachable --max-strlen 8 --target reach_error --apc-first --apc-timeout 120 -o %t.s | FileCheck --check-prefix=REACH %s
// RUN: %check-summary %t.s "target['verdict'] == 'reached'" "target['loops_given_up'] == 1"
// REACH: target reach_error in reachable: reached by test
void reach_error(void);

static int letters(char c) {
  int n = 0;
  if (c == 'a') n += 1;
  if (c == 'b') n += 2;
  if (c == 'c') n += 3;
  if (c == 'd') n += 4;
  if (c == 'e') n += 5;
  if (c == 'f') n += 6;
  if (c == 'g') n += 7;
  if (c == 'h') n += 8;
  if (c == 'i') n += 9;
  if (c == 'j') n += 10;
  if (c == 'k') n += 11;
  if (c == 'l') n += 12;
  if (c == 'm') n += 13;
  return n;
}

void apc_give_up_loop(const char *a, int x) {
  if (x > 10)
    return;
  for (int i = 0; a[i] != 0; ++i)
    if (letters(a[i]) == 7 && x > 20)
      reach_error();
}

void reachable(const char *a, int x) {
  if (x > 10)
    return;
  for (int i = 0; a[i] != 0; ++i)
    if (letters(a[i]) == 7 && x == 3)
      reach_error();
}
