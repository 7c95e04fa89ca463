//===- Mpi.cpp - One run over the processes of an MPI job -----------------===//
#include "distributed/Distributed.h"

#include "explore/Parallel.h"
#include "explore/Wire.h"
#include "program/Program.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <fmt/format.h>

#include <mpi.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>

namespace theseus {

namespace {

/// What a message is, as its MPI tag.
enum Tag : int {
  // To rank 0.
  Hello = 1,           ///< The rank's module hash.
  Path,                ///< WireFormat::encodePath.
  SideClosed,          ///< WireFormat::encodeClosedSide.
  ReturnValuesSettled, ///< A test number and how, as a path is.
  Progress,            ///< WireFormat::encodeStats, as the run goes.
  Give,                ///< Work for another rank (WireFormat::encodeWork).
  Idle,                ///< The rank is out of work.
  Done,      ///< The rank's statistics, its coverages, the work run again.
  Heartbeat, ///< The rank is alive (sent every HeartbeatInterval).
  // From rank 0.
  Work,    ///< Work for the rank, or nothing: none is left anywhere.
  Hunger,  ///< "1": a rank waits for work; "0": none does.
  Stop,    ///< The run ends, for the reason given.
  Bye,     ///< Rank 0 has all of the rank's results.
  Recover, ///< Work of a failed rank to run again (RecoveredWork).
};

/// The stop reason rank 0 gives a rank it counts as failed.
constexpr const char *FailedRank = "failed";

/// How often an exploring rank says it is alive, whatever it is doing.
constexpr double HeartbeatInterval = 0.5;

/// Whether this process's part of the job ended without an error.
bool EndedNormally = false;

/// Whether mpirun keeps the job going when a process dies (Open MPI's
/// --enable-recovery). Only then can a rank fail and the run go on; and
/// then no process calls MPI_Finalize, which waits for the dead one (seen
/// to hang in two of five jobs with Open MPI 4.1): each leaves once rank 0
/// has its results.
bool recoveryEnabled() {
  const char *On = std::getenv("OMPI_MCA_orte_enable_recovery");
  return On && std::string_view(On) == "1";
}

/// How long a process with nothing to receive sleeps before it looks
/// again: Open MPI's blocking receive would spin a core.
constexpr std::chrono::microseconds PollPause{500};

void send(int To, Tag T, const std::string &Bytes) {
  MPI_Send(Bytes.data(), static_cast<int>(Bytes.size()), MPI_BYTE, To, T,
           MPI_COMM_WORLD);
}

struct Message {
  int From;
  Tag Kind;
  std::string Bytes;
};

/// The next message from `From` (or any rank) of kind `Kind` (or any), if
/// one has arrived.
std::optional<Message> receive(int From = MPI_ANY_SOURCE,
                               int Kind = MPI_ANY_TAG) {
  int Found = 0;
  MPI_Message Handle;
  MPI_Status Status;
  MPI_Improbe(From, Kind, MPI_COMM_WORLD, &Found, &Handle, &Status);
  if (!Found)
    return std::nullopt;
  int Count = 0;
  MPI_Get_count(&Status, MPI_BYTE, &Count);
  Message M{Status.MPI_SOURCE, static_cast<Tag>(Status.MPI_TAG),
            std::string(static_cast<size_t>(Count), '\0')};
  MPI_Mrecv(M.Bytes.data(), Count, MPI_BYTE, &Handle, MPI_STATUS_IGNORE);
  return M;
}

std::string testAndHow(uint64_t Test, ReturnValueSet How) {
  WireWriter W;
  W.u64(Test).u64(uint64_t(How));
  return W.take();
}

/// A rank's test numbers start here, so that every number of the run is
/// one rank's; rank 0 renumbers them 1, 2, ... as they arrive.
uint64_t testBase(int Rank) { return uint64_t(Rank) << 40; }

/// Stop reasons that end only the rank that gives them.
bool endsTheRun(const std::string &Reason) {
  return !Reason.empty() && Reason != "exhausted" && Reason != "bounded";
}

/// The work of a failed rank, as rank 0 hands it to another: an item of
/// work, or none for the whole tree (the first rank's).
std::string encodeRecovered(const std::optional<std::string> &Work) {
  WireWriter W;
  W.u64(Work.has_value()).str(Work.value_or(""));
  return W.take();
}

std::optional<SharedWork> decodeRecovered(std::string_view Bytes) {
  WireReader R(Bytes);
  if (!R.u64())
    return std::nullopt;
  return WireFormat::decodeWork(R.str());
}

/// A team's events but its progress: a recovering team's paths go to rank
/// 0 beside the rank's own, and the rank's progress stays its team's.
class PathsOnly : public ExplorationListener {
public:
  explicit PathsOnly(ExplorationListener &To) : To(To) {}
  void onNewPath(const PathResult &R) override { To.onNewPath(R); }
  void onSideClosed(const ClosedSide &C) override { To.onSideClosed(C); }
  void onReturnValuesSettled(uint64_t Test, ReturnValueSet How) override {
    To.onReturnValuesSettled(Test, How);
  }

private:
  ExplorationListener &To;
};

/// The work of failed ranks that rank 0 gives this one, each item run by a
/// team of one worker of its own on a thread of its own: the rank's team
/// may hold parts of that work already, handed over by the failed rank,
/// and its tree and claims would keep it from exploring them again.
class Recoveries {
public:
  Recoveries(const Program &P, const llvm::Function &Entry,
             const ExploreOptions &Opts, bool Forking, int Rank,
             ExplorationListener &Out)
      : P(P), Entry(Entry), Opts(Opts), Forking(Forking), Rank(Rank), Out(Out) {
  }

