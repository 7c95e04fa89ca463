//===- Options.cpp - The theseus command line -----------------------------===//
#include "cli/Options.h"

#include "store/RunDatabase.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <tuple>
#include <unistd.h>

#ifndef THESEUS_VERSION
#define THESEUS_VERSION "0.1.0"
#endif

namespace theseus {
namespace {

/// Physical memory in MiB.
uint64_t physicalMemoryMB() {
  return uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGESIZE)) >>
         20;
}

/// A non-negative integer option of at least `Min` (CLI11's own range
/// checks quote the whole range of a double, and unsigned conversion
/// accepts "-1").
CLI::Validator countAtLeast(uint64_t Min) {
  return CLI::Validator(
      [Min](std::string &S) -> std::string {
        uint64_t V = 0;
        if (S.empty() || !std::all_of(S.begin(), S.end(), ::isdigit) ||
            llvm::StringRef(S).getAsInteger(10, V))
          return fmt::format("'{}' is not a non-negative integer", S);
        if (V < Min)
          return fmt::format("'{}' is less than {}", S, Min);
        return "";
      },
      "N");
}

/// A duration in seconds: a finite number, 0 or more.
CLI::Validator seconds() {
  return CLI::Validator(
      [](std::string &S) -> std::string {
        char *End = nullptr;
        double V = std::strtod(S.c_str(), &End);
        if (S.empty() || *End || !std::isfinite(V) || V < 0)
          return fmt::format("'{}' is not a number of seconds (0 or more)", S);
        return "";
      },
      "SECONDS");
}

/// An option whose value is one of `Names`, stored in `Target` as the
/// enumerator it names. Its default shows as its name.
template <typename Enum>
CLI::Option *addChoice(CLI::App &App, const std::string &Flag, Enum &Target,
                       std::vector<std::pair<std::string, Enum>> Names,
                       const std::string &Help) {
  std::vector<std::string> Valid;
  std::string Default;
  for (const auto &[Name, Value] : Names) {
    Valid.push_back(Name);
    if (Value == Target && Default.empty())
      Default = Name;
  }
  return App
      .add_option_function<std::string>(
          Flag,
          [&Target, Names](const std::string &Given) {
            for (const auto &[Name, Value] : Names)
              if (Name == Given)
                Target = Value;
          },
          Help)
      ->check(CLI::IsMember(Valid))
      ->default_str(Default)
      ->type_name("TEXT");
}

/// One line on stderr; the usage error's exit status.
int usageError(const std::string &Message) {
  std::fprintf(stderr, "theseus: error: %s\n", Message.c_str());
  return UsageError;
}

/// The options `theseus --resume DIR` may give anew.
constexpr const char *ResumeOverrides[] = {"--resume",         "--max-time",
                                           "--max-iterations", "--max-memory",
                                           "--quiet",          "--jobs"};

/// The command line of the run in `Dir`, and the directory it ran in.
std::pair<std::vector<std::string>, std::string>
earlierCommandLine(const std::string &Dir) {
  std::unique_ptr<RunDatabase> Db;
  std::vector<PartRow> Parts;
  try {
    Db = RunDatabase::open(Dir + "/" + RunDatabaseName);
    Parts = Db->parts();
  } catch (const StoreError &E) {
    throw InputError{fmt::format("--resume: {}", E.what())};
  }
  if (Parts.empty())
    throw InputError{
        fmt::format("--resume: {}/{} records no run", Dir, RunDatabaseName)};
  nlohmann::json Options = nlohmann::json::parse(Parts.front().Options);
  return {Options.at("command_line").get<std::vector<std::string>>(),
          Options.value("cwd", std::string())};
}

