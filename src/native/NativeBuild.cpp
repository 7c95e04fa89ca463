//===- NativeBuild.cpp - The program built natively with a driver ---------===//
#include "native/NativeBuild.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Program.h"

#include <fmt/format.h>
#include <fstream>

#ifndef THESEUS_RUNTIME_DIR
#define THESEUS_RUNTIME_DIR ""
#endif
#ifndef THESEUS_INCLUDE_DIR
#define THESEUS_INCLUDE_DIR ""
#endif

namespace theseus {

namespace {

/// The parts of a driver around its calls of the entry.
struct EntryCall {
  std::string Declaration; ///< Stand-in types and the entry's prototype.
  std::string Decode;      ///< Statements making a0, a1, ...
  std::string Args;        ///< "a0, a1, ..."
};

/// Statements that make argument `aI` of type `Type` for parameter `P`.
using ArgumentMaker = llvm::function_ref<std::string(
    const ParamInfo &P, unsigned I, const std::string &Type)>;

/// The entry declared as `theseus_entry`, bound to the symbol `Symbol` by
/// an asm label: an entry called like a libc function (e.g. bsearch) does
/// not clash with the headers the driver includes. A struct of integers
/// passed by value becomes a byte array of its size, which has the same
/// ABI class (INTEGER, or MEMORY past 16 bytes), so the driver needs no
/// definition of the user's type; so does a returned struct. A command-line
/// entry takes `CommandLineArgs`.
EntryCall entryCall(const NativeEntry &E, const std::string &Symbol,
                    const std::string &CommandLineArgs, ArgumentMaker Make) {
  EntryCall C;
  std::string Types, Params;
  if (E.CommandLine) {
    Params = "int, char **, char **";
    C.Args = CommandLineArgs;
  }
  for (unsigned I = 0; I < E.Params.size(); ++I) {
    const ParamInfo &P = E.Params[I];
    std::string Type = P.IsPointer ? "void *" : P.BaseCType;
    if (P.IsStruct) {
      Type = fmt::format("struct theseus_struct{}", I);
      Types += fmt::format("{} {{ unsigned char b[{}]; }};\n", Type, P.Bytes);
    }
    C.Decode += Make(P, I, Type);
    Params += (I ? ", " : "") + Type;
    C.Args += fmt::format("{}a{}", I ? ", " : "", I);
  }
  std::string Ret = E.Return.IsVoid ? "void" : E.Return.BaseCType;
  if (E.Return.IsStruct) {
    Ret = "struct theseus_return";
    Types +=
        fmt::format("{} {{ unsigned char b[{}]; }};\n", Ret, E.Return.Bytes);
  }
  C.Declaration =
      fmt::format("{}{} theseus_entry({}) __asm__(\"{}\");\n", Types, Ret,
                  Params.empty() ? "void" : Params, Symbol);
  return C;
}

/// A C string literal of `Text`.
std::string cString(const std::string &Text) {
  std::string Out = "\"";
  for (unsigned char C : Text) {
    if (C == '"' || C == '\\')
      Out += fmt::format("\\{}", static_cast<char>(C));
    else if (C < 32 || C > 126)
      Out += fmt::format("\\{:03o}", C);
    else
      Out += static_cast<char>(C);
  }
  return Out + "\"";
}

/// The statement calling the entry and printing what it returned. A
/// struct prints as its test shows it: a JSON object of its integer
/// members by name.
std::string replayCall(const ReturnInfo &R, const std::string &Args) {
  if (R.IsStruct) {
    std::string Print = "  printf(\"THESEUS_RETURN {\");\n";
    const char *Separator = "";
    for (const FieldInfo *F : fieldsByName(R.Fields)) {
      Print +=
          fmt::format("  printf({}, {}theseus_field(r.b + {}, {}, {}));\n",
                      cString(fmt::format("{}\"{}\":{}", Separator, F->Name,
                                          F->Signed ? "%lld" : "%llu")),
                      F->Signed ? "(long long)" : "", F->Offset, F->Bytes,
                      F->Signed ? 1 : 0);
      Separator = ",";
    }
    return fmt::format("  struct theseus_return r = theseus_entry({});\n"
                       "{}  printf(\"}}\\n\");\n",
                       Args, Print);
  }
  if (R.IsVoid)
    return fmt::format(
        "  theseus_entry({});\n  printf(\"THESEUS_RETURN void\\n\");\n", Args);
  // As the test records it: the decimal (floatDecimal, a JSON string of
  // "%.9g" or "%.17g") and the encoding's bytes, which tell NaNs apart.
  if (R.IsFloat)
    return fmt::format(
        "  {} r = theseus_entry({});\n"
        "  unsigned char b[sizeof r];\n"
        "  memcpy(b, &r, sizeof r);\n"
        "  printf(\"THESEUS_RETURN \\\"%.{}g\\\" (bytes \", r);\n"
        "  for (unsigned i = 0; i < sizeof r; ++i)\n"
        "    printf(\"%02x\", b[i]);\n"
        "  printf(\")\\n\");\n",
        R.Bits == 32 ? "float" : "double", Args, R.Bits == 32 ? 9 : 17);
  if (R.Signed)
    return fmt::format("  long long r = (long long)theseus_entry({});\n"
                       "  printf(\"THESEUS_RETURN %lld\\n\", r);\n",
                       Args);
  return fmt::format(
      "  unsigned long long r = (unsigned long long)theseus_entry({});\n"
      "  printf(\"THESEUS_RETURN %llu\\n\", r);\n",
      Args);
}

} // namespace

std::vector<std::string> harnessFlags(const char *Mode) {
  return {"-D__THESEUS__=1", fmt::format("-D__THESEUS_{}__=1", Mode),
          "-I" THESEUS_INCLUDE_DIR};
}

std::vector<std::string> undefinedBehaviorFlags(const SanitizerChecks &Checks) {
  std::vector<std::string> Flags;
  if (Checks.UndefinedBehavior)
    Flags.push_back(undefinedBehaviorSanitizeFlag());
  if (Checks.FloatDivideByZero)
    Flags.push_back("-fsanitize=float-divide-by-zero");
  bool CastReports = Checks.NanIndex && !Checks.UndefinedBehavior;
  if (CastReports)
    Flags.push_back("-fsanitize=float-cast-overflow");
  if (Checks.any())
    Flags.push_back("-fno-sanitize-recover=all");
  // Only a conversion whose result becomes an index is the engine's bug:
  // the others report and go on, as the engine does.
  if (CastReports)
    Flags.push_back("-fsanitize-recover=float-cast-overflow");
  return Flags;
}

std::string replayDriverSource(const NativeEntry &E) {
  // main(argc, argv, envp): the driver's arguments are argv's hex bytes.
  std::string Decode =
      E.CommandLine ? "  char **args = calloc(argc, sizeof *args);\n"
                      "  char *envp[] = {NULL};\n"
                      "  for (int i = 1; i < argc; ++i) {\n"
                      "    args[i - 1] = calloc(strlen(argv[i]) / 2 + 1, 1);\n"
                      "    theseus_bytes(argv[i], (unsigned char *)args[i - "
                      "1],\n"
                      "                  strlen(argv[i]) / 2);\n"
                      "  }\n"
                    : "";
  EntryCall C = entryCall(
      E, E.Name == "main" ? ReplayMain : E.Name, "argc - 1, args, envp",
      [](const ParamInfo &P, unsigned I, const std::string &Type) {
        if (P.IsStruct)
          return fmt::format("  {0} a{1};\n"
                             "  theseus_bytes(argv[{2}], a{1}.b, {3});\n",
                             Type, I, I + 1, P.Bytes);
        if (P.IsFloat && !P.IsPointer) // Its encoding, bit for bit.
          return fmt::format("  {0} a{1};\n"
                             "  theseus_bytes(argv[{2}], (unsigned char "
                             "*)&a{1}, {3});\n",
                             Type, I, I + 1, P.Bytes);
        // An exact-size buffer, so a sanitizer sees any overflow.
        if (P.IsPointer)
          return fmt::format("  unsigned char b{0}[{1}];\n"
                             "  theseus_bytes(argv[{2}], b{0}, {1});\n"
                             "  void *a{0} = b{0};\n",
                             I, P.Bytes, I + 1);
        return fmt::format(
            "  {0} a{1} = ({0})theseus_arg(argv[{2}], {3}, {4});\n", Type, I,
            I + 1, P.Bits, P.Signed ? 1 : 0);
      });
  // SV-COMP's error functions: a call of one is the error (SIGABRT, as
  // the engine reports it), whatever the program's body; its definitions
  // are weakened (weakenOwnDefinitions), so these serve every call.
  return fmt::format(R"(#include <stdio.h>
#include <stdlib.h>
#include <string.h>

{0}
void reach_error(void) {{ abort(); }}
void __VERIFIER_error(void) {{ abort(); }}

/* Little-endian hex bytes to a value of `bits` bits. */
static unsigned long long theseus_arg(const char *hex, unsigned bits, int sgn) {{
  unsigned long long v = 0;
  size_t n = strlen(hex) / 2;
  for (size_t i = 0; i < n && i < 8; ++i) {{
    unsigned b;
    sscanf(hex + 2 * i, "%2x", &b);
    v |= (unsigned long long)b << (8 * i);
  }}
  if (bits < 64) {{
    v &= (1ULL << bits) - 1;
    if (sgn && bits > 1 && (v >> (bits - 1)) & 1)
      v |= ~((1ULL << bits) - 1);
  }}
  return v;
}}

/* The little-endian integer of `n` bytes at `p`. */
static unsigned long long theseus_field(const unsigned char *p, unsigned n,
                                        int sgn) {{
  unsigned long long v = 0;
  for (unsigned i = 0; i < n; ++i)
    v |= (unsigned long long)p[i] << (8 * i);
  if (sgn && n < 8 && (v >> (8 * n - 1)) & 1)
    v |= ~0ULL << (8 * n);
  return v;
}}

static void theseus_bytes(const char *hex, unsigned char *out, size_t n) {{
  for (size_t i = 0; i < n; ++i) {{
    unsigned b = 0;
    sscanf(hex + 2 * i, "%2x", &b);
    out[i] = (unsigned char)b;
  }}
}}

int main(int argc, char **argv) {{
  (void)argc;
{1}{2}  setvbuf(stdout, NULL, _IONBF, 0);
{3}  return 0;
}}
)",
                     C.Declaration, Decode, C.Decode,
                     replayCall(E.Return, C.Args));
}

