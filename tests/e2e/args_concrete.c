// main(argc, argv) gets the command line after "--": argv[0] is the
// program's name, argv[argc] is NULL, envp is empty. Tests record argv and
// replay passes it to the native program.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out -- -v in.txt | FileCheck %s
// CHECK: paths 1
// CHECK: return values {7}
// RUN: %check-tests %t.out --count 1 --all "argv == ['args_concrete', '-v', 'in.txt']"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 1 match, 0 mismatch, 0 skipped
//
// Without arguments argc is 1.
// RUN: %theseus %s -o %t.none | FileCheck --check-prefix=NONE %s
// NONE: return values {1}
#include <string.h>

int main(int argc, char **argv, char **envp) {
  if (argv[argc] != 0 || envp[0] != 0 || strcmp(argv[0], "args_concrete"))
    return -1;
  if (argc == 3 && strcmp(argv[1], "-v") == 0 && strcmp(argv[2], "in.txt") == 0)
    return 7;
  return argc;
}
