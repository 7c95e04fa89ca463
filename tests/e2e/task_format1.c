// theseus task on a format 1.0 task (no `options`): the language is C and
// the data model the one of the command line (default LP64).
// RUN: rm -rf %t.lp64 %t.ilp32
// RUN: not %theseus task %inputs/tasks/reach_false_v1.yml --no-fuzz -q -o %t.lp64 | FileCheck %s
// RUN: %check-summary %t.lp64 "task['verdict'] == 'false'" "task['data_model'] == 'LP64'"
// RUN: not %theseus task %inputs/tasks/reach_false_v1.yml --no-fuzz --data-model ILP32 -q -o %t.ilp32 | FileCheck %s
// RUN: %check-summary %t.ilp32 "task['verdict'] == 'false'" "task['data_model'] == 'ILP32'"
// RUN: grep -q '<architecture>32bit</architecture>' %t.ilp32/test-suite/metadata.xml
// CHECK: unreach-call: false (reach_error() reached by test{{[0-9]+}}.json)
