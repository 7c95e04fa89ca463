//===- OrderedPool.h - Jobs on threads, results in order ------------------===//
//
// Runs jobs on worker threads and hands their results back on the thread
// that submitted them, in the order they were submitted, whatever the
// order they finish in: output stays deterministic. At most `Window` jobs
// are between submission and their result being taken, so memory stays
// bounded however many jobs there are; a submit beyond it waits, taking
// the results as they come meanwhile.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_SUPPORT_ORDEREDPOOL_H
#define THESEUS_SUPPORT_ORDEREDPOOL_H

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace theseus {

template <typename Job, typename Result> class OrderedPool {
public:
  /// `Work` runs on the workers and must not throw (it returns failures
  /// as results). `Take` gets each result on the submitting thread, in
  /// order; what it throws leaves submit() or finish(). `Tick` runs there
  /// after results are taken and at least every quarter second of waiting
  /// (a progress line).
  OrderedPool(unsigned Threads, size_t Window,
              std::function<Result(Job &)> Work,
              std::function<void(Result &)> Take, std::function<void()> Tick)
      : Window(Window), Work(std::move(Work)), Take(std::move(Take)),
        Tick(std::move(Tick)) {
    for (unsigned I = 0; I < std::max(Threads, 1u); ++I)
      Workers.emplace_back([this] { work(); });
  }

  /// Stops the workers after their current job.
  ~OrderedPool() {
    {
      std::lock_guard<std::mutex> L(M);
      Stopping = true;
    }
    Waiting.notify_all();
    for (std::thread &T : Workers)
      T.join();
  }

  OrderedPool(const OrderedPool &) = delete;
  OrderedPool &operator=(const OrderedPool &) = delete;

  void submit(Job J) {
    std::unique_lock<std::mutex> L(M);
    while (Slots.size() >= Window)
      awaitResults(L);
    Slots.push_back({std::move(J), std::nullopt});
    Waiting.notify_one();
    if (takeReady(L))
      tick(L);
  }

  /// Takes every result still to come.
  void finish() {
    std::unique_lock<std::mutex> L(M);
    while (!Slots.empty())
      awaitResults(L);
  }

private:
  struct Slot {
    Job J;
    std::optional<Result> R;
  };

  void work() {
    std::unique_lock<std::mutex> L(M);
    for (;;) {
      Waiting.wait(L,
                   [&] { return Stopping || Started < Taken + Slots.size(); });
      if (Stopping)
        return;
      size_t I = Started++;
      Job J = std::move(Slots[I - Taken].J);
      L.unlock();
      Result R = Work(J);
      L.lock();
      // Its slot is still there: only slots with results leave.
      Slots[I - Taken].R = std::move(R);
      Finished.notify_one();
    }
  }

  /// Takes the results due, or waits a quarter second for one.
  void awaitResults(std::unique_lock<std::mutex> &L) {
    if (!takeReady(L)) {
      Finished.wait_for(L, std::chrono::milliseconds(250));
      takeReady(L);
    }
    tick(L);
  }

  /// Takes the results of the oldest jobs that have one; false if none.
  bool takeReady(std::unique_lock<std::mutex> &L) {
    bool Any = false;
    while (!Slots.empty() && Slots.front().R) {
      Result R = std::move(*Slots.front().R);
      Slots.pop_front();
      ++Taken;
      L.unlock();
      Take(R);
      L.lock();
      Any = true;
    }
    return Any;
  }

  void tick(std::unique_lock<std::mutex> &L) {
    L.unlock();
    Tick();
    L.lock();
  }

  const size_t Window;
  std::function<Result(Job &)> Work;
  std::function<void(Result &)> Take;
  std::function<void()> Tick;
  std::mutex M;
  std::condition_variable Waiting;  ///< Workers, for jobs.
  std::condition_variable Finished; ///< The submitter, for results.
  std::deque<Slot> Slots; ///< From the oldest job whose result is not taken.
  size_t Taken = 0;       ///< Results taken: the index of Slots.front().
  size_t Started = 0;     ///< Jobs handed to workers.
  bool Stopping = false;
  std::vector<std::thread> Workers;
};

} // namespace theseus

#endif
