//===- TargetRace.cpp - The apc of a target, raced against the search -----===//
#include "engine/TargetRace.h"

#include "apc/Apc.h"
#include "apc/Solve.h"
#include "engine/RunRecord.h"
#include "expr/Printer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fmt/format.h>
#include <fstream>
#include <thread>

namespace theseus {

/// The bytes of one element of the input array `Arr`: the element size of
/// a pointer parameter's buffer, or the whole array.
/// The entry's pointer parameter that `Arr` holds the buffer of, if any.
static std::optional<ParamInfo> bufferParam(const llvm::Function &Entry,
                                            const RunOptions &O,
                                            const Array *Arr) {
  for (ParamInfo &P : describeParams(Entry, O.Explore.Buffers))
    if (P.Name == Arr->Name && P.IsPointer && P.ElemBytes > 0)
      return std::move(P);
  return std::nullopt;
}

/// Little-endian signed elements of `ElemBytes` bytes: one integer, or a
/// list for a buffer. Rows of a 2-D parameter (elements of `CellBytes`
/// cells) are lists of their cells; other elements wider than 8 bytes are
/// lists of bytes.
static nlohmann::json candidateValue(const std::vector<uint8_t> &Bytes,
                                     unsigned ElemBytes,
                                     unsigned CellBytes = 0) {
  nlohmann::json List = nlohmann::json::array();
  for (size_t At = 0; At + ElemBytes <= Bytes.size(); At += ElemBytes) {
    if (ElemBytes > 8) {
      std::vector<uint8_t> Row(Bytes.begin() + At,
                               Bytes.begin() + At + ElemBytes);
      List.push_back(candidateValue(Row, CellBytes ? CellBytes : 1));
      continue;
    }
    uint64_t V = 0;
    for (size_t I = ElemBytes; I-- > 0;)
      V = (V << 8) | Bytes[At + I];
    List.push_back(signExtend(V, ElemBytes * 8));
  }
  return List.size() == 1 ? List[0] : List;
}

/// The apc of --target, computed and decided in one expression context
/// (the explorer's when an exploration follows).
struct TargetApc {
  std::vector<TargetSpec> Specs;
  std::string Names;                ///< "a, b", for messages.
  std::unique_ptr<Flowgraph> Graph; ///< Of the specs in the entry.
  Apc A;
  ApcAnswer Ans;
  double Build = 0;
  /// --apc-timeout (within --max-time) for building and deciding it.
  std::chrono::steady_clock::time_point Deadline;
  double ReadyAt = 0;       ///< Seconds since the start when it was decided.
  double SearchFrom = 0;    ///< Seconds since the start when the search began.
  bool Interrupted = false; ///< The search answered before the apc did.
  /// The search ended without an answer before the apc did, and waited.
  bool Awaited = false;
  std::string Text, RestsOn;
  std::vector<std::string> Notes; ///< Calls that count as targets.
  nlohmann::json Candidate = nlohmann::json::object();
  /// The apc's Z3 contexts, made while the program compiled.
  std::future<std::unique_ptr<ApcQueries>> PendingQueries;
  std::unique_ptr<ApcQueries> Queries;
  /// Why the targets are unreachable in the compiled program before any
  /// search (noCallLeft); empty when they are not known to be.
  std::string NoCall;
};

static const char *satLetter(SatResult R) {
  return R == SatResult::Sat ? "S" : R == SatResult::Unsat ? "U" : "X";
}

/// Whether `Name` occurs as an identifier in one of `Files`.
static bool mentions(const std::vector<std::string> &Files,
                     llvm::StringRef Name) {
  auto IdentChar = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  for (const std::string &File : Files) {
    auto Buf = llvm::MemoryBuffer::getFile(File);
    if (!Buf)
      continue;
    llvm::StringRef Text = (*Buf)->getBuffer();
    for (size_t Pos = Text.find(Name); Pos != llvm::StringRef::npos;
         Pos = Text.find(Name, Pos + 1)) {
      size_t End = Pos + Name.size();
      if ((Pos == 0 || !IdentChar(Text[Pos - 1])) &&
          (End == Text.size() || !IdentChar(Text[End])))
        return true;
    }
  }
  return false;
}

/// Targets clang compiled away (`if (sizeof(long) == 4) reach_error();`
/// under LP64 leaves no call): when no instruction matches and every spec
/// names a function the sources mention but the compiled program neither
/// calls nor takes the address of (nor runs as the entry), no run can
/// reach them. The reason, "the program has no call of NAME"; empty when
/// that is not so, and a name the sources never mention stays an error (a
/// misspelt target).
static std::string noCallLeft(const RunOptions &O, const llvm::Function &Entry,
                              const std::vector<TargetSpec> &Specs) {
  const llvm::Module &M = *Entry.getParent();
  for (const llvm::Function &F : M)
    for (const llvm::Instruction &I : llvm::instructions(F))
      if (matchesTarget(I, Specs))
        return "";
  std::string Names;
  for (const TargetSpec &S : Specs) {
    if (S.K != TargetSpec::Function || !mentions(O.Files, S.Name))
      return "";
    for (const llvm::Function &F : M)
      if (callIsTarget(S, F.getName()) && (&F == &Entry || !F.use_empty()))
        return "";
    Names += (Names.empty() ? "" : " or ") + S.Name;
  }
  return "the program has no call of " + Names;
}

/// The --target specs and their flowgraph. This reads the program, so it
/// runs on the thread that owns it.
static TargetApc prepareApc(const RunOptions &O, const llvm::Function &Entry,
                            std::future<std::unique_ptr<ApcQueries>> Queries) {
  TargetApc T;
  T.PendingQueries = std::move(Queries);
  for (const std::string &Spec : O.Targets) {
    T.Specs.push_back(parseTargetSpec(Spec));
    T.Names += (T.Names.empty() ? "" : ", ") + Spec;
  }
  T.NoCall = noCallLeft(O, Entry, T.Specs);
  if (!T.NoCall.empty())
    return T; // Nothing to build an apc of.
  // Checks that the specs name something.
  T.Graph = std::make_unique<Flowgraph>(Entry, T.Specs);
  T.Notes = T.Graph->notes();
  if (O.NoApc) {
    T.Text = "not computed (--no-apc)";
    T.ReadyAt = secondsSince(
        O.Explore.Started.value_or(std::chrono::steady_clock::now()));
  }
  return T;
}

/// The seconds the apc has for being built and decided: --apc-timeout,
/// within what is left of --max-time.
static double apcSeconds(const RunOptions &O) {
  double Seconds = O.ApcTimeout;
  if (O.Explore.MaxTime > 0) {
    double Left = O.Explore.MaxTime - secondsSince(O.Explore.Started.value_or(
                                          std::chrono::steady_clock::now()));
    // A search waiting for the apc gives it at most a tenth of its time.
    if (O.ApcFirst && !O.ApcOnly)
      Left = std::min(Left, std::max(1.0, 0.1 * O.Explore.MaxTime));
    Seconds = std::clamp(Left, 0.001, Seconds);
  }
  return Seconds;
}

/// Computes the apc of `T`'s flowgraph in `Ctx` (the thread that calls it
/// must be the only one using `Ctx`); gives up once `*Stop` is set or its
/// time (apcSeconds) is over.
static void buildApc(const RunOptions &O, TargetApc &T, ExprContext &Ctx,
                     const std::atomic<bool> *Stop = nullptr) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point Start = Clock::now();
  double Seconds = apcSeconds(O);
  T.Deadline = Start + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double>(Seconds));
  bool Validate = O.Explore.SolverChain.Validate;
  T.Queries = T.PendingQueries.valid() ? T.PendingQueries.get()
                                       : std::make_unique<ApcQueries>(Validate);
  ApcOptions AO;
  AO.Feasibility = &T.Queries->Feasibility;
  AO.Validate = Validate;
  AO.Sizes = O.Explore.Buffers;
  AO.Heavyweight = O.ApcHeavyweight;
  AO.MaxBackbones = O.ApcMaxBackbones;
  AO.Stop = Stop;
  AO.Deadline = T.Deadline;
  AO.HeavyweightTimeoutMs = static_cast<unsigned>(
      std::min<double>(AO.HeavyweightTimeoutMs, 1000 * Seconds));
  T.A = computeApc(Ctx, *T.Graph, AO);
  T.Build = std::chrono::duration<double>(Clock::now() - Start).count();
  const size_t MaxText = 2000;
  T.Text = toString(T.A.Formula, MaxText);
  for (const auto &[Why, Count] : T.A.Unknowns)
    T.RestsOn += fmt::format("{}{} ({}) unknown", T.RestsOn.empty() ? "" : "; ",
                             Why, Count);
  for (const auto &[Why, Count] : T.A.AnyValue)
    T.RestsOn +=
        fmt::format("{}{} ({})", T.RestsOn.empty() ? "" : "; ", Why, Count);
  if (T.RestsOn.empty())
    T.RestsOn = "the program's integer semantics only";
  if (T.A.ReadsBuffers)
    T.RestsOn += "; the input buffers as sized for the executor (--max-len, "
                 "--max-strlen), read in bounds";
  if (T.A.TooManyBackbones)
    T.RestsOn = "nothing: too many backbones, the apc is true";
  if (T.A.Abandoned)
    T.RestsOn = "nothing: the search ended before the apc was computed";
  if (T.A.OutOfTime)
    T.RestsOn = "nothing: --apc-timeout ran out while the apc was built";
}

