//===- FuzzOptions.cpp - libFuzzer over the command-line parser -----------===//
//
// The input is a command line: arguments separated by NUL bytes. Parsing
// must end in "go on" or an exit status with a one-line message, whatever
// the arguments; it runs nothing.
//
//===----------------------------------------------------------------------===//
#include "cli/Options.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::vector<std::string> Args = {"theseus"};
  std::string Current;
  for (size_t I = 0; I < Size; ++I) {
    if (Data[I] == 0) {
      Args.push_back(Current);
      Current.clear();
    } else {
      Current += static_cast<char>(Data[I]);
    }
  }
  Args.push_back(Current);
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  theseus::Options O;
  theseus::Command Cmd = theseus::Command::Explore;
  theseus::parseCommandLine(static_cast<int>(Args.size()), Argv.data(), O, Cmd);
  return 0;
}
