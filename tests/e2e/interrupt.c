// Ctrl-C (SIGINT) and SIGTERM stop cleanly: the summary and every test found so far are
// written. The loop has unboundedly many paths, so only a signal ends it.
// RUN: rm -rf %t.out
// SIGTERM comes once a test is written (not after a fixed time).
// RUN: %python %S/tools/kill_after.py --signal TERM --when-files '%t.out/test*.json' 1 300 %theseus %s -o %t.out -q > %t.log
// RUN: FileCheck %s < %t.log
// RUN: %python -c "import json,glob,sys; s=json.load(open('%t.out/summary.json')); n=len(glob.glob('%t.out/test*.json')); sys.exit(0 if s['stop_reason']=='interrupted' and n == s['test_files'] and 0 < n <= s['tests'] else 1)"
// CHECK: stopped: interrupted

int interrupt(int n, int m) {
  int k = 0;
  for (int i = 0; i < n; i++)
    if (i % 7 == m)
      k++;
  return k;
}
