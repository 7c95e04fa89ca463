/* Searches a string for the word "Hello": a loop over start positions with
 * an inner comparison loop. Run with --max-strlen 32 for a 32-byte buffer
 * (the solver benchmark); the assertion fails when the word is found.
 * bench-options: --max-strlen 32 */
#include <theseus.h>

int hello32(const char *buf) {
  static const char word[] = "Hello";
  for (int start = 0; buf[start]; start++) {
    int matched = 0;
    while (word[matched] && buf[start + matched] == word[matched])
      matched++;
    theseus_assert(word[matched] != '\0');
  }
  return 0;
}
