//===- LibcModelTest.cpp - The libc models: linking, and glibc agreement --===//
//
// The models (runtime/libc) are linked into the program only where it calls
// them, never over the program's own definitions. Interpreted, every model
// must compute what glibc computes: a C file of wrappers is compiled by
// Theseus (models) and natively (glibc), and both run on crafted and random
// strings. Runs with symbolic inputs must agree too, and every decision
// they record must hold under the input, so the models' expressions are
// right and not only their values. The same holds for the models of
// glibc's ctype tables, used by bitcode compiled without -D__NO_CTYPE.
//
//===----------------------------------------------------------------------===//
#include "exec/Interpreter.h"
#include "expr/Assignment.h"
#include "expr/Printer.h"
#include "program/Program.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

#include <gtest/gtest.h>

#include <dlfcn.h>
#include <filesystem>
#include <fstream>
#include <random>

using namespace theseus;

namespace {

/// A C file in a fresh temporary directory.
class SourceFile {
public:
  SourceFile(const std::string &Name, const std::string &Text) {
    std::string Template =
        (std::filesystem::temp_directory_path() / "theseus-libc-XXXXXX")
            .string();
    if (mkdtemp(Template.data()))
      Dir = Template;
    Path = Dir + "/" + Name;
    std::ofstream(Path) << Text;
  }
  ~SourceFile() {
    if (!Dir.empty())
      std::filesystem::remove_all(Dir);
  }
  std::string Dir, Path;
};

std::unique_ptr<Program> load(const SourceFile &File) {
  CompileOptions Opts;
  Opts.Sources = {File.Path};
  return Program::load(Opts);
}

const llvm::Function *definition(const Program &P, llvm::StringRef Name) {
  const llvm::Function *F = P.module().getFunction(Name);
  return F && !F->isDeclaration() ? F : nullptr;
}

TEST(LibcLinkTest, LinksTheModelsTheProgramCallsAndTheirCallees) {
  SourceFile File("uses_atoi.c", R"C(
#include <stdlib.h>
int uses_atoi(const char *s) { return atoi(s); }
)C");
  auto P = load(File);
  const llvm::Function *Atoi = definition(*P, "atoi");
  const llvm::Function *Strtol = definition(*P, "strtol");
  ASSERT_NE(Atoi, nullptr);
  ASSERT_NE(Strtol, nullptr) << "atoi's callee is linked too";
  EXPECT_TRUE(isLibcModel(*Atoi));
  EXPECT_TRUE(isLibcModel(*Strtol));
  EXPECT_EQ(P->module().getFunction("strcmp"), nullptr)
      << "a model the program does not need is not linked";
  EXPECT_EQ(P->definedFunctions(), std::vector<std::string>{"uses_atoi"});
  EXPECT_FALSE(isLibcModel(P->selectEntry("")));
  EXPECT_THROW(P->selectEntry("atoi"), InputError);
}

TEST(LibcLinkTest, TheProgramsOwnDefinitionWins) {
  SourceFile File("own_strlen.c", R"C(
#include <stddef.h>
size_t strlen(const char *s) { return 42; }
int atoi(const char *s) { return 7; }
int own_strlen(const char *s) { return (int)strlen(s) + atoi(s); }
)C");
  auto P = load(File);
  for (const char *Name : {"strlen", "atoi"}) {
    const llvm::Function *F = definition(*P, Name);
    ASSERT_NE(F, nullptr) << Name;
    EXPECT_FALSE(isLibcModel(*F)) << Name;
  }
  EXPECT_EQ(P->module().getFunction("strtol"), nullptr)
      << "the model of atoi, which would call strtol, is not linked";
}

TEST(LibcLinkTest, CtypeClassifiersAreCallsToModelsNotTableLookups) {
  SourceFile File("classify.c", R"C(
#include <ctype.h>
int classify(int c) { return isdigit(c) && toupper(c) != tolower(c); }
)C");
  auto P = load(File);
  EXPECT_EQ(P->module().getFunction("__ctype_b_loc"), nullptr);
  for (const char *Name : {"isdigit", "toupper", "tolower"}) {
    const llvm::Function *F = definition(*P, Name);
    ASSERT_NE(F, nullptr) << Name;
    EXPECT_TRUE(isLibcModel(*F)) << Name;
  }
}

/// Wrappers `long long t_F(long long a, long long b)` that build strings
/// from the bytes of a and b and call the C library. Without NATIVE, each
/// gets `probe_F(a, b, expected)`, which branches on the result against the
/// native one.
const char *const Wrappers = R"C(
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Each byte of an input picks one of 32 characters that matter to the
   functions under test: NUL, white space, signs, digits, letters of both
   cases (hex and not), punctuation, and a byte above 127. */
static const char alphabet[32] = "\0 \t\n+-0123456789abcfxzABFXZ:.H!\xe9";

static void unpack(long long packed, char *s) {
  for (int i = 0; i < 8; ++i)
    s[i] = alphabet[(packed >> (8 * i)) & 31];
  s[8] = 0;
}
static void unpack16(long long a, long long b, char *s) {
  unpack(a, s);
  unpack(b, s + 8);
}
/* Value, end offset and errno in one result. */
static long long parsed(long long value, const char *s, const char *end) {
  return value ^ ((long long)(end - s) << 58) ^ ((long long)errno << 50);
}

/* Base 1 is invalid: errno is EINVAL and end stays where it was. */
#define STRTO(F, BASE)                                                         \
  long long t_##F##BASE(long long a, long long b) {                            \
    char s[17], *end;                                                          \
    unpack16(a, b, s);                                                         \
    end = s + 3;                                                               \
    errno = 0;                                                                 \
    long long value = (long long)F(s, &end, BASE);                             \
    return parsed(value, s, end);                                              \
  }
