//===- FuzzTest.cpp - The program built for libFuzzer ---------------------===//
//
// The fuzzer binary runs the program many times in one process: each run
// starts from the initial globals, takes its inputs from the stream in the
// engine's order, and an abort() saves the input without ending fuzzing.
// The fuzzer as a child process says how long it ran and why it ended. A
// recorded run names its inputs and its error as the engine does.
//
//===----------------------------------------------------------------------===//
#include "fuzz/FuzzTarget.h"
#include "fuzz/NativeFuzzer.h"
#include "fuzz/NativeRecord.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <thread>
#include <unistd.h>

namespace theseus {
namespace {

class FuzzTargetTest : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = std::filesystem::temp_directory_path() /
          ("theseus-fuzz-" + std::to_string(getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(Dir / "crashes");
  }
  void TearDown() override { std::filesystem::remove_all(Dir); }

  /// Builds `Source` with entry `Entry` taking `Params`.
  std::string build(const char *Source, const char *Entry,
                    std::vector<ParamInfo> Params = {}) {
    std::ofstream(Dir / "prog.c") << Source;
    FuzzProgram P;
    P.Sources = {(Dir / "prog.c").string()};
    P.Entry = Entry;
    P.Params = std::move(Params);
    P.Return.IsVoid = false;
    P.Return.BaseCType = "int";
    return buildFuzzTarget(P, Dir.string());
  }

  /// Runs the fuzzer binary on the given inputs, one run each, in one
  /// process; returns its exit status.
  int runOn(const std::string &Bin,
            const std::vector<std::vector<uint8_t>> &Inputs) {
    std::vector<std::string> Argv = {Bin};
    for (size_t I = 0; I < Inputs.size(); ++I) {
      std::string F = (Dir / ("input" + std::to_string(I))).string();
      std::ofstream(F, std::ios::binary)
          .write(reinterpret_cast<const char *>(Inputs[I].data()),
                 static_cast<std::streamsize>(Inputs[I].size()));
      Argv.push_back(F);
    }
    setenv("THESEUS_FUZZ_CRASHES", (Dir / "crashes").c_str(), 1);
    std::string Log = (Dir / "run.log").string();
    return runProgram(Argv, Log, Log);
  }

  std::vector<std::string> saved() {
    std::vector<std::string> Out;
    for (const auto &E : std::filesystem::directory_iterator(Dir / "crashes"))
      Out.push_back(E.path().filename().string());
    return Out;
  }

  std::filesystem::path Dir;
};

TEST_F(FuzzTargetTest, EachRunStartsFromTheInitialGlobals) {
  const char *Source = R"C(
    extern void abort(void);
    int counter, primed = 5;
    int main(void) {
      static int calls;
      if (calls++ || counter++ || primed++ != 5)
        abort(); /* state left over from an earlier run */
      return 0;
    }
  )C";
  std::string Bin = build(Source, "main");
  EXPECT_EQ(runOn(Bin, {{1}, {2}, {3}}), 0);
  EXPECT_TRUE(saved().empty());
}

TEST_F(FuzzTargetTest, InputsComeFromTheStreamInTheEnginesOrder) {
  // The parameter's 4 bytes first, then each nondet call's.
  const char *Source = R"C(
    extern void reach_error(void);
    extern unsigned char __VERIFIER_nondet_uchar(void);
    extern short __VERIFIER_nondet_short(void);
    int check(int a) {
      unsigned char c = __VERIFIER_nondet_uchar();
      short s = __VERIFIER_nondet_short();
      if (a == 0x01020304 && c == 7 && s == -2)
        reach_error();
      return 0;
    }
  )C";
  ParamInfo A;
  A.Name = "a";
  A.BaseCType = "int";
  A.Bits = 32;
  A.Bytes = 4;
  A.Signed = true;
  std::string Bin = build(Source, "check", {A});
  EXPECT_EQ(runOn(Bin, {{4, 3, 2, 1, 7, 0xfe}}), 0);
  EXPECT_TRUE(saved().empty()) << "the stream ran out: s read as 0xff00";
  EXPECT_EQ(runOn(Bin, {{4, 3, 2, 1, 7, 0xfe, 0xff}}), 0);
  EXPECT_EQ(saved(), std::vector<std::string>{"abort-1"});
}

