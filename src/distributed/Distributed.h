//===- Distributed.h - One run over the processes of an MPI job -----------===//
//
// `mpirun -np K theseus --distributed=mpi ...` starts K processes of one
// run. Rank 0 coordinates: it owns the run directory, the test numbers and
// the queue of work handed between ranks, and to the front end its
// explorer is the run's. Every other rank explores with its own workers
// (-j of them, on threads, sharing claims as one process does) and sends
// what they find to rank 0 as bytes (Wire.h).
//
// Work is split by place in the tree, not by claims: a rank gives work as
// an input and the key of the side it was solved for (the oldest open side
// or waiting state, the largest part left), and the decisions above that
// side stay the giver's. No claim crosses a process, so ranks exchange
// messages only for work handed over and for results, which go one way.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_DISTRIBUTED_DISTRIBUTED_H
#define THESEUS_DISTRIBUTED_DISTRIBUTED_H

#include "explore/Explorer.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace theseus {

class Program;

/// Whether this build of Theseus has MPI.
bool mpiBuilt();

/// This process's place in the MPI job it was started in.
struct MpiJob {
  int Rank = 0;
  int Ranks = 1;
};

/// Joins the job (MPI_Init); the process leaves it at exit, ending the
/// whole job unless leaveMpiJob() was called first. Throws InputError when
/// this build has no MPI or the job has fewer than two ranks.
MpiJob joinMpiJob();
/// This process's part of the job ended without an error.
void leaveMpiJob();

/// How rank 0 finds work for a rank that has none.
enum class WorkBalance {
  /// Every rank is told that one waits, and each hands its oldest open
  /// side over while one does; rank 0 queues what comes and gives it out
  /// in order.
  Queue,
  /// One rank is asked, the one with the most open sides by its last
  /// progress report; when none comes within StealPatience, the next.
  Steal,
};

/// How long rank 0 waits for an asked rank's work before it asks another.
constexpr double StealPatience = 0.1;

struct RankOptions {
  /// Seconds of silence after which a rank has failed.
  double Timeout = 10;
  WorkBalance Balance = WorkBalance::Queue;
};

/// Rank 0: the run's explorer, whose workers are the processes of the
/// other ranks. `ModuleHash`: a rank that compiled another program is
/// refused. A rank silent for `Ranks.Timeout` seconds has failed: the work
/// it held runs again on the others (mpirun --enable-recovery keeps the job
/// alive when a process dies), and paths found twice are reported once.
std::unique_ptr<Explorer>
coordinateRanks(const Program &P, const llvm::Function &Entry,
                const ExploreOptions &Opts, const MpiJob &Job,
                const std::string &ModuleHash, const RankOptions &Ranks);

/// Every other rank: explores with `Workers` threads (forking ones if
/// `Forking`) as part of the run rank 0 coordinates, until it ends.
/// `Guide` is given the rank's team before it starts (--target).
void exploreForRank0(const Program &P, const llvm::Function &Entry,
                     const ExploreOptions &Opts, unsigned Workers, bool Forking,
                     const MpiJob &Job, const std::string &ModuleHash,
                     llvm::function_ref<void(Explorer &)> Guide);

} // namespace theseus

#endif
