// A struct with a flexible array member behind a pointer parameter: explored
// with the fixed part symbolic (the buffer has no room for `data`, so
// reading it is out of bounds), never an internal error.
// RUN: rm -rf %t.out
// RUN: %expect-status 1 timeout 30 %theseus %s -o %t.out --max-time 10 2>&1 | FileCheck %s
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
