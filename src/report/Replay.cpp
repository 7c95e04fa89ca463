//===- Replay.cpp - Running tests on the natively compiled program --------===//
#include "report/Replay.h"

#include "program/Program.h"
#include "report/TestFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

namespace theseus {

namespace {

struct NativeResult {
  bool Exited = false;
  int Code = 0;
  int Signal = 0;
  bool TimedOut = false;
  std::string Stdout;
  std::string Stderr;
};

/// The environment of this process with `Set` ("NAME=value" entries)
/// replacing or adding variables of those names.
std::vector<std::string> environmentWith(const std::vector<std::string> &Set) {
  std::vector<std::string> Env;
  for (char **E = environ; *E; ++E) {
    llvm::StringRef Entry(*E);
    bool Replaced = llvm::any_of(Set, [&](const std::string &S) {
      return Entry.split('=').first == llvm::StringRef(S).split('=').first;
    });
    if (!Replaced)
      Env.emplace_back(Entry);
  }
  Env.insert(Env.end(), Set.begin(), Set.end());
  return Env;
}

std::vector<char *> cStrings(std::vector<std::string> &Strings) {
  std::vector<char *> Out;
  for (std::string &S : Strings)
    Out.push_back(S.data());
  Out.push_back(nullptr);
  return Out;
}

/// Runs `Argv` with stdout captured, killing it after `TimeoutSec`.
/// `KeepSignals` stops a UBSan runtime from turning the signals other bugs
/// die of into reports (an ASan runtime would read the same options).
/// posix_spawn, unlike fork, is safe while other threads (Z3's, the apc's)
/// hold locks: the child runs no code of this process before the exec.
NativeResult runNative(const std::vector<std::string> &Argv,
                       const std::string &StdoutPath,
                       const std::string &InputsPath,
                       const std::string &StdinPath, unsigned TimeoutSec,
                       bool KeepSignals) {
  NativeResult R;
  std::vector<std::string> Set = {"THESEUS_REPLAY_INPUTS=" + InputsPath};
  if (KeepSignals)
    Set.push_back("UBSAN_OPTIONS=handle_segv=0:handle_sigbus=0:handle_sigfpe=0:"
                  "handle_sigill=0:handle_abort=0");
  std::vector<std::string> Env = environmentWith(Set);
  std::vector<std::string> Args = Argv;
  std::vector<char *> EnvP = cStrings(Env), ArgV = cStrings(Args);
  std::string StderrPath = StdoutPath + ".err";
  posix_spawn_file_actions_t Files;
  posix_spawn_file_actions_init(&Files);
  posix_spawn_file_actions_addopen(&Files, 0, StdinPath.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&Files, 1, StdoutPath.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&Files, 2, StderrPath.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t Pid = 0;
  int Err =
      posix_spawn(&Pid, ArgV[0], &Files, nullptr, ArgV.data(), EnvP.data());
  posix_spawn_file_actions_destroy(&Files);
  if (Err != 0)
    throw InputError{fmt::format("cannot run the native program {}: {}",
                                 Argv[0], std::strerror(Err))};
  int Status = 0;
  // Most runs end within a millisecond: poll often at first, then every
  // 10 ms.
  auto Deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(TimeoutSec);
  for (useconds_t Wait = 50;; Wait = std::min<useconds_t>(Wait * 2, 10000)) {
    pid_t W = waitpid(Pid, &Status, WNOHANG);
    if (W == Pid)
      break;
    if (std::chrono::steady_clock::now() >= Deadline) {
      kill(Pid, SIGKILL);
      waitpid(Pid, &Status, 0);
      R.TimedOut = true;
      break;
    }
    usleep(Wait);
  }
  if (!R.TimedOut) {
    R.Exited = WIFEXITED(Status);
    R.Code = R.Exited ? WEXITSTATUS(Status) : 0;
    R.Signal = WIFSIGNALED(Status) ? WTERMSIG(Status) : 0;
  }
  std::ifstream In(StdoutPath), ErrIn(StderrPath);
  R.Stdout.assign(std::istreambuf_iterator<char>(In), {});
  R.Stderr.assign(std::istreambuf_iterator<char>(ErrIn), {});
  return R;
}

std::string describe(const NativeResult &R) {
  if (R.TimedOut)
    return "timed out";
  if (R.Signal)
    return fmt::format("killed by signal {} ({})", R.Signal,
                       strsignal(R.Signal));
  if (size_t Pos = R.Stderr.find("runtime error: "); Pos != std::string::npos)
    return "reported " + R.Stderr.substr(Pos, R.Stderr.find('\n', Pos) - Pos);
  auto Pos = R.Stdout.rfind("THESEUS_RETURN ");
  if (R.Exited && R.Code == 0 && Pos != std::string::npos) {
    std::string V = R.Stdout.substr(Pos + 15);
    return "returned " + V.substr(0, V.find('\n'));
  }
  return fmt::format("exited with code {}", R.Code);
}

/// The C driver: parses hex inputs from argv, calls the entry, prints the
/// result. Weak definitions stand in for SV-COMP's error functions when the
/// program only declares them.
std::string driverSource(const ProgramDescription &P,
                         const nlohmann::json &Inputs, bool CommandLine) {
  std::string Types, Params, Args, Decode;
  unsigned I = 0;
  if (CommandLine) {
    // main(argc, argv, envp): the driver's arguments are argv's hex bytes.
    Params = "int, char **, char **";
    Args = "argc - 1, args, envp";
    Decode = "  char **args = calloc(argc, sizeof *args);\n"
             "  char *envp[] = {NULL};\n"
             "  for (int i = 1; i < argc; ++i) {\n"
             "    args[i - 1] = calloc(strlen(argv[i]) / 2 + 1, 1);\n"
             "    theseus_bytes(argv[i], (unsigned char *)args[i - 1],\n"
             "                  strlen(argv[i]) / 2);\n"
             "  }\n";
  }
  for (const auto &In : Inputs) {
    if (CommandLine || In.value("kind", "parameter") != "parameter")
      continue;
    std::string Type = In.at("base_type").get<std::string>();
    unsigned Bits = In.at("bits").get<unsigned>();
    if (In.value("struct", false)) {
      // A struct of integers passed by value: a byte array of its size
      // has the same ABI class (INTEGER, or MEMORY past 16 bytes), so the
      // driver needs no definition of the user's type.
      Type = fmt::format("struct theseus_struct{}", I);
      Types += fmt::format("{} {{ unsigned char b[{}]; }};\n", Type, Bits / 8);
      Decode += fmt::format("  {0} a{1};\n"
                            "  theseus_bytes(argv[{2}], a{1}.b, {3});\n",
                            Type, I, I + 1, Bits / 8);
    } else if (In.value("pointer", false)) {
      // An exact-size buffer, so a sanitizer sees any overflow.
      Decode += fmt::format("  unsigned char b{0}[{1}];\n"
                            "  theseus_bytes(argv[{2}], b{0}, {1});\n"
                            "  void *a{0} = b{0};\n",
                            I, Bits / 8, I + 1);
    } else {
      Decode += fmt::format(
          "  {0} a{1} = ({0})theseus_arg(argv[{2}], {3}, {4});\n", Type, I,
          I + 1, Bits, In.at("signed").get<bool>() ? 1 : 0);
    }
    Params += (I ? ", " : "") + Type;
    Args += fmt::format("{}a{}", I ? ", " : "", I);
    ++I;
  }
  // The driver names the entry by its symbol only (an asm label), so an
  // entry called like a libc function (e.g. bsearch) does not clash with
  // the headers the driver includes.
  std::string Symbol = P.Entry == "main" ? "__theseus_user_main" : P.Entry;
  std::string Callee = "theseus_entry";
  std::string Call;
  if (P.Return.IsVoid)
    Call = fmt::format("  {}({});\n  printf(\"THESEUS_RETURN void\\n\");\n",
                       Callee, Args);
  else if (P.Return.Signed)
    Call = fmt::format("  long long r = (long long){}({});\n"
                       "  printf(\"THESEUS_RETURN %lld\\n\", r);\n",
                       Callee, Args);
  else
    Call = fmt::format("  unsigned long long r = (unsigned long long){}({});\n"
                       "  printf(\"THESEUS_RETURN %llu\\n\", r);\n",
                       Callee, Args);
  std::string Ret = P.Return.IsVoid ? "void" : P.Return.BaseCType;
  return fmt::format(R"(#include <stdio.h>
#include <stdlib.h>
#include <string.h>

{6}{0} {1}({2}) __asm__("{5}");

__attribute__((weak)) void reach_error(void) {{ abort(); }}
__attribute__((weak)) void __VERIFIER_error(void) {{ abort(); }}

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

static void theseus_bytes(const char *hex, unsigned char *out, size_t n) {{
  for (size_t i = 0; i < n; ++i) {{
    unsigned b = 0;
    sscanf(hex + 2 * i, "%2x", &b);
    out[i] = (unsigned char)b;
  }}
}}

int main(int argc, char **argv) {{
  (void)argc;
{3}  setvbuf(stdout, NULL, _IONBF, 0);
{4}  return 0;
}}
)",
                     Ret, Callee, Params.empty() ? "void" : Params, Decode,
                     Call, Symbol, Types);
}

/// The sanitizer flags of a replay build: AddressSanitizer for tests of
/// memory bugs, and for programs explored with --check=ub the same
/// UndefinedBehaviorSanitizer checks, stopping at the first report.
std::vector<std::string> sanitizerFlags(const ProgramDescription &P,
                                        bool MemoryBug) {
  std::vector<std::string> Flags;
  if (MemoryBug)
    Flags.push_back("-fsanitize=address");
  if (P.UndefinedBehaviorChecks)
    Flags.insert(Flags.end(), {undefinedBehaviorSanitizeFlag(),
                               "-fno-sanitize-recover=all"});
  return Flags;
}

/// Compiles the program and driver once per distinct program.
std::string buildNative(const ProgramDescription &P,
                        const std::string &DriverSource, const TempDir &Tmp,
                        unsigned Index,
                        const std::vector<std::string> &Sanitize) {
  std::string Driver = fmt::format("{}/driver{}.c", Tmp.path(), Index);
  std::ofstream(Driver) << DriverSource;
  std::string Bin = fmt::format("{}/program{}", Tmp.path(), Index);
  std::string Clang = findClang();
  std::vector<std::string> Objects;
  // Every object, the driver and the harness runtime included, is built
  // for the program's data model (-m32 for ILP32).
  std::vector<std::string> Model = dataModelFlags(P.Model);
  // The user's flags (e.g. -Dmain=prog_main) reach the program's sources
  // only, never the driver or the harness runtime.
  enum class Kind { User, Native, Theseus };
  auto Compile = [&](const std::string &Src, Kind K) {
    std::string Obj =
        fmt::format("{}/obj{}-{}.o", Tmp.path(), Index, Objects.size());
    std::vector<std::string> Argv = {Clang,
                                     "-c",
                                     "-O0",
                                     "-g",
                                     "-w",
                                     "-D__THESEUS__=1",
                                     "-D__THESEUS_REPLAY__=1",
                                     "-I" THESEUS_INCLUDE_DIR};
    if (K == Kind::User) {
      Argv.push_back("-Dmain=__theseus_user_main");
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

/// Did UndefinedBehaviorSanitizer report an error at the bug's line?
bool sanitizerReportAt(const RecordedOutcome &Outcome, const NativeResult &N) {
  std::string Where = fmt::format("{}:{}:", Outcome.File, Outcome.Line);
  for (size_t Pos = N.Stderr.find(Where); Pos != std::string::npos;
       Pos = N.Stderr.find(Where, Pos + 1)) {
    size_t End = N.Stderr.find('\n', Pos);
    if (N.Stderr.substr(Pos, End - Pos).find("runtime error:") !=
        std::string::npos)
      return true;
  }
  return false;
}

/// Does the native run end the way the engine said? Sets `Skip` for
/// outcomes that have no native counterpart. With --check=ub the build
/// stops at the first UndefinedBehaviorSanitizer report, which confirms a
/// bug at its line.
bool matches(const RecordedOutcome &Outcome, const NativeResult &N,
             bool CheckedUB, bool &Skip, std::string &Expected) {
  const std::string &Kind = Outcome.Kind;
  Skip = false;
  if (Kind == "return") {
    Expected = "returned " + Outcome.Value;
    return describe(N) == Expected;
  }
  if (Kind == "exit") {
    int Code = Outcome.Code & 0xff;
    Expected = fmt::format("exited with code {}", Code);
    return N.Exited && N.Code == Code &&
           N.Stdout.find("THESEUS_RETURN") == std::string::npos;
  }
  std::string UBSanReport = fmt::format(
      "an UndefinedBehaviorSanitizer report at line {}", Outcome.Line);
  if (Kind == "bug" && CheckedUB && sanitizerReportAt(Outcome, N)) {
    Expected = UBSanReport;
    return true;
  }
  if (Kind == "bug" && isUndefinedBehaviorBug(Outcome.Bug)) {
    Expected = UBSanReport;
    return false;
  }
  if (Kind == "bug" && isMemoryBug(Outcome.Bug)) {
    Expected = "an AddressSanitizer report";
    return N.Stderr.find("AddressSanitizer") != std::string::npos;
  }
  if (Kind == "bug") {
    int Sig = signalForBug(Outcome.Bug);
    Expected = fmt::format("killed by signal {} ({})", Sig, strsignal(Sig));
    if (CheckedUB)
      Expected += " or " + UBSanReport;
    return N.Signal == Sig;
  }
  Skip = true;
  Expected = Kind;
  return false;
}

/// The bytes of a test's "stdin" field; throws InputError naming the test
/// `Name` unless it is an even number of hex digits.
std::string hexToBytes(llvm::StringRef Hex, const std::string &Name,
                       llvm::StringRef Cmd) {
  std::string Out;
  for (size_t I = 0; I + 1 < Hex.size(); I += 2) {
    unsigned Byte;
    if (Hex.substr(I, 2).getAsInteger(16, Byte))
      throw InputError{fmt::format(
          "{}: {} is not a valid Theseus test: stdin bytes \"{}\" are not "
          "hex",
          Cmd.str(), Name, Hex.substr(I, 2).str())};
    Out.push_back(static_cast<char>(Byte));
  }
  if (Hex.size() % 2)
    throw InputError{fmt::format("{}: {} is not a valid Theseus test: "
                                 "stdin bytes have an odd number of digits",
                                 Cmd.str(), Name)};
  return Out;
}

/// nlohmann's message without its "[json.exception.type_error.302] " tag.
std::string jsonError(const nlohmann::json::exception &E) {
  auto [Tag, Message] = llvm::StringRef(E.what()).split("] ");
  return Message.empty() ? Tag.str() : Message.str();
}

RecordedOutcome recordedOutcome(const nlohmann::json &O) {
  RecordedOutcome R;
  R.Kind = O.at("kind").get<std::string>();
  R.File = O.value("file", "");
  R.Line = O.value("line", 0u);
  if (R.Kind == "bug")
    R.Bug = O.at("bug").get<std::string>();
  if (R.Kind == "exit")
    R.Code = O.at("code").get<int>();
  if (R.Kind == "return" && O.contains("value"))
    R.Value = O.at("value").dump();
  return R;
}

/// The fields of a test with a valid outline; throws nlohmann's exceptions
/// for fields of the wrong type.
ReplayTestFields extractFields(const nlohmann::json &Test,
                               const std::string &Name, llvm::StringRef Cmd) {
  ReplayTestFields T;
  T.Program = ProgramDescription::fromJson(Test.at("program"));
  T.ProgramKey = Test.at("program").dump();
  T.Outcome = recordedOutcome(Test.at("outcome"));
  T.MemoryBug = T.Outcome.Kind == "bug" && isMemoryBug(T.Outcome.Bug);
  bool CommandLine = Test.contains("argv");
  T.DriverSource = driverSource(T.Program, Test.at("inputs"), CommandLine);
  for (const auto &In : Test.at("inputs")) {
    if (In.value("kind", "parameter") != "parameter")
      T.CreatedInputs += In.at("name").get<std::string>() + " " +
                         In.at("bytes").get<std::string>() + "\n";
    else if (!CommandLine)
      T.Args.push_back(In.at("bytes").get<std::string>());
  }
  for (const auto &Arg : Test.value("argv", nlohmann::json::array()))
    T.Args.push_back(Arg.at("bytes").get<std::string>());
  if (Test.contains("stdin"))
    T.Stdin = hexToBytes(Test.at("stdin").value("bytes", ""), Name, Cmd);
  return T;
}

} // namespace

bool isMemoryBug(const std::string &Kind) {
  return Kind == "out-of-bounds" || Kind == "null-dereference" ||
         Kind == "use-after-free" || Kind == "double-free" ||
         Kind == "invalid-free" || Kind == "invalid-pointer";
}

bool isUndefinedBehaviorBug(const std::string &Kind) {
  static const std::set<std::string> Kinds = {
      "signed-overflow",  "shift-out-of-bounds", "index-out-of-bounds",
      "invalid-value",    "invalid-builtin",     "builtin-unreachable",
      "missing-return",   "vla-bound",           "float-cast-overflow",
      "nonnull-argument", "nonnull-return",      "undefined-behavior"};
  return Kinds.count(Kind) != 0;
}

int signalForBug(const std::string &Kind) {
  if (Kind == "assertion-failure" || Kind == "abort" || Kind == "reach-error")
    return SIGABRT;
  if (Kind == "division-by-zero" || Kind == "division-overflow")
    return SIGFPE;
  if (Kind == "trap" || Kind == "unreachable")
    return SIGILL;
  return SIGSEGV;
}

void collectTests(const std::string &Path, std::vector<std::string> &Out,
                  llvm::StringRef Cmd) {
  if (!llvm::sys::fs::exists(Path))
    throw InputError{
        fmt::format("{}: no such file or directory: {}", Cmd.str(), Path)};
  if (!llvm::sys::fs::is_directory(Path)) {
    Out.push_back(Path);
    return;
  }
  std::error_code EC;
  std::vector<std::string> Found;
  for (llvm::sys::fs::directory_iterator It(Path, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (Name.starts_with("test") && Name.ends_with(".json"))
      Found.push_back(It->path());
  }
  if (Found.empty())
    throw InputError{
        fmt::format("{}: no test files (test*.json) in {}", Cmd.str(), Path)};
  std::sort(Found.begin(), Found.end());
  Out.insert(Out.end(), Found.begin(), Found.end());
}

nlohmann::json parseOutline(const std::string &Text, const std::string &F,
                            llvm::StringRef Cmd) {
  nlohmann::json Test;
  try {
    Test = nlohmann::json::parse(Text);
  } catch (const nlohmann::json::exception &E) {
    throw InputError{fmt::format("{}: {} is not valid JSON: {}", Cmd.str(), F,
                                 jsonError(E))};
  }
  if (!Test.is_object() || Test.value("format", nlohmann::json()) !=
                               nlohmann::json("theseus-test-1"))
    throw InputError{fmt::format("{}: {} is not a Theseus test (no "
                                 "\"format\": \"theseus-test-1\")",
                                 Cmd.str(), F)};
  if (!Test.value("program", nlohmann::json()).is_object() ||
      !Test.value("outcome", nlohmann::json()).is_object() ||
      !Test.value("inputs", nlohmann::json()).is_array())
    throw InputError{
        fmt::format("{}: {} is not a valid Theseus test: it needs the objects "
                    "\"program\" and \"outcome\" and the array \"inputs\"",
                    Cmd.str(), F)};
  return Test;
}

ReplayTestFields parseTest(const std::string &Text, const std::string &Name,
                           llvm::StringRef Cmd) {
  nlohmann::json Test = parseOutline(Text, Name, Cmd);
  // A field of the wrong type names the test instead of ending Theseus
  // with an internal error.
  try {
    return extractFields(Test, Name, Cmd);
  } catch (const nlohmann::json::exception &E) {
    throw InputError{fmt::format("{}: {} is not a valid Theseus test: {}",
                                 Cmd.str(), Name, jsonError(E))};
  }
}

struct Replayer::Impl {
  TempDir Tmp;
  std::map<std::string, std::string> Binaries; // Program JSON -> binary.
};

Replayer::Replayer() : P(std::make_unique<Impl>()) {}
Replayer::~Replayer() = default;

TestReplay Replayer::replay(const std::string &F) {
  std::ifstream In(F);
  if (!In)
    throw InputError{"replay: cannot read " + F};
  std::string Text(std::istreambuf_iterator<char>(In), {});
  return replayTest(parseTest(Text, F));
}

TestReplay Replayer::replayTest(const ReplayTestFields &Test) {
  // The input types are fixed by the entry's signature, so the program
  // description identifies the binary.
  const ProgramDescription &Prog = Test.Program;
  bool MemoryBug = Test.MemoryBug;
  std::vector<std::string> Sanitize = sanitizerFlags(Prog, MemoryBug);
  std::string Key = Test.ProgramKey;
  for (const std::string &Flag : Sanitize)
    Key += " " + Flag;
  const TempDir &Tmp = P->Tmp;
  auto It = P->Binaries.find(Key);
  if (It == P->Binaries.end())
    It =
        P->Binaries
            .emplace(Key, buildNative(Prog, Test.DriverSource, Tmp,
                                      static_cast<unsigned>(P->Binaries.size()),
                                      Sanitize))
            .first;
  std::vector<std::string> Argv = {It->second};
  Argv.insert(Argv.end(), Test.Args.begin(), Test.Args.end());
  std::string InputsPath = Tmp.path() + "/inputs.txt";
  std::ofstream(InputsPath) << Test.CreatedInputs;
  std::string StdinPath = Tmp.path() + "/stdin.bin";
  std::ofstream(StdinPath, std::ios::binary) << Test.Stdin;
  NativeResult N =
      runNative(Argv, Tmp.path() + "/stdout.txt", InputsPath, StdinPath, 10,
                Prog.UndefinedBehaviorChecks && !MemoryBug);
  bool Skip;
  TestReplay R;
  bool Ok =
      matches(Test.Outcome, N, Prog.UndefinedBehaviorChecks, Skip, R.Expected);
  R.Verdict = Skip ? ReplayVerdict::Skipped
              : Ok ? ReplayVerdict::Match
                   : ReplayVerdict::Mismatch;
  R.Native = describe(N);
  return R;
}

ReplayTotals replayTests(const std::vector<std::string> &Paths, std::FILE *Out,
                         bool Verbose) {
  std::vector<std::string> Files;
  for (const std::string &P : Paths)
    collectTests(P, Files, "replay");
  if (Files.empty())
    throw InputError{"replay: no test files found"};
  Replayer Replay;
  ReplayTotals T;
  for (const std::string &F : Files) {
    TestReplay R = Replay.replay(F);
    std::string Name = llvm::sys::path::filename(F).str();
    switch (R.Verdict) {
    case ReplayVerdict::Skipped:
      ++T.Skipped;
      if (Verbose)
        std::fprintf(Out,
                     "%s: skipped (engine outcome '%s' has no native "
                     "counterpart)\n",
                     Name.c_str(), R.Expected.c_str());
      break;
    case ReplayVerdict::Match:
      ++T.Matched;
      if (Verbose)
        std::fprintf(Out, "%s: match (%s)\n", Name.c_str(), R.Native.c_str());
      break;
    case ReplayVerdict::Mismatch:
      ++T.Mismatched;
      std::fprintf(Out, "%s: MISMATCH: engine expected %s, native run %s\n",
                   Name.c_str(), R.Expected.c_str(), R.Native.c_str());
      break;
    }
  }
  std::fprintf(Out, "replayed %zu tests: %u match, %u mismatch, %u skipped\n",
               Files.size(), T.Matched, T.Mismatched, T.Skipped);
  return T;
}

} // namespace theseus
