// --target with --distributed=mpi: every exploring rank decides the apc
// itself and prunes by it, and the first worker of each rank runs its
// seeds, reporting only the paths that lie in its rank's part of the tree.
// Rank 0 decides the run: a test that reaches the target stops every
// rank, its own unsatisfiable apc ends the search, and a search that runs
// out of work everywhere proves the target unreachable by exhaustion.
// REQUIRES: mpi
// RUN: rm -rf %t.c %t.f %t.ex %t.apc
// RUN: %mpirun -np 3 %theseus %S/parallel_target.c --target reach_error --distributed=mpi -o %t.c | FileCheck %s
// RUN: %check-summary %t.c "target['verdict'] == 'reached'" "stop_reason == 'target-reached'" "workers['ranks']['exploring'] == 2"
// RUN: %theseus replay %t.c | FileCheck --check-prefix=REPLAY %s
// RUN: %mpirun -np 3 %theseus %S/parallel_target.c --target reach_error --mode fork --distributed=mpi -o %t.f | FileCheck %s
// RUN: %check-summary %t.f "target['verdict'] == 'reached'"
// RUN: %theseus replay %t.f | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in parallel_target: reached by test
// REPLAY: 0 mismatch
// RUN: %mpirun -np 3 %theseus %S/parallel_target.c --entry by_exhaustion --target reach_error --distributed=mpi -j 2 -o %t.ex | FileCheck --check-prefix=EX %s
// EX: target reach_error in by_exhaustion: unreachable by exhaustion
// RUN: %mpirun -np 3 %theseus %S/apc_explore_unreachable.c --target reach_error --distributed=mpi --max-time 120 --apc-timeout 100 -o %t.apc | FileCheck --check-prefix=APC %s
// RUN: %check-summary %t.apc "target['verdict'] == 'unreachable'" "target['decided_by'] == 'apc'" "stop_reason == 'apc-unreachable'"
// APC: target reach_error in apc_explore_unreachable: unreachable (the apc is unsatisfiable)
// RUN: %theseus replay %t.apc | FileCheck --check-prefix=REPLAY %s
