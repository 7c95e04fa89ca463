/* ctype.c - models of <ctype.h> for symbolic execution, "C" locale.
 *
 * Programs are compiled with -D__NO_CTYPE, so isdigit() and friends are
 * calls to these functions rather than glibc's macros over the
 * __ctype_b_loc() table. A classification has no branch of its own: range
 * tests are combined without short-circuit and `test ? bit : 0` compiles
 * to a select, which the engine keeps as an if-then-else expression, so
 * the program's own `if (isdigit(c))` is the one decision. Like glibc, a
 * classifier returns its class bit (_ISdigit, ...) rather than 1, and
 * bytes 128..255 and EOF are in no class.
 *
 * The same definitions fill glibc's tables (__ctype_b_loc and friends) for
 * bitcode compiled without -D__NO_CTYPE. */
#include <ctype.h>

/* Constant expressions, so that the tables below can use them. */
#define IN_RANGE(c, low, high)                                                 \
  ((unsigned)(c) - (low) <= (unsigned)((high) - (low)))
/* Setting bit 5 maps 'A'..'Z' onto 'a'..'z' and nothing else onto them. */
#define LETTER(c) IN_RANGE((c) | 32, 'a', 'z')
#define DIGIT(c) IN_RANGE(c, '0', '9')
#define GRAPHIC(c) IN_RANGE(c, '!', '~')
#define ALNUM(c) (LETTER(c) | DIGIT(c))
#define LOWER(c) IN_RANGE(c, 'a', 'z')
#define UPPER(c) IN_RANGE(c, 'A', 'Z')
#define XDIGIT(c) (DIGIT(c) | IN_RANGE((c) | 32, 'a', 'f'))
#define SPACE(c) (((c) == ' ') | IN_RANGE(c, '\t', '\r'))
#define BLANK(c) (((c) == ' ') | ((c) == '\t'))
#define CNTRL(c) (IN_RANGE(c, 0, 31) | ((c) == 127))
#define PRINT(c) IN_RANGE(c, ' ', '~')
#define PUNCT(c) (GRAPHIC(c) & !ALNUM(c))
/* glibc converts a negative signed char other than EOF to the unsigned
 * byte it stands for. */
#define UNSIGNED_BYTE(c) ((c) + (IN_RANGE(c, -128, -2) ? 256 : 0))
#define TOLOWER(c)                                                             \
  (UNSIGNED_BYTE(c) + (UPPER(UNSIGNED_BYTE(c)) ? 'a' - 'A' : 0))
#define TOUPPER(c)                                                             \
  (UNSIGNED_BYTE(c) - (LOWER(UNSIGNED_BYTE(c)) ? 'a' - 'A' : 0))

int isalpha(int c) { return LETTER(c) ? _ISalpha : 0; }
int isdigit(int c) { return DIGIT(c) ? _ISdigit : 0; }
int isalnum(int c) { return ALNUM(c) ? _ISalnum : 0; }
int islower(int c) { return LOWER(c) ? _ISlower : 0; }
int isupper(int c) { return UPPER(c) ? _ISupper : 0; }
int isxdigit(int c) { return XDIGIT(c) ? _ISxdigit : 0; }
int isspace(int c) { return SPACE(c) ? _ISspace : 0; }
int isblank(int c) { return BLANK(c) ? _ISblank : 0; }
int iscntrl(int c) { return CNTRL(c) ? _IScntrl : 0; }
int isgraph(int c) { return GRAPHIC(c) ? _ISgraph : 0; }
int isprint(int c) { return PRINT(c) ? _ISprint : 0; }
int ispunct(int c) { return PUNCT(c) ? _ISpunct : 0; }
int isascii(int c) { return (c & ~0x7f) == 0; }
int toascii(int c) { return c & 0x7f; }
int tolower(int c) { return TOLOWER(c); }
int toupper(int c) { return TOUPPER(c); }

/* glibc's tables, indexed by -128..255. */
#define CLASSES(c)                                                             \
  ((LETTER(c) ? _ISalpha : 0) | (DIGIT(c) ? _ISdigit : 0) |                    \
   (ALNUM(c) ? _ISalnum : 0) | (LOWER(c) ? _ISlower : 0) |                     \
   (UPPER(c) ? _ISupper : 0) | (XDIGIT(c) ? _ISxdigit : 0) |                   \
   (SPACE(c) ? _ISspace : 0) | (BLANK(c) ? _ISblank : 0) |                     \
   (CNTRL(c) ? _IScntrl : 0) | (GRAPHIC(c) ? _ISgraph : 0) |                   \
   (PRINT(c) ? _ISprint : 0) | (PUNCT(c) ? _ISpunct : 0))
#define ROW4(F, c) F(c), F((c) + 1), F((c) + 2), F((c) + 3)
#define ROW16(F, c)                                                            \
  ROW4(F, c), ROW4(F, (c) + 4), ROW4(F, (c) + 8), ROW4(F, (c) + 12)
#define ROW64(F, c)                                                            \
  ROW16(F, c), ROW16(F, (c) + 16), ROW16(F, (c) + 32), ROW16(F, (c) + 48)
#define TABLE(F)                                                               \
  {                                                                            \
    ROW64(F, -128), ROW64(F, -64), ROW64(F, 0), ROW64(F, 64), ROW64(F, 128),   \
        ROW64(F, 192)                                                          \
  }

static const unsigned short class_table[384] = TABLE(CLASSES);
static const __int32_t tolower_table[384] = TABLE(TOLOWER);
static const __int32_t toupper_table[384] = TABLE(TOUPPER);
static const unsigned short *class_origin = class_table + 128;
static const __int32_t *tolower_origin = tolower_table + 128;
static const __int32_t *toupper_origin = toupper_table + 128;

const unsigned short **__ctype_b_loc(void) { return &class_origin; }
const __int32_t **__ctype_tolower_loc(void) { return &tolower_origin; }
const __int32_t **__ctype_toupper_loc(void) { return &toupper_origin; }
