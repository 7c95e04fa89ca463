// A reachable target: the apc is satisfiable, never claimed unreachable,
// and the candidate input reaches it (n == 5 gives k == 10).
// RUN: rm -rf %t.out
// RUN: %theseus %s --target %s:17 --apc-only -o %t.out | FileCheck %s
// RUN: FileCheck --check-prefix=JSON %s < %t.out/summary.json
// CHECK: apc_satisfiable.c:17 in apc_satisfiable: apc satisfiable
// CHECK: candidate inputs n=5
// JSON: "verdict": "apc satisfiable"
// JSON-NOT: unreachable
void reach_error(void);

void apc_satisfiable(int n) {
  int k = 0;
  for (int i = 0; i < n; i++)
    k += 2;
  if (k == 10)
    reach_error();
  else
    k = 0;
}
