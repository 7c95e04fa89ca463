// theseus task on a program no budget explores: the suite is written as the
// tests are found, so a run killed with SIGKILL keeps valid testcases; a
// run stopped by --max-time also zips its suite and answers unknown, with
// why.
// RUN: rm -rf %t.kill %t.time
// The kill comes once two testcases are written (not after a fixed time).
// RUN: %python %S/tools/kill_after.py --when-files '%t.kill/test-suite/test*.xml' 2 300 %theseus task %inputs/tasks/endless.yml -q -o %t.kill
// RUN: %check-testcomp %t.kill/test-suite --min-tests 2
// --max-time 10, not less: on a busy machine building the program and its
// fuzz target takes seconds of it (3 s left a single test).
// RUN: %theseus task %inputs/tasks/endless.yml --max-time 10 -q -o %t.time | FileCheck %s
// RUN: %check-summary %t.time "task['verdict'] == 'unknown'" "task['test'] is None"
// RUN: %check-testcomp %t.time/test-suite --min-tests 1 --zip
// RUN: %validate-testcomp %inputs/tasks/endless.yml %t.time/test-suite.zip --run %t.time | FileCheck --check-prefix=VALID %s
// CHECK: task {{.*}}endless.yml, unreach-call: unknown (the run was cut: {{.*}}max-time
// VALID: 0 differ; 0 reach reach_error()
