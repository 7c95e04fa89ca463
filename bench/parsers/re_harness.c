// Harness for the tiny-regex-c matcher (kokke/tiny-regex-c, re.c and re.h,
// fetched into bench/cache/parsers/kokke/tiny-regex-c/, see
// bench/parsers/parsers.txt). Pattern and text are both symbolic strings;
// a match must lie inside the text.
// bench: --max-strlen 6
#include <assert.h>
#include <string.h>

#include "re.h"

int re_harness(const char *pattern, const char *text) {
  int length = 0;
  int at = re_match(pattern, text, &length);
  if (at >= 0)
    assert(length >= 0 && at + length <= (int)strlen(text));
  return at;
}
