// Harness for the inih INI parser (benhoyt/inih, ini.c and ini.h, fetched
// into bench/cache/parsers/benhoyt/inih/, see bench/parsers/parsers.txt).
// The INI text is a symbolic string parsed with ini_parse_string; inih is
// built with a short line buffer (its INI_MAX_LINE option) so that lines
// longer than the buffer fit in the symbolic text. The handler checks that
// every section, name and value it is given is a string no longer than the
// text, and, like a real configuration handler, rejects a value that is
// empty or longer than it allows. A missing file goes through ini_parse.
// bench: --max-strlen 16 --cflag=-DINI_MAX_LINE=8
#include <assert.h>
#include <string.h>

#include "ini.h"

#define MAX_VALUE 4

struct seen {
  size_t text_len;
  int pairs;
};

static int on_pair(void *user, const char *section, const char *name,
                   const char *value) {
  struct seen *s = user;
  assert(strlen(section) <= s->text_len);
  assert(strlen(name) <= s->text_len);
  if (value)
    assert(strlen(value) <= s->text_len);
  s->pairs++;
  return value && *value && strlen(value) <= MAX_VALUE;
}

int ini_harness(const char *text) {
  struct seen s = {strlen(text), 0};
  if (ini_parse("/nonexistent/theseus.ini", on_pair, &s) != -1)
    return -1000;
  int error_line = ini_parse_string(text, on_pair, &s);
  return error_line ? -error_line : s.pairs;
}
