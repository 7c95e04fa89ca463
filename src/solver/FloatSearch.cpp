//===- FloatSearch.cpp - Models of float queries found by evaluation ------===//
#include "solver/FloatSearch.h"

#include "solver/Independence.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace theseus {

namespace {

/// A float or double input: an array read whole.
struct FloatInput {
  const Array *Arr;
  unsigned Width;
};

/// Encodings as integers in the order of the values they encode (-0 and +0
/// both 0), so that a step of 1 is one ulp and a distance counts ulps.
int64_t ordered(uint64_t Bits, unsigned Width) {
  uint64_t Sign = uint64_t(1) << (Width - 1);
  int64_t Magnitude = static_cast<int64_t>(Bits & (Sign - 1));
  return Bits & Sign ? -Magnitude : Magnitude;
}

uint64_t encoding(int64_t Ordered, unsigned Width) {
  uint64_t Sign = uint64_t(1) << (Width - 1);
  return Ordered < 0 ? Sign | static_cast<uint64_t>(-Ordered)
                     : static_cast<uint64_t>(Ordered);
}

/// The largest ordered value that is no NaN: infinity's.
int64_t infinity(unsigned Width) {
  return Width == 32 ? 0x7f800000 : 0x7ff0000000000000;
}

bool isNaN(uint64_t Bits, unsigned Width) {
  uint64_t Magnitude = Bits & ((uint64_t(1) << (Width - 1)) - 1);
  return static_cast<int64_t>(Magnitude) > infinity(Width);
}

/// A violated constraint that gives no measure of how far it is from
/// holding: worse than any distance a comparison gives.
constexpr double Unmeasured = 0x1p70;

/// How far `E` (of width 1) is from being `Want` under `Ev`: 0 when it is,
/// else a distance in ulps (floats) or units (integers) for comparisons,
/// added up over conjunctions; after XSat's objective.
class Distance {
public:
  explicit Distance(Evaluator &Ev) : Ev(Ev) {}

  double of(ExprRef E, bool Want) {
    switch (E->kind()) {
    case ExprKind::Not:
      return of(E->operand(0), !Want);
    case ExprKind::And:
    case ExprKind::Or: {
      // A conjunction wanted true (or a disjunction wanted false) needs
      // both; otherwise either will do.
      double A = of(E->operand(0), Want), B = of(E->operand(1), Want);
      return (E->kind() == ExprKind::And) == Want ? A + B : std::min(A, B);
    }
    case ExprKind::FCompare:
      return floatComparison(E, Want);
    case ExprKind::Eq:
    case ExprKind::Ult:
    case ExprKind::Ule:
    case ExprKind::Slt:
    case ExprKind::Sle:
      return integerComparison(E, Want);
    default:
      return (Ev.eval(E) != 0) == Want ? 0 : Unmeasured;
    }
  }

private:
  /// How far `A rel B` is from `Want`, for A and B in one order: `Strict`
  /// for less-than, `Equal` for equality.
  static double relation(double A, double B, bool Equal, bool Strict,
                         bool Want) {
    if (Equal)
      return (A == B) == Want ? 0 : Want ? std::fabs(A - B) : 1;
    bool Holds = Strict ? A < B : A <= B;
    if (Holds == Want)
      return 0;
    // Want true: A must come down to B (below it if strict). Want false:
    // A must rise to B (past it unless strict).
    return Want ? A - B + (Strict ? 1 : 0) : B - A + (Strict ? 0 : 1);
  }

  double floatComparison(ExprRef E, bool Want) {
    unsigned W = E->operand(0)->width();
    uint64_t A = Ev.eval(E->operand(0)), B = Ev.eval(E->operand(1));
    if (isNaN(A, W) || isNaN(B, W)) // Every ordered predicate is false.
      return Want ? Unmeasured : 0;
    double OA = static_cast<double>(ordered(A, W));
    double OB = static_cast<double>(ordered(B, W));
    unsigned Pred = static_cast<unsigned>(E->value());
    return relation(OA, OB, Pred == 1, Pred == 4, Want);
  }

  double integerComparison(ExprRef E, bool Want) {
    unsigned W = E->operand(0)->width();
    if (W > 64)
      return (Ev.eval(E) != 0) == Want ? 0 : Unmeasured;
    uint64_t A = Ev.eval(E->operand(0)), B = Ev.eval(E->operand(1));
    bool Signed = E->kind() == ExprKind::Slt || E->kind() == ExprKind::Sle;
    auto Value = [&](uint64_t V) {
      if (!Signed)
        return static_cast<double>(V);
      unsigned Shift = 64 - W;
      return static_cast<double>(static_cast<int64_t>(V << Shift) >> Shift);
    };
    ExprKind K = E->kind();
    return relation(Value(A), Value(B), K == ExprKind::Eq,
                    K == ExprKind::Ult || K == ExprKind::Slt, Want);
  }

