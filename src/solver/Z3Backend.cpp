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
#include <optional>
#include <set>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <z3++.h>

namespace theseus {

namespace {

class Z3Backend : public SolverBackend {
  using ByteRef = std::pair<const Array *, uint32_t>;
  /// What a constraint reads: bytes, and inputs a float operation reads
  /// whole (which get a float's small-value preference).
  struct Reads {
    std::vector<ByteRef> Bytes;
    std::vector<const Array *> Floats;
    bool HasFloat = false;
  };
  /// A solver and the constraints asserted in it, one scope each, in order.
  struct Kept {
    z3::solver S;
    std::vector<ExprRef> Asserted;
  };

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
      Incremental.S.reset();
      Incremental.Asserted.clear();
      Floats.reset(); // Made again at the next float query.
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
    // Every array read, and whether a float operation reads it whole.
    std::map<const Array *, bool, Assignment::ArrayIdLess> Used;
    std::set<ByteRef> Mentioned;
    bool HasFloat = false;
    for (ExprRef C : Constraints)
      HasFloat |= collectReads(C, Used, Mentioned);
    Kept &K = HasFloat ? floats() : Incremental;
    z3::solver &S = K.S;
    std::vector<ExprRef> &Asserted = K.Asserted;
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
    for (size_t I = Common; I < Constraints.size(); ++I) {
      S.push();
      Asserted.push_back(Constraints[I]);
      S.add(Translator.boolOf(Constraints[I]));
    }
    // Prefer small values, as PyExZ3 does (Ball and Daniel, section 5): first
    // ask for a model with every integer-sized input in [-256, 256], then drop
    // the preference if that is unsatisfiable. Tests stay readable.
    z3::expr_vector Small(Ctx);
    for (const auto &[A, IsFloat] : Used)
      if (A->Size <= 8)
        Small.push_back(smallValue(A, IsFloat));
    if (const char *Dump = std::getenv("THESEUS_DUMP_QUERY"))
      std::ofstream(Dump) << S.to_smt2();
    z3::check_result Result = Small.empty() ? S.check() : S.check(Small);
    // An empty core: unsatisfiable without the preference too (the float
    // solver's tactic gives no cores).
    if (Result == z3::unsat && !Small.empty() &&
        (HasFloat || S.unsat_core().size() != 0))
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

  /// Adds what `E` reads to `Used` and `Mentioned`; whether it has float
  /// operations.
  bool
  collectReads(ExprRef E,
               std::map<const Array *, bool, Assignment::ArrayIdLess> &Used,
               std::set<ByteRef> &Mentioned) {
    auto It = ReadsOf.find(E);
    if (It == ReadsOf.end()) {
      Reads Reads;
      std::unordered_set<ExprRef> Seen;
      gather(E, Reads, Seen);
      It = ReadsOf.emplace(E, std::move(Reads)).first;
    }
    for (const ByteRef &B : It->second.Bytes) {
      Used.try_emplace(B.first, false);
      Mentioned.insert(B);
    }
    for (const Array *A : It->second.Floats)
      Used[A] = true;
    return It->second.HasFloat;
  }

  /// The bytes E reads, each once (Read nodes are unique per byte), and
  /// the inputs a float operation reads whole. Visits each shared
  /// sub-expression once: a DAG can be exponentially smaller than its tree.
  void gather(ExprRef E, Reads &Out, std::unordered_set<ExprRef> &Seen) {
    if (!Seen.insert(E).second)
      return;
    if (E->kind() == ExprKind::Read) {
      Out.Bytes.push_back({E->array(), static_cast<uint32_t>(E->value())});
      return;
    }
    Out.HasFloat |= isFloatKind(E->kind());
    for (unsigned I = 0; I < E->numOperands(); ++I) {
      if (isFloatKind(E->kind()) && E->operand(I)->width() >= 32)
        if (const Array *A = wholeArray(E->operand(I)))
          Out.Floats.push_back(A);
      gather(E->operand(I), Out, Seen);
    }
  }

  /// The array read as a little-endian signed integer lies in [-256, 256];
  /// one read as a float (`IsFloat`) holds a number in [-256, 256], not a
  /// NaN or a tiny encoding.
  z3::expr smallValue(const Array *A, bool IsFloat) {
    z3::expr V = Translator.byteVar(A, 0);
    for (uint32_t I = 1; I < A->Size; ++I)
      V = z3::concat(Translator.byteVar(A, I), V);
    unsigned W = A->Size * 8;
    if (IsFloat) {
      z3::sort Sort = W == 32 ? Ctx.fpa_sort<32>() : Ctx.fpa_sort<64>();
      z3::expr F = V.mk_from_ieee_bv(Sort);
      z3::expr Lo(Ctx, Z3_mk_fpa_numeral_double(Ctx, -256.0, Sort));
      z3::expr Hi(Ctx, Z3_mk_fpa_numeral_double(Ctx, 256.0, Sort));
      return z3::expr(Ctx, Z3_mk_fpa_leq(Ctx, Lo, F)) &&
             z3::expr(Ctx, Z3_mk_fpa_leq(Ctx, F, Hi));
    }
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
  Kept Incremental{z3::solver(Ctx, z3::solver::simple()), {}};
  /// Queries with float operations: Z3's QF_FP tactic bit-blasts them up
  /// front, where the SMT core's lazy FPA theory took 9.7 s on a query
  /// the tactic decides in 0.56 s (docs/decisions.md). Made at the first
  /// float query: making the tactic costs some 2 million instructions, which
  /// a run without floats need not pay.
  std::optional<Kept> Floats;
  Kept &floats() {
    if (!Floats)
      Floats.emplace(Kept{z3::tactic(Ctx, "qffp").mk_solver(), {}});
    return *Floats;
  }
  std::unordered_map<ExprRef, Reads> ReadsOf;
};

} // namespace

std::unique_ptr<SolverBackend> createZ3Backend(unsigned TimeoutMs,
                                               std::function<bool()> Stop) {
  return std::make_unique<Z3Backend>(TimeoutMs, std::move(Stop));
}

} // namespace theseus
