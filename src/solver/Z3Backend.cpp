//===- Z3Backend.cpp - Bit-vector queries to Z3 ---------------------------===//
//
// Every input byte is one 8-bit constant named `array[index]`. Translations
// of expression nodes are memoised for the backend's lifetime: since nodes
// are hash-consed, a sub-expression shared by many queries is translated
// once.
//
//===----------------------------------------------------------------------===//
#include "solver/Solver.h"

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
      // Resource limits surface as exceptions in some Z3 versions.
      return {SatResult::Unknown, {}};
    }
  }

private:
  SolverResponse checkOrThrow(const std::vector<ExprRef> &Constraints,
                              const Assignment &Hint) {
    // One solver for all queries, each in its own scope: cheaper than a
    // solver per query (see docs/decisions.md).
    z3::solver &S = Incremental;
    S.push();
    struct Scope {
      z3::solver &S;
      ~Scope() { S.pop(); }
    } Popped{S};
    z3::params Params(Ctx);
    Params.set("timeout", TimeoutMs ? TimeoutMs : UINT_MAX);
    S.set(Params);
    std::map<const Array *, bool, Assignment::ArrayIdLess> Used;
    std::set<ByteRef> Mentioned;
    for (ExprRef C : Constraints) {
      S.add(translate(C) == Ctx.bv_val(1, 1));
      collectReads(C, Used, Mentioned);
    }
    // Prefer small values, as PyExZ3 does (seed, section 5): first ask for
    // a model with every integer-sized input in [-256, 256], then drop the
    // preference if that is unsatisfiable. Tests stay readable.
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
        auto It = ByteVars.find({A, I});
        if (!Mentioned.count({A, I}) || It == ByteVars.end() ||
            !M.has_interp(It->second.decl())) {
          Bytes[I] = Hint.byte(A, I);
          continue;
        }
        Bytes[I] =
            static_cast<uint8_t>(M.eval(It->second, true).get_numeral_uint64());
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

  z3::expr byteVar(const Array *A, uint32_t Index) {
    auto Key = std::make_pair(A, Index);
    auto It = ByteVars.find(Key);
    if (It != ByteVars.end())
      return It->second;
    z3::expr V = Ctx.bv_const(fmt::format("{}[{}]", A->Name, Index).c_str(), 8);
    ByteVars.emplace(Key, V);
    return V;
  }

  /// The array read as a little-endian signed integer lies in [-256, 256].
  z3::expr smallValue(const Array *A) {
    z3::expr V = byteVar(A, 0);
    for (uint32_t I = 1; I < A->Size; ++I)
      V = z3::concat(byteVar(A, I), V);
    unsigned W = A->Size * 8;
    z3::expr Lo = Ctx.bv_val(static_cast<int64_t>(-256), W);
    z3::expr Hi = Ctx.bv_val(static_cast<int64_t>(256), W);
    if (W == 8) // A byte always fits.
      return Ctx.bool_val(true);
    return Lo <= V && V <= Hi;
  }

  z3::expr translate(ExprRef E) {
    auto It = Memo.find(E);
    if (It != Memo.end())
      return It->second;
    z3::expr R = build(E);
    Memo.emplace(E, R);
    return R;
  }

  z3::expr boolOf(ExprRef E) { return translate(E) == Ctx.bv_val(1, 1); }
  z3::expr bitOf(const z3::expr &B) {
    return z3::ite(B, Ctx.bv_val(1, 1), Ctx.bv_val(0, 1));
  }

  z3::expr build(ExprRef E) {
    unsigned W = E->width();
    auto Op = [&](unsigned I) { return translate(E->operand(I)); };
    switch (E->kind()) {
    case ExprKind::Const:
      return Ctx.bv_val(static_cast<uint64_t>(E->value()), W);
    case ExprKind::Read:
      return byteVar(E->array(), static_cast<uint32_t>(E->value()));
    case ExprKind::Concat:
      return z3::concat(Op(0), Op(1));
    case ExprKind::Extract:
      return Op(0).extract(unsigned(E->value() + W - 1), unsigned(E->value()));
    case ExprKind::ZExt:
      return z3::zext(Op(0), W - E->operand(0)->width());
    case ExprKind::SExt:
      return z3::sext(Op(0), W - E->operand(0)->width());
    case ExprKind::Add:
      return Op(0) + Op(1);
    case ExprKind::Sub:
      return Op(0) - Op(1);
    case ExprKind::Mul:
      return Op(0) * Op(1);
    case ExprKind::UDiv:
      return z3::udiv(Op(0), Op(1));
    case ExprKind::SDiv:
      return Op(0) / Op(1); // bvsdiv
    case ExprKind::URem:
      return z3::urem(Op(0), Op(1));
    case ExprKind::SRem:
      // The wrong rule, bvsmod, takes the divisor's sign: Python's `%`,
      // the mismatch the seed's self-check found.
      return wrongSRemForTesting() ? z3::smod(Op(0), Op(1))
                                   : z3::srem(Op(0), Op(1));
    case ExprKind::And:
      return Op(0) & Op(1);
    case ExprKind::Or:
      return Op(0) | Op(1);
    case ExprKind::Xor:
      return Op(0) ^ Op(1);
    case ExprKind::Shl:
      return z3::shl(Op(0), Op(1));
    case ExprKind::LShr:
      return z3::lshr(Op(0), Op(1));
    case ExprKind::AShr:
      return z3::ashr(Op(0), Op(1));
    case ExprKind::Not:
      return ~Op(0);
    case ExprKind::Eq:
      return bitOf(Op(0) == Op(1));
    case ExprKind::Ult:
      return bitOf(z3::ult(Op(0), Op(1)));
    case ExprKind::Ule:
      return bitOf(z3::ule(Op(0), Op(1)));
    case ExprKind::Slt:
      return bitOf(Op(0) < Op(1));
    case ExprKind::Sle:
      return bitOf(Op(0) <= Op(1));
    case ExprKind::Select:
      return z3::ite(boolOf(E->operand(0)), Op(1), Op(2));
    case ExprKind::TableRead:
      return tableRead(E->table(), Op(0));
    }
    return Ctx.bv_val(0, W);
  }

  /// A byte of a table at a symbolic index: a multiplexer on the index
  /// bits, from the top one down, whose blocks of equal bytes are
  /// constants. Faster for Z3 than an array with a store per byte.
  z3::expr tableRead(const ConstantTable *T, const z3::expr &Index) {
    const std::vector<uint8_t> &Bytes = T->Bytes;
    unsigned Bits = 1;
    while ((uint64_t(1) << Bits) < Bytes.size())
      ++Bits;
    z3::expr Low = Index.extract(Bits - 1, 0);
    z3::expr Inside = z3::ult(Index, Ctx.bv_val(uint64_t(Bytes.size()), 64));
    return z3::ite(Inside, mux(Bytes, Low, 0, Bits), Ctx.bv_val(0, 8));
  }

  /// The byte at `Index` among the 2^Bits bytes from `First`.
  z3::expr mux(const std::vector<uint8_t> &Bytes, const z3::expr &Index,
               uint64_t First, unsigned Bits) {
    auto ByteAt = [&](uint64_t I) { return I < Bytes.size() ? Bytes[I] : 0; };
    uint64_t End = First + (uint64_t(1) << Bits);
    bool Uniform = true;
    for (uint64_t I = First + 1; I < End && Uniform; ++I)
      Uniform = ByteAt(I) == ByteAt(First);
    if (Uniform)
      return Ctx.bv_val(unsigned(ByteAt(First)), 8);
    uint64_t Half = uint64_t(1) << (Bits - 1);
    return z3::ite(Index.extract(Bits - 1, Bits - 1) == Ctx.bv_val(1, 1),
                   mux(Bytes, Index, First + Half, Bits - 1),
                   mux(Bytes, Index, First, Bits - 1));
  }

  struct PairHash {
    size_t operator()(const std::pair<const Array *, uint32_t> &P) const {
      return std::hash<const void *>()(P.first) * 31 + P.second;
    }
  };

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
  /// Z3's SMT core without the default solver's strategy selection, which
  /// costs some 6 ms per query; its models stay small like the default
  /// solver's.
  z3::solver Incremental{Ctx, z3::solver::simple()};
  std::unordered_map<ExprRef, z3::expr> Memo;
  std::unordered_map<std::pair<const Array *, uint32_t>, z3::expr, PairHash>
      ByteVars;
  std::unordered_map<ExprRef, std::vector<ByteRef>> ReadsOf;
};

} // namespace

std::unique_ptr<SolverBackend> createZ3Backend(unsigned TimeoutMs,
                                               std::function<bool()> Stop) {
  return std::make_unique<Z3Backend>(TimeoutMs, std::move(Stop));
}

} // namespace theseus
