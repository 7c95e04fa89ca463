/* ctype.c - models of <ctype.h> for symbolic execution, "C" locale.
 *
 * Programs are compiled with -D__NO_CTYPE, so isdigit() and friends are
 * calls to these functions rather than glibc's macros over the
 * __ctype_b_loc() table. A classification has no branch of its own: range
 * tests are combined without short-circuit and `test ? bit : 0` compiles
 * to a select, which the engine keeps as an if-then-else expression, so
 * the program's own `if (isdigit(c))` is the one decision. Like glibc, a
 * classifier returns its class bit (_ISdigit, ...) rather than 1, and
 * bytes 128..255 and EOF are in no class. */
#include <ctype.h>

static int in_range(int c, int low, int high) {
  return (unsigned)c - low <= (unsigned)(high - low);
}

/* Setting bit 5 maps 'A'..'Z' onto 'a'..'z' and nothing else onto them. */
static int letter(int c) { return in_range(c | 32, 'a', 'z'); }
static int digit(int c) { return in_range(c, '0', '9'); }
static int graphic(int c) { return in_range(c, '!', '~'); }

int isalpha(int c) { return letter(c) ? _ISalpha : 0; }
int isdigit(int c) { return digit(c) ? _ISdigit : 0; }
int isalnum(int c) { return (letter(c) | digit(c)) ? _ISalnum : 0; }
int islower(int c) { return in_range(c, 'a', 'z') ? _ISlower : 0; }
int isupper(int c) { return in_range(c, 'A', 'Z') ? _ISupper : 0; }
int isxdigit(int c) {
  return (digit(c) | in_range(c | 32, 'a', 'f')) ? _ISxdigit : 0;
}
int isspace(int c) {
  return ((c == ' ') | in_range(c, '\t', '\r')) ? _ISspace : 0;
}
int isblank(int c) { return ((c == ' ') | (c == '\t')) ? _ISblank : 0; }
int iscntrl(int c) { return (in_range(c, 0, 31) | (c == 127)) ? _IScntrl : 0; }
int isgraph(int c) { return graphic(c) ? _ISgraph : 0; }
int isprint(int c) { return in_range(c, ' ', '~') ? _ISprint : 0; }
int ispunct(int c) {
  return (graphic(c) & !(letter(c) | digit(c))) ? _ISpunct : 0;
}
int isascii(int c) { return (c & ~0x7f) == 0; }
int toascii(int c) { return c & 0x7f; }

/* glibc converts a negative signed char other than EOF to the unsigned
 * byte it stands for. */
static int unsigned_byte(int c) {
  return c + (in_range(c, -128, -2) ? 256 : 0);
}

int tolower(int c) {
  c = unsigned_byte(c);
  return c + (in_range(c, 'A', 'Z') ? 'a' - 'A' : 0);
}
int toupper(int c) {
  c = unsigned_byte(c);
  return c - (in_range(c, 'a', 'z') ? 'a' - 'A' : 0);
}