/// Whether `T`'s apc was computed (not given up), so there is something to
/// decide.
static bool built(const TargetApc &T) {
  return !T.A.Abandoned && !T.A.OutOfTime;
}

/// Decides `T`'s apc (built in `Ctx`) in the time its building left; the
/// thread that calls it must be the only one using `Ctx`. A search beside
/// it stops it with `Cancel`.
static void solveBuiltApc(const RunOptions &O, TargetApc &T, ExprContext &Ctx,
                          const std::atomic<bool> *Cancel = nullptr,
                          const CandidateFn &OnCandidate = nullptr) {
  using Clock = std::chrono::steady_clock;
  double Timeout = std::max(
      0.001, std::chrono::duration<double>(T.Deadline - Clock::now()).count());
  T.Ans = solveApc(Ctx, T.A.Formula, O.ApcUnfold, Timeout, Cancel, OnCandidate,
                   T.Queries.get());
  T.ReadyAt = secondsSince(
      O.Explore.Started.value_or(std::chrono::steady_clock::now()));
}

/// The candidate inputs of a satisfiable apc, as the entry's parameters.
static void describeCandidate(const RunOptions &O, const llvm::Function &Entry,
                              TargetApc &T) {
  if (T.Ans.K != ApcAnswer::Satisfiable)
    return;
  for (const auto &[Arr, Bytes] : T.Ans.Model.values()) {
    std::optional<ParamInfo> Param = bufferParam(Entry, O, Arr);
    T.Candidate[Arr->Name] =
        Param ? candidateValue(Bytes, Param->ElemBytes, Param->CellBytes)
              : candidateValue(Bytes, Arr->Size);
  }
}