  /// Runs `Work` (none: the whole tree), unless finish() began.
  void start(std::optional<SharedWork> Work) {
    std::lock_guard<std::mutex> Lock(Use);
    if (Closed)
      return; // Rank 0 gives it to another rank.
    unsigned Index = static_cast<unsigned>(Teams.size()) + 1;
    ProcessShare Share{Work ? 1u : 0u, testBase(Rank) + (uint64_t(Index) << 32),
                       nullptr, std::move(Work)};
    Teams.push_back(
        std::make_unique<ParallelExplorer>(P, Entry, Opts, 1, Forking, Share));
    Threads.emplace_back(
        [this, Team = Teams.back().get(), Into = &Stats.emplace_back()] {
          *Into = Team->run(Paths);
        });
  }
  void stop() {
    std::lock_guard<std::mutex> Lock(Use);
    for (auto &T : Teams)
      T->stop();
  }
  /// Waits for every team started; adds what they did to `Into` and
  /// their coverage to `Covered`. Returns how many ran.
  uint64_t finish(ExplorationStats &Into, WireWriter &Covered) {
    {
      std::lock_guard<std::mutex> Lock(Use);
      Closed = true;
    }
    for (std::thread &T : Threads)
      T.join();
    for (size_t I = 0; I < Teams.size(); ++I) {
      addStats(Into, Stats[I]);
      Into.Workers.insert(Into.Workers.end(), Stats[I].Workers.begin(),
                          Stats[I].Workers.end());
      Covered.str(WireFormat::encodeCoverage(Teams[I]->coverage()));
    }
    return Teams.size();
  }

private:
  const Program &P;
  const llvm::Function &Entry;
  const ExploreOptions &Opts;
  bool Forking;
  int Rank;
  ExplorationListener &Out;
  PathsOnly Paths{Out};
  std::mutex Use;
  bool Closed = false;
  // Left to the kernel to free at exit, like the rank's own team.
  std::vector<std::unique_ptr<ParallelExplorer>> Teams;
  std::deque<ExplorationStats> Stats; ///< Stable while teams write them.
  std::vector<std::thread> Threads;
};

/// An exploring rank's line to rank 0: the events of its workers go there,
/// and rank 0's answers come back through it.
class LineToRank0 : public Upstream, public ExplorationListener {
public:
  LineToRank0(const Program &P, ExprContext &Ctx) : Format(P, Ctx) {}

