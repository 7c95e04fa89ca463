//===- ExportRender.cpp - Exported tests as GoogleTest or plain C ---------===//
#include "report/Export.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <csignal>
#include <fmt/format.h>

namespace theseus {

namespace {

std::string weakenOptions(const std::vector<std::string> &Names) {
  std::string Out;
  for (const std::string &N : Names)
    Out += " --weaken-symbol=" + N;
  return Out;
}

/// How the user builds the exported file with the program.
std::string buildLines(const ExportedSuite &S, bool GTest,
                       const std::string &Out) {
  std::string Sources;
  for (const std::string &Src : S.Sources)
    Sources += " " + Src;
  std::string Flags = S.MainEntry ? " -Dmain=theseus_entry_main" : "";
  for (const std::string &F : S.CFlags)
    Flags += " " + F;
  std::string Lines = fmt::format(" *   clang -c -g{}{}\n", Flags, Sources);
  std::string Objects;
  for (size_t I = 0; I < S.Sources.size(); ++I) {
    std::string Object = llvm::sys::path::stem(S.Sources[I]).str() + ".o";
    Objects += " " + Object;
    if (!S.OwnDefinitions[I].empty())
      Lines += fmt::format(" *   llvm-objcopy{} {}\n",
                           weakenOptions(S.OwnDefinitions[I]), Object);
  }
  Lines += GTest ? fmt::format(" *   clang++ -std=c++17 {}{} -lgtest "
                               "-lgtest_main -pthread && ./a.out\n",
                               Out, Objects)
                 : fmt::format(" *   clang {}{} && ./a.out\n", Out, Objects);
  return Lines;
}

/// Whether a source of `S` defines a `__VERIFIER_nondet_*` function
/// (`Nondet`) or an error function (otherwise) itself.
bool definesOwn(const ExportedSuite &S, bool Nondet) {
  return llvm::any_of(S.OwnDefinitions, [&](const auto &Names) {
    return llvm::any_of(Names, [&](const std::string &N) {
      return llvm::StringRef(N).starts_with("__VERIFIER_nondet_") == Nondet;
    });
  });
}

std::string header(const ExportedSuite &S, bool GTest) {
  const std::string &Out = S.Output;
  std::string Text = fmt::format(
      "/* Regression tests for {}, exported by `theseus export` from the "
      "tests Theseus\n * generated. Build and run:\n{}",
      S.Suite, buildLines(S, GTest, Out));
  if (S.MainEntry)
    Text += " * The program's main is renamed (-Dmain=theseus_entry_main) so "
            "that the tests\n * can call it.\n";
  Text += " * Tests of bugs only a sanitizer detects natively (out-of-bounds "
          "reads, use\n * after free, ...) are skipped unless the program and "
          "this file are both\n * built with -fsanitize=address (or "
          "-fsanitize=undefined for undefined\n * behaviour).\n";
  if (S.Harness)
    Text += " * The program's own inputs (klee_make_symbolic, "
            "__VERIFIER_nondet_*, ...) are\n * served by the replay runtime "
            "inlined at the end of this file.\n";
  if (definesOwn(S, true))
    Text += " * The program defines __VERIFIER_nondet_* functions itself; "
            "Theseus took their\n * values as inputs, so llvm-objcopy "
            "weakens those definitions and the\n * runtime's serve the "
            "recorded values (without it, the link fails with a\n * "
            "multiple definition).\n";
  if (definesOwn(S, false))
    Text += " * The program defines reach_error or __VERIFIER_error itself; "
            "a call of it is\n * the error, whatever its body, so "
            "llvm-objcopy weakens that definition and\n * this file's, "
            "which aborts, serves the call (a static definition cannot\n * "
            "be replaced this way).\n";
  return Text + " */\n";
}

/// C and C++ alike: headers, sanitizer settings, helpers, the entry.
const char *Prologue = R"(#include <assert.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define THESEUS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define THESEUS_ASAN 1
#endif
#endif
#if defined(__has_feature)
#if __has_feature(undefined_behavior_sanitizer)
#define THESEUS_UBSAN 1
#endif
#endif
#ifndef THESEUS_ASAN
#define THESEUS_ASAN 0
#endif
#ifndef THESEUS_UBSAN
#define THESEUS_UBSAN 0
#endif

/* In a sanitizer build, a bug that ends the process still dies of its
   signal, and a sanitizer report ends it. */
#if THESEUS_ASAN
const char *__asan_default_options(void) {
  return "handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_abort=0:"
         "detect_leaks=0";
}
#endif
#if THESEUS_UBSAN
const char *__ubsan_default_options(void) {
  return "halt_on_error=1:handle_segv=0:handle_sigbus=0:handle_sigfpe=0:"
         "handle_abort=0";
}
#endif

/* SV-COMP's error functions: a call of one is the error, whatever the
   program's body. */
void reach_error(void) { abort(); }
void __VERIFIER_error(void) { abort(); }
void theseus_replay_use(const char *lines);

/* stdin holds these bytes, then end of file: a file reopened as stdin, so
   that nothing an earlier test left in stdin's buffer remains. */
static inline void theseus_set_stdin(const char *bytes, size_t n) {
  char path[] = "/tmp/theseus-stdin-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0 || write(fd, bytes, n) != (ssize_t)n || close(fd) != 0 ||
      !freopen(path, "r", stdin))
    abort();
  unlink(path);
}

static FILE *theseus_out;
static int theseus_saved_stdout = -1;

static inline void theseus_capture_stdout(void) {
  fflush(stdout);
  theseus_out = tmpfile();
  theseus_saved_stdout = dup(1);
  if (!theseus_out || theseus_saved_stdout < 0 ||
      dup2(fileno(theseus_out), 1) < 0)
    abort();
}

/* Floats by their encodings, which tests set and compare bit for bit. */
static inline float theseus_float(uint32_t bits) {
  float v;
  memcpy(&v, &bits, sizeof v);
  return v;
}
static inline double theseus_double(uint64_t bits) {
  double v;
  memcpy(&v, &bits, sizeof v);
  return v;
}
static inline uint32_t theseus_float_bits(float v) {
  uint32_t bits;
  memcpy(&bits, &v, sizeof bits);
  return bits;
}
static inline uint64_t theseus_double_bits(double v) {
  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  return bits;
}

/* What was written to stdout since theseus_capture_stdout (`*n` bytes,
   malloc'ed); stdout is restored. */
static inline char *theseus_captured_stdout(size_t *n) {
  fflush(stdout);
  dup2(theseus_saved_stdout, 1);
  close(theseus_saved_stdout);
  fseek(theseus_out, 0, SEEK_END);
  long size = ftell(theseus_out);
  rewind(theseus_out);
  char *text = (char *)calloc((size_t)size + 1, 1);
  *n = fread(text, 1, (size_t)size, theseus_out);
  fclose(theseus_out);
  return text;
}
)";