/// --target: the apc computed and decided on a thread of its own, in an
/// expression context of its own, while the search runs (Strejček and Trtík,
/// section 7). Its answer reaches the search through the channel.
class ApcThread {
public:
  /// `T` (prepared) is filled in by the thread until finish().
  ApcThread(const RunOptions &O, TargetApc &T, std::unique_ptr<ExprContext> C)
      : Channel(std::make_shared<ApcChannel>()), Ctx(std::move(C)),
        Worker([this, &O, &T] { decide(O, T); }) {}
  ~ApcThread() { finish(); }

  std::shared_ptr<ApcChannel> channel() const { return Channel; }
  /// Interrupts the apc if it is still deciding (the search found the
  /// answer first) and waits for it, a few milliseconds.
  void finish() {
    Channel->cancel();
    wait();
  }
  /// Waits until the apc is decided (--apc-first, or a search without an
  /// answer); returns whether it was not yet.
  bool wait() {
    bool Waited = !Decided.load();
    if (Worker.joinable())
      Worker.join();
    return Waited;
  }

private:
  void decide(const RunOptions &O, TargetApc &T) {
    buildApc(O, T, *Ctx, &Channel->cancelled());
    // States are checked against apc^K: the apc implies it, so what
    // contradicts apc^K cannot reach the target either, and without
    // quantifiers Z3 answers in milliseconds where the apc's checks time
    // out. A satisfiable apc that reads no input (its model is empty:
    // every input it would depend on is unknown, or there are too many
    // backbones) neither prunes nor seeds. The first candidate of apc^K
    // goes to the search at once; the apc's own model, if it comes, after
    // it.
    bool Guided = false;
    auto Guide = [&](const ApcAnswer &A) {
      if (A.Model.values().empty())
        return;
      Channel->publish(ApcChannel::Answer::Guides, A.UnfoldedApc, A.Model);
      Guided = true;
    };
    if (!built(T))
      T.ReadyAt = secondsSince(
          O.Explore.Started.value_or(std::chrono::steady_clock::now()));
    else
      solveBuiltApc(O, T, *Ctx, &Channel->cancelled(), Guide);
    T.Interrupted = Channel->cancelled() && T.Ans.K == ApcAnswer::Unknown;
    if (T.Ans.K == ApcAnswer::Unreachable)
      Channel->publish(ApcChannel::Answer::Unreachable);
    else if (T.Ans.K == ApcAnswer::Satisfiable &&
             (T.Ans.modelsTheApc() || !Guided))
      Guide(T.Ans);
    if (!Guided && T.Ans.K != ApcAnswer::Unreachable)
      Channel->publish(ApcChannel::Answer::Nothing);
    Decided = true;
  }

