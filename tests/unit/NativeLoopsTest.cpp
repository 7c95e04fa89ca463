//===- NativeLoopsTest.cpp - Concrete loops run as host code --------------===//
//
// Each function is run twice, with native loops on and off: a run that
// completes natively must leave the same value, instruction count, blocks,
// edge counts and path fingerprint; one that cannot must bail out (with
// its reason counted) and leave the interpreter to find the same outcome.
//
//===----------------------------------------------------------------------===//
#include "exec/NativeLoops.h"
#include "exec/Interpreter.h"
#include "program/Program.h"

#include "llvm/IR/Module.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <thread>

using namespace theseus;

namespace {

const char *const Source = R"C(
static unsigned table[32];
static const int constants[4] = {1, 2, 3, 4};

unsigned sum_loop(int n) {
  unsigned s = 0;
  for (int i = 0; i < 32; i++) {
    table[i] = table[i] * 7 + (unsigned)i;
    if (table[i] & 1)
      s += table[i];
    else
      s ^= (unsigned)n;
  }
  return s;
}

static unsigned scaled[64];
unsigned scaled_sum(unsigned n) {
  unsigned s = 0;
  for (int r = 0; r < 200; r++)
    for (int i = 0; i < 64; i++) {
      scaled[i] += n * (unsigned)i;
      s += scaled[i];
    }
  return s;
}

static int wanted;
int symbolic_read(int key) {
  int found = -1;
  wanted = key;
  for (int i = 0; i < 4; i++)
    if (constants[i] == wanted)
      found = i;
  return found;
}

int symbolic_local(int key) {
  int found = -1;
  for (int i = 0; i < 4; i++)
    if (constants[i] == key)
      found = i;
  return found;
}

int out_of_bounds(int n) {
  int a[8];
  int *p = a;
  for (int i = 0; i <= 8; i++)
    p[i] = i;
  return p[n & 7];
}

int read_only_store(int n) {
  int *p = (int *)constants;
  for (int i = 0; i < 4; i++)
    p[i] = i;
  return n;
}

int divide(int n) {
  int s = 0;
  for (int i = 3; i >= -1; i--)
    s += 100 / i;
  return s + n;
}

unsigned long long_loop(int n) {
  unsigned long s = 0;
  for (unsigned long i = 0; i < 1000000; i++) // long_loop's loop
    s += i * (unsigned long)n;
  return s;
}

int to_smallest_subnormal(int n) {
  double x = n, previous = 0;
  while (x != previous) { // Natively: the smallest subnormal, then 0.
    previous = x;
    x = x / 1.6;
  }
  return previous == 0x1p-1074 ? 1 : 0;
}

int float_mix(int n) {
  float f = 0.1f;
  double d = n;
  long k = 0;
  for (int i = 0; i < 1000; i++) {
    f = f * 1.0001f;
    f = f + (float)i;
    d = d - f / 3.0;
    k += (long)(d * 0.5);
    if (f > d || d != d)
      k ^= i;
    unsigned u = (unsigned)(float)(i * 7);
    k += (long)u - (long)(-d > 1e3);
  }
  return (int)(k ^ (long)f);
}

int conversion(int n) {
  double d = 1e9;
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += (int)(d * i); // 3e9 does not fit.
  return s + n;
}

int float_division(int n) {
  double s = 0;
  for (int i = 2; i >= -1; i--)
    s += 1.0 / i;
  return s > 1e300 ? n : 0;
}

int abs(int);
int calls_out(int n) {
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += abs(i - n);
  return s;
}
)C";

