// --max-memory bounds the resident memory of a forking run of 2^22 paths
// searched breadth first (millions of waiting states, each path writing its
// own copy of a 16 KiB local array). Past 1,024 waiting states, or a
// quarter of the budget, a forked state waits as its input alone and runs
// from the entry when picked, so 4,000 paths take no copy beyond the
// first states' (built with AddressSanitizer, whose shadow memory counts,
// they reach the budget even so). 30,000 paths reach the budget all the
// same (the tree and the waiting inputs grow): over the budget, forks are
// refused and waiting states dropped, each a "dropped" leaf, counted, and
// the run is incomplete because of it. Peak RSS stays within 15% of the budget. The run's budget
// is in paths, not seconds, so a busy machine gets as far.
// RUN: rm -rf %t.out %t.small
// RUN: %theseus %s -o %t.small --mode fork --strategy bfs --max-memory 300 --max-iterations 4000 -q > /dev/null 2>&1
// RUN: %check-summary %t.small "states_run_from_entry > 0" "memory['peak_rss_mb'] <= 345"
// RUN: %theseus %s -o %t.out --mode fork --strategy bfs --max-memory 300 --max-iterations 30000 -q 2>&1 | FileCheck %s
// RUN: %check-summary %t.out "memory['max_memory_mb'] == 300" "memory['peak_rss_mb'] <= 345" "memory_dropped > 0" "'max-memory' in incomplete_because" "not complete"
// CHECK: complete no: {{.*}}max-memory
// CHECK: states dropped (memory)

int max_memory(int x0, int x1, int x2, int x3, int x4, int x5, int x6, int x7, int x8, int x9, int x10, int x11, int x12, int x13, int x14, int x15, int x16, int x17, int x18, int x19, int x20, int x21) {
  volatile char pad[16384];
  int r = 0;
  if (x0 == 3)
    r |= 1 << 0;
  pad[0] = (char)r;
  if (x1 == 10)
    r |= 1 << 1;
  pad[1] = (char)r;
  if (x2 == 17)
    r |= 1 << 2;
  pad[2] = (char)r;
  if (x3 == 24)
    r |= 1 << 3;
  pad[3] = (char)r;
  if (x4 == 31)
    r |= 1 << 4;
  pad[4] = (char)r;
  if (x5 == 38)
    r |= 1 << 5;
  pad[5] = (char)r;
  if (x6 == 45)
    r |= 1 << 6;
  pad[6] = (char)r;
  if (x7 == 52)
    r |= 1 << 7;
  pad[7] = (char)r;
  if (x8 == 59)
    r |= 1 << 8;
  pad[8] = (char)r;
  if (x9 == 66)
    r |= 1 << 9;
  pad[9] = (char)r;
  if (x10 == 73)
    r |= 1 << 10;
  pad[10] = (char)r;
  if (x11 == 80)
    r |= 1 << 11;
  pad[11] = (char)r;
  if (x12 == 87)
    r |= 1 << 12;
  pad[12] = (char)r;
  if (x13 == 94)
    r |= 1 << 13;
  pad[13] = (char)r;
  if (x14 == 101)
    r |= 1 << 14;
  pad[14] = (char)r;
  if (x15 == 108)
    r |= 1 << 15;
  pad[15] = (char)r;
  if (x16 == 115)
    r |= 1 << 16;
  pad[16] = (char)r;
  if (x17 == 122)
    r |= 1 << 17;
  pad[17] = (char)r;
  if (x18 == 129)
    r |= 1 << 18;
  pad[18] = (char)r;
  if (x19 == 136)
    r |= 1 << 19;
  pad[19] = (char)r;
  if (x20 == 143)
    r |= 1 << 20;
  pad[20] = (char)r;
  if (x21 == 150)
    r |= 1 << 21;
  pad[21] = (char)r;
  return r + pad[21];
}
