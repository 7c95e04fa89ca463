//===- Exploration.cpp - What both drivers share --------------------------===//
#include "explore/Exploration.h"
#include "explore/Exchange.h"

#include "llvm/ADT/STLExtras.h"

#include <cstdio>
#include <sys/resource.h>
#include <unistd.h>

namespace theseus {

ExplorationListener::~ExplorationListener() = default;
InputExchange::~InputExchange() = default;

std::atomic<bool> &stopRequested() {
  static std::atomic<bool> Flag{false};
  return Flag;
}

const char *toString(Strategy S) {
  for (const auto &[Name, Value] : StrategyNames)
    if (Value == S)
      return Name;
  return "?";
}

namespace {
/// A table of an enumeration's names, every enumerator in it.
template <typename Enum, size_t N>
using NameTable = std::pair<Enum, const char *>[N];

template <typename Enum, size_t N>
const char *nameIn(const NameTable<Enum, N> &Names, Enum Value) {
  for (const auto &[E, Name] : Names)
    if (E == Value)
      return Name;
  return Names[0].second;
}

template <typename Enum, size_t N>
std::optional<Enum> valueIn(const NameTable<Enum, N> &Names,
                            llvm::StringRef Name) {
  for (const auto &[E, Candidate] : Names)
    if (Name == Candidate)
      return E;
  return std::nullopt;
}

constexpr std::pair<SideState, const char *> SideStateNames[] = {
    {SideState::Unseen, "unseen"},      {SideState::Open, "open"},
    {SideState::Explored, "explored"},  {SideState::Infeasible, "infeasible"},
    {SideState::Unknown, "unknown"},    {SideState::Diverged, "diverged"},
    {SideState::Closed, "closed"},      {SideState::Pruned, "pruned"},
    {SideState::Elsewhere, "elsewhere"}};

constexpr std::pair<ReturnValueSet, const char *> ReturnValueSetNames[] = {
    {ReturnValueSet::Enumerated, "enumerated"},
    {ReturnValueSet::MoreThanLimit, "more-than-limit"},
    {ReturnValueSet::NotEnumerated, "not-enumerated"}};
} // namespace

const char *toString(SideState S) { return nameIn(SideStateNames, S); }

std::optional<SideState> parseSideState(llvm::StringRef Name) {
  return valueIn(SideStateNames, Name);
}

const char *toString(ReturnValueSet S) {
  return nameIn(ReturnValueSetNames, S);
}

std::optional<ReturnValueSet> parseReturnValueSet(llvm::StringRef Name) {
  return valueIn(ReturnValueSetNames, Name);
}

const char *toString(Cut C) {
  switch (C) {
  case Cut::Interrupted:
    return "interrupted";
  case Cut::MaxTime:
    return "max-time";
  case Cut::MaxIterations:
    return "max-iterations";
  case Cut::MaxMemory:
    return "max-memory";
  case Cut::StepLimit:
    return "step-limit";
  case Cut::LoopBound:
    return "loop-bound";
  case Cut::MaxDepth:
    return "max-depth";
  case Cut::MaxStates:
    return "max-states";
  case Cut::SolverUnknown:
    return "solver-unknown";
  case Cut::Unsupported:
    return "unsupported";
  case Cut::ExternalDenied:
    return "external-denied";
  case Cut::Concretization:
    return "concretization";
  case Cut::Divergence:
    return "divergence";
  case Cut::ApcPruned:
    return "apc-pruned";
  case Cut::TargetReached:
    return "target-reached";
  case Cut::NativeMismatch:
    return "native-mismatch";
  }
  return "?";
}

std::optional<Cut> cutForStopReason(const std::string &StopReason) {
  if (StopReason == "interrupted")
    return Cut::Interrupted;
  if (StopReason == "max-time")
    return Cut::MaxTime;
  if (StopReason == "max-iterations")
    return Cut::MaxIterations;
  if (StopReason == "max-memory")
    return Cut::MaxMemory;
  if (StopReason == "target-reached")
    return Cut::TargetReached;
  // What was left could not reach the target: pruned, all of it at once.
  if (StopReason == "apc-unreachable")
    return Cut::ApcPruned;
  return std::nullopt;
}

double secondsSince(std::chrono::steady_clock::time_point T) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T)
      .count();
}

uint64_t currentRssBytes() {
  std::FILE *F = std::fopen("/proc/self/statm", "r");
  if (!F)
    return 0;
  unsigned long long Size = 0, Resident = 0;
  int Read = std::fscanf(F, "%llu %llu", &Size, &Resident);
  std::fclose(F);
  return Read == 2 ? Resident * uint64_t(sysconf(_SC_PAGESIZE)) : 0;
}