/// Records what the explorers' observers see of edges and blocks, with two
/// path fingerprints, as a loop run natively folds them by code of its
/// own: one of every edge (as Fork.h's), one of some edges only (as
/// Coverage.cpp's, of the edges it knows), here the first successors.
struct Tracer : ExecutionObserver {
  void onBranch(const BranchEvent &) override {}
  void onConcretization(const llvm::Instruction *, const char *) override {}
  void onBlockExecuted(const llvm::BasicBlock *BB,
                       const llvm::Instruction *Last) override {
    Blocks.insert(BB);
  }
  static uint64_t key(const EdgeRef &E) {
    return reinterpret_cast<uintptr_t>(E.first) * 31 + E.second;
  }
  static uint64_t firstKey(const EdgeRef &E) { return ~key(E); }
  void onEdge(const llvm::Instruction *Term, unsigned Index) override {
    Hash = foldEdgeKey(Hash, key({Term, Index}));
    if (Index == 0)
      FirstHash = foldEdgeKey(FirstHash, firstKey({Term, Index}));
    ++Counts[{Term, Index}];
  }
  bool edgeFingerprints(llvm::ArrayRef<EdgeRef> Edges,
                        llvm::SmallVectorImpl<EdgeFingerprint> &Out) override {
    EdgeFingerprint All{&Hash, {}, std::vector<bool>(Edges.size(), true)};
    EdgeFingerprint First{&FirstHash, {}, {}};
    for (const EdgeRef &E : Edges) {
      All.Keys.push_back(key(E));
      First.Keys.push_back(firstKey(E));
      First.Folded.push_back(E.second == 0);
    }
    Out.push_back(std::move(All));
    Out.push_back(std::move(First));
    return true;
  }
  void onEdgeCounts(llvm::ArrayRef<EdgeRef> Edges,
                    llvm::ArrayRef<uint64_t> Taken) override {
    for (size_t K = 0; K < Edges.size(); ++K)
      if (Taken[K])
        Counts[Edges[K]] += Taken[K];
  }
  // Not 0: the fold's shifted term counts from the first edge on.
  uint64_t Hash = 0x9e3779b97f4a7c15ULL, FirstHash = 0xc2b2ae3d27d4eb4fULL;
  std::map<EdgeRef, uint64_t> Counts;
  std::set<const llvm::BasicBlock *> Blocks;
};

class NativeLoopsTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    // One directory per process: ctest runs each test in its own process,
    // in parallel, and one's TearDown must not remove another's source.
    Dir = std::filesystem::temp_directory_path() /
          ("theseus-native-loops-" + std::to_string(getpid()));
    std::filesystem::create_directories(Dir);
    std::ofstream(Dir / "loops.c") << Source;
    CompileOptions Opts;
    Opts.Sources = {(Dir / "loops.c").string()};
    Prog = Program::load(Opts);
  }
  static void TearDownTestSuite() {
    Prog.reset();
    std::filesystem::remove_all(Dir);
  }

  struct Result {
    PathOutcome Out;
    uint64_t Steps = 0;
    Tracer Trace;
    NativeLoopStats Stats;
  };
  /// Runs `Name(Arg)`, the argument symbolic if `Symbolic`.
  Result run(const char *Name, uint64_t Arg, bool Native, bool Symbolic,
             std::function<bool()> Stop = nullptr) {
    ExecOptions Opts;
    Opts.NativeLoops = Native;
    Opts.ShouldStop = std::move(Stop);
    Interpreter In(*Prog, Ctx, Opts);
    const llvm::Function &F = *Prog->module().getFunction(Name);
    ExprRef Sym = Symbolic ? Ctx.readLE(Ctx.array(Name, 4), 0, 4) : nullptr;
    auto S = In.createState(F, std::vector<ConcolicValue>{{Arg, Sym}});
    Result R;
    R.Out = In.run(*S, R.Trace);
    R.Steps = S->Steps;
    if (const NativeLoopStats *N = In.nativeLoopStats())
      R.Stats = *N;
    return R;
  }
  /// Runs natively and not; expects the same observations.
  Result compare(const char *Name, uint64_t Arg, bool Symbolic = false,
                 std::function<bool()> Stop = nullptr) {
    Result On = run(Name, Arg, true, Symbolic, Stop);
    Result Off = run(Name, Arg, false, Symbolic, Stop);
    EXPECT_EQ(On.Out.End, Off.Out.End);
    EXPECT_EQ(On.Out.Value, Off.Out.Value);
    EXPECT_EQ(On.Out.BugKind, Off.Out.BugKind);
    EXPECT_EQ(On.Out.Loc.Line, Off.Out.Loc.Line);
    EXPECT_EQ(On.Steps, Off.Steps);
    EXPECT_EQ(On.Trace.Hash, Off.Trace.Hash);
    EXPECT_EQ(On.Trace.FirstHash, Off.Trace.FirstHash);
    EXPECT_EQ(On.Trace.Counts, Off.Trace.Counts);
    EXPECT_EQ(On.Trace.Blocks, Off.Trace.Blocks);
    EXPECT_EQ(Off.Stats.Regions, 0u);
    return On;
  }

  static inline std::filesystem::path Dir;
  static inline std::unique_ptr<Program> Prog;
  ExprContext Ctx;
};