TEST_F(FuzzTargetTest, AStringTakesTheBytesBeforeItsNul) {
  // 4 bytes behind `s`: "abc" comes from the stream, its NUL does not, so
  // the next byte is the nondet call's (see chosenBytes).
  const char *Source = R"C(
    extern void reach_error(void);
    extern unsigned char __VERIFIER_nondet_uchar(void);
    extern unsigned long strlen(const char *);
    int check(char *s) {
      if (strlen(s) == 3 && s[2] == 'c' && __VERIFIER_nondet_uchar() == 'd')
        reach_error();
      return 0;
    }
  )C";
  ParamInfo S;
  S.Name = "s";
  S.IsPointer = true;
  S.Bytes = 4;
  S.NulTerminated = true;
  std::string Bin = build(Source, "check", {S});
  EXPECT_EQ(runOn(Bin, {{'a', 'b', 'c', 'd'}}), 0);
  EXPECT_EQ(saved(), std::vector<std::string>{"abort-1"});
}

TEST_F(FuzzTargetTest, ExitEndsTheRunNotTheFuzzer) {
  const char *Source = R"C(
    extern void exit(int);
    extern void abort(void);
    extern int __VERIFIER_nondet_int(void);
    int main(void) {
      if (__VERIFIER_nondet_int() == 1)
        exit(3);
      abort();
    }
  )C";
  std::string Bin = build(Source, "main");
  EXPECT_EQ(runOn(Bin, {{1, 0, 0, 0}, {2, 0, 0, 0}}), 0);
  EXPECT_EQ(saved().size(), 1u); // Only the second input aborts.
}

TEST_F(FuzzTargetTest, ARecordedRunNamesInputsAndErrorAsTheEngine) {
  // reach_error's body (an __assert_fail, inlined at -O1) is not the
  // error: its call is, at line 12 of main.
  const char *Source = R"C(
extern void __assert_fail(const char *, const char *, unsigned, const char *);
void reach_error(void) { __assert_fail("0", "prog.c", 2, "reach_error"); }
extern unsigned __VERIFIER_nondet_uint(void);
extern void klee_make_symbolic(void *, unsigned long, const char *);
int main(void) {
  unsigned a = __VERIFIER_nondet_uint();
  char b[2], c[2];
  klee_make_symbolic(b, 2, "buf");
  klee_make_symbolic(c, 2, "buf");
  if (a == 5 && b[1] == 'x')
    reach_error();
  return 0;
}
)C";
  std::string Bin = build(Source, "main");
  std::string Input = (Dir / "input").string();
  std::ofstream(Input, std::ios::binary) << std::string("\5\0\0\0ax", 6);
  std::optional<NativeError> E =
      recordNativeRun(Bin, Input, (Dir / "record").string());
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Kind, "reach-error");
  EXPECT_EQ(E->Message, "reach_error() called");
  EXPECT_EQ(E->Line, 12u);
  EXPECT_EQ(E->Function, "main");
  ASSERT_EQ(E->Created.size(), 3u);
  EXPECT_EQ(E->Created[0].Name, "nondet_uint_1");
  EXPECT_EQ(E->Created[0].CType, "unsigned int");
  EXPECT_EQ(E->Created[0].Bytes, (std::vector<uint8_t>{5, 0, 0, 0}));
  EXPECT_EQ(E->Created[1].Name, "buf");
  EXPECT_EQ(E->Created[2].Name, "buf#2");
  EXPECT_EQ(E->Created[2].CType, "uint8_t[2]");
  EXPECT_EQ(E->Created[2].Bytes, (std::vector<uint8_t>{0, 0}));
}

