// Harness for the jsmn JSON tokenizer (zserge/jsmn, jsmn.h, fetched into
// bench/cache/parsers/zserge/jsmn/, see bench/parsers/parsers.txt).
// The text is a symbolic string; the harness checks what jsmn promises of
// the tokens it returns: each lies inside the text, and a parent index
// names an earlier token.
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
  int count = jsmn_parse(&parser, text, len, tokens, MAX_TOKENS);
  for (int i = 0; i < count; i++) {
    assert(tokens[i].start >= 0 && tokens[i].start <= (int)len);
    assert(tokens[i].end >= tokens[i].start && tokens[i].end <= (int)len);
    assert(tokens[i].parent < i);
  }
  return count;
}