  // The team's events, one at a time.
  void onNewPath(const PathResult &R) override {
    send(0, Path, Format.encodePath(R));
  }
  void onProgress(const ExplorationStats &S) override {
    send(0, Progress, Format.encodeStats(S));
  }
  void onSideClosed(const ClosedSide &C) override {
    send(0, SideClosed, WireFormat::encodeClosedSide(C));
  }
  void onReturnValuesSettled(uint64_t Test, ReturnValueSet How) override {
    send(0, ReturnValuesSettled, testAndHow(Test, How));
  }

  // The workers' threads.
  bool wanted() const override { return SomeoneWaits.load(); }
  void give(SharedWork W) override { send(0, Give, WireFormat::encodeWork(W)); }
  std::optional<SharedWork> wait() override {
    std::unique_lock<std::mutex> Lock(Use);
    if (Ended)
      return std::nullopt;
    Answered = false;
    send(0, Idle, "");
    Arrived.wait(Lock, [this] { return Answered || Ended; });
    if (Ended || !Answer)
      return std::nullopt;
    return std::exchange(Answer, std::nullopt);
  }

  /// Takes rank 0's messages until it says bye, and says now and then
  /// that this rank is alive: on a thread of its own.
  void listen(Explorer &Team, Recoveries &Recovering) {
    auto LastBeat = std::chrono::steady_clock::now();
    while (!Leaving) {
      if (secondsSince(LastBeat) >= HeartbeatInterval) {
        send(0, Heartbeat, "");
        LastBeat = std::chrono::steady_clock::now();
      }
      std::optional<Message> M = receive(0);
      if (!M) {
        std::this_thread::sleep_for(PollPause);
        continue;
      }
      switch (M->Kind) {
      case Work: {
        std::lock_guard<std::mutex> Lock(Use);
        Answer.reset();
        if (!M->Bytes.empty())
          Answer = WireFormat::decodeWork(M->Bytes);
        Answered = true;
        Arrived.notify_all();
        break;
      }
      case Hunger:
        SomeoneWaits = M->Bytes == "1";
        break;
      case Recover:
        Recovering.start(decodeRecovered(M->Bytes));
        break;
      case Stop: {
        // Counted as failed (too slow): no bye will come.
        Dismissed = M->Bytes == FailedRank;
        Team.stop();
        Recovering.stop();
        std::lock_guard<std::mutex> Lock(Use);
        Ended = true;
        Arrived.notify_all();
        break;
      }
      case Bye:
        return;
      default:
        throw WireError("rank 0 sent a message of an unknown kind");
      }
    }
  }

  const WireFormat &format() const { return Format; }
  /// After the rank's last message: stops listening if rank 0 will not
  /// say bye. Returns whether it stopped.
  bool leaveIfDismissed() {
    if (Dismissed)
      Leaving = true;
    return Dismissed;
  }

private:
  WireFormat Format;
  std::atomic<bool> Dismissed = false;
  std::atomic<bool> Leaving = false;
  std::atomic<bool> SomeoneWaits = false;
  std::mutex Use;
  std::condition_variable Arrived;
  bool Answered = false;
  bool Ended = false;
  std::optional<SharedWork> Answer;
};

/// Rank 0's explorer: the other ranks explore; it hands their work around,
/// numbers their tests and passes their paths to the run's listener.
class RankCoordinator : public Explorer {
public:
  RankCoordinator(const Program &P, const llvm::Function &Entry,
                  const ExploreOptions &Opts, const MpiJob &Job,
                  std::string ModuleHash, const RankOptions &Options)
      : Explorer(P, Entry, Opts), Format(P, Ctx), Job(Job),
        ModuleHash(std::move(ModuleHash)), RankTimeout(Options.Timeout),
        Balance(Options.Balance), Last(Job.Ranks), Finished(Job.Ranks),
        Failed(Job.Ranks), LastHeard(Job.Ranks), Holdings(Job.Ranks),
        RecoverySent(Job.Ranks), Running(Job.Ranks - 1), Router(Job.Ranks - 1),
        Unused(
            makeSearcher({Opts.Strat, Opts.Seed, nullptr}, P.module(), Cov)) {
    Holdings[1].push_back(std::nullopt); // The first rank starts the tree.
  }

