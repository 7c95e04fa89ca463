// The run database: run.db holds every test of the run as a path, with its
// outcome, the bugs and the part of the run; a killed run keeps every path
// its last summary counted.
// RUN: rm -rf %t.out %t.killed
// RUN: %theseus %s -o %t.out -q --max-iterations 60 > %t.log; test $? = 1
// The suite's test files are those the database names.
// RUN: %python %S/tools/run_db.py %t.out/run.db "select count(test_file) from paths" > %t.count
// RUN: ls %t.out | grep -c '^test.*\.json$' | diff - %t.count
// RUN: %python %S/tools/run_db.py %t.out/run.db "select outcome, bug_kind, line from paths where outcome = 'bug' limit 1" | FileCheck %s --check-prefix=PATH
// PATH: bug|division-by-zero|[[@LINE+24]]
// RUN: %python %S/tools/run_db.py %t.out/run.db "select kind, first_test, confirmation from bugs" | FileCheck %s --check-prefix=BUG
// BUG: division-by-zero|{{[0-9]+}}|confirmed
// RUN: %python %S/tools/run_db.py %t.out/run.db "select stop_reason, ended is not null from parts" | FileCheck %s --check-prefix=PART
// PART: max-iterations|1
// RUN: %python %S/tools/run_db.py %t.out/run.db "select count(*) from paths p where not exists (select 1 from paths q where q.number = p.negated_test) and p.negated_test is not null" | FileCheck %s --check-prefix=PARENTS
// PARENTS: 0
// The tests exported from the database are every test of the run, and
// those the run kept as files byte for byte the same (explanations with
// switch cases, bugs with their stacks).
// RUN: rm -rf %t.json
// RUN: %theseus export %t.out --json %t.json 2>&1 | FileCheck %s --check-prefix=EXPORT
// EXPORT: wrote {{[0-9]+}} tests to
// RUN: %python -c "import filecmp,glob,os,sqlite3,sys; a=sorted(os.path.basename(f) for f in glob.glob('%t.out/test*.json')); b=sorted(os.path.basename(f) for f in glob.glob('%t.json/test*.json')); same=filecmp.cmpfiles('%t.out','%t.json',a,shallow=False)[0]; n=sqlite3.connect('%t.out/run.db').execute('select count(*) from paths').fetchone()[0]; sys.exit(0 if set(a) <= set(b) and len(b) == n and len(same) == len(a) > 0 else 1)"
//
// Killed (SIGKILL) once the live summary counts 20 tests: the database has
// at least those, with the test files it names, and the part has not ended.
// RUN: %python %S/tools/kill_after.py --when-summary %t.killed "tests >= 20" 300 %theseus %s -o %t.killed -q > /dev/null
// RUN: %python -c "import json,sqlite3,os,sys; s=json.load(open('%t.killed/summary.json')); db=sqlite3.connect('%t.killed/run.db'); rows=db.execute('select test_file from paths').fetchall(); sys.exit(0 if len(rows) >= s['tests'] >= 20 and all(r[0] is None or os.path.exists('%t.killed/'+r[0]) for r in rows) else 1)"
// RUN: %python %S/tools/run_db.py %t.killed/run.db "select ended is null from parts" | FileCheck %s --check-prefix=KILLED
// KILLED: 1

int run_database(int n, int m) {
  if (m == 3)
    return 100 / (n - 4);
  int k = 0;
  for (int i = 0; i < n; i++)
    if (i % 7 == m)
      k++;
  switch (k) {
  case 1:
    return 10;
  case 2:
    return 20;
  default:
    return k;
  }
}
