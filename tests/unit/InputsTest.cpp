//===- InputsTest.cpp - Entry parameters and command lines as inputs ------===//
//
// How the entry's parameters become inputs: command lines of main, the
// (buffer, length) link, byte buffers, pointers to arrays, --concrete;
// and the assumptions on the inputs a run lists.
//
//===----------------------------------------------------------------------===//
#include "explore/Inputs.h"
#include "explore/Assumptions.h"
#include "program/Program.h"

#include "llvm/IR/Function.h"

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <unistd.h>

namespace theseus {
namespace {

const char *const Source = R"C(
#include <stddef.h>
#include <stdint.h>
struct point { int x, y; };
int main(int argc, char **argv, char **envp) { return argc; }
int pair(const char *buf, size_t len) { return buf[0] + (int)len; }
int find(const char *s, int c, const char *t, int n) { return c + n; }
int grid(const int a[][30], const uint8_t *bytes, int n) { return n; }
int fixed(int mode, const struct point *p, const short *a) { return mode; }
struct sample { float t; double v; int n; };
typedef double real;
double floats(float x, real y, const float *w, const struct sample *s) {
  return x + y + w[0] + s->t;
}
long double wide(long double x) { return x; }
)C";

class InputsTest : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = std::filesystem::temp_directory_path() /
          ("theseus-inputs-" + std::to_string(getpid()));
    std::filesystem::create_directories(Dir);
    std::ofstream(Dir / "inputs.c") << Source;
    CompileOptions Opts;
    Opts.Sources = {(Dir / "inputs.c").string()};
    Prog = Program::load(Opts);
  }
  void TearDown() override { std::filesystem::remove_all(Dir); }

  const llvm::Function &entry(const char *Name) {
    return Prog->selectEntry(Name);
  }

  std::filesystem::path Dir;
  std::unique_ptr<Program> Prog;
  ExprContext Ctx;
};

TEST(CommandLineTest, ParsesKleeStyleArguments) {
  CommandLineSpec C =
      parseCommandLine({"-v", "--sym-arg", "3", "--sym-args", "1", "2", "4"});
  ASSERT_EQ(C.Args.size(), 2u);
  EXPECT_FALSE(C.Args[0].Symbolic);
  EXPECT_EQ(C.Args[0].Text, "-v");
  EXPECT_TRUE(C.Args[1].Symbolic);
  EXPECT_EQ(C.Args[1].MaxLen, 3u);
  EXPECT_EQ(C.SymArgsMin, 1u);
  EXPECT_EQ(C.SymArgsMax, 2u);
  EXPECT_EQ(C.SymArgsLen, 4u);
  EXPECT_THROW(parseCommandLine({"--sym-args", "0", "1", "2", "x"}),
               InputError);
  EXPECT_THROW(parseCommandLine({"--sym-arg"}), InputError);
  EXPECT_THROW(parseCommandLine({"--sym-args", "3", "1", "2"}), InputError);
}

