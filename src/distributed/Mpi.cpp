//===- Mpi.cpp - One run over the processes of an MPI job -----------------===//
#include "distributed/Distributed.h"

#include "explore/Parallel.h"
#include "explore/Wire.h"
#include "program/Program.h"

#include "llvm/ADT/DenseMap.h"
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
  Done,                ///< The rank's final statistics, then its coverage.
  // From rank 0.
  Work, ///< Work for the rank, or nothing: none is left anywhere.
  Hunger, ///< "1": a rank waits for work; "0": none does.
  Stop,   ///< The run ends, for the reason given.
  Bye,    ///< Rank 0 has all of the rank's results.
};

/// Whether this process's part of the job ended without an error.
bool EndedNormally = false;

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
  void give(SharedWork W) override {
    send(0, Give, WireFormat::encodeWork(W));
  }
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

  /// Takes rank 0's messages until it says bye: on a thread of its own.
  void listen(Explorer &Team) {
    for (;;) {
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
      case Stop: {
        Team.stop();
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

private:
  WireFormat Format;
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
                  std::string ModuleHash)
      : Explorer(P, Entry, Opts), Format(P, Ctx), Job(Job),
        ModuleHash(std::move(ModuleHash)), Last(Job.Ranks),
        Finished(Job.Ranks), Running(Job.Ranks - 1),
        Unused(makeSearcher({Opts.Strat, Opts.Seed, nullptr}, P.module(),
                            Cov)) {}

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
  void onGive(std::string Bytes);
  void onIdle(int Rank);
  void onDone(int Rank, const std::string &Bytes);
  /// Ends the run when no rank has work left.
  void endIfNoWork();
  void stopAll(const std::string &Reason);
  void tellHunger();
  void reportProgress();
  ExplorationStats summed() const;
  uint64_t runs() const;
  /// The run's number of a rank's test `Tagged`, given on first sight.
  uint64_t testNumber(uint64_t Tagged);
  uint64_t knownTest(uint64_t Tagged) const {
    return Tagged ? Tests.lookup(Tagged) : 0;
  }

  WireFormat Format;
  MpiJob Job;
  std::string ModuleHash;
  std::vector<ExplorationStats> Last; ///< Each rank's, as last reported.
  std::vector<bool> Finished;
  int Running;                    ///< Ranks that have not said done.
  std::deque<std::string> Queue;  ///< Work no rank waits for yet.
  std::vector<int> Waiting;       ///< Ranks out of work.
  bool ToldHunger = false;
  llvm::DenseMap<uint64_t, uint64_t> Tests;
  uint64_t LastTest = 0;
  uint64_t Reported = 0; ///< Paths passed on (not further return values).
  std::string FirstStop;
  double LastProgress = 0;
  double ListenerSeconds = 0;
  std::unique_ptr<Searcher> Unused; ///< Rank 0 picks no work itself.
};

void RankCoordinator::begin() {
  for (int Said = 0; Said < Job.Ranks - 1;) {
    std::optional<Message> M = receive(MPI_ANY_SOURCE, Hello);
    if (!M) {
      std::this_thread::sleep_for(PollPause);
      continue;
    }
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
    if (!Budget.left(runs(), Reason, /*CheckMemory=*/true))
      stopAll(Reason);
  }
  // Each message at once, but the budget looked at now and then.
  unsigned Handled = 0;
  for (; Handled < 1024; ++Handled) {
    std::optional<Message> M = receive();
    if (!M)
      break;
    handle(*M);
  }
  if (Running == 0)
    return false;
  reportProgress();
  if (!Handled)
    std::this_thread::sleep_for(PollPause);
  return true;
}

void RankCoordinator::handle(Message &M) {
  switch (M.Kind) {
  case Path:
    return onPath(M.Bytes);
  case SideClosed: {
    ClosedSide C = WireFormat::decodeClosedSide(M.Bytes);
    C.Test = knownTest(C.Test);
    return Listener->onSideClosed(C);
  }
  case ReturnValuesSettled: {
    WireReader R(M.Bytes);
    uint64_t Test = knownTest(R.u64());
    return Listener->onReturnValuesSettled(Test,
                                           static_cast<ReturnValueSet>(R.u64()));
  }
  case Progress:
    Last[M.From] = Format.decodeStats(M.Bytes);
    return;
  case Give:
    return onGive(std::move(M.Bytes));
  case Idle:
    return onIdle(M.From);
  case Done:
    return onDone(M.From, M.Bytes);
  default:
    throw WireError(fmt::format("rank {} sent a message of an unknown kind",
                                M.From));
  }
}

uint64_t RankCoordinator::testNumber(uint64_t Tagged) {
  auto [It, New] = Tests.try_emplace(Tagged, LastTest + 1);
  LastTest += New;
  return It->second;
}

void RankCoordinator::onPath(const std::string &Bytes) {
  std::unique_ptr<ReceivedPath> P = Format.decodePath(Bytes);
  PathResult &R = P->Result;
  R.Index = testNumber(R.Index);
  R.NegatedTest = knownTest(R.NegatedTest);
  R.VariantOf = knownTest(R.VariantOf);
  // New to the run, not only to the rank.
  R.NewCoverage = R.Covered && Cov.markPath(*R.Covered) > 0;
  R.Seconds = Budget.elapsed();
  R.PathsDone = Reported += !R.VariantOf;
  Listener->onNewPath(R);
  ListenerSeconds += Budget.elapsed() - R.Seconds;
}

void RankCoordinator::onGive(std::string Bytes) {
  if (Waiting.empty()) {
    Queue.push_back(std::move(Bytes));
    return;
  }
  send(Waiting.back(), Work, Bytes);
  Waiting.pop_back();
  tellHunger();
}

void RankCoordinator::onIdle(int Rank) {
  if (!Queue.empty()) {
    send(Rank, Work, Queue.front());
    Queue.pop_front();
    return;
  }
  Waiting.push_back(Rank);
  endIfNoWork();
  tellHunger();
}

void RankCoordinator::endIfNoWork() {
  if (Running == 0 || static_cast<int>(Waiting.size()) < Running)
    return;
  for (int Rank : Waiting)
    send(Rank, Work, "");
  Waiting.clear();
}

void RankCoordinator::onDone(int Rank, const std::string &Bytes) {
  WireReader R(Bytes);
  Last[Rank] = Format.decodeStats(R.str());
  Finished[Rank] = true;
  --Running;
  llvm::erase(Waiting, Rank);
  Format.includeCoverage(Cov, R.str());
  send(Rank, Bye, "");
  if (endsTheRun(Last[Rank].StopReason))
    stopAll(Last[Rank].StopReason);
  endIfNoWork();
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
  bool Hungry = !Waiting.empty();
  if (Hungry == ToldHunger)
    return;
  ToldHunger = Hungry;
  for (int Rank = 1; Rank < Job.Ranks; ++Rank)
    if (!Finished[Rank])
      send(Rank, Hunger, Hungry ? "1" : "0");
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
  Sum.TargetTest = knownTest(Sum.TargetTest);
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
  Sum.OpenSides += Queue.size();
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
    if (EndedNormally)
      MPI_Finalize();
    else
      MPI_Abort(MPI_COMM_WORLD, 2);
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

std::unique_ptr<Explorer> coordinateRanks(const Program &P,
                                          const llvm::Function &Entry,
                                          const ExploreOptions &Opts,
                                          const MpiJob &Job,
                                          const std::string &ModuleHash) {
  return std::make_unique<RankCoordinator>(P, Entry, Opts, Job, ModuleHash);
}

void exploreForRank0(const Program &P, const llvm::Function &Entry,
                     const ExploreOptions &Opts, unsigned Workers,
                     bool Forking, const MpiJob &Job,
                     const std::string &ModuleHash) {
  ExploreOptions Own = Opts;
  Own.MaxIterations = 0; // Counted over all ranks, by rank 0.
  ExprContext LineCtx;
  LineToRank0 Line(P, LineCtx);
  ProcessShare Part{static_cast<unsigned>(Job.Rank - 1) * Workers,
                    testBase(Job.Rank), &Line};
  // Like the front end's explorers, left to the kernel to free at exit.
  auto *Team = new ParallelExplorer(P, Entry, Own, Workers, Forking, Part);
  send(0, Hello, ModuleHash);
  std::thread Listening([&] { Line.listen(*Team); });
  ExplorationStats S = Team->run(Line);
  WireWriter Done;
  Done.str(Line.format().encodeStats(S))
      .str(Line.format().encodeCoverage(Team->coverage()));
  send(0, Tag::Done, Done.take());
  Listening.join();
}

} // namespace theseus