std::string fuzzCallSource(const NativeEntry &E,
                           const std::vector<std::string> &Argv) {
  std::string Decode;
  if (E.CommandLine) {
    std::string Args;
    for (const std::string &A : Argv)
      Args += cString(A) + ", ";
    Decode = fmt::format("  static char *argv[] = {{{}0}};\n"
                         "  static char *envp[] = {{0}};\n",
                         Args);
  }
  EntryCall C = entryCall(
      E, E.Name == "main" ? FuzzMain : E.Name,
      fmt::format("{}, argv, envp", Argv.size()),
      [](const ParamInfo &P, unsigned I, const std::string &Type) {
        if (P.IsStruct)
          return fmt::format("  {} a{};\n  theseus_fuzz_take(a{}.b, {});\n",
                             Type, I, I, P.Bytes);
        if (P.IsPointer)
          return fmt::format("  void *a{} = theseus_fuzz_buffer({}, {});\n", I,
                             P.Bytes, chosenBytes(P));
        if (P.IsFloat)
          return fmt::format("  {0} a{1};\n  theseus_fuzz_take(&a{1}, {2});\n",
                             Type, I, P.Bytes);
        uint64_t Modulo = P.LengthOf.empty() ? 0 : P.MaxValue + 1;
        return fmt::format(
            "  {0} a{1} = ({0})theseus_fuzz_scalar({2}, {3}, {4}, {5}ULL);\n",
            Type, I, P.Bytes, P.Bits, P.Signed ? 1 : 0, Modulo);
      });
  return fmt::format(
      "/* Generated by Theseus: the entry's parameters from the stream. */\n"
      "#include <stddef.h>\n"
      "void theseus_fuzz_take(void *out, size_t n);\n"
      "void *theseus_fuzz_buffer(size_t n, size_t chosen);\n"
      "unsigned long long theseus_fuzz_scalar(unsigned bytes, unsigned bits,\n"
      "                                       int sgn, unsigned long long "
      "modulo);\n"
      "{}void theseus_fuzz_call(void) {{\n{}{}  theseus_entry({});\n}}\n",
      C.Declaration, Decode, C.Decode, C.Args);
}