/// The lines of a comment block, indented by nothing.
std::string comment(const std::vector<std::string> &Lines) {
  std::string Out;
  for (const std::string &L : Lines)
    Out += "// " + L + "\n";
  return Out;
}

std::string setup(const ExportedTest &T) {
  std::string Out;
  for (const std::string &S : T.Setup)
    Out += "  " + S + "\n";
  return Out;
}

/// The sanitizer a test needs, as a preprocessor condition and advice.
std::string sanitizerMacro(const ExportedTest &T) {
  return T.Sanitizer == "address" ? "THESEUS_ASAN" : "THESEUS_UBSAN";
}
std::string skipMessage(const ExportedTest &T) {
  return fmt::format("{} is detected natively only by a sanitizer: build "
                     "the program and this file with -fsanitize={}",
                     T.Bug, T.Sanitizer);
}

std::string signalName(int Sig) {
  switch (Sig) {
  case SIGABRT:
    return "SIGABRT";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  default:
    return "SIGSEGV";
  }
}

std::string skippedComments(const ExportedSuite &S) {
  std::string Out;
  for (const SkippedTest &K : S.Skipped)
    Out += fmt::format("// Not exported: {}: {}\n",
                       llvm::sys::path::filename(K.File).str(), K.Why);
  return Out.empty() ? "" : Out + "\n";
}

std::string runtime(const ExportedSuite &S) {
  if (!S.Harness)
    return "void theseus_replay_use(const char *lines) { (void)lines; }\n";
  return "/* The replay runtime of Theseus (runtime/theseus_replay.c): it "
         "serves each\n   test's recorded inputs to the program's "
         "klee_make_symbolic,\n   __VERIFIER_nondet_*, ... calls, in "
         "order. */\n" +
         S.RuntimeSource;
}

//===-- GoogleTest --------------------------------------------------------===//

std::string gtestReturn(const ExportedTest &T) {
  std::string Body;
  if (T.CheckStdout)
    Body += "  theseus_capture_stdout();\n";
  std::string Got = T.Call;
  if (!T.ResultType.empty() && (T.CheckStdout || T.Value.empty())) {
    Body += fmt::format("  {} ret = {};\n", T.ResultType, T.Call);
    Got = "ret";
  } else if (T.ResultType.empty() || T.Value.empty()) {
    Body += fmt::format("  {};\n", T.Call);
  }
  if (T.CheckStdout)
    Body += fmt::format("  EXPECT_EQ(theseus_stdout(), std::string({}, {}));\n",
                        stringLiteral(T.Stdout), T.Stdout.size());
  if (!T.Value.empty())
    Body += fmt::format("  EXPECT_EQ({}{}, {});\n", T.Promoted ? "(int)" : "",
                        Got, T.Value);
  if (Got == "ret" && T.Value.empty())
    Body += "  (void)ret;\n";
  return Body;
}