STRTO(strtol, 0) STRTO(strtol, 1) STRTO(strtol, 8) STRTO(strtol, 10)
STRTO(strtol, 16) STRTO(strtol, 36) STRTO(strtoul, 0) STRTO(strtoul, 10)
STRTO(strtoul, 36)

long long t_atoi(long long a, long long b) {
  char s[17];
  unpack16(a, b, s);
  return atoi(s);
}
long long t_atol(long long a, long long b) {
  char s[17];
  unpack16(a, b, s);
  return atol(s);
}
long long t_abs(long long a, long long b) { return labs(a) ^ abs((int)b); }

/* The comparisons: C gives only the sign of the result, and glibc's
   magnitude depends on the implementation its loader picks for the CPU. */
static long long sign(int v) { return (v > 0) - (v < 0); }
/* b's low bytes zero: the strings share a prefix. */
long long t_strcmp(long long a, long long b) {
  char x[9], y[9];
  unpack(a, x);
  unpack(a ^ b, y);
  return sign(strcmp(x, y));
}
long long t_strncmp(long long a, long long b) {
  char x[9], y[9];
  unpack(a, x);
  unpack(a ^ (b & 0xffffffffffff), y);
  return sign(strncmp(x, y, (b >> 56) & 15));
}
long long t_memcmp(long long a, long long b) {
  char x[9], y[9];
  unpack(a, x);
  unpack(a ^ (b & 0xffffffffffff), y);
  return sign(memcmp(x, y, (b >> 56) & 7));
}
long long t_strlen(long long a, long long b) {
  char s[9];
  unpack(a, s);
  return strlen(s);
}
long long t_strchr(long long a, long long b) {
  char s[9];
  unpack(a, s);
  const char *p = strchr(s, alphabet[b & 31]);
  return p ? p - s : -1;
}
long long t_strrchr(long long a, long long b) {
  char s[9];
  unpack(a, s);
  const char *p = strrchr(s, alphabet[b & 31]);
  return p ? p - s : -1;
}
/* The needle is up to 3 characters of the haystack from offset b & 7,
   its first one replaced when bit 5 of b is set. */
long long t_strstr(long long a, long long b) {
  char s[9], needle[4] = {0};
  unpack(a, s);
  strncpy(needle, s + (b & 7), (b >> 3) & 3);
  if ((b >> 5) & 1)
    needle[0] = alphabet[(b >> 8) & 31];
  const char *p = strstr(s, needle);
  return p ? p - s : -1;
}
/* strcpy, strcat, then strncpy of a prefix (padding with NULs). */
long long t_copies(long long a, long long b) {
  char x[9], y[9], joined[17], out[16];
  unpack(a, x);
  unpack(b, y);
  strcat(strcpy(joined, x), y);
  memset(out, 'Q', sizeof out);
  strncpy(out, joined, (b >> 59) & 15);
  memmove(out + 1, out, 4);
  unsigned long long h = 0;
  for (int i = 0; i < 16; ++i)
    h = h * 131 + (unsigned char)out[i];
  return (long long)h;
}
/* Every class bit of c (distinct bits, as glibc's table entry) and its
   conversions, for c in -128..255. */
