//===- Z3Backend.cpp - Bit-vector queries to Z3 ---------------------------===//
//
// Expressions become Z3 terms through a Z3Translator that lives as long as
// the backend, so a sub-expression shared by many queries is translated
// once.
//
//===----------------------------------------------------------------------===//
#include "solver/Solver.h"
#include "solver/Z3Translate.h"

#include <chrono>
#include <climits>
#include <condition_variable>
#include <cstdlib>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <z3++.h>

namespace theseus {

namespace {

class Z3Backend : public SolverBackend {
  using ByteRef = std::pair<const Array *, uint32_t>;

public:
  Z3Backend(unsigned TimeoutMs, std::function<bool()> StopWhen)
      : TimeoutMs(TimeoutMs), Stop(std::move(StopWhen)) {
    if (Stop)
      Watchdog = std::thread([this] { watch(); });
  }
  ~Z3Backend() override {
    if (!Watchdog.joinable())
      return;
    {
      std::lock_guard<std::mutex> Lock(Mu);
      Quit = true;
    }
    Wake.notify_all();
    Watchdog.join();
  }

  void setTimeout(unsigned Ms) override { TimeoutMs = Ms; }

  SolverResponse check(const std::vector<ExprRef> &Constraints,
                       const Assignment &Hint) override {
    if (Stop && Stop())
      return {SatResult::Unknown, {}};
    InQuery = true;
    struct Done {
      std::atomic<bool> &Flag;
      ~Done() { Flag = false; }
    } D{InQuery};
    try {
      return checkOrThrow(Constraints, Hint);
    } catch (const z3::exception &) {
      // Resource limits surface as exceptions in some Z3 versions. A scope
      // may have been opened without its constraint: start afresh.
      Incremental.reset();
      Asserted.clear();
      return {SatResult::Unknown, {}};
    }
  }

private:
  SolverResponse checkOrThrow(const std::vector<ExprRef> &Constraints,
                              const Assignment &Hint) {
    // One solver for all queries (cheaper than a solver per query). The
    // constraints stay asserted after the query, each in its own scope,
    // and the next query pops only down to the prefix it shares: along a
    // path the queries share their prefix, and Z3 keeps what it learnt
    // about it (docs/decisions.md).
    z3::solver &S = Incremental;
    z3::params Params(Ctx);
    Params.set("timeout", TimeoutMs ? TimeoutMs : UINT_MAX);
    S.set(Params);
    size_t Common = 0;
    while (Common < Asserted.size() && Common < Constraints.size() &&
           Asserted[Common] == Constraints[Common])
      ++Common;
    if (Common < Asserted.size()) {
      S.pop(Asserted.size() - Common);
      Asserted.resize(Common);
    }
    std::map<const Array *, bool, Assignment::ArrayIdLess> Used;
    std::set<ByteRef> Mentioned;
    for (size_t I = 0; I < Constraints.size(); ++I) {
      ExprRef C = Constraints[I];
      if (I >= Common) {
        S.push();
        Asserted.push_back(C);
        S.add(Translator.boolOf(C));
      }
      collectReads(C, Used, Mentioned);
    }
    // Prefer small values, as PyExZ3 does (Ball and Daniel, section 5): first
    // ask for a model with every integer-sized input in [-256, 256], then drop
    // the preference if that is unsatisfiable. Tests stay readable.
    z3::expr_vector Small(Ctx);
    for (const auto &[A, _] : Used)
      if (A->Size <= 8)
        Small.push_back(smallValue(A));
    if (const char *Dump = std::getenv("THESEUS_DUMP_QUERY"))
      std::ofstream(Dump) << S.to_smt2();
    z3::check_result Result = Small.empty() ? S.check() : S.check(Small);
    // An empty core: unsatisfiable without the preference too.
    if (Result == z3::unsat && !Small.empty() && S.unsat_core().size() != 0)
      Result = S.check();
    switch (Result) {
    case z3::unsat:
      return {SatResult::Unsat, {}};
    case z3::unknown:
      return {SatResult::Unknown, {}};
    case z3::sat:
      break;
    }
    z3::model M = S.get_model();
    SolverResponse R;
    R.Result = SatResult::Sat;
    for (const auto &[A, _] : Used) {
      std::vector<uint8_t> Bytes(A->Size);
      for (uint32_t I = 0; I < A->Size; ++I) {
        // Unconstrained: keep the hint. The small-value preference may
        // have given a value to a byte no constraint reads; ignore it.
        const z3::expr *Var = Translator.existingByteVar(A, I);
        if (!Mentioned.count({A, I}) || !Var || !M.has_interp(Var->decl())) {
          Bytes[I] = Hint.byte(A, I);
          continue;
        }
        Bytes[I] =
            static_cast<uint8_t>(M.eval(*Var, true).get_numeral_uint64());
      }
      R.Model.set(A, std::move(Bytes));
    }
    return R;
  }