/// `theseus --resume DIR [budgets]`: the options of the run in DIR, read
/// from its run database, with the budgets given now. The process moves
/// to the directory that run started in, so its relative paths hold.
std::optional<int> resumedOptions(const CLI::App &App,
                                  const std::string &ResumeDir, Options &O,
                                  Command &Cmd) {
  for (const CLI::Option *Opt : App.get_options())
    if (Opt->count() && !llvm::is_contained(ResumeOverrides, Opt->get_name()))
      return usageError(fmt::format(
          "--resume takes the options of the run it resumes; {} cannot be "
          "given with it (only --max-time, --max-iterations, --max-memory, "
          "-j and -q)",
          Opt->get_name().empty() ? "a file" : Opt->get_name()));
  if (!O.ProgramArgs.empty())
    return usageError("--resume takes the program's command line of the run "
                      "it resumes; nothing may follow --");
  llvm::SmallString<256> Dir(ResumeDir);
  llvm::sys::fs::make_absolute(Dir);
  std::vector<std::string> Argv;
  std::string Cwd;
  try {
    std::tie(Argv, Cwd) = earlierCommandLine(std::string(Dir));
  } catch (const InputError &E) {
    return usageError(E.Message);
  } catch (const nlohmann::json::exception &E) {
    return usageError(fmt::format("--resume: {}/{}: damaged options: {}",
                                  ResumeDir, RunDatabaseName, E.what()));
  }
  std::vector<char *> Args;
  for (std::string &A : Argv)
    Args.push_back(A.data());
  Options Earlier;
  Earlier.Explore.Started = O.Explore.Started;
  if (std::optional<int> Done =
          parseCommandLine(int(Args.size()), Args.data(), Earlier, Cmd))
    return Done;
  if (Cmd != Command::Explore)
    return usageError(
        fmt::format("--resume: {} holds no exploration", ResumeDir));
  if (!Cwd.empty() && llvm::sys::fs::set_current_path(Cwd))
    return usageError(fmt::format("--resume: cannot enter {}, where the run "
                                  "started",
                                  Cwd));
  auto Given = [&](const char *Name) { return App.get_option(Name)->count(); };
  if (Given("--max-time"))
    Earlier.Explore.MaxTime = O.Explore.MaxTime;
  if (Given("--max-iterations"))
    Earlier.Explore.MaxIterations = O.Explore.MaxIterations;
  if (Given("--max-memory"))
    Earlier.Explore.MaxMemoryMB = O.Explore.MaxMemoryMB;
  if (Given("--jobs"))
    Earlier.Jobs = O.Jobs;
  Earlier.Quiet |= O.Quiet;
  Earlier.OutDir = std::string(Dir);
  Earlier.CommandLine = O.CommandLine;
  Earlier.Resume = true;
  O = std::move(Earlier);
  return std::nullopt;
}

} // namespace

