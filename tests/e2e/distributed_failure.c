// --distributed=mpi when a rank dies. Started with mpirun --enable-recovery
// the job goes on: rank 0 notices the silence (--rank-timeout), gives the
// work the dead rank held (here, the first rank's: the whole tree) to the
// others, and the run still finds every path, as one process does, each
// reported once. The tests the dead rank reported stay. (Counts of work,
// such as the infeasible sides, include the work run twice; and with
// --enable-recovery mpirun's exit status is not rank 0's.)
// REQUIRES: mpi
// RUN: rm -rf %t.one %t.mpi
// RUN: not %theseus %s -o %t.one -q > /dev/null
// RUN: %python %S/tools/kill_rank.py 1 %t.mpi 100 %mpirun --enable-recovery -np 3 %theseus %s -o %t.mpi -q --distributed=mpi --rank-timeout 5 > %t.out
// RUN: FileCheck %s < %t.out
// CHECK: stopped: exhausted
// CHECK: complete yes
// CHECK: workers {{.*}} in 2 exploring processes, 1 failed: {{[1-9][0-9]*}} items of its work run again
// RUN: %python %S/tools/same_paths.py %t.one %t.mpi
// RUN: %python %S/tools/same_summary.py --except infeasible %t.one %t.mpi
// RUN: %check-summary %t.mpi "workers['ranks']['failed'] == 1" "workers['ranks']['paths_found_twice'] > 0"
// RUN: %python %S/tools/run_db.py %t.mpi/run.db "select count(*) = max(number) from paths" | FileCheck %s --check-prefix=NUMBERS
// NUMBERS: 1
// RUN: %theseus replay --all %t.mpi | FileCheck %s --check-prefix=REPLAY
// REPLAY: 0 mismatch

int distributed_failure(const char *s, int n) {
  int score = 0;
  for (int i = 0; i < 6; ++i) {
    if (s[i] == 'a' + i)
      score += 1 << i;
    else if (s[i] == 'z')
      score -= 1;
  }
  if (n > 100 && n < 104)
    return n; // Three return values on one path.
  if (score == 63)
    return 1000 / (n - 7); // Divides by zero when n == 7.
  return score;
}