  Evaluator &Ev;
};

/// The arrays of 4 or 8 bytes `Cs` read, each taken as a float or double.
std::vector<FloatInput> floatInputs(const std::vector<ExprRef> &Cs) {
  ByteReads Reads;
  std::vector<FloatInput> Out;
  for (uint32_t Id : Reads.ofAll(Cs)) {
    const Array *A = Reads.readNode(Id)->array();
    bool Known = std::any_of(Out.begin(), Out.end(),
                             [A](const FloatInput &I) { return I.Arr == A; });
    if (!Known && (A->Size == 4 || A->Size == 8))
      Out.push_back({A, A->Size * 8});
  }
  return Out;
}

class Search {
public:
  Search(const std::vector<ExprRef> &Cs, const Assignment &Hint,
         std::vector<FloatInput> Inputs, uint64_t Seed)
      : Cs(Cs), Current(Hint), Inputs(std::move(Inputs)), Rng(Seed) {}

  std::optional<Assignment> run(unsigned Budget) {
    std::vector<int64_t> Point;
    for (const FloatInput &I : Inputs)
      Point.push_back(std::clamp(ordered(valueOf(I), I.Width),
                                 -infinity(I.Width), infinity(I.Width)));
    double Cost = cost(Point);
    while (Cost > 0 && Evaluations < Budget) {
      if (!descend(Point, Cost, Budget))
        Cost = restart(Point); // A local minimum: start elsewhere.
    }
    place(Point);
    // The distances mirror the evaluator's comparisons; the evaluator has
    // the last word.
    if (Cost > 0 || !satisfiesAll(Current, Cs))
      return std::nullopt;
    return Current;
  }

private:
  uint64_t valueOf(const FloatInput &I) const {
    uint64_t Bits = 0;
    for (uint32_t B = 0; B < I.Arr->Size; ++B)
      Bits |= uint64_t(Current.byte(I.Arr, B)) << (8 * B);
    return Bits;
  }

  void place(const std::vector<int64_t> &Point) {
    for (size_t K = 0; K < Inputs.size(); ++K) {
      uint64_t Bits = encoding(Point[K], Inputs[K].Width);
      std::vector<uint8_t> Bytes(Inputs[K].Arr->Size);
      for (size_t B = 0; B < Bytes.size(); ++B)
        Bytes[B] = static_cast<uint8_t>(Bits >> (8 * B));
      Current.set(Inputs[K].Arr, std::move(Bytes));
    }
  }

  double cost(const std::vector<int64_t> &Point) {
    ++Evaluations;
    place(Point);
    Evaluator Ev(Current);
    Distance D(Ev);
    double Sum = 0;
    for (ExprRef C : Cs)
      Sum += D.of(C, true);
    return Sum;
  }

  /// One sweep of pattern search: for each input, steps of every power of
  /// two from a quarter of its range down to one ulp, in both directions,
  /// each repeated while it improves. False when no step improved.
  bool descend(std::vector<int64_t> &Point, double &Cost, unsigned Budget) {
    bool Improved = false;
    for (size_t K = 0; K < Point.size(); ++K) {
      int64_t Limit = infinity(Inputs[K].Width);
      for (int64_t Step = Limit / 4; Step >= 1; Step /= 2)
        for (int Dir : {1, -1}) {
          for (;;) {
            if (Evaluations >= Budget)
              return Improved;
            std::vector<int64_t> Next = Point;
            Next[K] = std::clamp(Point[K] + Dir * Step, -Limit, Limit);
            double C = cost(Next);
            if (C >= Cost)
              break;
            Point = std::move(Next);
            Cost = C;
            Improved = true;
            if (Cost == 0)
              return true;
          }
        }
    }
    return Improved;
  }

  /// A random point: each input's value drawn uniformly from its ordered
  /// encodings (so as often below 1 in magnitude as above).
  double restart(std::vector<int64_t> &Point) {
    for (size_t K = 0; K < Point.size(); ++K) {
      int64_t Limit = infinity(Inputs[K].Width);
      Point[K] = std::uniform_int_distribution<int64_t>(-Limit, Limit)(Rng);
    }
    return cost(Point);
  }

  const std::vector<ExprRef> &Cs;
  Assignment Current;
  std::vector<FloatInput> Inputs;
  std::mt19937_64 Rng;
  unsigned Evaluations = 0;
};

} // namespace

std::optional<Assignment> searchFloatModel(const std::vector<ExprRef> &Cs,
                                           const Assignment &Hint,
                                           unsigned Evaluations,
                                           uint64_t Seed) {
  if (std::none_of(Cs.begin(), Cs.end(),
                   [](ExprRef C) { return C->hasFloat(); }))
    return std::nullopt;
  std::vector<FloatInput> Inputs = floatInputs(Cs);
  if (Inputs.empty() || Evaluations == 0)
    return std::nullopt;
  return Search(Cs, Hint, std::move(Inputs), Seed).run(Evaluations);
}

} // namespace theseus