TEST(NativeRecord, ARunWithoutAnErrorRecordsNone) {
  EXPECT_FALSE(parseNativeRecord("input\tnondet\tint\t01000000\n"));
  EXPECT_FALSE(parseNativeRecord("input\tnondet\tnosuchkind\t01\n"
                                 "error\tabort\tp.c\t3\tmain\tabort\n"));
  std::optional<NativeError> E =
      parseNativeRecord("error\tassertion-failure\tp.c\t3\tf\tx > 0\n");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Message, "assertion 'x > 0' failed");
  EXPECT_EQ(E->File, "p.c");
}

TEST(FuzzCallSource, TakesParametersInOrder) {
  FuzzProgram P;
  P.Entry = "f";
  ParamInfo Len, Buf;
  Buf.Name = "buf";
  Buf.IsPointer = true;
  Buf.Bytes = 8;
  Buf.NulTerminated = true;
  Len.Name = "n";
  Len.BaseCType = "unsigned long";
  Len.Bits = 64;
  Len.Bytes = 8;
  Len.LengthOf = "buf";
  Len.MaxValue = 7;
  P.Params = {Buf, Len};
  P.Return.IsVoid = true;
  std::string S = fuzzCallSource(P);
  size_t BufAt = S.find("theseus_fuzz_buffer(8, 7)"); // Not its NUL.
  size_t LenAt = S.find("theseus_fuzz_scalar(8, 64, 0, 8ULL)");
  ASSERT_NE(BufAt, std::string::npos) << S;
  ASSERT_NE(LenAt, std::string::npos) << S;
  EXPECT_LT(BufAt, LenAt);
  EXPECT_NE(S.find("void theseus_entry(void *, unsigned long) __asm__(\"f\")"),
            std::string::npos)
      << S;
}

/// A stand-in fuzzer, a shell script run with libFuzzer's arguments.
class FuzzerProcessTest : public FuzzTargetTest {
protected:
  NativeFuzzer fuzzer(const char *Script, FuzzSettings S = {}) {
    std::string Path = (Dir / "fuzzer.sh").string();
    std::ofstream(Path) << "#!/bin/sh\n" << Script << "\n";
    std::filesystem::permissions(Path, std::filesystem::perms::owner_all);
    return NativeFuzzer(Path, (Dir / "fuzz").string(), S);
  }
};

TEST_F(FuzzerProcessTest, StoppedWhenTheSearchEndsWithItsTimeMeasured) {
  NativeFuzzer F = fuzzer("exec sleep 60");
  F.start();
  EXPECT_TRUE(F.running());
  F.searchEnded(/*Exhausted=*/true);
  EXPECT_FALSE(F.running());
  F.stop();
  EXPECT_EQ(F.stats().End, FuzzEnd::Exhausted);
  EXPECT_LT(F.stats().Seconds, 30); // Not the minute it would have slept.
  EXPECT_LT(F.stats().CpuSeconds, F.stats().Seconds + 0.1);
}

TEST_F(FuzzerProcessTest, SaysWhyItEndedByItself) {
  NativeFuzzer Done = fuzzer("exit 0");
  Done.start();
  while (Done.running())
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  Done.searchEnded(/*Exhausted=*/true); // Too late to stop it.
  Done.stop();
  EXPECT_EQ(Done.stats().End, FuzzEnd::Budget);

  FuzzSettings S;
  S.MaxRestarts = 2;
  NativeFuzzer Crashing = fuzzer("exit 1", S);
  Crashing.start();
  while (Crashing.running())
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  Crashing.stop();
  EXPECT_EQ(Crashing.stats().End, FuzzEnd::Crashed);
  EXPECT_EQ(Crashing.stats().Restarts, 2u);
}

} // namespace
} // namespace theseus
