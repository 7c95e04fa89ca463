// --max-time is a hard limit in both modes: a solver query in flight when
// the deadline passes is interrupted (binary GCD against Euclid's has
// queries that take Z3 many seconds; with --solver-timeout 60 one left to
// run would end far past the deadline). Within 5 s of the budget here
// (clang and the exit included): room for a busy machine.
// RUN: rm -rf %t.c %t.f
// RUN: %python %S/tools/within.py 8 %theseus %s -o %t.f --mode fork --max-time 3 --solver-timeout 60 -q
// RUN: %check-summary %t.f "stop_reason == 'max-time'" "not complete"
// RUN: %python %S/tools/within.py 8 %theseus %s -o %t.c --max-time 3 --solver-timeout 60 -q
// RUN: %check-summary %t.c "stop_reason == 'max-time'" "not complete"

static unsigned gcd_euclid(unsigned a, unsigned b) {
  while (b) {
    unsigned t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static unsigned gcd_binary(unsigned a, unsigned b) {
  if (a == 0)
    return b;
  if (b == 0)
    return a;
  int shift = 0;
  while (((a | b) & 1) == 0) {
    a >>= 1;
    b >>= 1;
    shift++;
  }
  while ((a & 1) == 0)
    a >>= 1;
  do {
    while ((b & 1) == 0)
      b >>= 1;
    if (a > b) {
      unsigned t = a;
      a = b;
      b = t;
    }
    b = b - a;
  } while (b != 0);
  return a << shift;
}

int max_time_solver(unsigned a, unsigned b) {
  return gcd_euclid(a, b) == gcd_binary(a, b);
}
