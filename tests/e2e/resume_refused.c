// --resume refuses, with exit status 2 and a clear message: options other
// than the budgets, a directory without a run, a fork-mode run with
// --tree-statements, and a program changed since the run started.
// RUN: rm -rf %t.run %t.fork %t.empty %t.c
// RUN: cp %s %t.c
// RUN: %theseus %t.c --entry resume_refused -o %t.run -q --max-iterations 2 > /dev/null
// RUN: %theseus --resume %t.run --strategy bfs 2> %t.err; test $? = 2
// RUN: FileCheck %s --check-prefix=OPTION < %t.err
// OPTION: error: --resume takes the options of the run it resumes; --strategy cannot be given with it
// RUN: mkdir -p %t.empty
// RUN: not %theseus --resume %t.empty 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error: --resume: cannot open {{.*}}run.db
// RUN: %theseus %t.c --entry resume_refused -o %t.fork -q --mode fork --tree-statements --max-iterations 2 > /dev/null
// RUN: %theseus --resume %t.fork 2> %t.err; test $? = 2
// RUN: FileCheck %s --check-prefix=FORK < %t.err
// FORK: error: --resume: a run with --tree-statements cannot be resumed
// RUN: sed -i 's/x == 3/x == 4/' %t.c
// RUN: not %theseus --resume %t.run 2>&1 | FileCheck %s --check-prefix=CHANGED
// CHANGED: error: --resume: the program has changed since the run in {{.*}} started (its compiled module's hash was {{[0-9a-f]+}}, now {{[0-9a-f]+}}); start a new run instead

int resume_refused(int x) {
  if (x == 3)
    return 1;
  return 0;
}
