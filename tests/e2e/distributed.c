// --distributed=mpi, on the program of parallel.c: one run over the
// processes of an MPI job. Rank 0
// coordinates and writes the run directory; ranks 1 and 2 explore (each
// with -j 1, then -j 2) and hand work to each other through rank 0. An
// exhausted run finds what one process finds: the same paths (by path id)
// with the same outcomes, bugs, return values and coverage; its tests are
// numbered 1..N without gaps and all replay. Under mpirun the status is 0
// when the run ended, bugs found or not.
// REQUIRES: mpi
// RUN: rm -rf %t.one %t.mpi %t.mpij %t.fork %t.budget
// RUN: not %theseus %S/parallel.c -o %t.one -q > /dev/null
// RUN: %mpirun -np 3 %theseus %S/parallel.c -o %t.mpi -q --distributed=mpi | FileCheck %s
// CHECK: stopped: exhausted
// CHECK: complete yes
// CHECK: workers 2 (runs {{[0-9]+}} + {{[0-9]+}}; efficiency
// RUN: %python %S/tools/same_paths.py %t.one %t.mpi
// RUN: %python %S/tools/same_summary.py %t.one %t.mpi
// RUN: %check-summary %t.mpi "workers['count'] == 2" "sum(w['runs'] for w in workers['each']) == runs" "sum(w['tests'] for w in workers['each']) == tests" "divergences == 0" "sum(w['sides_handed_over'] for w in workers['each']) > 0"
// RUN: %python %S/tools/run_db.py %t.mpi/run.db "select count(*) = max(number), count(distinct path_id) > 100 from paths" | FileCheck %s --check-prefix=NUMBERS
// NUMBERS: 1|1
// RUN: %theseus replay --all %t.mpi | FileCheck %s --check-prefix=REPLAY
// REPLAY: 0 mismatch
// Two workers in each exploring rank.
// RUN: %mpirun -np 3 %theseus %S/parallel.c -o %t.mpij -q --distributed=mpi -j 2 | FileCheck %s --check-prefix=FOUR
// FOUR: workers 4
// RUN: %python %S/tools/same_paths.py %t.one %t.mpij
// Numbered in tree order: the same numbers with any number of workers.
// RUN: %python %S/tools/same_numbers.py %t.mpi %t.mpij
// Rank 0 may instead ask one rank at a time for work (--work-balance=steal):
// the same tests, by number.
// RUN: rm -rf %t.steal
// RUN: %mpirun -np 4 %theseus %S/parallel.c -o %t.steal -q --distributed=mpi --work-balance=steal | FileCheck %s --check-prefix=STEAL
// STEAL: stopped: exhausted
// STEAL: workers 3
// RUN: %python %S/tools/same_numbers.py %t.mpi %t.steal
// RUN: %check-summary %t.steal "workers['ranks']['asked_for_work'] >= 1" "workers['ranks']['work_routed'] >= 1"
// Fork mode hands waiting states between ranks.
// RUN: %mpirun -np 3 %theseus %S/parallel.c --mode=fork -o %t.fork -q --distributed=mpi | FileCheck %s --check-prefix=FORK
// FORK: stopped: exhausted
// RUN: %python %S/tools/same_paths.py %t.one %t.fork
// A budget in runs holds for the run as a whole.
// RUN: %mpirun -np 3 %theseus %S/parallel.c -o %t.budget -q --distributed=mpi --max-iterations 20 | FileCheck %s --check-prefix=BUDGET
// BUDGET: stopped: max-iterations
// What does not work across processes is refused, and so is a job of one
// process.
// RUN: not %theseus %S/parallel.c -o %t.budget --distributed=mpi --fuzz 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: --distributed=mpi does not take --resume, --self-check, --fuzz, --apc-only or --apc-first
// RUN: not %theseus %S/parallel.c -o %t.budget --distributed=mpi 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE: --distributed=mpi needs at least two ranks

