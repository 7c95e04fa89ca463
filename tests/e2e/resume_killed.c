// A run killed (SIGKILL) or stopped by Ctrl-C (SIGINT) in the middle goes
// on with --resume from what its run.db holds: it ends exhausted with the
// paths of one run from the start, every test numbered once, and the test
// files those the database names. The signal comes once 40 test files are
// written (--tests=all), not after a fixed time.
// RUN: rm -rf %t.full %t.kill %t.int
// RUN: %theseus %s -o %t.full -q --tests=all > /dev/null
// RUN: %python %S/tools/kill_after.py --when-files '%t.kill/test*.json' 40 300 %theseus %s -o %t.kill -q --tests=all > /dev/null
// RUN: %python %S/tools/run_db.py %t.kill/run.db "select ended is null from parts" | FileCheck %s --check-prefix=KILLED
// KILLED: 1
// RUN: %theseus --resume %t.kill -q | FileCheck %s --check-prefix=RESUMED
// RESUMED: stopped: exhausted
// RUN: %python %S/tools/same_paths.py %t.full %t.kill
// RUN: %check-summary %t.kill "complete" "len(parts) == 2" "parts[0]['stop_reason'] == 'killed'" "parts[0]['tests'] >= 1"
// RUN: %python %S/tools/run_db.py %t.kill/run.db "select count(*) = max(number), count(test_file) = count(*) from paths" | FileCheck %s --check-prefix=NUMBERS
// NUMBERS: 1|1
// RUN: ls %t.kill | grep -c '^test.*\.json$' > %t.files
// RUN: %python %S/tools/run_db.py %t.kill/run.db "select count(*) from paths" | diff - %t.files
//
// RUN: %python %S/tools/kill_after.py --signal INT --when-files '%t.int/test*.json' 40 300 %theseus %s -o %t.int -q --tests=all > /dev/null
// RUN: %check-summary %t.int "stop_reason == 'interrupted'" "not complete"
// RUN: %theseus --resume %t.int -q | FileCheck %s --check-prefix=RESUMED
// RUN: %python %S/tools/same_paths.py %t.full %t.int
// RUN: %check-summary %t.int "complete" "len(parts) == 2" "parts[0]['stop_reason'] == 'interrupted'"
// RUN: %theseus replay %t.int | FileCheck %s --check-prefix=REPLAY
// REPLAY: 0 mismatch

int resume_killed(const char *s) {
  int k = 0;
  for (int i = 0; i < 9; ++i)
    if (s[i] == 'a' + i)
      k++;
  // Work on every path, so that each run takes a while.
  volatile int acc = 0;
  for (int j = 0; j < 2000; ++j)
    acc += s[j % 9];
  return k;
}