  bool step() override;
  void runShared(const SharedWork &) override {
    throw std::logic_error("rank 0 runs no work itself");
  }

private:
  Searcher &searcher() override { return *Unused; }
  void begin() override;
  void end() override;
  void handle(Message &M);
  void onPath(const std::string &Bytes);
  void onDone(int Rank, const std::string &Bytes);
  /// Ranks silent for longer than RankTimeout have failed.
  void findFailedRanks();
  /// Gives the work `Rank` held to ranks still running.
  void fail(int Rank);
  /// Gives a failed rank's `Work` to a rank still running, to run again.
  void runAgain(const std::optional<std::string> &Work);
  /// Whether the path was found before (only after a rank failed can it
  /// be); `First` is then where the first one's number goes, or else
  /// where this one's does.
  bool foundTwice(const PathResult &R, uint64_t *&First);
  /// Counts a path passed on to the listener.
  void countReported(const PathResult &R);
  /// Sends what the router says, and whether a rank waits for work.
  void deliver(const std::vector<WorkRouter::Delivery> &Deliveries);
  void stopAll(const std::string &Reason);
  /// Tells the ranks whether one waits for work (WorkBalance::Queue), or
  /// asks one rank for work (WorkBalance::Steal).
  void tellHunger();
  void askOneRank();
  /// The rank to ask for work next: the one with the most open sides by
  /// its last report, other than `Not`; 0 when there is none.
  int richestRank(int Not) const;
  void reportProgress();
  ExplorationStats summed() const;
  uint64_t runs() const;
  /// The run's number of a rank's test `Tagged`, given on first sight.
  uint64_t testNumber(uint64_t Tagged);
  uint64_t knownTest(uint64_t Tagged) const {
    return Tagged ? Tests.lookup(Tagged) : 0;
  }
  /// knownTest, or the first test of a path found twice whose second one
  /// settles its return values.
  uint64_t settlingTest(uint64_t Tagged) const {
    auto It = Standins.find(Tagged);
    return It != Standins.end() ? It->second : knownTest(Tagged);
  }

