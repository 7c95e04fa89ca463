// A loop run natively observes --max-time and a signal while it runs: its
// code asks the stop poll every million instructions. The chase below
// misses the cache at each step, so a single native run of 2^32
// instructions (the most one may count) would take minutes, and the loop
// as a whole far longer. With --max-time 1 the run ends within 60 s
// (compiling the program included: room for a busy machine), the path in
// flight is written as interrupted, and a SIGINT sent while the loops run
// ends the run as promptly.
// RUN: rm -rf %t.c %t.f %t.i
// RUN: %python %S/tools/within.py 60 %theseus %s -o %t.c --max-time 1 -q
// RUN: %check-summary %t.c "stop_reason == 'max-time'" "not complete" \
// RUN:   "interrupted_paths == 1" "native_loops['bails'].get('stop') == 1"
// RUN: %check-tests %t.c --some "kind == 'interrupted'"
// RUN: %python %S/tools/within.py 60 %theseus %s -o %t.f --mode fork --max-time 1 -q
// RUN: %check-summary %t.f "stop_reason == 'max-time'" "interrupted_paths >= 1"
// RUN: %check-tests %t.f --some "kind == 'interrupted'"
// RUN: %python %S/tools/within.py 60 %python %S/tools/kill_after.py --signal INT --when-summary %t.i "stop_reason == 'running'" 45 %theseus %s -o %t.i -q
// RUN: %check-summary %t.i "stop_reason == 'interrupted'" "interrupted_paths == 1"

#define N (1u << 23)
static unsigned next[N];

unsigned native_loops_stop(int n) {
  for (unsigned i = 0; i < N; i++)
    next[i] = (i * 1664525u + 1013904223u) & (N - 1);
  unsigned x = 0;
  for (unsigned long k = 0; k < (1ul << 40); k++)
    x = next[next[next[next[x]]]];
  return n > 0 ? x : 0;
}
