// The suite: of the 256 paths of a bit count, the run keeps as files only
// tests that add a line, a branch edge, a bug or a return value, reduced
// at the end to a minimal set; run.db keeps every test, and --tests=all
// writes each as a file.
// RUN: rm -rf %t.suite %t.all
// RUN: %theseus %s -o %t.suite -q > %t.log; test $? = 1
// RUN: FileCheck %s --check-prefix=CONSOLE < %t.log
// CONSOLE: paths 256 (runs 256); tests 256 in run.db; test files 9 (the suite
// RUN: %python %S/tools/run_db.py %t.suite/run.db "select count(*) from paths" | FileCheck %s --check-prefix=ALL
// ALL: 256
// Each return value 0..7 (8 is the bug), the bug and the two sides of the
// branch: at most one test per return value, with the bug's own test.
// RUN: ls %t.suite | grep -c '^test.*\.json$' > %t.files
// RUN: %python %S/tools/run_db.py %t.suite/run.db "select count(*) from paths where test_file is not null" | diff - %t.files
// RUN: %python %S/tools/run_db.py %t.suite/run.db "select count(distinct return_value) from paths where test_file is not null" | FileCheck %s --check-prefix=VALUES
// VALUES: 8
// RUN: %python %S/tools/run_db.py %t.suite/run.db "select count(*) from paths where test_file is not null" | FileCheck %s --check-prefix=NFILES
// NFILES: 9
// RUN: %python %S/tools/run_db.py %t.suite/run.db "select count(*) from paths where test_file is not null and outcome = 'bug'" | FileCheck %s --check-prefix=BUG
// BUG: 1
// The suite's files replay, and cover what the run covered.
// RUN: %theseus replay %t.suite | FileCheck %s --check-prefix=REPLAY
// REPLAY: 9 match, 0 mismatch
// RUN: %check-summary %t.suite "test_files == 9" "tests == 256" "test_file_policy == 'suite'"
// A test the suite dropped is still there by its name, from run.db.
// RUN: N=$(%python %S/tools/run_db.py %t.suite/run.db "select printf('%%06d', min(number)) from paths where test_file is null"); test ! -e %t.suite/test$N.json && %theseus show %t.suite/test$N.json | FileCheck %s --check-prefix=SHOW && %theseus replay %t.suite/test$N.json | FileCheck %s --check-prefix=REPLAYONE
// SHOW: test{{[0-9]+}}.json: test {{[0-9]+}} of
// SHOW: outcome returns
// REPLAYONE: 1 match, 0 mismatch
// The exports take the suite, or with --all every test of run.db.
// RUN: %theseus export --c %t.suite.c %t.suite 2>&1 | FileCheck %s --check-prefix=EXPORT
// EXPORT: wrote 9 tests
// RUN: %theseus export --c %t.every.c --all %t.suite 2>&1 | FileCheck %s --check-prefix=EXPORTALL
// EXPORTALL: wrote 256 tests
// RUN: grep -c "theseus export --json" %t.every.c | FileCheck %s --check-prefix=NOFILE
// NOFILE: 247
// RUN: %theseus export --testcomp %t.tc --all %t.suite 2>&1 | FileCheck %s --check-prefix=TESTCOMP
// TESTCOMP: wrote 256 testcases
// RUN: %theseus %s -o %t.all -q --tests=all > %t.all.log; test $? = 1
// RUN: ls %t.all | grep -c '^test.*\.json$' | FileCheck %s --check-prefix=ALLFILES
// ALLFILES: 256
// RUN: FileCheck %s --check-prefix=ALLCONSOLE < %t.all.log
// ALLCONSOLE: paths 256 (runs 256); tests 256, each a test file

int test_suite(unsigned char x) {
  int n = 0;
  for (int i = 0; i < 8; i++)
    if (x & (1 << i))
      n++;
  if (n == 8)
    return 100 / (n - 8);
  return n;
}