namespace {

/// The functions whose calls mean the same to the engine whatever the
/// program's body: every `__VERIFIER_nondet_*` call's value is an input
/// (SV-COMP gives them no other meaning; such a body often returns an
/// uninitialised local), and a call of reach_error or __VERIFIER_error is
/// the error itself (a task may define `void reach_error(){}`). Their
/// definitions in `Obj` become weak, so that the replay runtime's and the
/// driver's serve them natively too. A call goes through the symbol (a
/// relocation) only to a global function: a `static` definition stays the
/// program's own.
void weakenOwnDefinitions(const std::string &Obj) {
  auto Objcopy = llvm::sys::findProgramByName("llvm-objcopy-19");
  if (!Objcopy)
    Objcopy = llvm::sys::findProgramByName("llvm-objcopy");
  if (!Objcopy)
    throw InputError{"replay: cannot find llvm-objcopy-19"};
  if (runProgram({*Objcopy, "--wildcard", "--weaken-symbol=__VERIFIER_nondet_*",
                  "--weaken-symbol=reach_error",
                  "--weaken-symbol=__VERIFIER_error", Obj}) != 0)
    throw InputError{fmt::format("replay: llvm-objcopy failed on {}", Obj)};
}

} // namespace

std::string buildReplayBinary(const NativeProgram &P,
                              const std::string &DriverSource,
                              const std::string &Dir, unsigned Index,
                              const std::vector<std::string> &Sanitize) {
  std::string Driver = fmt::format("{}/driver{}.c", Dir, Index);
  std::ofstream(Driver) << DriverSource;
  std::string Bin = fmt::format("{}/program{}", Dir, Index);
  std::string Clang = findClang();
  std::vector<std::string> Objects;
  // Every object, the driver and the harness runtime included, is built
  // for the program's data model (-m32 for ILP32).
  std::vector<std::string> Model = dataModelFlags(P.Model);
  // The user's flags (e.g. -Dmain=prog_main) reach the program's sources
  // only, never the driver or the harness runtime.
  enum class Kind { User, Native, Theseus };
  auto Compile = [&](const std::string &Src, Kind K) {
    std::string Obj = fmt::format("{}/obj{}-{}.o", Dir, Index, Objects.size());
    std::vector<std::string> Argv = {Clang, "-c", "-O0", "-g", "-w"};
    for (std::string &F : harnessFlags("REPLAY"))
      Argv.push_back(std::move(F));
    if (K == Kind::User) {
      Argv.push_back(fmt::format("-Dmain={}", ReplayMain));
      Argv.insert(Argv.end(), legacyCodeFlags().begin(),
                  legacyCodeFlags().end());
    }
    Argv.insert(Argv.end(), Model.begin(), Model.end());
    Argv.insert(Argv.end(), Sanitize.begin(), Sanitize.end());
    if (K != Kind::Theseus)
      Argv.insert(Argv.end(), P.CFlags.begin(), P.CFlags.end());
    // clang does not preprocess a .i file, so -Dmain would not reach its
    // main: compile it as C, which preprocesses it again harmlessly.
    if (K == Kind::User && llvm::StringRef(Src).ends_with(".i"))
      Argv.insert(Argv.end(), {"-x", "c"});
    Argv.insert(Argv.end(), {Src, "-o", Obj});
    if (runProgram(Argv) != 0)
      throw InputError{fmt::format("replay: cannot compile {}", Src)};
    if (K == Kind::User)
      weakenOwnDefinitions(Obj);
    Objects.push_back(Obj);
  };
  for (const std::string &S : P.Sources)
    Compile(S, Kind::User);
  for (const std::string &S : P.NativeSources)
    Compile(S, Kind::Native);
  Compile(Driver, Kind::Theseus);
  Compile(THESEUS_RUNTIME_DIR "/theseus_replay.c", Kind::Theseus);
  std::vector<std::string> Link = {Clang, "-o", Bin};
  Link.insert(Link.end(), Model.begin(), Model.end());
  Link.insert(Link.end(), Sanitize.begin(), Sanitize.end());
  Link.insert(Link.end(), Objects.begin(), Objects.end());
  Link.push_back("-lm");
  if (runProgram(Link) != 0)
    throw InputError{"replay: cannot link the native program"};
  return Bin;
}

} // namespace theseus