long long t_ctype(long long a, long long b) {
  int c = (int)((unsigned long long)a % 384) - 128;
  long long classes = isalnum(c) | isalpha(c) | isblank(c) | iscntrl(c) |
                      isdigit(c) | isgraph(c) | islower(c) | isprint(c) |
                      ispunct(c) | isspace(c) | isupper(c) | isxdigit(c);
  return classes | (long long)(toupper(c) & 0xfff) << 20 |
         (long long)(tolower(c) & 0xfff) << 32 | (long long)isascii(c) << 44 |
         (long long)toascii(c) << 48;
}

/* Searches of byte b & 31 of the alphabet within the first (b >> 8) & 15
   bytes. */
long long t_memchr(long long a, long long b) {
  char s[9];
  unpack(a, s);
  size_t n = (b >> 8) & 15;
  const char *p = memchr(s, alphabet[b & 31], n > 9 ? 9 : n);
  const char *q = memrchr(s, alphabet[b & 31], n > 9 ? 9 : n);
  return (p ? p - s : -1) * 16 + (q ? q - s : -1) + strnlen(s, n) * 256;
}
/* The set is the string b packs. */
long long t_spans(long long a, long long b) {
  char s[9], set[9];
  unpack(a, s);
  unpack(b, set);
  const char *p = strpbrk(s, set);
  return strspn(s, set) | strcspn(s, set) << 8 | (p ? p - s + 1 : 0) << 16;
}
/* Token offsets and lengths, with the delimiters b packs (strtok_r) and
   their first one (strtok). */
long long t_strtok(long long a, long long b) {
  char s[9], t[9], delim[9], *save, *tok;
  unpack(a, s);
  unpack(a, t);
  unpack(b, delim);
  unsigned long long h = 0;
  for (tok = strtok_r(s, delim, &save); tok; tok = strtok_r(NULL, delim, &save))
    h = h * 131 + (tok - s) * 16 + strlen(tok);
  char one[2] = {delim[0], 0};
  for (tok = strtok(t, one); tok; tok = strtok(NULL, one))
    h = h * 137 + (tok - t) * 16 + strlen(tok);
  return (long long)h;
}
long long t_strdup(long long a, long long b) {
  char s[9];
  unpack(a, s);
  char *whole = strdup(s), *part = strndup(s, b & 15);
  long long r = strcmp(whole, s) * 4096 + strlen(part) * 16 + strlen(whole);
  r += memcmp(part, s, strlen(part)) * 65536;
  free(whole);
  free(part);
  return r;
}
/* y is x with the bytes of b's low half changed, and the case of letters
   flipped where bits 32..39 of b are set. */
long long t_casecmp(long long a, long long b) {
  char x[9], y[9];
  unpack(a, x);
  unpack(a ^ (b & 0xffffffff), y);
  for (int i = 0; i < 8; ++i)
    if (isalpha(y[i]) && (b >> (32 + i)) & 1)
      y[i] ^= 32;
  return sign(strcasecmp(x, y)) * 256 +
         sign(strncasecmp(x, y, (b >> 56) & 15));
}
/* Sorts the 8 bytes of a as 4 pairs by their first byte only (stability
   shows), then searches for byte b in the sorted first bytes. */
static int by_first(const void *x, const void *y) {
  return *(const unsigned char *)x - *(const unsigned char *)y;
}
long long t_sort(long long a, long long b) {
  unsigned char v[8];
  for (int i = 0; i < 8; ++i)
    v[i] = (unsigned char)(a >> (8 * i)) & 7;
  qsort(v, 4, 2, by_first);
  unsigned char key = (unsigned char)b & 7;
  const unsigned char *hit = bsearch(&key, v, 4, 2, by_first);
  long long r = hit ? hit - v + 1 : 0;
  for (int i = 0; i < 8; ++i)
    r = r * 8 + v[i];
  return r;
}

#define FUNCTIONS(F)                                                           \
  F(strtol0) F(strtol1) F(strtol8) F(strtol10) F(strtol16) F(strtol36)       \
  F(strtoul0) F(strtoul10) F(strtoul36) F(atoi) F(atol) F(abs) F(strcmp)      \
  F(strncmp) F(memcmp) F(strlen) F(strchr) F(strrchr) F(strstr) F(copies)     \
  F(ctype)                                                                    \
  F(memchr) F(spans) F(strtok) F(strdup) F(casecmp) F(sort)

#ifndef NATIVE
#define PROBE(NAME)                                                            \
  void probe_##NAME(long long a, long long b, long long expected) {            \
    if (t_##NAME(a, b) < expected || t_##NAME(a, b) > expected)                \
      return;                                                                  \
  }
FUNCTIONS(PROBE)
#endif
)C";