  std::shared_ptr<ApcChannel> Channel;
  std::atomic<bool> Decided{false};
  std::unique_ptr<ExprContext> Ctx;
  std::thread Worker; ///< Last: it starts once the rest is there.
};

/// --apc-only: the apc built and decided on this thread.
static TargetApc decideApc(const RunOptions &O, const llvm::Function &Entry,
                           std::future<std::unique_ptr<ApcQueries>> Queries,
                           ExprContext &Ctx) {
  TargetApc T = prepareApc(O, Entry, std::move(Queries));
  if (!T.NoCall.empty())
    return T;
  buildApc(O, T, Ctx);
  if (built(T))
    solveBuiltApc(O, T, Ctx);
  describeCandidate(O, Entry, T);
  return T;
}

static void printApc(const TargetApc &T) {
  if (T.Ans.K != ApcAnswer::Unknown)
    fmt::print("  answered by      {}\n", T.Ans.AnsweredBy);
  fmt::print("  apc              {}\n", T.Text);
  fmt::print("  rests on         {}\n", T.RestsOn);
  for (const std::string &N : T.Notes)
    fmt::print("  note             {}\n", N);
  fmt::print("  backbones        {}, loop summaries {}, loop backbones never "
             "taken {}, function summaries {}, loops given up {}\n",
             T.A.Backbones, T.A.Loops, T.A.NeverTaken, T.A.Functions,
             T.A.LoopsGivenUp);
  if (T.Ans.K != ApcAnswer::Satisfiable)
    return;
  std::string Inputs;
  for (const auto &[Name, Value] : T.Candidate.items())
    Inputs +=
        fmt::format("{}{}={}", Inputs.empty() ? "" : ", ", Name, Value.dump());
  fmt::print("  candidate inputs {}\n", Inputs.empty() ? "any" : Inputs);
}

/// Which of the apc and the search running beside it finished first.
static std::string raceText(const TargetApc &T) {
  if (T.Interrupted)
    return fmt::format("the search finished first, the apc was interrupted "
                       "at {:.3f} s",
                       T.ReadyAt);
  if (T.Awaited)
    return fmt::format("the search finished first without an answer, the "
                       "apc finished at {:.3f} s",
                       T.ReadyAt);
  return fmt::format("the apc finished first, at {:.3f} s", T.ReadyAt);
}

/// The time line: the apc's split, and the search when one ran.
static void printApcTimes(const TargetApc &T, std::optional<double> Search) {
  std::string Line = fmt::format(
      "  time             build apc {:.3f} s, counters fixed {} {:.3f} s, "
      "unfold apc^K {:.3f} s, solve apc^K {} {:.3f} s, solve apc {} {:.3f} s",
      T.Build, satLetter(T.Ans.Fixed.Result), T.Ans.Fixed.Seconds,
      T.Ans.UnfoldSeconds, satLetter(T.Ans.Unfolded.Result),
      T.Ans.Unfolded.Seconds, satLetter(T.Ans.Direct.Result),
      T.Ans.Direct.Seconds);
  Line += fmt::format("; apc total {:.3f} s", T.Build + T.Ans.Seconds);
  if (Search)
    Line += fmt::format(", search {:.3f} s; {}", *Search, raceText(T));
  fmt::print("{}\n", Line);
}

