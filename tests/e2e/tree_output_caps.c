// Tree output stays small and parseable on any program: expressions are
// elided past 240 characters, a path condition lists its last 12
// conjuncts, labels are escaped for Graphviz (quotes, backslashes,
// non-ASCII bytes in the source: "ünïcode" \ 'q'), and the time split
// counts the solver once (forks query it from inside the interpreter).
// RUN: rm -rf %t.out
// RUN: %theseus %s --mode fork --max-iterations 40 -o %t.out -q
// RUN: dot -Tsvg %t.out/tree.dot -o %t.svg
// RUN: %python -c "import json,sys; t=json.load(open('%t.out/tree.json')); n=t['nodes']; sys.exit(0 if t['limits']=={'expression_chars':240,'path_condition_conjuncts':12} and all(len(n['path_condition'])<=12 for n in n) and any(n.get('path_condition_omitted',0)>0 for n in n) and all(len(c)<=243 for n in n for c in n['path_condition']) else 1)"
// RUN: %check-summary %t.out "time['solver'] + time['interpreter'] <= time['total'] * 1.05 + 0.01"

int tree_output_caps(unsigned x, unsigned y) {
  int steps = 0;
  for (unsigned h = x; h != y; h += 3) { /* "ünïcode" \ 'q' */
    if (++steps > 30)
      return -1;
  }
  return steps;
}
