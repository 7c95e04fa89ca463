// A binary search tree of ints with malloc'd nodes; the harness inserts
// nondeterministic keys and checks lookups and the in-order walk.
// bench: --max-time 20 --entry main
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
  int key;
  struct node *left, *right;
};

static struct node *insert(struct node *root, int key) {
  if (!root) {
    struct node *n = malloc(sizeof *n);
    n->key = key;
    n->left = n->right = NULL;
    return n;
  }
  if (key < root->key)
    root->left = insert(root->left, key);
  else if (key > root->key)
    root->right = insert(root->right, key);
  return root;
}

static int contains(const struct node *t, int key) {
  while (t) {
    if (key == t->key)
      return 1;
    t = key < t->key ? t->left : t->right;
  }
  return 0;
}

static int walk(const struct node *t, int *prev, int *count) {
  if (!t)
    return 1;
  if (!walk(t->left, prev, count))
    return 0;
  if (*count > 0 && t->key <= *prev)
    return 0;
  *prev = t->key;
  (*count)++;
  return walk(t->right, prev, count);
}

static void destroy(struct node *t) {
  if (!t)
    return;
  destroy(t->left);
  destroy(t->right);
  free(t);
}

int main(void) {
  struct node *root = NULL;
  int keys[4];
  for (int i = 0; i < 4; i++) {
    keys[i] = __VERIFIER_nondet_int();
    root = insert(root, keys[i]);
  }
  int probe = __VERIFIER_nondet_int();
  int expected = 0;
  for (int i = 0; i < 4; i++)
    expected |= keys[i] == probe;
  if (contains(root, probe) != expected)
    reach_error();
  int prev = 0, count = 0;
  if (!walk(root, &prev, &count))
    reach_error();
  destroy(root);
  return count;
}
