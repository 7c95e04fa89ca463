// A tiny JSON tokenizer in the style of jsmn: splits the text into
// punctuation, string, number and literal tokens (no nesting check).
// bench: --max-time 20 --max-strlen 12
// bench-known-bug: out-of-bounds "tokens[count].type = type;"
#include <string.h>

enum tok_type { TOK_PUNCT, TOK_STRING, TOK_NUMBER, TOK_LITERAL };

struct token {
  enum tok_type type;
  int start, len;
};

#define MAX_TOKENS 8

static struct token tokens[MAX_TOKENS];
static int count;

static int add_token(enum tok_type type, int start, int len) {
  if (count > MAX_TOKENS)
    return -1;
  tokens[count].type = type;
  tokens[count].start = start;
  tokens[count].len = len;
  count++;
  return 0;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* Returns the number of tokens in `js`, or -1 if it is not tokenizable. */
int json_tokens(const char *js) {
  int i = 0;
  count = 0;
  while (js[i]) {
    char c = js[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      i++;
    } else if (c == '{' || c == '}' || c == '[' || c == ']' || c == ':' ||
               c == ',') {
      if (add_token(TOK_PUNCT, i, 1) < 0)
        return -1;
      i++;
    } else if (c == '"') {
      int start = ++i;
      while (js[i] && js[i] != '"') {
        if (js[i] == '\\' && js[i + 1])
          i++;
        i++;
      }
      if (!js[i])
        return -1; /* unterminated string */
      if (add_token(TOK_STRING, start, i - start) < 0)
        return -1;
      i++;
    } else if (c == '-' || is_digit(c)) {
      int start = i++;
      while (is_digit(js[i]) || js[i] == '.' || js[i] == 'e' || js[i] == 'E')
        i++;
      if (add_token(TOK_NUMBER, start, i - start) < 0)
        return -1;
    } else if (strncmp(js + i, "true", 4) == 0 ||
               strncmp(js + i, "null", 4) == 0) {
      if (add_token(TOK_LITERAL, i, 4) < 0)
        return -1;
      i += 4;
    } else if (strncmp(js + i, "false", 5) == 0) {
      if (add_token(TOK_LITERAL, i, 5) < 0)
        return -1;
      i += 5;
    } else {
      return -1;
    }
  }
  return count;
}
