// run.db keeps each test's inputs as their bytes only (the parameters'
// types once per part): every test exported from it is byte for byte the
// test file the run wrote, for strings, arrays, rows of an array, structs,
// floats, a size linked to a buffer, a fixed (--concrete) parameter,
// created inputs and a struct return.
// RUN: rm -rf %t.out %t.json
// RUN: %theseus %s --entry run_database_inputs -o %t.out -q --tests=all --max-iterations 40 --max-strlen 4 --concrete mode=3 > /dev/null; test $? -le 1
// RUN: %theseus export %t.out --json %t.json > /dev/null
// RUN: %python -c "import filecmp,glob,os,sys; a=sorted(os.path.basename(f) for f in glob.glob('%t.out/test*.json')); same,diff,err=filecmp.cmpfiles('%t.out','%t.json',a,shallow=False); print(len(a) >= 20, len(same) == len(a), diff, err)" | FileCheck %s
// CHECK: True True [] []
// The parameters are described once, each test's bytes are in its input:
// RUN: %python %S/tools/run_db.py %t.out/run.db "select kind, name from inputs order by id" | FileCheck %s --check-prefix=INPUTS
// INPUTS: parameter|name
// INPUTS-NEXT: parameter|p
// INPUTS-NEXT: parameter|x
// INPUTS-NEXT: parameter|vals
// INPUTS-NEXT: parameter|n
// INPUTS-NEXT: parameter|mode
// INPUTS-NEXT: parameter|grid
// INPUTS-NEXT: created|nondet_int_1
// The fixed parameter's bytes are not in the input: each test has them.
// The size linked to vals is its input's value modulo 9: some tests have
// their own bytes.
// RUN: %python %S/tools/run_db.py %t.out/run.db "select count(*) = sum(test like '%%[6,\"03000000\"]%%'), sum(test like '%%[5,\"%%') > 0 from paths" | FileCheck %s --check-prefix=HEX
// HEX: 1|1

struct point {
  short x;
  unsigned char tag;
  float w;
};

struct result {
  int code;
  char kind;
};

int __VERIFIER_nondet_int(void);

struct result run_database_inputs(const char *name, struct point p, double x,
                                  unsigned vals[3], int n, int mode,
                                  int (*grid)[3]) {
  struct result r = {0, 'a'};
  if (name[0] == 'q' && name[1] == '!')
    r.code = 1;
  if (p.x > 7 && p.tag == 2)
    r.code += 2;
  if (p.w > 1.5f)
    r.kind = 'w';
  if (x < -3.0)
    r.code += 4;
  if (n > 0 && vals[n - 1] == 99)
    r.code += 8;
  if (grid[1][2] == 42)
    r.code += 16;
  if (mode == 3 && __VERIFIER_nondet_int() == 5)
    r.kind = 'n';
  return r;
}
