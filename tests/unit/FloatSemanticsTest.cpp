//===- FloatSemanticsTest.cpp - Floating point, bit for bit as native -----===//
//
// Every floating-point instruction and intrinsic the interpreter computes is
// checked against the same IR compiled natively, over the values where
// implementations differ: signed zeros, subnormals, the largest and smallest
// normals, infinities, quiet and signalling NaNs with payloads and signs,
// rounding ties, and the boundaries of every integer conversion. Results
// are compared as bit patterns.
//
// The test program is LLVM IR, generated below, so that all sixteen fcmp
// predicates and every intrinsic appear as such (C at -O0 reaches only some
// of them). Each function takes three i64 bit patterns and returns one.
//
// The same functions run with symbolic parameters give the expressions of
// every operation; their value under the input (the evaluator's, Z3's
// simplifier's over the translation, and for a sample Z3's bit-blasting
// solver's) must be the native result too.
//
//===----------------------------------------------------------------------===//
#include "exec/Interpreter.h"
#include "expr/Assignment.h"
#include "expr/Expr.h"
#include "solver/Z3Translate.h"

#include "CompiledTwice.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <set>
#include <sstream>

using namespace theseus;

namespace {

enum class Ty { F32, F64, I1, I8, I16, I32, I64 };

const char *irName(Ty T) {
  switch (T) {
  case Ty::F32:
    return "float";
  case Ty::F64:
    return "double";
  case Ty::I1:
    return "i1";
  case Ty::I8:
    return "i8";
  case Ty::I16:
    return "i16";
  case Ty::I32:
    return "i32";
  case Ty::I64:
    return "i64";
  }
  return "";
}

/// One function of the test program: `Body` computes `%v` of type `Result`
/// from the operands `%x`, `%y`, `%z` of type `Operand`.
struct FloatCase {
  std::string Name;
  Ty Operand;
  unsigned Arity;
  Ty Result;
  std::string Body;
  std::string Declare = {}; ///< An intrinsic's declaration, if any.
};

void PrintTo(const FloatCase &C, std::ostream *OS) { *OS << C.Name; }

std::string suffix(Ty T) { return T == Ty::F32 ? "f32" : "f64"; }
std::string shortName(Ty T) { return T == Ty::F32 ? "f" : "d"; }

std::vector<FloatCase> makeCases() {
  std::vector<FloatCase> Cases;
  for (Ty T : {Ty::F32, Ty::F64}) {
    std::string N = irName(T), S = shortName(T);
    for (const char *Op : {"fadd", "fsub", "fmul", "fdiv", "frem"})
      Cases.push_back({fmt::format("{}_{}", Op, S), T, 2, T,
                       fmt::format("%v = {} {} %x, %y", Op, N)});
    Cases.push_back({"fneg_" + S, T, 1, T, "%v = fneg " + N + " %x"});
    for (const char *Pred :
         {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq",
          "ugt", "uge", "ult", "ule", "une", "uno", "true"})
      Cases.push_back({fmt::format("fcmp_{}_{}", Pred, S), T, 2, Ty::I1,
                       fmt::format("%v = fcmp {} {} %x, %y", Pred, N)});
    struct Intrinsic {
      const char *Name;
      unsigned Arity;
    };
    for (Intrinsic In : {Intrinsic{"fabs", 1},
                         {"copysign", 2},
                         {"sqrt", 1},
                         {"floor", 1},
                         {"ceil", 1},
                         {"trunc", 1},
                         {"round", 1},
                         {"roundeven", 1},
                         {"rint", 1},
                         {"nearbyint", 1},
                         {"minnum", 2},
                         {"maxnum", 2},
                         {"fma", 3},
                         {"fmuladd", 3}}) {
      std::string Callee = fmt::format("@llvm.{}.{}", In.Name, suffix(T));
      std::string Params = N;
      std::string Args = N + " %x";
      for (unsigned I = 1; I < In.Arity; ++I) {
        Params += ", " + N;
        Args += fmt::format(", {} %{}", N, I == 1 ? "y" : "z");
      }
      Cases.push_back({fmt::format("{}_{}", In.Name, S), T, In.Arity, T,
                       fmt::format("%v = call {} {}({})", N, Callee, Args),
                       fmt::format("declare {} {}({})", N, Callee, Params)});
    }
    // The C library's functions, called (not intrinsics): the native
    // side runs glibc's, the interpreter its models (expr/Libm.h).
    struct LibmFunction {
      const char *Name;
      unsigned Arity;
      bool ReturnsInt;
    };
    for (LibmFunction Fn : {LibmFunction{"fabs", 1, false},
                            {"copysign", 2, false},
                            {"sqrt", 1, false},
                            {"floor", 1, false},
                            {"ceil", 1, false},
                            {"trunc", 1, false},
                            {"round", 1, false},
                            {"rint", 1, false},
                            {"nearbyint", 1, false},
                            {"fmod", 2, false},
                            {"fmin", 2, false},
                            {"fmax", 2, false},
                            {"__isnan", 1, true},
                            {"__isinf", 1, true},
                            {"__finite", 1, true},
                            {"__fpclassify", 1, true}}) {
      std::string Callee =
          fmt::format("@{}{}", Fn.Name, T == Ty::F32 ? "f" : "");
      std::string Params = N, Args = N + " %x";
      if (Fn.Arity == 2) {
        Params += ", " + N;
        Args += ", " + N + " %y";
      }
      std::string R = Fn.ReturnsInt ? "i32" : N;
      Cases.push_back({fmt::format("libm_{}_{}", Fn.Name, S), T, Fn.Arity,
                       Fn.ReturnsInt ? Ty::I32 : T,
                       fmt::format("%v = call {} {}({})", R, Callee, Args),
                       fmt::format("declare {} {}({})", R, Callee, Params)});
    }
    for (unsigned Mask : {0x3u, 0x1u, 0x204u, 0x90u, 0x60u, 0x108u, 0x3ffu}) {
      std::string Callee = "@llvm.is.fpclass." + suffix(T);
      Cases.push_back(
          {fmt::format("fpclass_{:x}_{}", Mask, S), T, 1, Ty::I1,
           fmt::format("%v = call i1 {}({} %x, i32 {})", Callee, N, Mask),
           fmt::format("declare i1 {}({}, i32)", Callee, N)});
    }
    for (Ty I : {Ty::I1, Ty::I8, Ty::I16, Ty::I32, Ty::I64}) {
      std::string IN = irName(I);
      for (const char *Op : {"fptosi", "fptoui"})
        Cases.push_back({fmt::format("{}_{}_{}", Op, S, IN), T, 1, I,
                         fmt::format("%v = {} {} %x to {}", Op, N, IN)});
      for (const char *Op : {"sitofp", "uitofp"})
        Cases.push_back({fmt::format("{}_{}_{}", Op, IN, S), I, 1, T,
                         fmt::format("%v = {} {} %x to {}", Op, IN, N)});
    }
  }
  Cases.push_back(
      {"fpext", Ty::F32, 1, Ty::F64, "%v = fpext float %x to double"});
  Cases.push_back(
      {"fptrunc", Ty::F64, 1, Ty::F32, "%v = fptrunc double %x to float"});
  Cases.push_back(
      {"bitcast_roundtrip_f", Ty::F32, 1, Ty::F32,
       "%i = bitcast float %x to i32\n  %v = bitcast i32 %i to float"});
  return Cases;
}

const std::vector<FloatCase> &cases() {
  static const std::vector<FloatCase> Cases = makeCases();
  return Cases;
}

/// `%x`, `%y`, `%z` of type `T` from the i64 parameters `%a`, `%b`, `%c`.
std::string unpack(Ty T, unsigned Arity) {
  std::string Out;
  const char *From[] = {"a", "b", "c"}, *To[] = {"x", "y", "z"};
  for (unsigned I = 0; I < Arity; ++I) {
    std::string P = From[I], V = To[I];
    switch (T) {
    case Ty::F64:
      Out += fmt::format("  %{} = bitcast i64 %{} to double\n", V, P);
      break;
    case Ty::F32:
      Out += fmt::format("  %{0}.i = trunc i64 %{1} to i32\n"
                         "  %{0} = bitcast i32 %{0}.i to float\n",
                         V, P);
      break;
    case Ty::I64:
      Out += fmt::format("  %{} = add i64 %{}, 0\n", V, P);
      break;
    default:
      Out += fmt::format("  %{} = trunc i64 %{} to {}\n", V, P, irName(T));
      break;
    }
  }
  return Out;
}

/// Returns `%v` of type `T` as an i64 bit pattern.
std::string pack(Ty T) {
  switch (T) {
  case Ty::F64:
    return "  %r = bitcast double %v to i64\n  ret i64 %r\n";
  case Ty::F32:
    return "  %r.i = bitcast float %v to i32\n"
           "  %r = zext i32 %r.i to i64\n  ret i64 %r\n";
  case Ty::I64:
    return "  ret i64 %v\n";
  default:
    return fmt::format("  %r = zext {} %v to i64\n  ret i64 %r\n", irName(T));
  }
}

std::string program() {
  std::ostringstream IR;
  IR << "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-"
        "i128:128-f80:128-n8:16:32:64-S128\"\n"
        "target triple = \"x86_64-pc-linux-gnu\"\n\n";
  std::set<std::string> Declared;
  for (const FloatCase &C : cases()) {
    IR << "define i64 @" << C.Name << "(i64 %a, i64 %b, i64 %c) {\n"
       << unpack(C.Operand, C.Arity) << "  " << C.Body << "\n"
       << pack(C.Result) << "}\n";
    if (!C.Declare.empty() && Declared.insert(C.Declare).second)
      IR << C.Declare << "\n";
  }
  return IR.str();
}

CompiledTwice &compiled() {
  static CompiledTwice C(program(), "UNUSED", ".ll");
  return C;
}

/// Bit patterns of doubles where implementations differ.
std::vector<uint64_t> doubleEdges() {
  std::vector<double> Values = {0.0,
                                1.0,
                                0.5,
                                1.5,
                                2.5,
                                3.0,
                                0.1,
                                1.6,
                                1e308,
                                1e-310,
                                300.7,
                                65535.9,
                                4294967295.7,
                                1e10,
                                3.0e9,
                                -3.0e9,
                                2147483647.5,
                                2147483648.0,
                                4294967296.0,
                                9223372036854775808.0,
                                18446744073709551616.0,
                                9007199254740993.0,
                                123456789.123,
                                0.3};
  std::vector<uint64_t> Bits;
  for (double D : Values) {
    Bits.push_back(std::bit_cast<uint64_t>(D));
    Bits.push_back(std::bit_cast<uint64_t>(-D));
  }
  for (uint64_t Special :
       {uint64_t(0x0000000000000001), uint64_t(0x000fffffffffffff), // subnormal
        uint64_t(0x0010000000000000), uint64_t(0x7fefffffffffffff), // normal
        uint64_t(0x7ff0000000000000),                               // +inf
        uint64_t(0x7ff8000000000000), uint64_t(0x7ff8000000000123), // qNaN
        uint64_t(0x7ff0000000000001), uint64_t(0x7ff4000000000abc)}) // sNaN
  {
    Bits.push_back(Special);
    Bits.push_back(Special | uint64_t(1) << 63);
  }
  return Bits;
}

std::vector<uint64_t> floatEdges() {
  std::vector<float> Values = {0.0f,
                               1.0f,
                               0.5f,
                               1.5f,
                               2.5f,
                               3.0f,
                               0.1f,
                               1.6f,
                               3e38f,
                               1e-40f,
                               300.7f,
                               65535.9f,
                               3.0e9f,
                               2147483648.0f,
                               4294967296.0f,
                               9223372036854775808.0f,
                               18446744073709551616.0f,
                               16777217.0f,
                               0.3f};
  std::vector<uint64_t> Bits;
  for (float F : Values) {
    Bits.push_back(std::bit_cast<uint32_t>(F));
    Bits.push_back(std::bit_cast<uint32_t>(-F));
  }
  for (uint32_t Special :
       {0x00000001u, 0x007fffffu, 0x00800000u, 0x7f7fffffu, 0x7f800000u,
        0x7fc00000u, 0x7fc00123u, 0x7f800001u, 0x7fa00abcu}) {
    Bits.push_back(Special);
    Bits.push_back(Special | 0x80000000u);
  }
  return Bits;
}

std::vector<uint64_t> intEdges() {
  std::vector<uint64_t> Bits = {0,
                                1,
                                2,
                                3,
                                7,
                                127,
                                128,
                                255,
                                256,
                                32767,
                                32768,
                                65535,
                                65536,
                                0x7fffffff,
                                0x80000000,
                                0xffffffff,
                                0x100000000,
                                (1ull << 53) + 1,
                                (1ull << 24) + 1,
                                0x7fffffffffffffff,
                                0x8000000000000000,
                                0x8000000000000401,
                                0xfffffffffffffbff,
                                0x0123456789abcdef};
  size_t N = Bits.size();
  for (size_t I = 0; I < N; ++I)
    Bits.push_back(~Bits[I] + 1);
  return Bits;
}

std::vector<uint64_t> edgesFor(Ty T) {
  if (T == Ty::F64)
    return doubleEdges();
  if (T == Ty::F32)
    return floatEdges();
  return intEdges();
}

/// Concrete runs make no decisions and concretise nothing.
class Quiet : public ExecutionObserver {
public:
  void onBranch(const BranchEvent &) override {}
  void onConcretization(const llvm::Instruction *, const char *) override {}
};

/// The inputs of `Case`: every edge value, pairs and (a spread of) triples.
std::vector<std::array<uint64_t, 3>> inputsOf(const FloatCase &Case) {
  std::vector<uint64_t> Edges = edgesFor(Case.Operand);
  if (Case.Arity == 3) // Every triple would be slow; a spread of them.
    Edges.resize(16);
  std::vector<std::array<uint64_t, 3>> Inputs;
  for (uint64_t A : Edges) {
    if (Case.Arity == 1) {
      Inputs.push_back({A, 0, 0});
      continue;
    }
    for (uint64_t B : Edges) {
      if (Case.Arity == 2) {
        Inputs.push_back({A, B, 0});
        continue;
      }
      for (uint64_t Cz : Edges)
        Inputs.push_back({A, B, Cz});
    }
  }
  return Inputs;
}

/// Counts what a run reports: these functions have no branches, and with
/// symbolic operands nothing may be concretised.
class Counting : public ExecutionObserver {
public:
  void onBranch(const BranchEvent &) override {}
  void onConcretization(const llvm::Instruction *, const char *) override {
    ++Concretizations;
  }
  unsigned Concretizations = 0;
};

class FloatSemanticsTest : public ::testing::TestWithParam<FloatCase> {
protected:
  void SetUp() override {
    CompiledTwice &C = compiled();
    ASSERT_EQ(C.Error, "") << "cannot build the test program";
    Native = C.native<NativeFn>(GetParam().Name);
    ASSERT_NE(Native, nullptr);
    F = C.Prog->module().getFunction(GetParam().Name);
    ASSERT_NE(F, nullptr);
    Interp = std::make_unique<Interpreter>(*C.Prog, Ctx, ExecOptions{});
  }