  void
  collectReads(ExprRef E,
               std::map<const Array *, bool, Assignment::ArrayIdLess> &Used,
               std::set<ByteRef> &Mentioned) {
    auto It = ReadsOf.find(E);
    if (It == ReadsOf.end()) {
      std::vector<ByteRef> Reads;
      std::unordered_set<ExprRef> Seen;
      gather(E, Reads, Seen);
      It = ReadsOf.emplace(E, std::move(Reads)).first;
    }
    for (const ByteRef &B : It->second) {
      Used[B.first] = true;
      Mentioned.insert(B);
    }
  }

  /// The bytes E reads, each once (Read nodes are unique per byte). Visits
  /// each shared sub-expression once: a DAG can be exponentially smaller
  /// than its tree.
  void gather(ExprRef E, std::vector<ByteRef> &Out,
              std::unordered_set<ExprRef> &Seen) {
    if (!Seen.insert(E).second)
      return;
    if (E->kind() == ExprKind::Read) {
      Out.push_back({E->array(), static_cast<uint32_t>(E->value())});
      return;
    }
    for (unsigned I = 0; I < E->numOperands(); ++I)
      gather(E->operand(I), Out, Seen);
  }

  /// The array read as a little-endian signed integer lies in [-256, 256].
  z3::expr smallValue(const Array *A) {
    z3::expr V = Translator.byteVar(A, 0);
    for (uint32_t I = 1; I < A->Size; ++I)
      V = z3::concat(Translator.byteVar(A, I), V);
    unsigned W = A->Size * 8;
    z3::expr Lo = Ctx.bv_val(static_cast<int64_t>(-256), W);
    z3::expr Hi = Ctx.bv_val(static_cast<int64_t>(256), W);
    if (W == 8) // A byte always fits.
      return Ctx.bool_val(true);
    return Lo <= V && V <= Hi;
  }

  /// Interrupts a running query once Stop says so (a signal, or the run's
  /// deadline). A thread rather than the signal handler calls
  /// Z3_interrupt, which is not async-signal-safe.
  void watch() {
    std::unique_lock<std::mutex> Lock(Mu);
    while (!Quit) {
      Wake.wait_for(Lock, std::chrono::milliseconds(10));
      if (InQuery && Stop())
        Z3_interrupt(Ctx);
    }
  }

  unsigned TimeoutMs;
  std::function<bool()> Stop;
  std::atomic<bool> InQuery{false};
  std::mutex Mu;
  std::condition_variable Wake;
  bool Quit = false;
  std::thread Watchdog;
  z3::context Ctx;
  Z3Translator Translator{Ctx};
  /// Z3's SMT core without the default solver's strategy selection, which
  /// costs some 6 ms per query; its models stay small like the default
  /// solver's.
  z3::solver Incremental{Ctx, z3::solver::simple()};
  /// The constraints asserted in Incremental, one scope each, in order.
  std::vector<ExprRef> Asserted;
  std::unordered_map<ExprRef, std::vector<ByteRef>> ReadsOf;
};

} // namespace

std::unique_ptr<SolverBackend> createZ3Backend(unsigned TimeoutMs,
                                               std::function<bool()> Stop) {
  return std::make_unique<Z3Backend>(TimeoutMs, std::move(Stop));
}

} // namespace theseus