std::string gtestTest(const ExportedSuite &S, const ExportedTest &T) {
  std::string Body;
  std::string Call = T.ResultType.empty() ? T.Call : "(void)" + T.Call;
  switch (T.Expect) {
  case ExportExpect::Return:
    Body = setup(T) + gtestReturn(T);
    break;
  case ExportExpect::Exit:
    Body =
        setup(T) +
        fmt::format("  EXPECT_EXIT({}, testing::ExitedWithCode({}), \"\");\n",
                    Call, T.Code);
    break;
  case ExportExpect::Signal:
    Body =
        setup(T) +
        fmt::format("  EXPECT_EXIT({}, testing::KilledBySignal({}), \"\");\n",
                    Call, signalName(T.Signal));
    break;
  case ExportExpect::Sanitizer:
    Body = fmt::format("#if {}\n{}  EXPECT_DEATH({}, \"{}\");\n#else\n  "
                       "GTEST_SKIP() << \"{}\";\n#endif\n",
                       sanitizerMacro(T), setup(T), Call, T.Report,
                       skipMessage(T));
    break;
  }
  return comment(T.Comment) +
         fmt::format("TEST({}, {}) {{\n{}}}\n\n", S.Suite, T.Name, Body);
}

/// Fails a test whose call ends the process with exit() instead of
/// returning (gtest would stop without reporting it).
const char *GTestExitGuard = R"(
/* A call that exits instead of returning fails its test. */
static bool theseus_in_test;
static void theseus_exit_guard(void) {
  if (theseus_in_test && !testing::internal::InDeathTestChild()) {
    fprintf(stderr, "FAILED: the program exited instead of returning\n");
    _exit(1);
  }
}
namespace {
struct TheseusGuard : testing::EmptyTestEventListener {
  void OnTestStart(const testing::TestInfo &) override {
    theseus_in_test = true;
  }
  void OnTestEnd(const testing::TestInfo &) override {
    theseus_in_test = false;
  }
};
const bool TheseusGuardInstalled = [] {
  testing::UnitTest::GetInstance()->listeners().Append(new TheseusGuard);
  return atexit(theseus_exit_guard) == 0;
}();

std::string theseus_stdout() {
  size_t n = 0;
  char *text = theseus_captured_stdout(&n);
  std::string s(text, n);
  free(text);
  return s;
}
} // namespace

)";

//===-- Plain C -----------------------------------------------------------===//

const char *CRunner = R"(
enum { THESEUS_RETURNS, THESEUS_EXITS, THESEUS_DIES, THESEUS_REPORTS };

struct theseus_case {
  const char *name;
  int (*run)(void); /* 0 when its checks pass */
  int expect;
  int status;         /* The exit code or the signal. */
  const char *report; /* Text of the sanitizer's report. */
  const char *skip;   /* Why it does not run in this build. */
};

static int theseus_expect_signed(long long got, long long want) {
  if (got == want)
    return 0;
  fprintf(stderr, "returned %lld, expected %lld\n", got, want);
  return 1;
}

static int theseus_expect_unsigned(unsigned long long got,
                                   unsigned long long want) {
  if (got == want)
    return 0;
  fprintf(stderr, "returned %llu, expected %llu\n", got, want);
  return 1;
}

static int theseus_expect_stdout(const char *want, size_t n) {
  size_t got_n = 0;
  char *got = theseus_captured_stdout(&got_n);
  int failed = got_n != n || memcmp(got, want, n) != 0;
  if (failed)
    fprintf(stderr, "stdout was \"%s\", expected \"%s\"\n", got, want);
  free(got);
  return failed;
}