const char *const Functions[] = {
    "strtol0",  "strtol1",   "strtol8",   "strtol10", "strtol16", "strtol36",
    "strtoul0", "strtoul10", "strtoul36", "atoi",     "atol",     "abs",
    "strcmp",   "strncmp",   "memcmp",    "strlen",   "strchr",   "strrchr",
    "strstr",   "copies",    "ctype",     "memchr",   "spans",    "strtok",
    "strdup",   "casecmp",   "sort"};

/// The wrappers, interpreted and native, built once for all tests.
class Wrapped {
public:
  static Wrapped &get() {
    static Wrapped W;
    return W;
  }
  std::string Error;
  std::unique_ptr<Program> Prog;
  /// Compiled without -D__NO_CTYPE, as bitcode given to Theseus is: ctype
  /// goes through the models of glibc's tables.
  std::unique_ptr<Program> TableProg;
  using NativeFn = long long (*)(long long, long long);
  NativeFn native(const std::string &Name) const {
    return reinterpret_cast<NativeFn>(dlsym(Lib, ("t_" + Name).c_str()));
  }

private:
  Wrapped() : File("wrappers.c", Wrappers) {
    std::string LibPath = File.Dir + "/libwrappers.so";
    std::string TableBitcode = File.Dir + "/tables.bc";
    try {
      if (runProgram({findClang(), "-shared", "-fPIC", "-O0", "-DNATIVE",
                      File.Path, "-o", LibPath}) != 0 ||
          runProgram({findClang(), "-c", "-emit-llvm", "-O0", "-g", File.Path,
                      "-o", TableBitcode}) != 0) {
        Error = "compilation failed";
        return;
      }
      Prog = load(File);
      CompileOptions Tables;
      Tables.Sources = {TableBitcode};
      TableProg = Program::load(Tables);
    } catch (const InputError &E) {
      Error = E.Message;
      return;
    }
    Lib = dlopen(LibPath.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!Lib)
      Error = dlerror();
  }
  ~Wrapped() {
    if (Lib)
      dlclose(Lib);
  }
  SourceFile File;
  void *Lib = nullptr;
};

/// Records decisions and native calls.
class Recorder : public ExecutionObserver {
public:
  void onBranch(const BranchEvent &E) override { Events.push_back(E); }
  void onConcretization(const llvm::Instruction *, const char *) override {}
  void onExternalCall(const llvm::Function *F) override {
    NativeCalls.push_back(F->getName().str());
  }
  std::vector<BranchEvent> Events;
  std::vector<std::string> NativeCalls;
};

/// Eight bytes, each the alphabet index of one character of `Text`.
uint64_t pack(std::string_view Text) {
  static const std::string_view Alphabet(
      "\0 \t\n+-0123456789abcfxzABFXZ:.H!\xe9", 32);
  uint64_t Packed = 0;
  for (size_t I = 0; I < 8; ++I) {
    char C = I < Text.size() ? Text[I] : '\0';
    Packed |= uint64_t(Alphabet.find(C)) << (8 * I);
  }
  return Packed;
}

/// Crafted inputs: prefixes, signs, bases, overflow, shared prefixes.
std::vector<std::pair<uint64_t, uint64_t>> craftedInputs() {
  std::vector<std::pair<uint64_t, uint64_t>> In;
  for (const char *S :
       {"",         " ",        "  -0x1F",  "0x",       "0X",       "-0xz",
        "077",      "08",       "+9z",      "-",        "+-1",      " \t\n42",
        "0xfFz",    "zzzzzzzz", "-zzzzzzz", "99999999", "-9999999", "FFFFFFFF",
        "-FFFFFFF", "00000000", "1a:.H!",   "0b1"})
    for (const char *T : {"", "zzzzzzzz", "99999999", "FFFFFFFF", "12"})
      In.push_back({pack(S), pack(T)});
  // Every character t_ctype classifies; short strings for the others.
  for (uint64_t A = 0; A < 384; ++A)
    In.push_back({A, 0});
  for (uint64_t Shift : {0, 8, 16, 24, 32, 40, 48, 56})
    for (uint64_t B : {1ull, 2ull, 31ull, 0x0f00000000000000ull})
      In.push_back({pack("ab0x:.Hz"), B << Shift});
  return In;
}

class LibcModelTest : public ::testing::TestWithParam<const char *> {
protected:
  void SetUp() override {
    ASSERT_EQ(Wrapped::get().Error, "") << "cannot build the wrappers";
    use(*Wrapped::get().Prog);
  }

  void use(const Program &P) {
    Prog = &P;
    Interp = std::make_unique<Interpreter>(P, Ctx, ExecOptions{});
  }