/// summary.json's `target` object.
static nlohmann::json targetJson(const RunOptions &O, const TargetApc &T,
                                 const std::string &Verdict) {
  nlohmann::json J = {
      {"spec", O.Targets},
      {"verdict", Verdict},
      {"answered_by", T.Ans.AnsweredBy},
      {"apc", T.Text},
      {"rests_on", T.RestsOn},
      {"backbones", T.A.Backbones},
      {"never_taken_loop_backbones", T.A.NeverTaken},
      {"loop_summaries", T.A.Loops},
      {"function_summaries", T.A.Functions},
      {"loops_given_up", T.A.LoopsGivenUp},
      {"loop_invariants", T.A.Invariants},
      {"candidate", T.Candidate},
      {"times",
       {{"build_apc", T.Build},
        {"counters_fixed", T.Ans.Fixed.Seconds},
        {"counters_fixed_result", satLetter(T.Ans.Fixed.Result)},
        {"unfold_apc_k", T.Ans.UnfoldSeconds},
        {"solve_apc_k", T.Ans.Unfolded.Seconds},
        {"solve_apc_k_result", satLetter(T.Ans.Unfolded.Result)},
        {"solve_apc", T.Ans.Direct.Seconds},
        {"solve_apc_result", satLetter(T.Ans.Direct.Result)},
        {"total", T.Build + T.Ans.Seconds}}}};
  if (O.Explore.SolverChain.Validate)
    J["validated"]["apc"] =
        T.A.Validated + (T.Queries ? T.Queries->validated() : 0);
  return J;
}

/// Writes summary.json for a run that decided the target by the apc alone,
/// or by the program, which has no call of it (T.NoCall).
static void writeApcSummary(const RunOptions &O, const llvm::Function &Entry,
                            const TargetApc &T, const std::string &Verdict) {
  prepareOutDir(O.OutDir);
  nlohmann::json J;
  J["entry"] = Entry.getName().str();
  J["target"] = targetJson(O, T, Verdict);
  J["target"]["decided_by"] = T.NoCall.empty() ? "apc" : "program";
  if (!T.NoCall.empty())
    J["target"]["reason"] = T.NoCall;
  std::ofstream(O.OutDir + "/summary.json") << J.dump(2) << "\n";
}

/// The verdict of targets the compiled program has no call of: no apc, no
/// search.
static int reportNoCall(const RunOptions &O, const llvm::Function &Entry,
                        const TargetApc &T) {
  fmt::print("theseus: target {} in {}: unreachable ({})\n", T.Names,
             Entry.getName().str(), T.NoCall);
  writeApcSummary(O, Entry, T, "unreachable");
  return NoBug;
}

/// The apc of --target, decided (--apc-only): the verdict on stdout and
/// in summary.json's `target` object. Exit status 0 whatever the verdict.
int decideApcOnly(const RunOptions &O, const llvm::Function &Entry,
                  std::future<std::unique_ptr<ApcQueries>> Queries) {
  ExprContext Ctx;
  TargetApc T = decideApc(O, Entry, std::move(Queries), Ctx);
  if (!T.NoCall.empty())
    return reportNoCall(O, Entry, T);
  fmt::print("theseus: target {} in {}: {}\n", T.Names, Entry.getName().str(),
             verdictOf(T.Ans));
  printApc(T);
  printApcTimes(T, std::nullopt);
  writeApcSummary(O, Entry, T, verdictOf(T.Ans));
  return NoBug;
}

/// --target with an exploration: what it looks for in the program itself.
static TargetGuide targetGuide(const RunOptions &O, const Program &Prog,
                               const TargetApc &T) {
  TargetGuide G;
  G.KeepGoing = O.KeepGoing;
  std::vector<TargetSpec> Located;
  for (const TargetSpec &S : T.Specs) {
    if (S.K == TargetSpec::Assert)
      G.FailingAsserts = true; // A call of an assert function may pass.
    else
      Located.push_back(S);
  }
  for (const llvm::Function &F : Prog.module())
    for (const llvm::BasicBlock &BB : F)
      for (const llvm::Instruction &I : BB)
        if (!Located.empty() && matchesTarget(I, Located))
          G.Instructions.push_back(&I);
  return G;
}

