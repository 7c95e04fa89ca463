// Harness for the tiny-regex-c matcher (kokke/tiny-regex-c, re.c and re.h,
// fetched into bench/cache/parsers/kokke/tiny-regex-c/, see
// bench/parsers/parsers.txt). The pattern is a symbolic buffer of 44 bytes
// ending in NUL, long enough to overflow re.c's 40-byte buffer for
// character classes; the text is a short symbolic string (--max-strlen
// would make both long). The pattern is compiled once, printed with re.c's
// re_print (as when debugging a pattern; re.h does not declare it) and
// matched; a match must lie inside the text.
// bench: --max-strlen 6
#include <assert.h>
#include <string.h>

#include "re.h"
#include "theseus.h"

#define PATTERN_SIZE 44

void re_print(re_t pattern);

int re_harness(const char *text) {
  char pattern[PATTERN_SIZE];
  theseus_make_symbolic(pattern, sizeof pattern, "pattern");
  pattern[PATTERN_SIZE - 1] = '\0';
  re_t compiled = re_compile(pattern);
  if (compiled)
    re_print(compiled);
  int length = 0;
  int at = re_matchp(compiled, text, &length);
  if (at >= 0)
    assert(length >= 0 && at + length <= (int)strlen(text));
  return at;
}
