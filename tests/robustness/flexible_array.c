// A struct with a flexible array member behind a pointer parameter: explored
// with the fixed part symbolic (or refused with a clear error), never an internal error.
// Expected to fail today: today this exhausts memory and hangs (src/explore/Inputs).
// XFAIL: *
// RUN: rm -rf %t.out
// RUN: %expect-status 0 timeout 30 %theseus %s -o %t.out --max-time 10 2>&1 | FileCheck %s
// CHECK-NOT: internal error
struct Packet {
  int len;
  char data[];
};
int flexible_array(struct Packet *p) {
  if (p->len > 3)
    return p->data[0];
  return 0;
}