uint64_t peakRssBytes() {
  struct rusage U;
  getrusage(RUSAGE_SELF, &U);
  return uint64_t(U.ru_maxrss) * 1024;
}

bool RunBudget::memoryOver(uint64_t Bytes) const {
  if (!MaxMemoryBytes)
    return false;
  auto Now = std::chrono::steady_clock::now();
  if (Now - LastMemoryCheck >= std::chrono::milliseconds(5)) {
    LastMemoryCheck = Now;
    LastResidentBytes = currentRssBytes();
  }
  return LastResidentBytes > Bytes;
}

bool RunBudget::left(uint64_t Runs, std::string &StopReason,
                     bool CheckMemory) const {
  if (stopped())
    StopReason = "interrupted";
  else if (halted())
    StopReason = "apc-unreachable";
  else if (MaxIterations && Runs >= RunsBefore + MaxIterations)
    StopReason = "max-iterations";
  else if (timeUp())
    StopReason = "max-time";
  else if (CheckMemory && memoryFull())
    StopReason = "max-memory";
  else
    return true;
  return false;
}

ExecOptions RunBudget::withStop(ExecOptions X) const {
  auto Previous = X.ShouldStop;
  X.ShouldStop = [this, Previous] {
    return mustStop() || (Previous && Previous());
  };
  return X;
}

void countPathEnd(ExplorationStats &S, PathEnd End) {
  switch (End) {
  case PathEnd::StepLimit:
    ++S.StepLimited;
    break;
  case PathEnd::BoundReached:
    ++S.BoundReached;
    break;
  case PathEnd::Unsupported:
    ++S.UnsupportedPaths;
    break;
  case PathEnd::ExternalDenied:
    ++S.DeniedPaths;
    break;
  case PathEnd::Interrupted:
    ++S.InterruptedPaths;
    break;
  default:
    break;
  }
}

const SummedCounts &summedCounts() {
  static const SummedCounts Counts{
      {&ExplorationStats::Runs,
       &ExplorationStats::Paths,
       &ExplorationStats::Tests,
       &ExplorationStats::ReturnVariants,
       &ExplorationStats::Divergences,
       &ExplorationStats::Infeasible,
       &ExplorationStats::SolverUnknown,
       &ExplorationStats::FloatSearchModels,
       &ExplorationStats::Restarts,
       &ExplorationStats::DepthLimited,
       &ExplorationStats::BoundReached,
       &ExplorationStats::StatesDropped,
       &ExplorationStats::MemoryDropped,
       &ExplorationStats::StatesRunAgain,
       &ExplorationStats::StepLimited,
       &ExplorationStats::UnsupportedPaths,
       &ExplorationStats::DeniedPaths,
       &ExplorationStats::InterruptedPaths,
       &ExplorationStats::Pinned,
       &ExplorationStats::AssumeViolations,
       &ExplorationStats::OpenSides,
       &ExplorationStats::TreeNodes,
       &ExplorationStats::ApcPruned,
       &ExplorationStats::SeededInputs,
       &ExplorationStats::SeedsMissed,
       &ExplorationStats::ApcChecks,
       &ExplorationStats::ApcChecksValidated,
       &ExplorationStats::FuzzImported,
       &ExplorationStats::FuzzNewPaths,
       &ExplorationStats::FuzzOffered,
       &ExplorationStats::FuzzNativeErrors,
       &ExplorationStats::Donated,
       &ExplorationStats::EntryRunsAgain,
       &ExplorationStats::Instructions},
      {&ExplorationStats::ApcCheckSeconds, &ExplorationStats::ExecSeconds},
      {&ReturnValueCounts::Enumerated, &ReturnValueCounts::MoreThanLimit,
       &ReturnValueCounts::NotEnumerated},
      {&SolverStats::Queries, &SolverStats::TrivialAnswers,
       &SolverStats::CacheHits, &SolverStats::CexUnsatHits,
       &SolverStats::CexSatHits, &SolverStats::ModelReuses,
       &SolverStats::SingleByteAnswers, &SolverStats::BackendCalls,
       &SolverStats::Unknowns, &SolverStats::Validated,
       &SolverStats::ConstraintsIn, &SolverStats::ConstraintsOut,
       &SolverStats::FloatQueries, &SolverStats::FloatStageAnswers,
       &SolverStats::FloatBackendCalls},
      {&SolverStats::Seconds, &SolverStats::BackendSeconds,
       &SolverStats::FloatSeconds},
      {&NativeLoopStats::Regions, &NativeLoopStats::Compiled,
       &NativeLoopStats::Runs, &NativeLoopStats::Instructions,
       &NativeLoopStats::SymbolicEntries, &NativeLoopStats::Disabled},
      {&NativeLoopStats::CompileSeconds}};
  return Counts;
}