TEST_F(InputsTest, MainTakesACommandLine) {
  std::vector<ParamInfo> Params = describeParams(entry("main"));
  ASSERT_EQ(Params.size(), 3u);
  EXPECT_EQ(Params[0].Role, ParamRole::ArgCount);
  EXPECT_EQ(Params[1].Role, ParamRole::ArgVector);
  EXPECT_EQ(Params[2].Role, ParamRole::EnvVector);

  InputOptions Opts;
  Opts.CommandLine = parseCommandLine({"-v", "--sym-args", "0", "2", "1"});
  Opts.CommandLine.ProgramName = "inputs";
  EntryInputs In(Ctx, entry("main"), {}, Opts);
  EXPECT_TRUE(In.hasCommandLine());
  EXPECT_TRUE(In.specs().empty());
  Assignment A = In.zeros();
  EXPECT_EQ(In.argv(A), (std::vector<std::string>{"inputs", "-v"}));
  std::vector<EntryArg> Args = In.bind(A);
  ASSERT_EQ(Args.size(), 3u);
  EXPECT_EQ(Args[0].Value.Bits, 2u);
  ASSERT_NE(Args[0].Value.Sym, nullptr); // argc is symbolic in [2, 4].
  ASSERT_EQ(Args[1].Targets.size(), 4u);
  EXPECT_EQ(Args[1].Present[2].Bits, 0u); // argv[2] is NULL when argc is 2.
  EXPECT_TRUE(Args[2].IsPointerArray);
  EXPECT_TRUE(Args[2].Targets.empty()); // envp holds only its NULL.

  // argc = 2 + byte % 3: a byte of 5 gives all four arguments.
  const Array *Argc = nullptr;
  for (const auto &[Arr, Bytes] : A.values())
    if (Arr->Name == "argc")
      Argc = Arr;
  ASSERT_NE(Argc, nullptr);
  A.set(Argc, {5});
  EXPECT_EQ(In.argv(A).size(), 4u);
  EXPECT_EQ(In.bind(A)[1].Present[3].Bits, 1u);
}

TEST_F(InputsTest, ArgumentsNeedAMain) {
  InputOptions Opts;
  Opts.CommandLine = parseCommandLine({"x"});
  EXPECT_THROW(EntryInputs(Ctx, entry("pair"), {}, Opts), InputError);
}

