// theseus task for the Test-Comp properties. coverage-error-call: the run
// stops at the first test reaching reach_error(), which the suite marks
// and native execution confirms; the task's ILP32 data model is recorded.
// RUN: rm -rf %t.err %t.br %t.unreach
// RUN: not %theseus task %inputs/tasks/cover_error.yml -q -o %t.err | FileCheck --check-prefix=ERR %s
// RUN: %check-summary %t.err "task['covered'] == True" "task['test'] == target['test']" "task['data_model'] == 'ILP32'" "'verdict' not in task"
// RUN: %check-testcomp %t.err/test-suite --min-tests 1 --zip
// RUN: grep -l 'coversError="true"' %t.err/test-suite/test*.xml | count 1
// RUN: FileCheck --check-prefix=ILP32 %s < %t.err/test-suite/metadata.xml
// RUN: %validate-testcomp %inputs/tasks/cover_error.yml %t.err/test-suite.zip --run %t.err | FileCheck --check-prefix=VALID1 %s
// ERR: task {{.*}}cover_error.yml, coverage-error-call: covered (reach_error() reached by test{{[0-9]+}}.json)
// ILP32: <specification>COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )</specification>
// ILP32: <architecture>32bit</architecture>
// VALID1: 0 differ; 1 reach reach_error()
//
// coverage-branches: the task's first property (memory safety) is not one
// Theseus checks, so the next is run; the tests read from one to five
// values each, in the order the program asks for them; one branch side is
// dead code.
// RUN: %theseus task %inputs/tasks/cover_branches.yml -q -o %t.br | FileCheck --check-prefix=BR %s
// RUN: %check-summary %t.br "task['property'] == 'coverage-branches'" "task['branches']['covered'] == 13" "task['branches'] == coverage['all_functions']['branches']" "'target' not in s"
// RUN: %check-testcomp %t.br/test-suite --min-tests 10 --zip
// Covering sum > 300 takes two values or more; other tests read none.
// RUN: grep -c '<input type="int">' %t.br/test-suite/test*.xml | grep ':[2-9]$'
// RUN: grep -c '<input type="int">' %t.br/test-suite/test*.xml | grep ':0$'
// RUN: %validate-testcomp %inputs/tasks/cover_branches.yml %t.br/test-suite --run %t.br | FileCheck --check-prefix=VALID2 %s
// BR: task {{.*}}cover_branches.yml, coverage-branches: branches 92.9% (13/14)
// VALID2: 0 differ; 0 reach reach_error()
//
// --property picks another of the task's properties.
// RUN: %theseus task %inputs/tasks/cover_branches.yml --property unreach-call -q -o %t.unreach | FileCheck --check-prefix=PICK %s
// PICK: task {{.*}}cover_branches.yml, unreach-call: true (