std::optional<int> parseCommandLine(int Argc, char **Argv, Options &O,
                                    Command &Cmd) {
  CLI::App App{"Theseus: concolic and forking symbolic execution for C "
               "programs.\n"
               "Explores the paths of an entry function and writes a test "
               "per path.\n"
               "Exit status: 0 no bug found, 1 bugs found (replay: a "
               "mismatch), 2 usage or input error, 3 internal error (or a "
               "--self-check mismatch)."};
  App.set_version_flag("--version", "theseus " THESEUS_VERSION);
  O.CommandLine.assign(Argv, Argv + Argc);
  App.add_option("files", O.Files, "C sources (.c), or LLVM .bc/.ll files");
  App.add_option("--entry", O.Entry,
                 "Function to explore (default: the one named after the "
                 "first file, else main)");
  App.add_option("-o,--output", O.OutDir, "Run directory")
      ->capture_default_str();
  addChoice(App, "--mode", O.Mode,
            {{"concolic", ExploreMode::Concolic}, {"fork", ExploreMode::Fork}},
            "concolic: run inputs and negate decisions; fork: split the "
            "state at each feasible branch and build the symbolic "
            "execution tree (tree.json, tree.dot)");
  addChoice(App, "--strategy", O.Explore.Strat,
            {std::begin(StrategyNames), std::end(StrategyNames)},
            "Search order: cov-interleaved (default: coverage-new and "
            "random-path in turn; with --target, target-distance every "
            "third pick), bfs, dfs, random-path, coverage-new, "
            "target-distance (closest to a --target), and in concolic "
            "mode generational, dart");
  App.add_option("--return-values", O.Explore.ReturnValues,
                 "Every return value of a path whose return value depends "
                 "on the input, when the solver proves there are at most N: "
                 "each further one is written as a test of its own; a path "
                 "with more keeps its own test and is counted in the "
                 "summary (0: none sought)")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_option("--loop-bound", O.Explore.LoopBound,
                 "Fork mode: iterations of a loop a path may start each time "
                 "it enters the loop; the next one ends the path as 'bound "
                 "reached' (0: no limit)")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_option("--max-states", O.Explore.MaxStates,
                 "Fork mode: states waiting at most; further forks are "
                 "dropped and counted (0: no limit)")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_option("--max-resident-states", O.Explore.MaxResidentStates,
                 "Fork mode: waiting states that keep their interpreter "
                 "state at most (0: no limit); past it, and once the process "
                 "uses a quarter of --max-memory, a state waits as its input "
                 "alone and runs again from the entry when picked (the same "
                 "paths in the same order: only the time differs)")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_flag("--self-check", O.SelfCheck,
               "Fork mode: run each leaf's input and random inputs "
               "concretely and check they end in the leaf the tree says "
               "(exit status 3 on a mismatch)");
  App.add_option("--self-check-samples", O.SelfCheckSamples,
                 "Random inputs for --self-check")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_flag("--tree-statements", O.Explore.Exec.ReportStatements,
               "Fork mode: a tree node per source statement instead of one "
               "per branch point");
  App.add_option("--tree-max-nodes", O.TreeMaxNodes,
                 "Fork mode: write tree.json/tree.dot only for trees up to "
                 "this many nodes")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_option("--max-iterations", O.Explore.MaxIterations,
                 "Stop after this many runs (0: no limit)")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_option("--max-time", O.Explore.MaxTime,
                 "Stop after this many seconds (0: no limit); solver queries "
                 "in flight are interrupted at the deadline")
      ->capture_default_str()
      ->check(seconds());
  O.Explore.MaxMemoryMB = physicalMemoryMB() / 2;
  App.add_option("--max-memory", O.Explore.MaxMemoryMB,
                 "Resident memory budget in MiB (default: half of physical "
                 "memory; 0: no limit). Concolic mode stops at it; fork mode "
                 "stops forking and drops waiting states")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_option("-j,--jobs", O.Jobs,
                 "Explore on this many threads, which share one path tree "
                 "(0: one per core; the results of an exhausted run are "
                 "those of -j 1). With --distributed, in each exploring "
                 "process")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_option_function<std::string>(
         "--distributed",
         [&O](const std::string &How) { O.DistributedMpi = How == "mpi"; },
         "Run over the processes of an MPI job: `mpirun -np K theseus "
         "--distributed=mpi ...` (rank 0 coordinates and writes the run "
         "directory, the other ranks explore)")
      ->check(CLI::IsMember({"mpi"}));
  App.add_option("--rank-timeout", O.Ranks.Timeout,
                 "--distributed: a rank silent this many seconds has failed, "
                 "and its work runs again on the others (start mpirun with "
                 "--enable-recovery, or Open MPI ends the whole job when a "
                 "process dies)")
      ->capture_default_str()
      ->check(seconds());
  addChoice(App, "--work-balance", O.Ranks.Balance,
            {{"queue", WorkBalance::Queue}, {"steal", WorkBalance::Steal}},
            "--distributed: how a rank out of work gets more. queue: every "
            "rank hands work to rank 0 while one waits, and rank 0 gives it "
            "out in order; steal: rank 0 asks the rank with the most open "
            "sides, then the next (bench/parallel compares them)");
  App.add_option("--max-depth", O.Explore.MaxDepth,
                 "Record at most this many decisions per path (0: no limit)")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_option("--max-len", O.Explore.Buffers.Elements,
                 "Elements in the buffer behind a pointer parameter")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_option("--max-strlen", O.Explore.Buffers.StringBytes,
                 "Bytes behind a char * parameter, including the final NUL")
      ->capture_default_str()
      ->check(countAtLeast(1));
  App.add_option("--max-steps", O.Explore.Exec.MaxSteps,
                 "Instructions per run before it is cut off (0: no limit); "
                 "an instruction of a loop run as host code counts 1/64")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_flag("--no-native-loops", O.NoNativeLoops,
               "Interpret every loop, also concrete ones that could run as "
               "host code");
  App.add_option("--max-stack", O.Explore.Exec.MaxStack,
                 "Bytes of stack for the program (frames and stack arrays); "
                 "beyond it a stack-overflow bug (0: no limit)")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_option("--solver-timeout", O.SolverTimeout,
                 "Seconds per solver query; on timeout non-linear terms are "
                 "concretised and the query retried")
      ->capture_default_str()
      ->check(seconds());
  // The solver chain's stages (SolverStages.h), to measure or rule out each.
  SolverChainOptions &Chain = O.Explore.SolverChain;
  auto StageOff = [&App](const char *Flag, bool &Stage, const char *Help) {
    App.add_flag_callback(
        Flag, [&Stage] { Stage = false; }, Help);
  };
  StageOff("--no-solver-slicing", Chain.Slicing,
           "Solver: do not slice queries to the goal's cone of influence");
  StageOff("--no-solver-cache", Chain.Cache,
           "Solver: do not answer a query from the same query's answer");
  StageOff("--no-solver-cex-cache", Chain.CexCache,
           "Solver: do not answer a query from the answers of subsets and "
           "supersets of it");
  StageOff("--no-solver-model-reuse", Chain.ModelReuse,
           "Solver: do not try recent models on a query");
  StageOff("--no-solver-single-byte", Chain.SingleByte,
           "Solver: send queries on one input byte to Z3 rather than trying "
           "the byte's 256 values");
  App.add_flag("--solver-validate", Chain.Validate,
               "Solver: re-check every answer with a fresh Z3 solver or the "
               "evaluator, and abort on a wrong one");
  App.add_option("--seed", O.Explore.Seed, "Random seed")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_flag("--random-inputs", O.Explore.RandomStart,
               "Start from a random input instead of zeros");
  App.add_option("--seed-input", O.Explore.SeedInput,
                 "Start values, e.g. x=3,y=-1");
  App.add_option_function<std::vector<std::string>>(
         "--concretize",
         [&O](const std::vector<std::string> &Modes) {
           for (const std::string &M : Modes) {
             if (M == "nonlinear")
               O.Explore.Exec.ConcretizeNonlinear = true;
             else
               O.Explore.Exec.ExternalArgs =
                   M == "free" ? ConcretizeMode::Free : ConcretizeMode::Pin;
           }
         },
         "pin (default): pin symbolic arguments of native calls; "
         "free: leave them unconstrained; nonlinear: replace "
         "symbolic*symbolic, / and % by their values")
      ->delimiter(',')
      ->check(CLI::IsMember({"pin", "free", "nonlinear"}));
  App.add_option("--native", O.Native,
                 "C source or .so whose functions run natively, opaque to "
                 "the engine (repeatable)");
  App.add_option_function<std::vector<std::string>>(
         "--check",
         [&O](const std::vector<std::string> &Checks) {
           SanitizerChecks &S = O.CheckUndefinedBehavior;
           for (const std::string &C : Checks)
             (C == "ub"               ? S.UndefinedBehavior
              : C == "float-div-zero" ? S.FloatDivideByZero
                                      : S.NanIndex) = true;
         },
         "ub: also report undefined behaviour (signed overflow, "
         "shifts, ...) through UndefinedBehaviorSanitizer checks; "
         "float-div-zero: a float division by zero (defined by IEEE-754) "
         "is a bug; nan-index: a NaN converted to an integer that is used "
         "as an index is a bug")
      ->delimiter(',')
      ->check(CLI::IsMember({"ub", "float-div-zero", "nan-index"}));
  addChoice(App, "--externals", O.Explore.Exec.Externals,
            {{"safe", ExternalPolicy::Safe},
             {"allow-all", ExternalPolicy::AllowAll},
             {"allow", ExternalPolicy::AllowAll},
             {"deny", ExternalPolicy::Deny}},
            "Functions without a body: safe runs only harmless ones "
            "natively and ends the path at the others; allow-all runs "
            "all natively (dangerous: they can change files, spawn "
            "processes); deny runs only output functions ('allow' is "
            "a deprecated synonym of allow-all)");
  addChoice(App, "--data-model", O.Model,
            {{"LP64", DataModel::LP64}, {"ILP32", DataModel::ILP32}},
            "The C data model the program is compiled for: LP64 "
            "(64-bit long and pointers) or ILP32 (clang -m32: 32-bit "
            "long and pointers, as most SV-COMP tasks declare)");
  App.add_option("--cflag", O.CFlags,
                 "Extra flag for clang (repeatable), e.g. --cflag=-DN=4");
  addChoice(App, "--tests", O.WrittenTests,
            {{"suite", TestFiles::Suite}, {"all", TestFiles::All}},
            "Test files written: suite (default: a test only when it adds "
            "a line, branch, bug, target, return value, exit code or kind "
            "of end no kept test has, reduced at the end to a minimal set "
            "covering the same), all (every path); run.db keeps every "
            "path either way");
  App.add_flag("-q,--quiet", O.Quiet, "No progress line");
  App.add_flag("!--no-html", O.Html,
               "Do not write report.html in the run directory");
  App.add_flag("!--no-confirm", O.ConfirmBugs,
               "Do not replay each bug's test natively when it is found "
               "(bugs are then reported as unchecked), nor the tests of a "
               "run that explored every path");
  App.add_option("--native-check", O.NativeCheckTests,
                 "Before a run claims it explored every path, replay the "
                 "tests of its paths natively: all of them when at most N, "
                 "else N spread over the run; a test the native run ends "
                 "otherwise withdraws the claim (0: no check)")
      ->capture_default_str();
  // The program's inputs beyond the entry's parameters.
  App.add_option("--sym-stdin", O.SymStdin,
                 "stdin holds N symbolic bytes (then end of file) for "
                 "getchar, fgets, scanf, fread, read(0, ...)");
  App.add_option("--stdin", O.StdinFile,
                 "stdin holds this file's bytes (default: empty stdin)");
  App.add_option("--concrete", O.Explore.Inputs.Concrete,
                 "Fix an input in every test, e.g. --concrete n=4, "
                 "--concrete p.x=1, --concrete a[3]=0 (repeatable)")
      ->allow_extra_args(false);
  App.add_option("--probe-runs", O.ProbeRuns,
                 "After a complete run with --concrete values or buffer "
                 "sizes, runs this many inputs with those relaxed (values "
                 "free, buffers 4 times larger) to tell the branch sides "
                 "only the assumptions exclude from dead code (0: none)")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_flag("!--no-len-link", O.Explore.Buffers.LinkLengths,
               "Do not bound a size parameter that follows a pointer "
               "parameter by that buffer's size");
  App.add_option("--len", O.Explore.Buffers.Lengths,
                 "LEN=BUF: integer parameter LEN is at most the element "
                 "count of pointer parameter BUF (repeatable)")
      ->allow_extra_args(false);
  App.add_option("--target", O.Targets,
                 "A location to reach: a function name (its calls), "
                 "FILE:LINE, or assert (failing assertions); repeatable")
      ->allow_extra_args(false);
  App.add_flag("--apc-only", O.ApcOnly,
               "Compute the target's abstract path condition, decide it "
               "and stop (no exploration)");
  App.add_flag("--fuzz", O.Fuzz,
               "Concolic mode: fuzz the natively compiled program with "
               "libFuzzer beside the search, exchanging inputs both ways");
  App.add_flag("--no-fuzz", O.NoFuzz,
               "theseus task: without the fuzzing phase (on by default "
               "there)");
  App.add_option("--fuzz-share", O.FuzzShare,
                 "With --fuzz and --max-time: the part of the time the "
                 "fuzzer runs (in parallel, from the start)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1.0));
  App.add_option("--fuzz-runs", O.FuzzRuns,
                 "With --fuzz: the fuzzer's budget in runs of the program "
                 "(libFuzzer's -runs, per start; 0: no limit)")
      ->capture_default_str()
      ->check(countAtLeast(0));
  App.add_option("--fuzzer", O.Fuzzer,
                 "With --fuzz: run this in place of the libFuzzer binary "
                 "built from the program (OUTDIR/fuzz/build/fuzzer), with "
                 "its arguments; a stand-in for tests of the exchange");
  App.add_flag("--keep-going", O.KeepGoing,
               "With --target: explore on after the first path reaching it");
  App.add_flag("--no-apc", O.NoApc,
               "With --target: search for it without the apc (no pruning, "
               "no seed), to measure what the apc brings");
  App.add_flag("--apc-first", O.ApcFirst,
               "With --target: decide the apc before the search starts (at "
               "most a tenth of --max-time) instead of beside it");
  App.add_option("--apc-unfold", O.ApcUnfold,
                 "Instances of each loop quantifier in the unfolded apc "
                 "(default 25)")
      ->check(CLI::Range(1u, 100000u));
  App.add_option("--apc-timeout", O.ApcTimeout,
                 "Seconds for deciding the apc and its unfolding together "
                 "(default 10)")
      ->check(CLI::PositiveNumber);
  App.add_flag("--apc-heavyweight", O.ApcHeavyweight,
               "Summarize nested loops with the heavyweight processing: the "
               "solver infers how often an inner loop runs per outer "
               "iteration (slower)");
  App.add_option("--apc-max-backbones", O.ApcMaxBackbones,
                 "With --target: at most this many backbones per program the "
                 "apc enumerates; beyond, loops are given up one by one, what "
                 "they write any value (default 4096)")
      ->check(CLI::Range(1u, 1000000u));
  App.add_option("--testcomp-suite", O.TestCompSuite,
                 "Also write the tests as a Test-Comp test suite in this "
                 "directory as they are found (metadata.xml, one XML per "
                 "test), and DIR.zip at the end");
  std::string ResumeDir;
  CLI::Option *Resume =
      App.add_option("--resume", ResumeDir,
                     "Go on with the concolic run in this run directory "
                     "where it stopped (a budget, Ctrl-C, a kill), with its "
                     "options and program; only --max-time, "
                     "--max-iterations, --max-memory, -j and -q may be "
                     "given anew (each budget counts this part of the run)")
          ->type_name("DIR");
  App.footer("Command-line programs: theseus prog.c [options] -- ARGS, "
             "where ARGS are concrete arguments, --sym-arg N (a symbolic "
             "argument of up to N bytes) and a final --sym-args MIN MAX N "
             "(MIN to MAX such arguments).");

  CLI::App *ReportCmd = App.add_subcommand(
      "report", "Write report.html again from a run directory's files");
  ReportCmd->add_option("dir", O.ReportDir, "The run directory")
      ->required()
      ->check(CLI::ExistingDirectory);
  CLI::App *ReplayCmd = App.add_subcommand(
      "replay", "Run tests on the natively compiled program and check "
                "that each ends as the engine recorded; prints a line per "
                "test that does not, then the verdict, with the progress "
                "on stderr meanwhile. Exit status: 0 no mismatch, 1 a "
                "mismatch, 2 an unreadable test or a program that does "
                "not compile");
  ReplayCmd
      ->add_option("tests", O.Replay.Paths, "Test files or run directories")
      ->required();
  ReplayCmd->add_flag("-v,--verbose", O.Replay.Verbose,
                      "A line per test (else only for mismatched and "
                      "skipped tests)");
  ReplayCmd
      ->add_option("-j,--jobs", O.Replay.Jobs,
                   "Tests replayed at once (0, the default: one per core); "
                   "the lines come in test order all the same")
      ->check(countAtLeast(0));
  ReplayCmd
      ->add_option("--sample", O.Replay.Sample,
                   "Replay N tests drawn at random (the same ones for the "
                   "same --seed), and every other test that records a bug")
      ->check(countAtLeast(1));
  ReplayCmd->add_option("--seed", O.Replay.Seed, "Random seed of --sample")
      ->capture_default_str()
      ->check(countAtLeast(0));
  ReplayCmd->add_flag("--all", O.Replay.AllPaths,
                      "For a run directory, replay every path its run.db "
                      "records, not only its test files");

  CLI::App *TaskCmd = App.add_subcommand(
      "task", "Run an sv-benchmarks task (TASK.yml, format 1.x or 2.0) for its "
              "property and report the result in the competition's terms; "
              "the exploration options apply");
  TaskCmd->add_option("task", O.TaskFile, "Task definition (.yml)")->required();
  TaskCmd
      ->add_option("--property", O.TaskProperty,
                   "The task's property to run (default: its first "
                   "supported one)")
      ->check(CLI::IsMember(
          {"unreach-call", "coverage-error-call", "coverage-branches"}));
  TaskCmd->fallthrough(); // -o, --max-time, ... after the task file.
  CLI::App *ExportCmd = App.add_subcommand(
      "export", "Write the tests of a run as source code a project can "
                "check in: each test calls the entry with its inputs and "
                "expects what the engine recorded");
  ExportCmd->add_option("tests", O.ExportTests, "Run directories or test files")
      ->required();
  // One option per output format, exactly one of them given.
  struct Format {
    const char *Flag;
    ExportFormat Kind;
    const char *Help;
  };
  static const Format Formats[] = {
      {"--gtest", ExportFormat::GTest,
       "A GoogleTest file, one TEST per test (bugs as death tests)"},
      {"--c", ExportFormat::C,
       "A plain C program running every test and printing PASS or FAIL"},
      {"--testcomp", ExportFormat::TestComp,
       "A Test-Comp test suite (metadata.xml and a testcase XML per test) "
       "in this directory, from one run directory"},
      {"--json", ExportFormat::Json,
       "The tests as test files (testNNNNNN.json) in this directory, read "
       "from one run directory's run.db"},
  };
  CLI::Option_group *Outputs =
      ExportCmd->add_option_group("output", "The format to write");
  for (const Format &F : Formats)
    Outputs
        ->add_option_function<std::string>(
            F.Flag,
            [&O, Kind = F.Kind](const std::string &File) {
              O.Export = Kind;
              O.ExportOutput = File;
            },
            F.Help)
        ->type_name("FILE");
  Outputs->require_option(1);
  ExportCmd->add_flag("--zip", O.ExportZip,
                      "With --testcomp: also the suite as DIR.zip");
  ExportCmd->add_flag("--all", O.ExportAll,
                      "Every test of a run directory's run.db, not only its "
                      "test files (the suite)");
  CLI::App *ShowCmd = App.add_subcommand(
      "show", "Print a test for a person (inputs, the decisions of its path, "
              "its outcome) or, for a run directory, the run's summary");
  ShowCmd->add_option("path", O.ShowPath, "A test file or a run directory")
      ->required();

  // The program's command line follows the first "--".
  int Ours = std::find(Argv, Argv + Argc, std::string("--")) - Argv;
  O.ProgramArgs.assign(Argv + std::min(Ours + 1, Argc), Argv + Argc);
  try {
    App.parse(Ours, Argv);
  } catch (const CLI::ParseError &E) {
    if (E.get_exit_code() == 0)
      return App.exit(E); // --help, --version.
    std::fprintf(stderr, "theseus: error: %s (see --help)\n", E.what());
    return UsageError;
  }
  Cmd = Command::Explore;
  if (ReplayCmd->parsed())
    Cmd = Command::Replay;
  if (TaskCmd->parsed())
    Cmd = Command::Task;
  if (ReportCmd->parsed())
    Cmd = Command::Report;
  if (ExportCmd->parsed())
    Cmd = Command::Export;
  if (ShowCmd->parsed())
    Cmd = Command::Show;
  if (Resume->count())
    return resumedOptions(App, ResumeDir, O, Cmd);
  // The exploration's options mean nothing to replay, report, export and
  // show: refuse them rather than ignore them.
  if (Cmd != Command::Explore && Cmd != Command::Task)
    for (const CLI::Option *Opt : App.get_options())
      if (Opt->count() && Opt != App.get_help_ptr() &&
          Opt != App.get_version_ptr()) {
        std::fprintf(stderr,
                     "theseus: error: %s does not apply to this command "
                     "(see --help)\n",
                     Opt->get_name().c_str());
        return UsageError;
      }
  return std::nullopt;
}

} // namespace theseus