  WireFormat Format;
  MpiJob Job;
  std::string ModuleHash;
  double RankTimeout;
  WorkBalance Balance;
  std::vector<ExplorationStats> Last; ///< Each rank's, as last reported.
  std::vector<bool> Finished;         ///< Said done, or failed.
  std::vector<bool> Failed;
  std::vector<double> LastHeard;
  /// The work each rank was given (none: the whole tree), run again
  /// elsewhere if it fails.
  std::vector<std::vector<std::optional<std::string>>> Holdings;
  /// A failed rank's work each rank was given to run again, in order.
  std::vector<std::vector<std::optional<std::string>>> RecoverySent;
  ExplorationStats::RankFigures Figures;
  /// Paths by path id and end, once a rank failed: its work is run again,
  /// and some of its paths were reported already.
  llvm::DenseMap<std::pair<uint64_t, uint64_t>, uint64_t> Found;
  llvm::DenseSet<uint64_t> Dropped; ///< Rank tests found twice.
  /// The tests whose return values were settled (enumerated or not).
  llvm::DenseSet<uint64_t> Settled;
  /// A rank test found twice whose first one's rank failed before it
  /// settled that path's return values: the second one's settling and
  /// further values stand in for the first's, by its number.
  llvm::DenseMap<uint64_t, uint64_t> Standins;
  uint64_t Unrecovered = 0; ///< Failed work no running rank could take.
  /// The paths and tests passed on, by how they ended: the ranks' own
  /// counts miss a failed rank's, and count twice what was run again.
  ExplorationStats Reported;
  unsigned NextRecoverer = 0;
  int Running; ///< Ranks that have not said done.
  WorkRouter Router;
  bool ToldHunger = false;
  int Asked = 0;      ///< WorkBalance::Steal: the rank asked for work.
  double AskedAt = 0; ///< When.
  llvm::DenseMap<uint64_t, uint64_t> Tests;
  uint64_t LastTest = 0;
  std::string FirstStop;
  double LastProgress = 0;
  double ListenerSeconds = 0;
  std::unique_ptr<Searcher> Unused; ///< Rank 0 picks no work itself.
  uint64_t TargetTest = 0;          ///< The first test that reached the target.
};

void RankCoordinator::begin() {
  for (int Said = 0; Said < Job.Ranks - 1;) {
    std::optional<Message> M = receive(MPI_ANY_SOURCE, Hello);
    if (!M) {
      std::this_thread::sleep_for(PollPause);
      continue;
    }
    LastHeard[M->From] = Budget.elapsed();
    if (M->Bytes != ModuleHash)
      throw InputError{fmt::format(
          "--distributed=mpi: rank {} compiled another program than rank 0 "
          "(each rank must see the same files and options)",
          M->From)};
    ++Said;
  }
}

bool RankCoordinator::step() {
  if (FirstStop.empty()) {
    std::string Reason;
    if (TargetTest && !Watch->guide().KeepGoing)
      stopAll("target-reached");
    else if (!Budget.left(runs(), Reason, /*CheckMemory=*/true))
      stopAll(Reason); // Also rank 0's unsatisfiable apc: apc-unreachable.
  }
  // Each message at once, but the budget looked at now and then.
  constexpr unsigned Batch = 1024;
  unsigned Handled = 0;
  for (; Handled < Batch; ++Handled) {
    std::optional<Message> M = receive();
    if (!M)
      break;
    handle(*M);
  }
  // Only with every message taken: rank 0 itself may have been busy (a
  // bug's native replay), and the ranks' heartbeats wait in the queue.
  if (Handled < Batch)
    findFailedRanks();
  if (Running == 0)
    return false;
  if (Balance == WorkBalance::Steal)
    askOneRank(); // Another rank when the one asked had nothing to give.
  reportProgress();
  if (!Handled)
    std::this_thread::sleep_for(PollPause);
  return true;
}

void RankCoordinator::handle(Message &M) {
  LastHeard[M.From] = Budget.elapsed();
  if (Failed[M.From]) {
    // Counted as failed, yet alive (it fell silent too long): its work
    // runs elsewhere, and it may end.
    if (M.Kind == Done)
      send(M.From, Bye, "");
    return;
  }
  switch (M.Kind) {
  case Heartbeat:
    return;
  case Path:
    return onPath(M.Bytes);
  case SideClosed: {
    ClosedSide C = WireFormat::decodeClosedSide(M.Bytes);
    if (!(C.Test = knownTest(C.Test)))
      return; // Of a path found twice.
    return Listener->onSideClosed(C);
  }
  case ReturnValuesSettled: {
    WireReader R(M.Bytes);
    uint64_t Test = settlingTest(R.u64());
    auto How = static_cast<ReturnValueSet>(R.u64());
    if (Test && Settled.insert(Test).second)
      Listener->onReturnValuesSettled(Test, How);
    return;
  }
  case Progress:
    Last[M.From] = Format.decodeStats(M.Bytes);
    return;
  case Give:
    return deliver(Router.give(std::move(M.Bytes)));
  case Idle:
    return deliver(Router.idle(M.From));
  case Done:
    return onDone(M.From, M.Bytes);
  default:
    throw WireError(
        fmt::format("rank {} sent a message of an unknown kind", M.From));
  }
}

uint64_t RankCoordinator::testNumber(uint64_t Tagged) {
  auto [It, New] = Tests.try_emplace(Tagged, LastTest + 1);
  LastTest += New;
  return It->second;
}

void RankCoordinator::countReported(const PathResult &R) {
  ++Reported.Tests;
  if (R.VariantOf) {
    ++Reported.ReturnVariants;
    return;
  }
  countPathEnd(Reported, R.Outcome->End);
  Reported.Paths += R.Outcome->End != PathEnd::Interrupted;
}

bool RankCoordinator::foundTwice(const PathResult &R, uint64_t *&First) {
  if (R.VariantOf)
    return Dropped.contains(R.VariantOf);
  if (R.Outcome->End == PathEnd::Interrupted)
    return false;
  const PathOutcome &O = *R.Outcome;
  uint64_t End = std::hash<std::string>()(O.BugKind) * 31 + O.Loc.Line;
  End = End * 31 + static_cast<uint64_t>(O.End);
  auto [It, New] = Found.try_emplace({R.PathId, End}, 0);
  First = &It->second;
  return !New && Figures.Failed;
}

void RankCoordinator::onPath(const std::string &Bytes) {
  std::unique_ptr<ReceivedPath> P = Format.decodePath(Bytes);
  PathResult &R = P->Result;
  uint64_t *First = nullptr;
  if (foundTwice(R, First)) {
    Figures.PathsFoundTwice += !R.VariantOf;
    // A failed rank may have reported the path, but not its further
    // return values: this one's stand in for them.
    if (First && !Settled.contains(*First))
      Standins[R.Index] = *First;
    else
      Dropped.insert(R.Index);
    return;
  }
  R.Index = testNumber(R.Index);
  if (First)
    *First = R.Index;
  countReported(R);
  R.NegatedTest = knownTest(R.NegatedTest);
  R.VariantOf = settlingTest(R.VariantOf);
  // New to the run, not only to the rank.
  R.NewCoverage = R.Covered && Cov.markPath(*R.Covered) > 0;
  R.Seconds = Budget.elapsed();
  R.PathsDone = Reported.Tests - Reported.ReturnVariants;
  if (R.ReachedTarget && !TargetTest)
    TargetTest = R.Index;
  Listener->onNewPath(R);
  ListenerSeconds += Budget.elapsed() - R.Seconds;
}

void RankCoordinator::deliver(
    const std::vector<WorkRouter::Delivery> &Deliveries) {
  for (const WorkRouter::Delivery &D : Deliveries) {
    send(static_cast<int>(D.To), Work, D.Work.value_or(""));
    if (D.Work) {
      Holdings[D.To].push_back(D.Work);
      ++Figures.WorkRouted;
    }
  }
  tellHunger();
}

void RankCoordinator::findFailedRanks() {
  if (!recoveryEnabled())
    return; // A process that dies ends the job.
  for (int Rank = 1; Rank < Job.Ranks; ++Rank)
    if (!Finished[Rank] && Budget.elapsed() - LastHeard[Rank] > RankTimeout)
      fail(Rank);
}

void RankCoordinator::fail(int Rank) {
  std::fprintf(stderr,
               "theseus: rank %d said nothing for %.0f s: its work runs "
               "again on the other ranks\n",
               Rank, RankTimeout);
  Failed[Rank] = Finished[Rank] = true;
  --Running;
  ++Figures.Failed;
  send(Rank, Stop, FailedRank); // In case it is only slow.
  for (const std::optional<std::string> &Work : Holdings[Rank])
    runAgain(Work);
  deliver(Router.ended(static_cast<unsigned>(Rank)));
}

void RankCoordinator::runAgain(const std::optional<std::string> &Work) {
  for (int Tried = 1; Tried < Job.Ranks; ++Tried) {
    int Rank = 1 + static_cast<int>(NextRecoverer++ % (Job.Ranks - 1));
    if (Finished[Rank])
      continue;
    send(Rank, Recover, encodeRecovered(Work));
    Holdings[Rank].push_back(Work);
    RecoverySent[Rank].push_back(Work);
    ++Figures.WorkRunAgain;
    return;
  }
  ++Unrecovered;
}

void RankCoordinator::onDone(int Rank, const std::string &Bytes) {
  WireReader R(Bytes);
  Last[Rank] = Format.decodeStats(R.str());
  Finished[Rank] = true;
  --Running;
  std::string Covered = R.str();
  for (WireReader Each(Covered); !Each.atEnd();)
    Format.includeCoverage(Cov, Each.str());
  // Failed work the rank was given after it ended goes to another.
  const auto &Sent = RecoverySent[Rank];
  for (size_t I = R.u64(); I < Sent.size(); ++I)
    runAgain(Sent[I]);
  send(Rank, Bye, "");
  if (endsTheRun(Last[Rank].StopReason))
    stopAll(Last[Rank].StopReason);
  deliver(Router.ended(static_cast<unsigned>(Rank)));
}

void RankCoordinator::stopAll(const std::string &Reason) {
  if (!FirstStop.empty())
    return;
  FirstStop = Reason;
  for (int Rank = 1; Rank < Job.Ranks; ++Rank)
    if (!Finished[Rank])
      send(Rank, Stop, Reason);
}

void RankCoordinator::tellHunger() {
  if (Balance == WorkBalance::Steal)
    return askOneRank();
  bool Hungry = Router.hungry();
  if (Hungry == ToldHunger)
    return;
  ToldHunger = Hungry;
  for (int Rank = 1; Rank < Job.Ranks; ++Rank)
    if (!Finished[Rank])
      send(Rank, Hunger, Hungry ? "1" : "0");
}

void RankCoordinator::askOneRank() {
  bool Hungry = Router.hungry();
  bool Patient = Asked && !Finished[Asked] &&
                 !Router.waiting(static_cast<unsigned>(Asked)) &&
                 Budget.elapsed() - AskedAt < StealPatience;
  if (Hungry && Patient)
    return;
  if (Asked && !Finished[Asked])
    send(Asked, Hunger, "0");
  Asked = Hungry ? richestRank(Asked) : 0;
  if (!Asked)
    return;
  send(Asked, Hunger, "1");
  AskedAt = Budget.elapsed();
  ++Figures.Asked;
}

int RankCoordinator::richestRank(int Not) const {
  int Best = 0;
  for (int Rank = 1; Rank < Job.Ranks; ++Rank) {
    if (Rank == Not || Finished[Rank] ||
        Router.waiting(static_cast<unsigned>(Rank)))
      continue;
    if (!Best || Last[Rank].OpenSides > Last[Best].OpenSides)
      Best = Rank;
  }
  return Best;
}

uint64_t RankCoordinator::runs() const {
  uint64_t N = 0;
  for (const ExplorationStats &S : Last)
    N += S.Runs;
  return N;
}

ExplorationStats RankCoordinator::summed() const {
  ExplorationStats Sum;
  for (int Rank = 1; Rank < Job.Ranks; ++Rank) {
    addStats(Sum, Last[Rank]);
    Sum.Workers.insert(Sum.Workers.end(), Last[Rank].Workers.begin(),
                       Last[Rank].Workers.end());
    Sum.Claims += Last[Rank].Claims;
    Sum.PeakRssMB = std::max(Sum.PeakRssMB, Last[Rank].PeakRssMB);
  }
  Sum.TargetTest = TargetTest;
  Sum.Ranks = Figures;
  Sum.Ranks.Exploring = static_cast<uint64_t>(Job.Ranks - 1);
  for (uint64_t ExplorationStats::*Count :
       {&ExplorationStats::Paths, &ExplorationStats::Tests,
        &ExplorationStats::ReturnVariants, &ExplorationStats::StepLimited,
        &ExplorationStats::BoundReached, &ExplorationStats::UnsupportedPaths,
        &ExplorationStats::DeniedPaths, &ExplorationStats::InterruptedPaths})
    Sum.*Count = Reported.*Count;
  Sum.ListenerSeconds = ListenerSeconds;
  Sum.Seconds = Budget.elapsed();
  return Sum;
}

void RankCoordinator::reportProgress() {
  if (Budget.elapsed() - LastProgress < 0.1)
    return;
  LastProgress = Budget.elapsed();
  Listener->onProgress(summed());
}

void RankCoordinator::end() {
  ExplorationStats Sum = summed();
  llvm::erase_if(Sum.BeyondAssumptions, [&](const PathDecision &D) {
    return !Cov.edgeUncovered(D.Inst, D.Taken ? 0 : 1);
  });
  Sum.OpenSides += Router.kept() + Unrecovered;
  Sum.StopReason = FirstStop; // None when the ranks ran out of work.
  settleCompleteness(Sum, Sum.OpenSides);
  Stats = std::move(Sum);
}

} // namespace

bool mpiBuilt() { return true; }

void leaveMpiJob() { EndedNormally = true; }

MpiJob joinMpiJob() {
  int Provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &Provided);
  if (Provided < MPI_THREAD_MULTIPLE)
    throw InputError{"--distributed=mpi: this MPI library cannot be used "
                     "from several threads of a process"};
  // A process that ends on an error takes the job down with it: the
  // others would wait for it for ever.
  std::atexit([] {
    if (!EndedNormally)
      MPI_Abort(MPI_COMM_WORLD, 2);
    else if (!recoveryEnabled())
      MPI_Finalize();
  });
  MpiJob Job;
  MPI_Comm_rank(MPI_COMM_WORLD, &Job.Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Job.Ranks);
  if (Job.Ranks < 2) {
    EndedNormally = true; // No other process waits for this one.
    throw InputError{"--distributed=mpi needs at least two ranks, one to "
                     "coordinate and one to explore (mpirun -np 3 theseus "
                     "--distributed=mpi ...)"};
  }
  return Job;
}

