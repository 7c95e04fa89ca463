// --distributed=mpi when a rank dies, on the program of parallel.c. Started with mpirun --enable-recovery
// the job goes on: rank 0 notices the silence (--rank-timeout), gives the
// work the dead rank held (here, the first rank's: the whole tree) to the
// others, and the run still finds every path, as one process does, each
// reported once. The tests the dead rank reported stay. (Counts of work,
// such as the infeasible sides, include the work run twice; and with
// mpirun --enable-recovery the processes leave without MPI_Finalize.)
// REQUIRES: mpi
// RUN: rm -rf %t.one %t.mpi
// RUN: not %theseus %S/parallel.c -o %t.one -q > /dev/null
// RUN: %python %S/tools/kill_rank.py 1 %t.mpi 100 %mpirun --enable-recovery -np 3 %theseus %S/parallel.c -o %t.mpi -q --distributed=mpi --rank-timeout 10 > %t.out
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