/// The verdict of an exploration for the target: reached by a test, or
/// unreachable when nothing but the apc's pruning cut the exploration.
static std::string explorationVerdict(const ExplorationStats &S) {
  if (S.TargetTest)
    return "reached";
  for (const auto &[Why, Count] : S.Incomplete)
    if (Why != Cut::ApcPruned)
      return "unknown";
  return "unreachable";
}

TargetRace::TargetRace(const RunOptions &O, const Program &Prog,
                       const llvm::Function &Entry,
                       std::future<std::unique_ptr<ApcQueries>> Queries)
    : O(O), Prog(Prog), Entry(Entry),
      T(std::make_unique<TargetApc>(prepareApc(O, Entry, std::move(Queries)))) {
}

TargetRace::~TargetRace() {
  Apc.reset(); // The thread fills T until it ends.
}

TargetGuide TargetRace::launch() {
  TargetGuide G = targetGuide(O, Prog, *T);
  if (!O.NoApc) {
    Prog.prepareForThreads(); // The apc's thread reads the program too.
    auto Ctx = std::make_unique<ExprContext>();
    Apc = std::make_unique<ApcThread>(O, *T, std::move(Ctx));
    G.Later = Apc->channel();
  }
  return G;
}

bool TargetRace::needsSearch() const { return T->NoCall.empty(); }

void TargetRace::guideOnly(Explorer &E) {
  TargetGuide G = launch();
  G.EndsRunWhenUnreachable = false;
  E.guide(G);
}

std::optional<int> TargetRace::start(Explorer &E) {
  if (!T->NoCall.empty())
    return reportNoCall(O, Entry, *T);
  TargetGuide G = launch();
  if (Apc && O.ApcFirst)
    Apc->wait();
  if (Apc && O.ApcFirst && T->Ans.K == ApcAnswer::Unreachable) {
    fmt::print("theseus: target {} in {}: unreachable (the apc is "
               "unsatisfiable; no search needed)\n",
               T->Names, Entry.getName().str());
    printApc(*T);
    printApcTimes(*T, std::nullopt);
    writeApcSummary(O, Entry, *T, "unreachable");
    return NoBug;
  }
  T->SearchFrom = secondsSince(
      O.Explore.Started.value_or(std::chrono::steady_clock::now()));
  G.AnsweredFirst = Apc && O.ApcFirst;
  E.guide(G);
  return std::nullopt;
}

/// The bug of the test that reached the target, if it is the first test of
/// one.
static const BugRecord *reachingBug(const ExplorationStats &S,
                                    const TestWriter &Writer) {
  if (!S.TargetTest)
    return nullptr;
  std::string Test = testFileName(S.TargetTest);
  for (const BugRecord &B : Writer.bugs())
    if (B.Test == Test)
      return &B;
  return nullptr;
}

/// The bug of the test that reached the target when its native replay did
/// not confirm it: the engine's test when the replay ran differently (a
/// divergence, not a finding), a native run's when the replay did not
/// reproduce it or did not run (the replay is its only evidence).
static const BugRecord *unconfirmedReach(const ExplorationStats &S,
                                         const TestWriter &Writer) {
  const BugRecord *B = reachingBug(S, Writer);
  if (B && (B->Confirmation == "unconfirmed" ||
            (B->Native && B->Confirmation != "confirmed")))
    return B;
  return nullptr;
}

/// Why a test reaching the target is no verdict.
static std::string unconfirmedText(const BugRecord &B) {
  if (!B.Native)
    return fmt::format("(the engine reached it by {}, but the native run of "
                       "that test did not: {}; the engine's semantics and "
                       "the program's differ)",
                       B.Test, B.Replay);
  return fmt::format("(the fuzzer reached it natively, written as {}, but "
                     "the test's native replay {}: {})",
                     B.Test,
                     B.Confirmation == "unconfirmed" ? "did not reproduce it"
                                                     : "did not run",
                     B.Replay);
}