std::unique_ptr<Explorer>
coordinateRanks(const Program &P, const llvm::Function &Entry,
                const ExploreOptions &Opts, const MpiJob &Job,
                const std::string &ModuleHash, const RankOptions &Ranks) {
  return std::make_unique<RankCoordinator>(P, Entry, Opts, Job, ModuleHash,
                                           Ranks);
}

void exploreForRank0(const Program &P, const llvm::Function &Entry,
                     const ExploreOptions &Opts, unsigned Workers, bool Forking,
                     const MpiJob &Job, const std::string &ModuleHash,
                     llvm::function_ref<void(Explorer &)> Guide) {
  ExploreOptions Own = Opts;
  Own.MaxIterations = 0; // Counted over all ranks, by rank 0.
  ExprContext LineCtx;
  LineToRank0 Line(P, LineCtx);
  ProcessShare Part{static_cast<unsigned>(Job.Rank - 1) * Workers,
                    testBase(Job.Rank), &Line, std::nullopt};
  // Like the front end's explorers, left to the kernel to free at exit.
  auto *Team = new ParallelExplorer(P, Entry, Own, Workers, Forking, Part);
  auto *Recovering = new Recoveries(P, Entry, Own, Forking, Job.Rank, Line);
  Guide(*Team);
  send(0, Hello, ModuleHash);
  std::thread Listening([&] { Line.listen(*Team, *Recovering); });
  ExplorationStats S = Team->run(Line);
  WireWriter Covered;
  Covered.str(WireFormat::encodeCoverage(Team->coverage()));
  uint64_t RunAgain = Recovering->finish(S, Covered);
  WireWriter Done;
  Done.str(Line.format().encodeStats(S)).str(Covered.take()).u64(RunAgain);
  send(0, Tag::Done, Done.take());
  Line.leaveIfDismissed();
  Listening.join();
}

} // namespace theseus