  const llvm::Function &function(const std::string &Name) {
    const llvm::Function *F = definition(*Prog, Name);
    if (!F)
      throw std::runtime_error("no function " + Name);
    return *F;
  }

  /// Runs `F` with a, b (and `Expected`, concrete, for probes); symbolic
  /// a and b are the inputs "a" and "b".
  PathOutcome run(const llvm::Function &F, uint64_t A, uint64_t B,
                  bool Symbolic, Recorder &Obs, uint64_t Expected = 0) {
    std::vector<ConcolicValue> Args;
    for (auto [Name, V] : {std::pair{"a", A}, std::pair{"b", B}}) {
      const Array *Arr = Ctx.array(Name, 8);
      std::vector<uint8_t> Bytes(8);
      for (unsigned I = 0; I < 8; ++I)
        Bytes[I] = uint8_t(V >> (8 * I));
      Input.set(Arr, Bytes);
      Args.push_back({V, Symbolic ? Ctx.readLE(Arr, 0, 8) : nullptr});
    }
    if (F.arg_size() == 3)
      Args.push_back({Expected, nullptr});
    std::unique_ptr<ExecutionState> S = Interp->createState(F, Args);
    return Interp->run(*S, Obs);
  }

  void expectAgreement(const std::string &Name, uint64_t A, uint64_t B) {
    long long Native = Wrapped::get().native(Name)(A, B);
    SCOPED_TRACE(testing::Message()
                 << "t_" << Name << "(" << std::hex << A << ", " << B << ")");
    for (bool Symbolic : {false, true}) {
      Recorder Obs;
      PathOutcome Out = run(function("t_" + Name), A, B, Symbolic, Obs);
      ASSERT_EQ(Out.End, PathEnd::Return) << Out.Message;
      EXPECT_EQ(static_cast<long long>(Out.Value), Native)
          << (Symbolic ? "symbolic" : "concrete") << " run";
      EXPECT_EQ(Obs.NativeCalls, std::vector<std::string>{});
    }
    Recorder Probe;
    run(function("probe_" + Name), A, B, true, Probe, Native);
    for (const BranchEvent &E : Probe.Events)
      EXPECT_EQ(evaluate(E.Cond, Input), uint64_t(E.Taken))
          << "decision " << toString(E.Cond) << " recorded as "
          << (E.Taken ? "taken" : "not taken");
  }

  ExprContext Ctx;
  Assignment Input;
  const Program *Prog = nullptr;
  std::unique_ptr<Interpreter> Interp;
};

/// Is `Name` compared with a sanitizer's interceptor instead of glibc? In
/// a THESEUS_SANITIZE build the wrappers' libc calls reach AddressSanitizer's
/// interceptors, which differ from glibc where C leaves room: strcmp and
/// strncmp return only the sign, and for the invalid base 1 the strtol
/// interceptor overwrites `*endptr` with garbage where glibc leaves it alone
/// (seen: a native `strtol(s, &e, 1)` with `e = s + 3` gives offset 3
/// without ASan, a wild pointer with it). The plain build checks all three
/// against glibc.
bool interceptedByASan(const std::string &Name) {
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
  return Name == "strcmp" || Name == "strncmp" || Name == "strtol1";
#endif
#endif
  return false;
}

TEST_P(LibcModelTest, AgreesWithGlibc) {
  const std::string Name = GetParam();
  if (interceptedByASan(Name))
    GTEST_SKIP() << Name << " reaches AddressSanitizer's interceptor";
  ASSERT_NE(Wrapped::get().native(Name), nullptr);
  for (auto [A, B] : craftedInputs()) {
    expectAgreement(Name, A, B);
    if (HasFailure())
      return;
  }
  std::mt19937_64 Random(42);
  for (int I = 0; I < 200 && !HasFailure(); ++I) {
    // Zero low bytes in b make prefixes shared in the comparisons.
    uint64_t B = Random() << (8 * (Random() % 8));
    expectAgreement(Name, Random(), B);
  }
}

TEST_F(LibcModelTest, CtypeTablesAgreeWithGlibc) {
  use(*Wrapped::get().TableProg);
  ASSERT_NE(definition(*Prog, "__ctype_b_loc"), nullptr);
  for (uint64_t C = 0; C < 384 && !HasFailure(); ++C)
    expectAgreement("ctype", C, 0);
}

INSTANTIATE_TEST_SUITE_P(Models, LibcModelTest, ::testing::ValuesIn(Functions),
                         [](const auto &Info) {
                           return std::string(Info.param);
                         });

} // namespace
