// A run of 16,384 tests (1,024 paths, each with the 16 return values of
// p[10]'s low four bits, all written by --return-values 16) keeps
// report.html small: it embeds at most the first 5,000 tests within its
// byte budget and draws the first 2,000 tree nodes, and says so on the page.
// RUN: rm -rf %t.out
// RUN: %theseus %s --max-len 11 --tree-max-nodes 40000 -o %t.out -q
// RUN: %check-summary %t.out "tests == 16384" "paths == 1024"
// RUN: %python %S/tools/check_html.py %t.out --max-bytes 3000000 \
// RUN:   --expr "d['caps']['tests_total'] == 16384 and 1000 < len(d['tests']) == d['caps']['tests_embedded'] <= 5000" \
// RUN:   --expr "d['caps']['tree_total'] > 2000 == d['caps']['tree_drawn'] == len(d['tree']['nodes'])" \
// RUN:   --contains "of 16384 tests are embedded" \
// RUN:   --contains "The tree shows its first 2000 of"

int html_big_run(unsigned char *p) {
  int r = 0;
  for (int i = 0; i < 10; i++)
    if (p[i] > 100)
      r += 1 << i;
  return r * 256 + (p[10] & 15);
}
