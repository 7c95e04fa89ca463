//===- FuzzTestReader.cpp - libFuzzer target for test files ---------------===//
//
// Feeds arbitrary bytes to the reader of the test files `theseus replay`
// takes. Every input must end in a parsed test or an InputError; any other
// exception, a crash or a sanitizer report is a bug of Theseus.
//
//===----------------------------------------------------------------------===//
#include "program/Program.h"
#include "report/TestRecord.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  try {
    theseus::parseTest(Text, "fuzz.json", "replay");
  } catch (const theseus::InputError &) {
    // A rejected test is a correct answer.
  }
  return 0;
}
