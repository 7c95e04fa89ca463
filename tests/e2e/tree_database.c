// A forking run keeps its tree in run.db: every node of tree.json with its
// parent, the condition on its edge (each text once in `conditions`), where
// it ends, and a leaf's kind and test. `theseus show` counts its leaves,
// and report.html draws the tree from run.db when tree.json was not
// written (more nodes than --tree-max-nodes, of which run.db keeps the
// first ones).
// RUN: rm -rf %t.out %t.big
// RUN: not %theseus %s --mode fork -o %t.out -q > /dev/null
// RUN: %python -c "import json,sqlite3; t=json.load(open('%t.out/tree.json'))['nodes']; a=[(n['id'], n['parent'], n.get('condition'), n.get('line'), n.get('leaf'), int(n['test'][4:10]) if 'test' in n else None) for n in t]; db=sqlite3.connect('%t.out/run.db'); b=db.execute('select tree.id, parent, text, line, leaf, test from tree left join conditions on conditions.id = tree.condition order by tree.id').fetchall(); print(a == [tuple(r) for r in b], len(b), db.execute('select count(*) = count(distinct text) from conditions').fetchone()[0])" | FileCheck %s --check-prefix=SAME
// SAME: True {{[0-9]+}} 1
// RUN: %theseus show %t.out | FileCheck %s --check-prefix=SHOW
// SHOW: tree {{[0-9]+}} nodes in run.db (leaves: 1 error, 1 infeasible, 4 normal)
// RUN: not %theseus %s --mode fork -o %t.big -q --tree-max-nodes 3 > /dev/null 2>&1
// RUN: test ! -e %t.big/tree.json
// RUN: %python %S/tools/check_html.py %t.big --expr "[n['id'] for n in d['tree']['nodes']] == [0, 1, 2]" --expr "d['tree']['nodes'][1]['condition'] == '10 < x'" --expr "d['caps']['tree_total'] == 11"
// RUN: %theseus show %t.big | FileCheck %s --check-prefix=FIRST
// FIRST: tree the first 3 of 11 nodes in run.db

int tree_database(int x, int y) {
  if (x > 10) {
    if (x < 5)
      return 9; // Never: an infeasible side.
    if (y == 0)
      return 100 / y;
    return 1;
  }
  if (y == 3)
    return 2;
  if (y > 7)
    return 3;
  return 0;
}
