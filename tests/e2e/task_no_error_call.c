// A task whose only reach_error() call clang folds away (`sizeof(long) == 4`
// under LP64): the compiled program has no call of it, so the property
// holds, with that reason, and no search runs. A --target the sources
// mention is unreachable likewise (exit status 0, --apc-only too); a name
// they never mention stays an error (exit status 2).
// RUN: rm -rf %t %t.target %t.apc %t.typo
// RUN: %theseus task %inputs/tasks/no_error_call.yml -o %t | FileCheck %s
// RUN: %check-summary %t "task['verdict'] == 'true'" "task['proved_unreachable']" "target['decided_by'] == 'program'"
// RUN: %theseus %inputs/tasks/no_error_call.c --entry main --target reach_error -o %t.target | FileCheck --check-prefix=TARGET %s
// RUN: %theseus %inputs/tasks/no_error_call.c --entry main --target reach_error --apc-only -o %t.apc | FileCheck --check-prefix=APC %s
// RUN: not %theseus %inputs/tasks/no_error_call.c --entry main --target reach_eror -o %t.typo 2>&1 | FileCheck --check-prefix=TYPO %s
// CHECK: target reach_error in main: unreachable (the program has no call of reach_error)
// CHECK: unreach-call: true (the program has no call of reach_error)
// TARGET: target reach_error in main: unreachable (the program has no call of reach_error)
// APC: target reach_error in main: unreachable (the program has no call of reach_error)
// TYPO: error: --target 'reach_eror': no instruction of the program matches
