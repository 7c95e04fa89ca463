// theseus task: a task Theseus cannot run is an input error (exit status
// 2) with one line naming the task file and what is wrong.
// RUN: not %theseus task %inputs/tasks/no_such_task.yml 2>&1 | FileCheck --check-prefix=MISSING %s
// RUN: not %theseus task %inputs/tasks/bad_input.yml 2>&1 | FileCheck --check-prefix=INPUT %s
// RUN: not %theseus task %inputs/tasks/memsafety_only.yml 2>&1 | FileCheck --check-prefix=PROP %s
// RUN: not %theseus task %inputs/tasks/java.yml 2>&1 | FileCheck --check-prefix=LANG %s
// RUN: not %theseus task %inputs/tasks/reach_false.yml --property coverage-branches 2>&1 | FileCheck --check-prefix=NOPROP %s
// RUN: not %theseus task %inputs/tasks/reach_false.yml --entry f 2>&1 | FileCheck --check-prefix=ENTRY %s
// RUN: not %theseus task %inputs/tasks/reach_false.prp 2>&1 | FileCheck --check-prefix=YAML %s
// RUN: %theseus task %inputs/tasks/bad_input.yml; test $? = 2
// MISSING: theseus: error: no such task file: {{.*}}no_such_task.yml
// INPUT: theseus: error: {{.*}}bad_input.yml: no such input file: {{.*}}no_such_program.c
// PROP: theseus: error: {{.*}}memsafety_only.yml: no supported property (it has {{.*}}valid-memsafety.prp); Theseus checks unreach-call, coverage-error-call and coverage-branches
// LANG: theseus: error: {{.*}}java.yml: 'options' must give 'language' and 'data_model'
// NOPROP: theseus: error: {{.*}}reach_false.yml: no property coverage-branches (it has unreach-call)
// ENTRY: theseus: error: theseus task sets --entry and --target itself
// YAML: theseus: error: no such task file