TEST_F(InputsTest, LengthFollowingABufferIsBounded) {
  BufferSizes Sizes;
  Sizes.StringBytes = 6;
  EntryInputs In(Ctx, entry("pair"), Sizes);
  const InputSpec &Len = In.specs()[1];
  EXPECT_EQ(Len.Param.LengthOf, "buf");
  EXPECT_EQ(Len.Param.MaxValue, 6u);
  Assignment A = In.zeros();
  A.set(Len.Arr, {100, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(EntryInputs::unsignedValue(Len, A), 100u % 7);

  // A character after a string is not its length; a size by name is.
  std::vector<ParamInfo> Find = describeParams(entry("find"), Sizes);
  EXPECT_TRUE(Find[1].LengthOf.empty());
  EXPECT_EQ(Find[3].LengthOf, "t");

  Sizes.LinkLengths = false;
  EXPECT_TRUE(describeParams(entry("pair"), Sizes)[1].LengthOf.empty());
  Sizes.Lengths = {"len=buf"};
  EXPECT_EQ(describeParams(entry("pair"), Sizes)[1].LengthOf, "buf");
  Sizes.Lengths = {"buf=len"};
  EXPECT_THROW(describeParams(entry("pair"), Sizes), InputError);
}

TEST_F(InputsTest, InputStreamsGiveParametersTheirBytesInOrder) {
  BufferSizes Sizes;
  Sizes.StringBytes = 4;
  EntryInputs In(Ctx, entry("pair"), Sizes);
  const InputSpec &Buf = In.specs()[0], &Len = In.specs()[1];
  ASSERT_EQ(Buf.Arr->Size, 4u);
  ASSERT_EQ(Len.Arr->Size, 8u);
  // A string's bytes in the stream stop before its NUL: the engine adds
  // it, as the fuzz target does.
  std::vector<uint8_t> Bytes = {'a', 'b', 'c', 3, 0, 0, 0, 0, 0, 0, 0, 9};
  InputStream S(Bytes);
  Assignment A = In.fromStream(S);
  EXPECT_EQ(*A.get(Buf.Arr), (std::vector<uint8_t>{'a', 'b', 'c', 0}));
  EXPECT_EQ(EntryInputs::bytes(Buf, A),
            (std::vector<uint8_t>{'a', 'b', 'c', 0}));
  EXPECT_EQ(EntryInputs::unsignedValue(Len, A), 3u);
  EXPECT_EQ(S.take(2), (std::vector<uint8_t>{9, 0})); // Zeros past the end.

  // A created input follows the parameters in the stream.
  const Array *Created = Ctx.array("nondet_int_1", 4);
  A.set(Created, {1, 2, 3, 4});
  std::vector<uint8_t> Round = In.toStream(A, {Created});
  std::vector<uint8_t> Expected(Bytes.begin(), Bytes.begin() + 11);
  Expected.insert(Expected.end(), {1, 2, 3, 4});
  EXPECT_EQ(Round, Expected);
}

TEST_F(InputsTest, AStringEndsWithItsNulWhateverItsArrayHolds) {
  BufferSizes Sizes;
  Sizes.StringBytes = 4;
  EntryInputs In(Ctx, entry("pair"), Sizes);
  const InputSpec &Buf = In.specs()[0];
  Assignment A = In.zeros();
  A.set(Buf.Arr, {'a', 'b', 'c', 'd'}); // E.g. a random start's bytes.
  std::vector<uint8_t> String = {'a', 'b', 'c', 0};
  EXPECT_EQ(EntryInputs::bytes(Buf, A), String);
  std::vector<EntryArg> Args = In.bind(A);
  EXPECT_EQ(Args[0].Bytes, String);
  EXPECT_EQ(Args[0].SymbolicBytes, 3u);
}

TEST_F(InputsTest, PointersToArraysAndByteBuffers) {
  BufferSizes Sizes;
  Sizes.Elements = 3;
  Sizes.LinkLengths = false;
  std::vector<ParamInfo> P = describeParams(entry("grid"), Sizes);
  EXPECT_EQ(P[0].CType, "const int (*)[30]");
  EXPECT_EQ(P[0].Count, 3u);
  EXPECT_EQ(P[0].ElemBytes, 120u);
  EXPECT_EQ(P[1].Count, 3u);
  EXPECT_FALSE(P[1].NulTerminated);
}

TEST_F(InputsTest, FloatsAreInputsAndLongDoubleIsAnError) {
  std::vector<ParamInfo> P = describeParams(entry("floats"));
  ASSERT_EQ(P.size(), 4u);
  EXPECT_TRUE(P[0].IsFloat);
  EXPECT_EQ(P[0].Bytes, 4u);
  EXPECT_EQ(P[0].CType, "float");
  EXPECT_TRUE(P[1].IsFloat);
  EXPECT_EQ(P[1].Bits, 64u);
  EXPECT_EQ(P[1].CType, "real");
  EXPECT_EQ(P[1].BaseCType, "double");
  EXPECT_TRUE(P[2].IsPointer && P[2].IsFloat);
  EXPECT_EQ(P[2].ElemBytes, 4u);
  ASSERT_EQ(P[3].Fields.size(), 3u);
  EXPECT_TRUE(P[3].Fields[0].IsFloat && P[3].Fields[1].IsFloat);
  EXPECT_FALSE(P[3].Fields[2].IsFloat);
  EXPECT_TRUE(describeReturn(entry("floats")).IsFloat);
  // --concrete takes numbers for them, rounded once to the format.
  InputOptions Opts;
  Opts.Concrete = {"x=0.1", "s.v=-0", "w[1]=0x1.8p+0"};
  EntryInputs In(Ctx, entry("floats"), {}, Opts);
  std::mt19937_64 Rng(1);
  std::vector<EntryArg> Args = In.bind(In.random(Rng));
  EXPECT_EQ(Args[0].Value.Bits, std::bit_cast<uint32_t>(0.1f));
  EXPECT_EQ(Args[3].Bytes[15], 0x80); // s.v is bytes 8..15.
  EXPECT_EQ(Args[3].Bytes[8], 0);
  EXPECT_EQ(Args[2].Bytes[7], 0x3f); // 1.5f is 0x3fc00000.
  EXPECT_EQ(Args[2].Bytes[6], 0xc0);
  Opts.Concrete = {"y=one"};
  EXPECT_THROW(EntryInputs(Ctx, entry("floats"), {}, Opts), InputError);
  try {
    describeParams(entry("wide"));
    ADD_FAILURE() << "long double accepted";
  } catch (const InputError &E) {
    EXPECT_NE(E.Message.find("long double"), std::string::npos) << E.Message;
  }
}

/// The class of the float of `Size` bytes at `Offset` of `Bytes`: "nan",
/// "+inf", "-0", "subnormal", ...
std::string floatClass(const std::vector<uint8_t> &Bytes, unsigned Offset,
                       unsigned Size) {
  uint64_t V = 0;
  for (unsigned B = 0; B < Size; ++B)
    V |= uint64_t(Bytes[Offset + B]) << (8 * B);
  int Class = Size == 4 ? std::fpclassify(std::bit_cast<float>(uint32_t(V)))
                        : std::fpclassify(std::bit_cast<double>(V));
  const char *Sign = V >> (8 * Size - 1) ? "-" : "+";
  switch (Class) {
  case FP_NAN:
    return "nan";
  case FP_INFINITE:
    return std::string(Sign) + "inf";
  case FP_ZERO:
    return std::string(Sign) + "0";
  case FP_SUBNORMAL:
    return "subnormal";
  default:
    return "normal";
  }
}

TEST_F(InputsTest, RandomFloatsIncludeTheSpecialValues) {
  EntryInputs In(Ctx, entry("floats"));
  const std::vector<InputSpec> &S = In.specs();
  // x, y, w[1], s->v: a parameter of each format, a buffer's element and a
  // struct member.
  struct Place {
    const Array *Arr;
    unsigned Offset, Size;
  };
  std::vector<Place> Places = {
      {S[0].Arr, 0, 4}, {S[1].Arr, 0, 8}, {S[2].Arr, 4, 4}, {S[3].Arr, 8, 8}};
  std::vector<std::set<std::string>> Seen(Places.size());
  std::mt19937_64 Rng(1);
  for (int I = 0; I < 400; ++I) {
    Assignment A = In.random(Rng);
    for (size_t P = 0; P < Places.size(); ++P)
      Seen[P].insert(
          floatClass(*A.get(Places[P].Arr), Places[P].Offset, Places[P].Size));
  }
  std::set<std::string> Wanted = {"nan", "+inf",      "-inf",  "+0",
                                  "-0",  "subnormal", "normal"};
  for (size_t P = 0; P < Places.size(); ++P)
    for (const std::string &C : Wanted)
      EXPECT_TRUE(Seen[P].count(C)) << "place " << P << " never " << C;
}

TEST_F(InputsTest, ConcreteValuesAreNotSymbolic) {
  InputOptions Opts;
  Opts.Concrete = {"mode=7", "p.y=-2", "a[1]=0x1234"};
  EntryInputs In(Ctx, entry("fixed"), {}, Opts);
  std::mt19937_64 Rng(1);
  Assignment A = In.random(Rng);
  EXPECT_EQ(EntryInputs::signedValue(In.specs()[0], A), 7);
  std::vector<EntryArg> Args = In.bind(A);
  EXPECT_EQ(Args[0].Value.Sym, nullptr);
  EXPECT_EQ(Args[0].Value.Bits, 7u);
  // p.y is bytes 4..7 of the struct, a[1] bytes 2..3 of the array.
  EXPECT_EQ(Args[1].Bytes[4], 0xfe);
  EXPECT_TRUE(Args[1].Pinned[7] && !Args[1].Pinned[0]);
  EXPECT_EQ(Args[2].Bytes[2], 0x34);
  EXPECT_EQ(Args[2].Bytes[3], 0x12);
  EXPECT_TRUE(Args[2].Pinned[2] && !Args[2].Pinned[4]);
  Opts.Concrete = {"p.z=1"};
  EXPECT_THROW(EntryInputs(Ctx, entry("fixed"), {}, Opts), InputError);
}

/// The assumptions of a run of `Entry` with options `O`, by kind.
std::map<std::string, InputAssumption>
assumptionsByKind(ExprContext &Ctx, const llvm::Function &Entry,
                  const ExploreOptions &O) {
  EntryInputs In(Ctx, Entry, O.Buffers, O.Inputs);
  std::map<std::string, InputAssumption> Out;
  for (const InputAssumption &A : inputAssumptions(In, O, Entry))
    Out.emplace(A.Kind + ":" + A.Input, A);
  return Out;
}

TEST_F(InputsTest, AssumptionsNameEachBoundOnTheParameters) {
  ExploreOptions O;
  O.Buffers.StringBytes = 6;
  auto Pair = assumptionsByKind(Ctx, entry("pair"), O);
  ASSERT_EQ(Pair.size(), 2u);
  const InputAssumption &Buf = Pair["string-size:buf"];
  EXPECT_EQ(Buf.Max, 5); // Characters, the NUL aside.
  EXPECT_EQ(Buf.Option, "--max-strlen");
  const InputAssumption &Len = Pair["length-link:len"];
  EXPECT_EQ(Len.Buffer, "buf");
  EXPECT_EQ(Len.Min, 0);
  EXPECT_EQ(Len.Max, 6);
  EXPECT_EQ(Len.Option, "--no-len-link");
  EXPECT_EQ(Len.Text, "0 <= len <= 6: len is taken as the length of buf "
                      "(--no-len-link removes this)");
  O.Buffers.Lengths = {"len=buf"};
  EXPECT_EQ(assumptionsByKind(Ctx, entry("pair"), O)["length-link:len"].Option,
            "--len");
  O.Buffers.Lengths.clear();

  auto Grid = assumptionsByKind(Ctx, entry("grid"), O);
  EXPECT_EQ(Grid["buffer-size:a"].Max, 8);
  EXPECT_NE(Grid["buffer-size:a"].Text.find("8 const int[30] rows"),
            std::string::npos);
  EXPECT_EQ(Grid["buffer-size:bytes"].Option, "--max-len");
  EXPECT_EQ(Grid["length-link:n"].Buffer, "bytes");

  O.Inputs.Concrete = {"mode=3", "a[1]=0"};
  auto Fixed = assumptionsByKind(Ctx, entry("fixed"), O);
  ASSERT_EQ(Fixed.size(), 4u);
  EXPECT_EQ(Fixed["struct-pointer:p"].Option, "");
  EXPECT_EQ(Fixed["concrete:mode"].Value, "3");
  EXPECT_EQ(Fixed["concrete:mode"].Text, "mode = 3 in every run (--concrete)");
  EXPECT_EQ(Fixed["concrete:a[1]"].Value, "0");
}

TEST_F(InputsTest, AssumptionsOfACommandLine) {
  ExploreOptions O;
  O.Inputs.CommandLine =
      parseCommandLine({"-v", "--sym-arg", "3", "--sym-args", "0", "2", "1"});
  auto Main = assumptionsByKind(Ctx, entry("main"), O);
  ASSERT_EQ(Main.size(), 5u); // No stdin: the program cannot read it.
  EXPECT_EQ(Main["argc:argc"].Min, 3);
  EXPECT_EQ(Main["argc:argc"].Max, 5);
  EXPECT_EQ(Main["argument:argv[1]"].Text, "argv[1] = \"-v\" (after --)");
  EXPECT_EQ(Main["sym-arg:argv[2]"].Max, 3);
  EXPECT_EQ(Main["sym-args:argv[3..4]"].Max, 1);
  EXPECT_EQ(Main["envp:envp"].Text, "envp is empty");

  O.Inputs.CommandLine = {};
  auto Bare = assumptionsByKind(Ctx, entry("main"), O);
  EXPECT_EQ(Bare["argc:argc"].Max, 1);
  EXPECT_EQ(Bare.size(), 2u);
}

} // namespace
} // namespace theseus
