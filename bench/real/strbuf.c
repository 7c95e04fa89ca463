// A growable string buffer (like a tiny sds/std::string) used to join
// words with a separator.
// bench: --max-time 20 --entry main
// bench-known-bug: out-of-bounds "sb->data[sb->len] = '\0';"
#include <klee/klee.h>
#include <stdlib.h>
#include <string.h>

struct strbuf {
  char *data;
  size_t len, cap;
};

static int sb_reserve(struct strbuf *sb, size_t extra) {
  if (sb->len + extra <= sb->cap)
    return 0;
  size_t cap = sb->cap ? sb->cap : 4;
  while (cap < sb->len + extra)
    cap *= 2;
  char *p = realloc(sb->data, cap);
  if (!p)
    return -1;
  sb->data = p;
  sb->cap = cap;
  return 0;
}

static int sb_append(struct strbuf *sb, const char *s, size_t n) {
  if (sb_reserve(sb, n) < 0)
    return -1;
  memcpy(sb->data + sb->len, s, n);
  sb->len += n;
  sb->data[sb->len] = '\0';
  return 0;
}

int main(void) {
  char words[3][3];
  unsigned char lens[3];
  struct strbuf sb = {NULL, 0, 0};
  klee_make_symbolic(words, sizeof words, "words");
  klee_make_symbolic(lens, sizeof lens, "lens");
  for (int i = 0; i < 3; i++) {
    klee_assume(lens[i] <= 3);
    if (i > 0)
      sb_append(&sb, ",", 1);
    sb_append(&sb, words[i], lens[i]);
  }
  int result = sb.len > 0 && sb.data[0] == 'x' ? 1 : 0;
  free(sb.data);
  return result;
}
