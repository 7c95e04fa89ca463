// Harness for the jsmn JSON tokenizer (zserge/jsmn, jsmn.h, fetched into
// bench/cache/parsers/zserge/jsmn/, see bench/parsers/parsers.txt).
// The text is a symbolic string. As jsmn's README suggests, the harness
// first counts the tokens (no token array), then parses into a small array
// (so that running out of tokens is reachable too). It checks what jsmn
// promises: the count agrees with the parse, each token lies inside the
// text, and a parent index names an earlier token.
// bench: --max-strlen 12
#include <assert.h>
#include <string.h>

#define JSMN_STATIC
#define JSMN_PARENT_LINKS
#include "jsmn.h"

#define MAX_TOKENS 6

int jsmn_harness(const char *text) {
  jsmn_parser parser;
  jsmntok_t tokens[MAX_TOKENS];
  size_t len = strlen(text);
  jsmn_init(&parser);
  int needed = jsmn_parse(&parser, text, len, NULL, 0);
  jsmn_init(&parser);
  int count = jsmn_parse(&parser, text, len, tokens, MAX_TOKENS);
  if (count >= 0)
    assert(needed == count);
  for (int i = 0; i < count; i++) {
    assert(tokens[i].start >= 0 && tokens[i].start <= (int)len);
    assert(tokens[i].end >= tokens[i].start && tokens[i].end <= (int)len);
    assert(tokens[i].parent < i);
  }
  return count;
}
