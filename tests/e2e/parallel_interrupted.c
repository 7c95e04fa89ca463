// Ctrl-C (SIGINT) stops every worker of -j 2: the summary is written, and
// every test reported is kept, numbered once, on record in run.db, and
// replays. A kill (SIGKILL) leaves run.db readable with what it had
// committed: tests numbered 1..N, since the workers' tests are numbered in
// the order they are written.
// RUN: rm -rf %t.int %t.kill
// RUN: %python %S/tools/kill_after.py --signal INT --when-files '%t.int/test*.json' 40 300 %theseus %s -o %t.int -q -j 2 --tests=all > /dev/null
// RUN: %check-summary %t.int "stop_reason == 'interrupted'" "not complete" "workers['count'] == 2" "tests >= 40"
// RUN: %python %S/tools/run_db.py %t.int/run.db "select count(*) = max(number), count(test_file) = count(*) from paths" | FileCheck %s --check-prefix=NUMBERS
// NUMBERS: 1|1
// RUN: ls %t.int | grep -c '^test.*\.json$' > %t.files
// RUN: %python %S/tools/run_db.py %t.int/run.db "select count(*) from paths" | diff - %t.files
// RUN: %theseus replay %t.int | FileCheck %s --check-prefix=REPLAY
// REPLAY: 0 mismatch
// RUN: %python %S/tools/kill_after.py --when-files '%t.kill/test*.json' 40 300 %theseus %s -o %t.kill -q -j 2 --tests=all > /dev/null
// RUN: %python %S/tools/run_db.py %t.kill/run.db "select count(distinct number) = count(*), count(*) = max(number) from paths" | FileCheck %s --check-prefix=KILLED
// KILLED: 1|1

int parallel_interrupted(const char *s) {
  int k = 0;
  for (int i = 0; i < 9; ++i)
    if (s[i] == 'a' + i)
      k += i;
    else if (s[i] == 'z')
      k -= 1;
  return k;
}
