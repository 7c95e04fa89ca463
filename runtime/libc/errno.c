/* errno.c - errno in the program's memory.
 *
 * glibc's errno is `*__errno_location()`, thread-local storage of the host
 * process that the engine cannot follow. Here it is a variable of the
 * program: the models set it, the program reads and writes it. Native
 * calls set the host's errno, which the program does not see. */
#include <errno.h>

static int errno_value;

int *__errno_location(void) { return &errno_value; }