  /// Runs the function on `In`, with parameters symbolic (bytes of the
  /// arrays `a`, `b`, `c`) when `Symbolic`; `Inputs` gets their bytes.
  PathOutcome run(const std::array<uint64_t, 3> &In, bool Symbolic,
                  Assignment &Inputs) {
    std::vector<ConcolicValue> Args;
    for (unsigned I = 0; I < 3; ++I) {
      const Array *A = Ctx.array(std::string(1, char('a' + I)), 8);
      std::vector<uint8_t> Bytes(8);
      for (unsigned B = 0; B < 8; ++B)
        Bytes[B] = uint8_t(In[I] >> (8 * B));
      Inputs.set(A, Bytes);
      Args.push_back({In[I], Symbolic ? Ctx.readLE(A, 0, 8) : nullptr});
    }
    std::unique_ptr<ExecutionState> S = Interp->createState(*F, Args);
    Counting Obs;
    PathOutcome Out = Interp->run(*S, Obs);
    EXPECT_EQ(Obs.Concretizations, 0u) << GetParam().Name;
    return Out;
  }

  using NativeFn = uint64_t (*)(uint64_t, uint64_t, uint64_t);
  NativeFn Native = nullptr;
  const llvm::Function *F = nullptr;
  ExprContext Ctx;
  std::unique_ptr<Interpreter> Interp;
};

/// Reports a mismatch, the first five of a case in full.
bool mismatch(unsigned &Count, const std::string &What, const FloatCase &Case,
              const std::array<uint64_t, 3> &In, uint64_t Got, uint64_t Want) {
  if (Got == Want)
    return false;
  if (++Count <= 5)
    ADD_FAILURE() << fmt::format("{}({:#x}, {:#x}, {:#x}): {} {:#x}, native "
                                 "{:#x}",
                                 Case.Name, In[0], In[1], In[2], What, Got,
                                 Want);
  return true;
}

TEST_P(FloatSemanticsTest, MatchesNativeBitForBit) {
  const FloatCase &Case = GetParam();
  std::vector<std::array<uint64_t, 3>> Inputs = inputsOf(Case);
  unsigned Mismatches = 0;
  for (const auto &In : Inputs) {
    Assignment Unused;
    PathOutcome Out = run(In, false, Unused);
    ASSERT_EQ(Out.End, PathEnd::Return) << Case.Name << ": " << Out.Message;
    mismatch(Mismatches, "interpreted", Case, In, Out.Value,
             Native(In[0], In[1], In[2]));
  }
  EXPECT_EQ(Mismatches, 0u) << "of " << Inputs.size() << " inputs";
}

/// The value of translated `E` under `Inputs`, by Z3's simplifier.
uint64_t simplifiedValue(Z3Translator &T, ExprRef E, const Assignment &Inputs) {
  z3::expr Term = T.translate(E);
  z3::context &Z3 = Term.ctx();
  z3::expr_vector From(Z3), To(Z3);
  for (const auto &[A, Bytes] : Inputs.values())
    for (uint32_t B = 0; B < A->Size; ++B)
      if (const z3::expr *V = T.existingByteVar(A, B)) {
        From.push_back(*V);
        To.push_back(Z3.bv_val(unsigned(Bytes[B]), 8));
      }
  z3::expr R = Term.substitute(From, To).simplify();
  uint64_t V = 0;
  EXPECT_TRUE(R.is_numeral() && R.is_numeral_u64(V)) << R;
  return V;
}

TEST_P(FloatSemanticsTest, ExpressionsMatchNative) {
  const FloatCase &Case = GetParam();
  std::vector<std::array<uint64_t, 3>> Inputs = inputsOf(Case);
  z3::context Z3;
  Z3Translator T(Z3);
  unsigned Mismatches = 0;
  for (const auto &In : Inputs) {
    Assignment Values;
    PathOutcome Out = run(In, true, Values);
    ASSERT_EQ(Out.End, PathEnd::Return) << Case.Name << ": " << Out.Message;
    uint64_t Want = Native(In[0], In[1], In[2]);
    mismatch(Mismatches, "concrete part", Case, In, Out.Value, Want);
    if (!Out.ValueSym) // fcmp false/true: constant.
      continue;
    mismatch(Mismatches, "evaluated", Case, In, evaluate(Out.ValueSym, Values),
             Want);
    mismatch(Mismatches, "Z3-simplified", Case, In,
             simplifiedValue(T, Out.ValueSym, Values), Want);
  }
  EXPECT_EQ(Mismatches, 0u) << "of " << Inputs.size() << " inputs";
}

/// Z3's solver (bit-blasting, not the simplifier) proves for a spread of
/// inputs that the translation has the native value and no other.
TEST_P(FloatSemanticsTest, SolverAgreesWithNative) {
  const FloatCase &Case = GetParam();
  std::vector<std::array<uint64_t, 3>> Inputs = inputsOf(Case);
  z3::context Z3;
  Z3Translator T(Z3);
  unsigned Mismatches = 0;
  size_t Step = std::max<size_t>(1, Inputs.size() / 12);
  for (size_t I = 0; I < Inputs.size(); I += Step) {
    const auto &In = Inputs[I];
    Assignment Values;
    PathOutcome Out = run(In, true, Values);
    if (!Out.ValueSym)
      continue;
    uint64_t Want = Native(In[0], In[1], In[2]);
    z3::solver S(Z3);
    z3::expr Term = T.translate(Out.ValueSym);
    for (const auto &[A, Bytes] : Values.values())
      for (uint32_t B = 0; B < A->Size; ++B)
        if (const z3::expr *V = T.existingByteVar(A, B))
          S.add(*V == Z3.bv_val(unsigned(Bytes[B]), 8));
    S.add(Term != Z3.bv_val(Want, Term.get_sort().bv_size()));
    if (S.check() != z3::unsat) {
      uint64_t Got = 0;
      z3::expr M = S.get_model().eval(Term, true);
      M.is_numeral_u64(Got);
      mismatch(Mismatches, "solved", Case, In, Got, Want);
    }
  }
  EXPECT_EQ(Mismatches, 0u);
}

INSTANTIATE_TEST_SUITE_P(Operations, FloatSemanticsTest,
                         ::testing::ValuesIn(cases()),
                         [](const auto &Info) { return Info.param.Name; });

} // namespace