TEST_F(NativeLoopsTest, ConcreteLoopRunsNativelyWithLiveOutsAndCoverage) {
  Result R = compare("sum_loop", 5);
  EXPECT_EQ(R.Out.End, PathEnd::Return);
  EXPECT_EQ(R.Stats.Regions, 1u);
  EXPECT_EQ(R.Stats.Runs, 1u);
  EXPECT_GT(R.Stats.Instructions, 32u * 10);
  EXPECT_TRUE(R.Stats.Bails.empty());
}

TEST_F(NativeLoopsTest, LoopsWithCallsAreNotRegions) {
  Result R = run("calls_out", 2, true, false);
  EXPECT_EQ(R.Stats.Regions, 0u);
}

TEST_F(NativeLoopsTest, SymbolicReadBailsOut) {
  Result R = compare("symbolic_read", 3, /*Symbolic=*/true);
  EXPECT_EQ(R.Out.Value, 2u);
  EXPECT_EQ(R.Stats.Runs, 0u);
  EXPECT_EQ(R.Stats.Bails["access"], 1u);
}

TEST_F(NativeLoopsTest, LoopOverSymbolicLocalIsNotCompiled) {
  // `key` lives in a stack object with symbolic bytes the loop reads.
  Result R = compare("symbolic_local", 3, /*Symbolic=*/true);
  EXPECT_EQ(R.Stats.SymbolicEntries, 1u);
  EXPECT_EQ(R.Stats.Compiled, 0u);
}

TEST_F(NativeLoopsTest, OutOfBoundsWriteBailsAndIsReported) {
  Result R = compare("out_of_bounds", 1);
  EXPECT_EQ(R.Out.BugKind, "out-of-bounds");
  EXPECT_EQ(R.Stats.Bails["access"], 1u);
}

TEST_F(NativeLoopsTest, ReadOnlyStoreBailsAndIsReported) {
  Result R = compare("read_only_store", 1);
  EXPECT_EQ(R.Out.BugKind, "write-to-read-only");
  EXPECT_EQ(R.Stats.Bails["access"], 1u);
}

TEST_F(NativeLoopsTest, DivisionByZeroBailsAndIsReported) {
  Result R = compare("divide", 1);
  EXPECT_EQ(R.Out.BugKind, "division-by-zero");
  EXPECT_EQ(R.Stats.Bails["division"], 1u);
}

TEST_F(NativeLoopsTest, FloatLoopsRunNativelyBitForBit) {
  Result Subnormal = compare("to_smallest_subnormal", 5);
  EXPECT_EQ(Subnormal.Out.Value, 1u);
  EXPECT_EQ(Subnormal.Stats.Runs, 1u);
  Result Mixed = compare("float_mix", 12345);
  EXPECT_EQ(Mixed.Stats.Runs, 1u);
  EXPECT_TRUE(Mixed.Stats.Bails.empty());
}

TEST_F(NativeLoopsTest, ConversionOutOfRangeBailsOut) {
  Result R = compare("conversion", 1);
  EXPECT_EQ(R.Stats.Bails["conversion"], 1u);
  EXPECT_EQ(R.Stats.Runs, 0u);
}

TEST_F(NativeLoopsTest, FloatDivisionByZeroBailsOut) {
  Result R = compare("float_division", 7);
  EXPECT_EQ(R.Out.Value, 7u);
  EXPECT_EQ(R.Stats.Bails["division"], 1u);
}