/* Runs a test in a child process, which must end as the test expects. */
static int theseus_run(const struct theseus_case *c) {
  if (c->skip) {
    printf("SKIP %s: %s\n", c->name, c->skip);
    return 0;
  }
  int passed[2];
  FILE *err = tmpfile();
  if (!err || pipe(passed) != 0)
    abort();
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    close(passed[0]);
    dup2(fileno(err), 1);
    dup2(fileno(err), 2);
    if (c->run() == 0 && write(passed[1], "P", 1) != 1)
      _exit(2);
    _exit(0);
  }
  close(passed[1]);
  char mark;
  int returned = read(passed[0], &mark, 1) == 1;
  close(passed[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  char text[4096];
  fseek(err, 0, SEEK_SET);
  text[fread(text, 1, sizeof text - 1, err)] = 0;
  fclose(err);
  int exited = WIFEXITED(status), code = WEXITSTATUS(status);
  int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  int ok = 0;
  switch (c->expect) {
  case THESEUS_RETURNS:
    ok = returned && exited && code == 0;
    break;
  case THESEUS_EXITS:
    ok = !returned && exited && code == c->status;
    break;
  case THESEUS_DIES:
    ok = sig == c->status;
    break;
  case THESEUS_REPORTS:
    ok = !returned && (sig || (exited && code != 0)) &&
         strstr(text, c->report) != NULL;
    break;
  }
  printf("%s %s\n", ok ? "PASS" : "FAIL", c->name);
  if (!ok)
    printf("  ended with %s %d; output:\n%s\n",
           sig ? "signal" : "exit code", sig ? sig : code, text);
  return !ok;
}
)";

std::string cReturn(const ExportedTest &T) {
  std::string Body;
  if (T.CheckStdout)
    Body += "  theseus_capture_stdout();\n";
  if (T.ResultType.empty() || T.Value.empty())
    Body +=
        fmt::format("  {}{};\n", T.ResultType.empty() ? "" : "(void)", T.Call);
  else
    Body += fmt::format("  {} ret = {};\n", T.ResultType, T.Call);
  Body += "  int failed = 0;\n";
  if (T.CheckStdout)
    Body += fmt::format("  failed |= theseus_expect_stdout({}, {});\n",
                        stringLiteral(T.Stdout), T.Stdout.size());
  if (!T.Value.empty())
    Body += fmt::format("  failed |= theseus_expect_{}(ret, {});\n",
                        T.Unsigned ? "unsigned" : "signed", T.Value);
  return Body + "  return failed;\n";
}

std::string cTest(const ExportedTest &T) {
  std::string Body = setup(T);
  if (T.Expect == ExportExpect::Return)
    Body += cReturn(T);
  else
    Body += fmt::format("  {}{};\n  return 0;\n",
                        T.ResultType.empty() ? "" : "(void)", T.Call);
  return comment(T.Comment) +
         fmt::format("static int {}(void) {{\n{}}}\n\n", T.Name, Body);
}

std::string cCase(const ExportedTest &T) {
  switch (T.Expect) {
  case ExportExpect::Return:
    return fmt::format(
        "    {{\"{0}\", {0}, THESEUS_RETURNS, 0, NULL, NULL}},\n", T.Name);
  case ExportExpect::Exit:
    return fmt::format(
        "    {{\"{0}\", {0}, THESEUS_EXITS, {1}, NULL, NULL}},\n", T.Name,
        T.Code);
  case ExportExpect::Signal:
    return fmt::format("    {{\"{0}\", {0}, THESEUS_DIES, {1}, NULL, NULL}},\n",
                       T.Name, signalName(T.Signal));
  case ExportExpect::Sanitizer:
    return fmt::format("    {{\"{0}\", {0}, THESEUS_REPORTS, 0, \"{1}\",\n"
                       "     {2} ? NULL : \"{3}\"}},\n",
                       T.Name, T.Report, sanitizerMacro(T), skipMessage(T));
  }
  return "";
}

std::string types(const ExportedSuite &S) {
  std::string Out;
  for (const std::string &T : S.Types)
    Out += T + "\n";
  return Out;
}

} // namespace

std::string renderGTest(const ExportedSuite &S) {
  std::string Text = header(S, true) +
                     "#include <gtest/gtest.h>\n\n#include "
                     "<string>\n\nextern \"C\" {\n" +
                     Prologue + "\n" + types(S) + S.Declaration + "\n}\n" +
                     GTestExitGuard + skippedComments(S);
  for (const ExportedTest &T : S.Tests)
    Text += gtestTest(S, T);
  return Text + "extern \"C\" {\n" + runtime(S) + "}\n";
}

std::string renderC(const ExportedSuite &S) {
  std::string Text = header(S, false) + Prologue + "\n" + types(S) +
                     S.Declaration + "\n" + CRunner + "\n" + skippedComments(S);
  std::string Cases;
  for (const ExportedTest &T : S.Tests) {
    Text += cTest(T);
    Cases += cCase(T);
  }
  Text += fmt::format(R"(int main(void) {{
  static const struct theseus_case cases[] = {{
{}  }};
  int failed = 0;
  size_t n = sizeof cases / sizeof cases[0];
  for (size_t i = 0; i < n; ++i)
    failed += theseus_run(&cases[i]);
  printf("%zu tests, %d failed\n", n, failed);
  return failed != 0;
}}

)",
                      Cases);
  return Text + runtime(S);
}

} // namespace theseus
