// Harness for the inih INI parser (benhoyt/inih, ini.c and ini.h, fetched
// into bench/cache/parsers/benhoyt/inih/, see bench/parsers/parsers.txt).
// The INI text is a symbolic string parsed with ini_parse_string; the
// handler checks that every section, name and value it is given is a
// string no longer than the text.
// bench: --max-strlen 12
#include <assert.h>
#include <string.h>

#include "ini.h"

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
  return 1;
}

int ini_harness(const char *text) {
  struct seen s = {strlen(text), 0};
  int error_line = ini_parse_string(text, on_pair, &s);
  return error_line ? -error_line : s.pairs;
}