TEST_F(NativeLoopsTest, PausesForTheStopPollChangeNothing) {
  Result R = compare("long_loop", 3, false, [] { return false; });
  EXPECT_EQ(R.Out.End, PathEnd::Return);
  EXPECT_EQ(R.Stats.Runs, 1u);
  EXPECT_TRUE(R.Stats.Bails.empty());
  ASSERT_GE(R.Stats.Instructions / NativePollSteps, 3u);
  // Outside the loop, too few instructions for the interpreter to poll.
  unsigned Polls = 0;
  run("long_loop", 3, true, false, [&] {
    ++Polls;
    return false;
  });
  EXPECT_EQ(Polls, R.Stats.Instructions / NativePollSteps);
}

TEST_F(NativeLoopsTest, StopPollEndsANativeRunInTheLoop) {
  unsigned Polls = 0;
  Result R = run("long_loop", 3, true, false, [&] { return ++Polls == 2; });
  EXPECT_EQ(R.Out.End, PathEnd::Interrupted);
  EXPECT_EQ(Polls, 2u);
  EXPECT_EQ(R.Stats.Runs, 0u);
  EXPECT_EQ(R.Stats.Bails["stop"], 1u);
  std::string Before(Source, std::strstr(Source, "// long_loop's loop"));
  EXPECT_EQ(R.Out.Loc.Line, std::count(Before.begin(), Before.end(), '\n') + 1);
  // The loop ran: its blocks count as covered.
  Result Whole = run("long_loop", 3, true, false);
  EXPECT_EQ(R.Trace.Blocks.size() + 1, Whole.Trace.Blocks.size());
}

// Interpreters in threads of one process share only the arena, and take
// turns while native code runs on it: each one's loops see its own
// objects, run after run.
TEST(NativeLoopsThreads, InterpretersInTwoThreadsKeepTheirOwnMemory) {
  auto Dir = std::filesystem::temp_directory_path() /
             ("theseus-native-threads-" + std::to_string(getpid()));
  std::filesystem::create_directories(Dir);
  std::ofstream(Dir / "loops.c") << Source;
  std::atomic<int> Loaded{0};
  auto Runs = [&](uint64_t N, std::vector<uint64_t> &Values,
                  uint64_t &NativeRuns) {
    CompileOptions Compile;
    Compile.Sources = {(Dir / "loops.c").string()};
    std::unique_ptr<Program> P = Program::load(Compile);
    ExprContext Ctx;
    ExecOptions Opts;
    Opts.NativeLoops = true;
    Interpreter In(*P, Ctx, Opts);
    const llvm::Function &F = *P->module().getFunction("scaled_sum");
    for (++Loaded; Loaded < 2;) // Both run their loops at the same time.
      std::this_thread::yield();
    for (int K = 0; K < 200; ++K) {
      auto S = In.createState(F, std::vector<ConcolicValue>{{N, nullptr}});
      Tracer Trace;
      Values.push_back(In.run(*S, Trace).Value);
    }
    NativeRuns = In.nativeLoopStats() ? In.nativeLoopStats()->Runs : 0;
  };
  std::vector<uint64_t> A, B;
  uint64_t RunsA = 0, RunsB = 0;
  std::thread First([&] { Runs(5, A, RunsA); });
  std::thread Second([&] { Runs(9, B, RunsB); });
  First.join();
  Second.join();
  std::filesystem::remove_all(Dir);
  ASSERT_EQ(A.size(), 200u);
  ASSERT_EQ(B.size(), 200u);
  // Round r adds r * n * i to each scaled[i]: n * 2016 * (1 + ... + 200).
  auto Expected = [](uint64_t N) { return N * 2016 * (200 * 201 / 2); };
  for (size_t K = 0; K < 200; ++K) {
    EXPECT_EQ(A[K], Expected(5));
    EXPECT_EQ(B[K], Expected(9));
  }
  EXPECT_EQ(RunsA, 200u);
  EXPECT_EQ(RunsB, 200u);
}

} // namespace
