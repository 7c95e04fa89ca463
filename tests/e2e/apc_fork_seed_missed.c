// Fork mode, a seed that misses the target. The target needs a full row
// and a total below the number of rows, which no input gives; the apc loses
// the total (a sum over a loop nest), so it is satisfiable and its model,
// the first input with --apc-first, runs without reaching the target. The
// sides that run left wait until no other state does (they are the seed's
// neighbourhood, which says nothing of where the target is); here they are
// all the states there are, so they run, and the exploration still proves
// the target unreachable by exhaustion: nothing the seed left is lost, with
// one worker or two. Concolic mode beside the apc, where a run under way
// stops for the apc's model and the side it was taking waits for a run of
// its own, proves it too.
// RUN: rm -rf %t.1 %t.2 %t.c
// RUN: %theseus %s --max-len 3 --mode fork --target reach_error --apc-first -o %t.1 | FileCheck %s
// RUN: %check-summary %t.1 "target['verdict'] == 'unreachable'" "target['seeded_inputs'] == 1" "target['seeds_missed'] == 1"
// RUN: %theseus %s --max-len 3 --mode fork --target reach_error --apc-first -j 2 -o %t.2 | FileCheck %s
// RUN: %check-summary %t.2 "target['verdict'] == 'unreachable'" "target['seeds_missed'] == 1"
// RUN: %theseus %s --max-len 3 --target reach_error -o %t.c | FileCheck --check-prefix=CONCOLIC %s
// RUN: %check-summary %t.c "target['verdict'] == 'unreachable'" "tests == paths"
// CHECK: target reach_error in apc_fork_seed_missed: unreachable by exhaustion
// CHECK: apc satisfiable {{.*}} 1 inputs seeded (1 missed the target)
// CONCOLIC: target reach_error in apc_fork_seed_missed: unreachable by exhaustion
#define N 3
#define M 4
void reach_error(void);

void apc_fork_seed_missed(int (*m)[M]) {
  int total = 0, full = 0;
  for (int i = 0; i < N; i++) {
    int row = 0;
    for (int j = 0; j < M; j++)
      if (m[i][j] != 0)
        row++;
    total += row;
    if (row == M)
      full = 1;
  }
  if (full && total < N)
    reach_error();
}