namespace {
void addSites(std::vector<SiteCount> &Sum, const std::vector<SiteCount> &P) {
  for (const SiteCount &S : P) {
    auto It = llvm::find_if(Sum, [&](const SiteCount &T) {
      return T.Site == S.Site && T.Reason == S.Reason;
    });
    if (It == Sum.end())
      Sum.push_back(S);
    else
      It->Count += S.Count;
  }
}

template <typename T, typename Field>
void addFields(T &Sum, const T &P, const std::vector<Field T::*> &Fields) {
  for (Field T::*F : Fields)
    Sum.*F += P.*F;
}
} // namespace

void addStats(ExplorationStats &Sum, const ExplorationStats &P) {
  const SummedCounts &C = summedCounts();
  addFields(Sum, P, C.Counts);
  addFields(Sum, P, C.Seconds);
  addFields(Sum.ReturnValueSets, P.ReturnValueSets, C.ReturnValueSets);
  addFields(Sum.Solver, P.Solver, C.SolverCounts);
  addFields(Sum.Solver, P.Solver, C.SolverSeconds);
  addFields(Sum.NativeLoops, P.NativeLoops, C.NativeLoopCounts);
  addFields(Sum.NativeLoops, P.NativeLoops, C.NativeLoopSeconds);
  Sum.ReturnValueSets.Limit = P.ReturnValueSets.Limit;
  if (P.TargetTest && (!Sum.TargetTest || P.TargetTest < Sum.TargetTest))
    Sum.TargetTest = P.TargetTest;
  addSites(Sum.Concretizations, P.Concretizations);
  for (const PathDecision &D : P.BeyondAssumptions)
    if (llvm::none_of(Sum.BeyondAssumptions, [&](const PathDecision &E) {
          return E.Inst == D.Inst && E.Taken == D.Taken;
        }))
      Sum.BeyondAssumptions.push_back(D);
  for (const auto &[Name, N] : P.ExternalCalls)
    Sum.ExternalCalls[Name] += N;
  for (const auto &[Reason, N] : P.NativeLoops.Bails)
    Sum.NativeLoops.Bails[Reason] += N;
  if (Sum.NativeLoops.CompileError.empty())
    Sum.NativeLoops.CompileError = P.NativeLoops.CompileError;
}

void settleCompleteness(ExplorationStats &S, uint64_t Unfinished) {
  CutCounts &C = S.Incomplete;
  C.clear();
  auto Add = [&C](Cut Why, uint64_t N) {
    if (N)
      C[Why] += N;
  };
  if (std::optional<Cut> Stop = cutForStopReason(S.StopReason))
    Add(*Stop, std::max<uint64_t>(Unfinished + S.InterruptedPaths, 1));
  else
    Add(Cut::Interrupted, S.InterruptedPaths);
  Add(Cut::StepLimit, S.StepLimited);
  Add(Cut::LoopBound, S.BoundReached);
  Add(Cut::MaxDepth, S.DepthLimited);
  Add(Cut::MaxStates, S.StatesDropped);
  Add(Cut::MaxMemory, S.MemoryDropped);
  Add(Cut::SolverUnknown, S.SolverUnknown);
  Add(Cut::Unsupported, S.UnsupportedPaths);
  Add(Cut::ExternalDenied, S.DeniedPaths);
  Add(Cut::Concretization, S.Pinned);
  Add(Cut::Divergence, S.Divergences);
  Add(Cut::ApcPruned, S.ApcPruned);
  S.Complete = C.empty();
  // "exhausted" is a claim: the search ran out of work and nothing was cut.
  // Out of work with cuts is "bounded".
  if (S.StopReason.empty())
    S.StopReason = S.Complete ? "exhausted" : "bounded";
  S.PeakRssMB = peakRssBytes() >> 20;
}

bool claimsExhaustion(const ExplorationStats &S) {
  for (const auto &[Why, Count] : S.Incomplete)
    if (Why != Cut::ApcPruned)
      return false;
  return true;
}

void withdrawClaim(ExplorationStats &S, Cut Why, uint64_t N) {
  S.Incomplete[Why] += N;
  S.Complete = false;
  if (S.StopReason == "exhausted")
    S.StopReason = "bounded";
}

void ConcretizationLog::note(const llvm::Instruction *I, const char *Reason,
                             bool Narrows) {
  ++Sites[{sourceLocOf(I).str(), Reason}];
  Narrowing += Narrows;
}

void ConcretizationLog::fill(ExplorationStats &S) const {
  S.Concretizations.clear();
  for (const auto &[Key, Count] : Sites)
    S.Concretizations.push_back({Key.first, Key.second, Count});
  S.Pinned = Narrowing;
}

} // namespace theseus