/// Adds the target's verdict to the console and summary after a search.
/// The apc's thread is stopped first.
void TargetRace::report(const ExplorationStats &S, const TestWriter &Writer,
                        nlohmann::json &Summary) {
  // A test that reaches the target is a fact once its native run agrees;
  // an unsatisfiable apc proves the opposite however far the search got.
  const BugRecord *Unconfirmed = unconfirmedReach(S, Writer);
  const BugRecord *Reaching = reachingBug(S, Writer);
  // A search that ended without an answer of its own (cut short, out of
  // a budget) leaves the apc the rest of its time (--apc-timeout, never past
  // --max-time): it may still prove the target unreachable. One the user
  // interrupted, or that answered, stops it.
  bool Answered = explorationVerdict(S) != "unknown" && !Unconfirmed;
  TargetApc &T = *this->T;
  if (Apc && (Answered || S.StopReason == "interrupted"))
    Apc->finish();
  else if (Apc)
    T.Awaited = Apc->wait();
  describeCandidate(O, Entry, T);
  bool Native = Reaching && Reaching->Native;
  bool ByApc =
      (!S.TargetTest || Unconfirmed) && T.Ans.K == ApcAnswer::Unreachable;
  std::string Verdict = ByApc         ? "unreachable"
                        : Unconfirmed ? "unknown"
                                      : explorationVerdict(S);
  double Search = std::max(0.0, S.Seconds - T.SearchFrom);
  // Both proofs cover the inputs within the assumptions the summary lists.
  bool UnderAssumptions =
      Verdict == "unreachable" &&
      !Summary.value("assumptions", nlohmann::json::array()).empty();
  std::string How =
      ByApc         ? std::string("(the apc is unsatisfiable)")
      : Unconfirmed ? unconfirmedText(*Unconfirmed)
      : Verdict == "reached" && Native
          ? fmt::format("by {} (found natively by the fuzzer, confirmed by "
                        "its native replay)",
                        testFileName(S.TargetTest))
      : Verdict == "reached"     ? "by " + testFileName(S.TargetTest)
      : Verdict == "unreachable" ? std::string("by exhaustion")
                                 : "(" + S.StopReason + ")";
  if (UnderAssumptions)
    How += ", under the input assumptions above";
  fmt::print("theseus: target {} in {}: {} {}\n", T.Names,
             Entry.getName().str(), Verdict, How);
  if (ByApc)
    printApc(T);
  if (O.NoApc) {
    fmt::print("  time             search {:.3f} s (--no-apc)\n", Search);
  } else {
    std::string Missed =
        S.SeedsMissed ? fmt::format(" ({} missed the target)", S.SeedsMissed)
                      : "";
    fmt::print("  apc              {} ({}), {} states pruned, {} inputs "
               "seeded{}, {} checks in {:.3f} s\n",
               verdictOf(T.Ans),
               T.Ans.AnsweredBy.empty() ? "-" : T.Ans.AnsweredBy, S.ApcPruned,
               S.SeededInputs, Missed, S.ApcChecks, S.ApcCheckSeconds);
    printApcTimes(T, Search);
  }
  nlohmann::json J = targetJson(O, T, Verdict);
  J["test"] = S.TargetTest ? nlohmann::json(testFileName(S.TargetTest))
                           : nlohmann::json(nullptr);
  J["pruned_states"] = S.ApcPruned;
  J["seeded_inputs"] = S.SeededInputs;
  J["seeds_missed"] = S.SeedsMissed;
  J["decided_by"] = ByApc ? "apc" : "search";
  J["under_assumptions"] = UnderAssumptions;
  if (S.TargetTest)
    J["evidence"] = Native ? "native" : "engine";
  if (Unconfirmed)
    J["divergence"] = {{"test", Unconfirmed->Test},
                       {"native", Unconfirmed->Replay},
                       {"evidence", Native ? "native" : "engine"}};
  J["apc_checks"] = S.ApcChecks;
  if (O.Explore.SolverChain.Validate)
    J["validated"]["apc_checks"] = S.ApcChecksValidated;
  J["times"]["apc_checks"] = S.ApcCheckSeconds;
  J["times"]["search"] = Search;
  if (!O.NoApc) {
    J["times"]["apc_finished_at"] = T.ReadyAt;
    J["finished_first"] = T.Interrupted || T.Awaited ? "search" : "apc";
  }
  Summary["target"] = J;
}

} // namespace theseus
