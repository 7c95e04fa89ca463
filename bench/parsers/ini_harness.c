// Harness for the inih INI parser (benhoyt/inih, ini.c and ini.h, fetched
// into bench/cache/parsers/benhoyt/inih/, see bench/parsers/parsers.txt).
// The INI text is a symbolic string parsed with ini_parse_string; inih is
// built with a short line buffer (its INI_MAX_LINE option) so that lines
// longer than the buffer fit in the symbolic text. The handler checks that
// every section, name and value it is given is a string no longer than the
// text (or a line), and, like a real configuration handler, rejects a value
// that is empty or longer than it allows. Like an application falling back
// on its configuration file when given no configuration text, the harness
// parses the sample file beside it, ini_sample.ini, with ini_parse when the
// text is empty (fopen and fgets run natively on it); a missing file goes
// through ini_parse too.
// bench: --max-strlen 16 --cflag=-DINI_MAX_LINE=8
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "ini.h"

#define MAX_VALUE 4

struct seen {
  size_t max_len;
  int pairs;
};

static int on_pair(void *user, const char *section, const char *name,
                   const char *value) {
  struct seen *s = user;
  assert(strlen(section) <= s->max_len);
  assert(strlen(name) <= s->max_len);
  if (value)
    assert(strlen(value) <= s->max_len);
  s->pairs++;
  return value && *value && strlen(value) <= MAX_VALUE;
}

/// The path of ini_sample.ini, in the directory of this file.
static void sample_path(char *path, size_t size) {
  const char *slash = strrchr(__FILE__, '/');
  size_t dir = slash ? (size_t)(slash - __FILE__ + 1) : 0;
  snprintf(path, size, "%.*sini_sample.ini", (int)dir, __FILE__);
}

int ini_harness(const char *text) {
  struct seen s = {strlen(text), 0};
  if (ini_parse("/nonexistent/theseus.ini", on_pair, &s) != -1)
    return -1000;
  if (!*text) {
    char path[4096];
    sample_path(path, sizeof path);
    struct seen file = {INI_MAX_LINE, 0};
    return ini_parse(path, on_pair, &file) ? -2000 : file.pairs;
  }
  int error_line = ini_parse_string(text, on_pair, &s);
  return error_line ? -error_line : s.pairs;
}
